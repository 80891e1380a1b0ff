"""Tringh Constrictor: "Tap → Tringh Constrictor may take a step, then it constricts
target minion here and carries it disabled. The next time Tringh Constrictor would untap, it
instead kills that minion if it's still constricted."

The ``activate`` command names where it steps (or nothing: no step) and the minion it
constricts, which must be another minion at the location it steps to (named whenever one is
there now: the text has no "may"). Once the step has resolved, a minion still there is
constricted: carried by an effect, as Brobdingnag Bullfrog's swallowed minion (disabled while
carried, not dropped at will, only a teleport moves it away: view.held_by). At the start of its
controller's next turn, a Constrictor still tapped and still constricting that minion does not
untap and kills it instead; if the minion is no longer constricted, it untaps as usual.
"""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source
from domain.rulesets.sorcery.catalog import slug
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationResolved, EffectEnded
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import ActivationItem, EffectState, SorceryState

CARD = "Tringh Constrictor"
_LABEL = f"{CARD}: constricted"
KILL = rule(CARD, "The next time Tringh Constrictor would untap, it instead kills that minion if it's still constricted.")


class StepThenConstrict(Activated):
    """It may take a step (its own: digest 2.1), or not (no target); then the minion it
    constricts, another minion where it will be (named whenever one is there now)."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        state = engine.state
        named = [t for t in targets if t in state.units]
        places = [t for t in targets if t not in state.units]
        if len(named) > 1 or len(places) > 1 or (places and targets[0] != places[0]):
            raise BadInput(f"{source.card}: name where it steps (or nothing), then the minion it constricts; got {targets}", "targets")
        step = self.optional_step(engine, source, ability, places)
        to = engine.in_region(places[0], source.location, "targets") if places else source.location
        there = sorted(u.id for u in state.living_units() if u.location == to and u.kind == "minion" and u.id != source.id)
        if not named:
            if there:
                raise BadInput(f"{source.card}: name the minion it constricts at {engine.label(to)}: one of {', '.join(there)}", "targets")
            return step
        if named[0] not in there:
            raise IllegalCommand(
                rule(CARD, "then it constricts target minion here and carries it disabled."),
                f"{named[0]} is not another minion at {engine.label(to)}, where {source.id} will be",
            )
        step.after.append(ActivationItem(source=source.id, then="constrict", unit=named[0], to=to))
        return step

    def optional_step(self, engine: Reader, source: Source, ability: Ability, targets: list[str]) -> Plan:
        """It may take a step (its own: digest 2.1), or not (no target)."""
        self.count(targets, (0, 1), f"{source.card} takes no target (no step) or one: where it steps")
        if not targets:
            return Plan()
        to = engine.in_region(targets[0], source.location, "targets")
        self.own_step(engine, source, ability, source.id, to)
        return Plan(moves=[(source.id, [source.location, to], f"step:{slug(source.card)}", None)])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        """Each destination (or none), with each minion there."""
        state = engine.state
        location = state.units[source.id].location
        found: list[list[str]] = []
        for dest in [None, *engine.own_steps(source.id)]:
            where = dest or location
            there = sorted(u.id for u in state.living_units() if u.location == where and u.kind == "minion" and u.id != source.id)
            prefix = [dest] if dest else []
            if there:
                found.extend([*prefix, m] for m in there)
            else:
                found.append(prefix)
        return found


def resolve(engine: Primitives, item: ActivationItem) -> None:
    state = engine.state
    snake, prey = state.units[item.source], state.units[item.unit]
    if not snake.alive or not prey.alive or prey.location != snake.location:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{prey.id} is not at {snake.id}'s location: nothing is constricted")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"{snake.id} constricts {prey.id} and carries it disabled")
    engine.hold(snake.id, prey.id, f"constricted by {snake.id}")
    engine.start_effect(
        snake.id, snake.owner,
        {"kind": "condition", "condition": "disabled", "units": [prey.id], "carried_by": snake.id}, "permanent",
        f"{_LABEL}: {prey.id} is disabled while {snake.id} carries it",
    )


def _constrictions(state: SorceryState, snake: str) -> list[EffectState]:
    return [e for e in sorted(state.effects.values(), key=lambda e: e.id) if e.source == snake and e.label.startswith(_LABEL)]


def kept_tapped(state: SorceryState, untapping: list[str]) -> list[str]:
    """The Constrictors among ``untapping`` that kill instead of untapping: still constricting."""
    kept = []
    for snake in untapping:
        for effect in _constrictions(state, snake):
            prey = state.units[(getattr(effect.spec, "units", None) or [""])[0]]
            if prey.alive and prey.carried_by == snake:
                kept.append(snake)
                break
    return kept


def on_untap(engine: Primitives, untapping: list[str], cause: str | None) -> None:
    """At its controller's turn start: a Constrictor that would untap kills each minion it still
    constricts instead (it stays tapped: ``kept_tapped``); a constriction that ended otherwise
    (the minion teleported away) ends."""
    state = engine.state
    for snake in untapping:
        for effect in _constrictions(state, snake):
            prey = state.units[(getattr(effect.spec, "units", None) or [""])[0]]
            if prey.alive and prey.carried_by == snake:
                engine.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{snake} would untap: it kills {prey.id} instead")
                engine.kill(prey.id, KILL, cause or engine.cause)
            else:
                engine.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{prey.id} is no longer constricted by {snake}")
