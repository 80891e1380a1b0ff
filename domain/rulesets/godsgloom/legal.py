"""The GODSGLOOM commands the player to act may issue now (``Game.legal_commands``).

By the step of the round:

- pre-game: each Scout Deploy unit's free move to each hex it can reach where it would not be
  Engaged, then ``start_round``;
- activations, no unit activated: ``activate`` for each unactivated unit of the player who
  nominates, then ``end_round`` (a round may end with units unactivated: those are the ones the
  God's Push step lets move);
- a unit activated: its Move Action to each hex of its range of motion by a cheapest path (and
  each hex an active movement trait would add, with ``use``), each with each final facing, while
  it has not moved; a Melee Attack on each adjacent enemy while it may; ``end_activation``;
- the God's Push step: each eligible unit's one-hex move to each hex it may enter, then
  ``start_round``.

A move lists one command per final facing (N..NW) and no initial pivot: the final facing is the
one that decides the Engagement Zone the unit leaves behind.
"""

from __future__ import annotations

from pydantic import BaseModel

from domain.movement import search_reach
from domain.rulesets.godsgloom.catalog import TRAITS
from domain.rulesets.godsgloom.commands import (
    Activate,
    EndActivation,
    EndRound,
    GodsPushMove,
    MeleeAttack,
    Move,
    ScoutMove,
    StartRound,
)
from domain.rulesets.godsgloom.engine import push_eligibility
from domain.rulesets.godsgloom.hexgrid import FACINGS, direction_to, parse_hex
from domain.rulesets.godsgloom.movement import GloomMovement, choose_mode
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView


def legal_commands(state: GloomState) -> list[BaseModel]:
    if state.phase == "pregame":
        return [*_scout_moves(state), StartRound(player=state.active_player)]
    if state.phase == "gods_push":
        return [*_push_moves(state), StartRound(player=state.active_player)]
    activation = state.activation
    if activation is None:
        player = state.active_player
        waiting = sorted(
            u.id for u in state.units.values() if u.alive and u.location and u.owner == player and not u.activated
        )
        return [*(Activate(player=player, unit=u) for u in waiting), EndRound(player=player)]
    unit = state.units[activation.unit]
    found: list[BaseModel] = []
    if not activation.moved:
        found.extend(_moves(state, unit.id))
    if not activation.attacked and not activation.melee:
        found.extend(_melee(state, unit.id))
    found.append(EndActivation(player=unit.owner))
    return found


def _paths(state: GloomState, unit_id: str, mode: str) -> dict[str, list[str]]:
    """Each hex the unit can end a move in, with a cheapest path (the start excluded)."""
    model = GloomMovement(state, mode)
    start = state.units[unit_id].location or ""
    if mode == "flying":
        speed = model.view.speed(unit_id)
        return {o.to: [o.to] for o in model.teleport_options(unit_id) if o.blocked is None and o.cost <= speed}
    reach = search_reach(model, unit_id, start)
    return {loc: (reach.path_to(loc) or [loc])[1:] for loc in reach.cost if loc != start}


def _moves(state: GloomState, unit_id: str) -> list[BaseModel]:
    view = MatView(state)
    unit = state.units[unit_id]
    base_mode, denied = choose_mode(view, unit_id, None)
    found: list[BaseModel] = []
    if denied is None and GloomMovement(state, base_mode).no_movement(unit_id) is None:
        for path in _sorted(_paths(state, unit_id, base_mode)):
            found.extend(Move(player=unit.owner, unit=unit_id, path=path, face=face) for face in FACINGS)
        # a Move Action that only pivots
        found.extend(Move(player=unit.owner, unit=unit_id, face=face) for face in FACINGS if face != unit.facing)
    seen = {tuple(m.path) for m in found if isinstance(m, Move)}
    for name in sorted(view.traits(unit_id)):
        trait = TRAITS.get(name)
        if trait is None or not trait.movement_option:
            continue
        mode, blocked = choose_mode(view, unit_id, name)
        if blocked is not None or mode == base_mode:
            continue
        if mode != "flying" and GloomMovement(state, mode).no_movement(unit_id) is not None:
            continue  # Flying teleports: Lockdown doesn't restrict it (seed 001, Lockdown)
        for path in _sorted(_paths(state, unit_id, mode)):
            if tuple(path) in seen:
                continue
            found.extend(Move(player=unit.owner, unit=unit_id, path=path, face=face, use=name) for face in FACINGS)
    return found


def _sorted(paths: dict[str, list[str]]) -> list[list[str]]:
    return [paths[h] for h in sorted(paths, key=lambda h: (parse_hex(h).q, parse_hex(h).r))]


def _melee(state: GloomState, unit_id: str) -> list[BaseModel]:
    unit = state.units[unit_id]
    here = parse_hex(unit.location or "")
    return [
        MeleeAttack(player=unit.owner, unit=unit_id, target=e.id)
        for e in sorted(state.units.values(), key=lambda u: u.id)
        if e.alive and e.location and e.owner != unit.owner and direction_to(here, parse_hex(e.location)) is not None
    ]


def _scout_moves(state: GloomState) -> list[BaseModel]:
    view = MatView(state)
    found: list[BaseModel] = []
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if not unit.alive or unit.scouted or not view.has(unit.id, "Scout Deploy"):
            continue
        for path in _sorted(_paths(state, unit.id, "normal")):
            if not view.engaged_by(unit.id, parse_hex(path[-1])):
                found.append(ScoutMove(player=unit.owner, unit=unit.id, path=path))
    return found


def _push_moves(state: GloomState) -> list[BaseModel]:
    """One hex for each eligible unit, to each hex the push mode's judge lets it enter."""
    if state.options.gods_push_move == "disabled":
        return []
    view = MatView(state)
    found: list[BaseModel] = []
    for unit in sorted(view.living, key=lambda u: u.id):
        refusal, _ = push_eligibility(view, unit)
        if refusal is not None:
            continue
        for path in _sorted(_paths(state, unit.id, "push")):
            found.append(GodsPushMove(player=unit.owner, unit=unit.id, to=path[-1]))
    return found
