"""Speed never changes an answer: what follows a step, a move's end and every settling is
skipped only where it could find nothing.

- a step asks none of its six trigger matchers when no card of the game waits for a kind of
  moment a step can be, and each matcher passes over its own kind when no card waits for it
  (triggers/match.py, ``kinds_present``);
- floods are not followed after a step while no effect is in force (site kinds are then the
  printed ones, which a step can't change; engine/flood.py);
- coming to rest, and precedences ending as a unit moves or dies, are passed over while no
  effect is in force (they read and end effects only; engine/rest.py);
- a move's end asks no Stops matcher when no card of the game has one (triggers/stops.py);
- settling sorts the units once, and asks the survival rules only of a minion off the surface
  (``rules.keywords.may_perish``).

The reference is the plain reading each of these replaced, written out below: every follow-up
run after every event it follows, every unit judged by the survival rules, and every kind of
trigger matched (``kinds_present`` answering every kind there is). Every Sorcery example and seeded
random self-play must record the same events, field for field, both ways.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import domain.rulesets.sorcery as sorcery
from domain.event_base import GameEvent
from domain.events import MoveEnded, StepTaken, UnitDied
from domain.resolution import Resolver
from domain.rulesets.sorcery import abilities
from domain.rulesets.sorcery.engine import primitives, rest, voids
from domain.rulesets.sorcery.events import EffectEnded, UnitDropped
from domain.rulesets.sorcery.events_artifacts import ArtifactDropped
from domain.rulesets.sorcery.realm import Region, parse_loc
from domain.rulesets.sorcery.triggers import match, stops, turns
from domain.rulesets.sorcery.uncarriable import CANT_BE_CARRIED, borne_where_forbidden
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.helpers import EXAMPLES

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))
EVERY_KIND: frozenset[type] = frozenset(
    kind for kind in vars(abilities).values() if isinstance(kind, type) and issubclass(kind, abilities.When) and kind is not abilities.When
)


def plain_settle(self: primitives.Primitives, cause: str, moving: str | None = None) -> None:
    """Settling as the rules read: every unit, sorted afresh, judged by the survival rules."""
    for effect in list(self.state.effects.values()):
        if effect.duration != "until_enters_site":
            continue
        owner = self.state.units.get(effect.source)
        if owner is None or not owner.alive or owner.location is None or parse_loc(owner.location).region is not Region.VOID:
            self.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{effect.source} left the void")
    state = self.state
    for unit in sorted(state.living_units(), key=lambda u: u.id):
        if unit.carried_by is None:
            continue
        carrier = state.units.get(unit.carried_by)
        if carrier is None:
            self._freed_from_artifact(unit.id, cause)
            continue
        if not carrier.alive or carrier.location != unit.location:
            self.emit(UnitDropped, cause=cause, unit=unit.id, carrier=carrier.id, at=unit.location,
                      reason="it no longer shares a location with its carrier")
            continue
        where = parse_loc(carrier.location or "")
        lost = self.view().silenced(carrier.id, where) or self.view().disabled(carrier.id, where)
        if lost is not None and self.view().held_by(unit.id) is None:
            self.emit(UnitDropped, cause=cause, unit=unit.id, carrier=carrier.id, at=unit.location,
                      reason=f"its carrier lost the ability to carry: {lost}")
    for unit in sorted(state.living_units(), key=lambda u: u.id):
        if unit.id == moving or unit.location is None or not unit.alive:
            continue
        carrier = state.units.get(unit.carried_by or "")
        if carrier is not None and carrier.id == moving:
            continue
        fatal = self.view().survival(unit.id, parse_loc(unit.location))
        if fatal is not None:
            self.kill(unit.id, fatal, cause)
    for unit_id, why in voids.short_of_voids(self.state, self.view()):
        self.kill(unit_id, why, cause)
    for feature, lies_at, card_name in borne_where_forbidden(self.state):  # a bearer of an artifact at a Red Rock
        self.emit(ArtifactDropped, cause=cause, feature=feature.id, unit=feature.bearer or "", at=lies_at,
                  reason=f"{card_name}: {CANT_BE_CARRIED}")
    self.mark_lasting_losses(cause)


def plain_stop(resolver: Resolver, event: GameEvent) -> None:
    assert isinstance(event, MoveEnded)
    engine = primitives.Primitives(resolver)
    stops.stops(resolver, event)
    rest.stopped(engine, event, stops.stopped_units(engine.state, event))


def plain_rest(resolver: Resolver, event: GameEvent) -> None:
    engine = primitives.Primitives(resolver)
    if isinstance(event, StepTaken):
        rest.moved(engine, event)
    elif isinstance(event, UnitDied):
        rest.died(engine, event)


def test_every_kind_of_moment_a_step_can_be_is_a_step_kind() -> None:
    """The six matchers ``on_step`` calls are for exactly these kinds."""
    assert {abilities.Enters, abilities.Occupies, abilities.CrossesBorder, abilities.StepsOntoGroundAbove,
            abilities.Moves, abilities.EntersVoid} == match.STEP_KINDS


def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every shortcut of this module's docstring undone."""
    for module in (match, stops, turns):  # each reads it by its own name
        monkeypatch.setattr(module, "kinds_present", lambda state: EVERY_KIND)
    monkeypatch.setattr(primitives.Primitives, "settle", plain_settle)
    follow = dict(sorcery.ON_EVENT)
    follow[StepTaken] = (sorcery._step_matched, sorcery._floods_followed, plain_rest)
    follow[MoveEnded] = (plain_stop,)
    follow[UnitDied] = (sorcery._death_followed, plain_rest)
    monkeypatch.setattr(sorcery, "ON_EVENT", follow)


def _facts(events: list[GameEvent]) -> list[tuple[str, dict[str, Any]]]:
    return [(type(e).__name__, e.payload()) for e in events[1:]]  # the game's start names its own id


@pytest.mark.parametrize("path", SORCERY, ids=[p.stem for p in SORCERY])
def test_follow_ups_skipped_only_where_they_find_nothing(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = load_scenario(path)
    fast = _facts(list(play(scenario, seed=scenario.seed).events))
    _plain(monkeypatch)
    plain = _facts(list(play(scenario, seed=scenario.seed).events))
    assert fast == plain


@pytest.mark.parametrize("seed", range(8))
def test_follow_ups_skipped_only_where_they_find_nothing_in_self_play(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = load_scenario(SORCERY[seed * 11 % len(SORCERY)])
    fast = _facts(self_play(scenario, 3, "random", seed, verify_log=False, keep_script=False).events)
    _plain(monkeypatch)
    plain = _facts(self_play(scenario, 3, "random", seed, verify_log=False, keep_script=False).events)
    assert fast == plain


def test_survival_is_asked_only_where_a_unit_may_perish() -> None:
    """``may_perish`` is the survival rules' own first test: a unit atop a site, or any unit that
    is not a minion, is never judged (digest 1.6)."""
    from domain.rulesets.sorcery.rules.keywords import may_perish
    from domain.rulesets.sorcery.state import SorceryUnit

    def unit(kind: str) -> SorceryUnit:
        return SorceryUnit(id="u", card="Wild Boars", owner="p1", kind=kind, location="1")

    assert not may_perish(unit("minion"), parse_loc("1"))
    assert may_perish(unit("minion"), parse_loc("1/underwater"))
    assert not may_perish(unit("avatar"), parse_loc("1/underwater"))
