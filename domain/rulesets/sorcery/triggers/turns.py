"""What triggers at the end and the start of a turn (codex: Turn Sequence): the matcher of
``AtTurn``, beside the other kinds' matchers (triggers/match.py), whose sources it reads."""

from __future__ import annotations

from domain.resolution import Resolver
from domain.rulesets.sorcery.abilities import AtTurn
from domain.rulesets.sorcery.engine.artifacts import on_ground
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.realm import Region, parse_loc
from domain.rulesets.sorcery.state import SorceryState
from domain.rulesets.sorcery.triggers.match import Source, kinds_present, muted, queue, sources
from domain.rulesets.sorcery.view import RealmView


def at_turn(resolver: Resolver, player: str, cause: str, phase: str) -> bool:
    """``AtTurn``: queue what triggers at the ``start`` or ``end`` of ``player``'s turn, its
    controller's turn's first (``whose`` "yours"), then each turn's, one trigger for each unit or
    artifact its ``each`` names; whether anything did. Asked directly by the end and the start
    of every turn (engine/turn.py), with no wrapper of its own for each phase."""
    state = resolver.state
    assert isinstance(state, SorceryState)
    if AtTurn not in kinds_present(state):
        return False  # no card in the game waits for a turn's start or end
    view = RealmView.of(state)
    found = [s for s in sources(state, view, AtTurn) if (s.when.end if phase == "end" else s.when.start)]
    queued = False
    for whose in ("yours", "each"):
        for source in found:
            if source.when.whose != whose or (whose == "yours" and source.controller != player):
                continue
            if muted(view, source.id):
                continue
            for subject in _each(view, source, player):
                queue(resolver, source.ability, source.id, source.controller, subject, {"phase": phase}, cause)
                queued = True
    return queued


def _each(view: RealmView, source: Source, player: str) -> list[str | None]:
    """The units and artifacts one trigger each is queued for (``AtTurn.each``)."""
    state = view.state
    each = source.when.each
    if each is None:
        return [None]
    if each == "enemy_minion_here":  # Nightmare
        return [
            u.id for u in sorted(state.living_units(), key=lambda u: u.id)
            if u.location == source.location and u.kind == "minion" and u.owner != player
        ]
    square = parse_loc(source.location).square
    if each == "minion_or_artifact_at_site":  # Undertaker Engine: minions, then artifacts lying there
        levels = (Region.SURFACE, Region.UNDERGROUND)
        minions: list[str | None] = [
            u.id for u in sorted(state.living_units(), key=lambda u: u.id)
            if u.location and u.kind == "minion" and parse_loc(u.location).square == square and parse_loc(u.location).region in levels
        ]
        lying = on_ground(Reader(state), square=square)
        return minions + [f.id for f in lying if parse_loc(f.location or "").region in levels]
    # Red Rock of Ravannis: each artifact in the realm, not lying or borne at its own site
    found: list[str | None] = []
    for thing in sorted(state.features.values(), key=lambda f: f.id):
        at = view.location_of(thing.id) if thing.kind == "artifact" else None
        if at is not None and at.square != square:
            found.append(thing.id)
    return found
