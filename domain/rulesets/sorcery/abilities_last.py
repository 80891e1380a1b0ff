"""The last movement texts of the pool (issue 9; one helper's group, merged into
``abilities.ABILITIES``): an artifact that nothing moves by force (artifacts_forced.py)."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import Ability

#: minions summoned burrowed safely, with the text that says so (engine.summon refuses elsewhere)
SUMMONED_BURROWED = {"Awakened Mummies": "Summon Awakened Mummies burrowed safely."}
#: "burrowed safely" (codex: Burrowed Safely): Burrowing, and can't move itself, while at that location
_SAFELY = {"unit": "$self", "squares": ["$square"], "any_level": True, "region": "underground"}

#: what triggers at the start of its controller's turn (triggers_last.py)
LAST_START = frozenset({"start_may_pull_in_body_of_water"})

#: the name of the ongoing ability of an artifact that nothing moves by force (artifacts_forced.py)
UNMOVABLE = "can't be moved by force"

ABILITIES_LAST: dict[str, tuple[Ability, ...]] = {
    # --- an artifact no spell or trigger moves by force (artifacts_forced.unmovable) -------------
    # "Can't be disabled" stays listed: an Automaton is not a unit here, and only units are disabled
    "Iron Man Talus": (
        Ability(
            name=UNMOVABLE, timing="ongoing",
            covers=("or moved by force.",),
        ),
    ),
    # --- Moves Freely in a row (view.free_step; digest 2.5) ---------------------------------------
    # "and can't be targeted or damaged by magic" stays listed (not movement)
    "Arcade of Bones": (
        Ability(
            name="while in its row, Undead move freely", timing="ongoing",
            covers=("While in this row, Undead move freely",),
            passive={"kind": "moves_freely", "condition": "undead_in_row_of", "row_of": "$self"},
        ),
    ),
    # --- a token left behind (triggers_last.py; its FAQ: one each time it enters a new location) ---
    "Army of the Dead": (
        Ability(
            name="leaves a Skeleton token behind each time it enters a new location", timing="triggered",
            trigger="leaves_skeleton",
            covers=("Whenever this Army moves or takes damage, it leaves a Skeleton token behind.",),
            gaps="not when it takes damage",
        ),
    ),
    # --- the end of each turn, whoever's (triggers_last.on_each_turn_end; its FAQ) ----------------
    # "Artifacts can't be carried here." stays listed
    "Red Rock of Ravannis": (
        Ability(
            name="pulls each artifact one step toward it, with its bearer, at the end of each turn", timing="triggered",
            trigger="end_each_pull_artifacts",
            covers=("At the end of each turn, pull each artifact one step towards this site, along with its bearer.",),
        ),
    ),
    # --- an aura's trigger on entering (triggers_last.on_entry; "occupies": docs/sorcery.md) --------
    "Rest in Peace": (
        Ability(
            name="burrows a Spirit or Undead minion that comes to occupy an affected land site", timing="triggered",
            trigger="burrow_spirit_or_undead",
            covers=("Whenever a Spirit or Undead minion occupies affected land sites, burrow it.",),
        ),
    ),
    # --- burrowed safely, then awake (codex: Burrowed Safely; its FAQ; triggers_last.on_step) ------
    "Awakened Mummies": (
        Ability(
            name="summoned burrowed safely: Burrowing while below the site it was summoned to", timing="ongoing",
            covers=(SUMMONED_BURROWED["Awakened Mummies"],),
            passive={"kind": "grant", "keywords": ["Burrowing"], **_SAFELY},
        ),
        Ability(
            name="burrowed safely: can't move itself while below the site it was summoned to", timing="ongoing",
            covers=(SUMMONED_BURROWED["Awakened Mummies"],),
            passive={"kind": "condition", "condition": "immobile", **_SAFELY},
        ),
        Ability(
            name="unburrow and fight an enemy moving onto the ground above them", timing="triggered",
            trigger="mummies_awaken",
            covers=("When an enemy unit moves onto the ground above them, they unburrow and fight.",),
        ),
    ),
    # --- the start of your turn (triggers_last.py; its FAQ: all or none, every step at once) -------
    "Maelström": (
        Ability(
            name="may pull in each minion in its body of water one step, at the start of your turn", timing="triggered",
            trigger="start_may_pull_in_body_of_water",
            covers=("At the start of your turn, you may pull in each minion in this body of water one step.",),
            gaps="the pulls resolve one after another in id order, not as one simultaneous event; oversized minions are not simulated",
        ),
    ),
}
