"""Activated abilities that move units, used with the ``activate`` command (activated.py).

Each entry's ``activated`` spec says what the ability costs and does:

- ``cost``: ``tap`` ("Tap →": the unit taps, so it must be untapped and not summoning sick) or
  ``once`` ("Once on your turn": no cost, used once on each of its controller's turns);
- ``kind``: what it does (the names below); its targets are given in ``activate.targets``;
- ``granted_here``: an artifact's ability that the units at its location have (Rolling Boulder).

Only the movement of each card is covered; any other text of the card stays listed as not
modelled (coverage.py), so a partly modelled card is reported as such.
"""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import Ability


def _activated(name: str, covers: str, spec: dict[str, object], gaps: str | None = None) -> Ability:
    return Ability(name=name, timing="activated", covers=(covers,), activated=spec, gaps=gaps)


ABILITIES_ACTIVATED: dict[str, tuple[Ability, ...]] = {
    "Thundering Giant": (
        _activated(
            "teleports to another nearby location, tapping the other units there",
            "Once on your turn, Thundering Giant may teleport to another nearby location. Tap all other units there on arrival.",
            {"cost": "once", "kind": "teleport_nearby_tap_others"},
        ),
    ),
    "Draco Corvus": (
        _activated(
            "teleports to a tapped minion to burrow it",
            "Tap → Teleport to target tapped minion to burrow it.",
            {"cost": "tap", "kind": "teleport_to_tapped_burrow"},
        ),
    ),
    "Tringh Constrictor": (
        Ability(  # the constricting: constrict.py (the rest group)
            name="may take a step, then constricts a minion here and carries it disabled; kills it instead of untapping",
            timing="activated",
            covers=(
                "Tap → Tringh Constrictor may take a step", "then it constricts target minion here and carries it disabled.",
                "The next time Tringh Constrictor would untap, it instead kills that minion if it's still constricted.",
            ),
            activated={"cost": "tap", "kind": "step_then_constrict"},
        ),
    ),
    "Bull Demons of Adum": (
        _activated(
            "moves three steps in a cardinal direction",
            "Tap → Move three steps in a cardinal direction.",
            {"cost": "tap", "kind": "steps_in_direction", "steps": 3},
        ),
    ),
    "Coy Nixie": (
        _activated(
            "a nearby enemy takes a step towards her, then taps",
            "Once on your turn, Coy Nixie may force target nearby enemy to take a step towards her. Tap that enemy.",
            {"cost": "once", "kind": "lure_closer", "who": "nearby_enemy", "then": "tap"},
        ),
    ),
    "Abaddon Succubus": (
        _activated(
            "lures an adjacent enemy minion a step closer; arriving, it takes 2 damage and you heal 2",
            "Once on your turn, may lure target adjacent enemy minion to take a step closer. "
            "When it arrives, it takes 2 damage and you heal 2.",
            {"cost": "once", "kind": "lure_closer", "who": "adjacent_enemy_minion", "then": "damage_heal",
             "damage": 2, "heal": 2},
        ),
    ),
    "Innsmouth Dock": (
        _activated(
            "lures an adjacent minion to step here",
            "Once on your turn, you may lure an adjacent minion to step here.",
            {"cost": "once", "kind": "lure_here"},
        ),
    ),
    "River Rapids": (
        _activated(
            "pushes a minion on connected Rivers one step",
            "Once on your turn, you may push a minion on connected Rivers one step.",
            {"cost": "once", "kind": "push_on_rivers"},
        ),
    ),
    "Persecutor": (
        _activated(
            "steps toward the closest Evil (branding is not simulated)",
            "Once on your turn, Persecutor may step toward the closest Evil",
            {"cost": "once", "kind": "step_toward_evil"},
        ),
    ),
    "Rolling Boulder": (
        _activated(
            "a unit here taps to push it: it rolls as far as possible, dealing 4 damage to each other unit along its path",
            "Units here have “Tap → Give Rolling Boulder a push. It rolls as far as possible and deals 4 damage to "
            "each other unit along its path.”",
            {"cost": "tap", "kind": "rolling_boulder", "granted_here": True, "damage": 4},
        ),
    ),
}
