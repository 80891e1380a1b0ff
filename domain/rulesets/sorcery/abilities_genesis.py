"""Genesis abilities that move units or change movement keywords, tapping or Disabled (issue 9).

A Genesis triggers when its card enters the realm: a site played (``play_site``), a minion
summoned (``summon``), an artifact conjured (``conjure``). Each is a triggered ability resolved
on the shared resolution engine (``genesis.py``); the choices it asks for are the command's
``targets``, checked when the command is issued. Merged into ``abilities.ABILITIES`` (a card's
other abilities are kept: Scarecrow's passive ban).
"""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import Ability

#: a grant of Stealth is modelled; what Stealth itself does is only partly (KEYWORD_GAPS)
STEALTH_GAP = "Stealth is simulated only as 'can't be intercepted' (its keyword gap)"


def _genesis(name: str, trigger: str, covers: str, gaps: str | None = None) -> Ability:
    return Ability(name=f"Genesis: {name}", timing="triggered", trigger=trigger, covers=(covers,), gaps=gaps)


ABILITIES_GENESIS: dict[str, tuple[Ability, ...]] = {
    "Slumbering Giantess": (
        _genesis("falls asleep, disabled until hurt", "genesis_sleep",
                 "Genesis → Fall asleep. Slumbering Giantess is disabled until hurt."),
    ),
    "Thing in the Ice": (
        _genesis("disabled for three of its controller's turns", "genesis_ice",
                 "Genesis → Disabled for three of your turns."),
    ),
    "Mesmer Demon": (
        _genesis("taps an adjacent enemy minion and makes it step closer", "genesis_step_closer",
                 "Genesis → Tap target adjacent enemy minion and make it step closer."),
    ),
    "Screamer": (
        _genesis("taps an adjacent enemy minion and makes it step away", "genesis_step_away",
                 "Genesis → Tap target adjacent enemy minion and make it take a step away."),
    ),
    "Archangel Michael": (
        _genesis("Michael takes a step", "genesis_takes_a_step", "Genesis → Michael takes a step,"),
    ),
    "Hotwheel": (
        _genesis("rolls forward two steps", "genesis_roll_forward", "Genesis → Rolls forward two steps,"),
    ),
    "Atlantean Fate": (
        _genesis("submerges the minions atop its affected water sites", "genesis_submerge_area",
                 "Genesis → Submerge all minions and artifacts atop affected sites.",
                 "artifacts are not submerged"),
    ),
    "Brobdingnag Bullfrog": (
        _genesis("swallows another minion here and carries it disabled until he leaves the realm", "genesis_swallow",
                 "Genesis → Brobdingnag Bullfrog swallows another target minion here. He carries it disabled in "
                 "his belly until he leaves the realm."),
    ),
    "Undertow": (
        _genesis("moves a unit one step within its body of water", "genesis_undertow",
                 "Genesis → Staying within this body of water, move target unit one step."),
    ),
    "Mudslide": (
        _genesis("slides units at land sites of its column one step west or east", "genesis_mudslide",
                 "Genesis → Slide all units at land sites in this column one step left or right."),
    ),
    "Scarecrow": (
        _genesis("Airborne minions here return to their owners' hands", "genesis_scarecrow",
                 "Genesis → Return each Airborne minion here to its owner’s hand."),
    ),
    "Swindler Troupe": (
        _genesis("gives another nearby allied minion Stealth", "genesis_give_stealth",
                 "Genesis → Give another nearby allied minion Stealth.", STEALTH_GAP),
    ),
    "Treetop Hideout": (
        _genesis("may give a nearby allied minion Stealth", "genesis_may_give_stealth",
                 "Genesis → You may give Stealth to a nearby allied minion.", STEALTH_GAP),
    ),
    "Brocéliande": (
        _genesis("untaps nearby Faeries, taps nearby Mortals, gives nearby Beasts Stealth", "genesis_broceliande",
                 "Genesis → Untap nearby Faeries. Tap nearby Mortals. Give nearby Beasts Stealth.", STEALTH_GAP),
    ),
    "Hunter's Lodge": (
        _genesis("enemies lose Stealth", "genesis_enemies_lose_stealth", "Genesis → Enemies lose Stealth."),
    ),
}
