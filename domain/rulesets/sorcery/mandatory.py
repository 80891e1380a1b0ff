"""Mandatory attacks (codex: Mandatory Actions; digest 3.5): Mask of Mayhem and The Green Knight.

A minion "can attack" when, judged by its range of motion (ongoing effects on, triggers off:
the same search as Defend), some location it could reach holds a target it may attack; it must
also be able to use Move and Attack now (untapped, not summoning sick: digest gap 4). Mandatory
actions come first in the main phase, so while a duty stands the active player's other main-phase
commands are refused; a minion that moves away from the Mask before attacking need not attack
(Mask of Mayhem FAQ).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.movement import search_reach
from domain.rulesets.sorcery.effects import MustAttack
from domain.rulesets.sorcery.movement import SorceryMovement
from domain.rulesets.sorcery.realm import Region, parse_loc
from domain.rulesets.sorcery.state import SorceryState
from domain.rulesets.sorcery.view import RealmView


@dataclass(frozen=True)
class Duty:
    """``unit`` must attack: ``target`` (a unit id) when a Green Knight binds it, any target
    when a Mask does; ``source`` is the card that makes it, ``near`` the Mask it must stay near."""

    unit: str
    source: str
    target: str | None
    near: str | None


def _targets_at(view: RealmView, unit_id: str, location: str) -> list[str]:
    unit = view.unit(unit_id)
    found = []
    for other in view.state.units_at(location):
        if other.owner != unit.owner and _may_target(view, unit_id, other.id, location):
            found.append(other.id)
    loc = parse_loc(location)
    site = view.site_at(loc.square)
    if loc.region is Region.SURFACE and site is not None and site.controller not in (None, unit.owner):
        found.append("site")
    return found


def _may_target(view: RealmView, attacker: str, target: str, location: str) -> bool:
    """Airborne targets only by Airborne attackers, both judged at that location."""
    loc = parse_loc(location)
    if loc.region is not Region.SURFACE:
        return True
    if "Airborne" in view.keywords(target):
        return "Airborne" in view.keywords(attacker, loc)
    return True


def duties(state: SorceryState) -> list[Duty]:
    """The active player's minions that must attack now, and why."""
    if not state.effects:
        return []  # no effect recorded, so no "must attack" in force (asked before most commands)
    view = RealmView.of(state)
    specs = [(state.effects[e].source, s) for e, s in view.specs if isinstance(s, MustAttack)]
    if not specs:
        return []
    movement = SorceryMovement(state)
    found: list[Duty] = []
    for unit in sorted(state.living_units(), key=lambda u: u.id):
        if unit.owner != state.active_player or unit.kind != "minion" or getattr(unit, "tapped", False):
            continue
        if getattr(unit, "entered_turn", None) == state.turn and "Charge" not in view.keywords(unit.id):
            continue
        if movement.no_movement(unit.id) is not None or view.restriction(unit.id, "no_attack") is not None:
            continue
        at = parse_loc(unit.location or "")
        reach = None
        for source, spec in specs:
            if spec.target is not None:
                if spec.enemies_of is None or unit.owner == spec.enemies_of:
                    continue
                knight = state.units.get(spec.target)
                if knight is None or not knight.alive or knight.location is None:
                    continue
                reach = reach or search_reach(movement, unit.id, unit.location or "")
                if knight.location in reach and _may_target(view, unit.id, knight.id, knight.location):
                    found.append(Duty(unit.id, view.name_of(source), knight.id, None))
            elif spec.near is not None:
                mask = view.location_of(spec.near)
                if mask is None or at.square not in view.nearby(mask.square) or at.region is not mask.region:
                    continue
                reach = reach or search_reach(movement, unit.id, unit.location or "")
                if any(_targets_at(view, unit.id, loc) for loc in reach.locations):
                    found.append(Duty(unit.id, view.name_of(source), None, spec.near))
    return found


def satisfies(state: SorceryState, duty: Duty, unit: str, path_end: str, attack: str | None) -> bool:
    """Whether a Move and Attack by ``unit`` ending at ``path_end`` with ``attack`` meets the duty."""
    if unit != duty.unit:
        return False
    if duty.target is not None:
        return attack == duty.target
    if attack is not None:
        return True
    view = RealmView(state)
    mask = view.location_of(duty.near or "")
    end = parse_loc(path_end)
    return mask is None or end.square not in view.nearby(mask.square) or end.region is not mask.region
