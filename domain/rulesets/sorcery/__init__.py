"""Sorcery: Contested Realm: the realm, its cards and the range-of-motion rules.

Sources: the seed (codex entry "Range of Motion"), the digest ../shared/reference/sorcery.md and
the bundled card data. Rule options: ``options.SorceryOptions``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter, ValidationError

import domain.rulesets.sorcery.wordings  # noqa: F401  (registers the former wordings older logs hold)
from domain.board import Board
from domain.errors import BadInput, SimError
from domain.event_base import GameEvent
from domain.events import MoveEnded, StepTaken, UnitDied
from domain.legacy import LegacyEvent, LegacyFeaturePlaced, LegacyUnitPlaced, converted, envelope
from domain.legal import LegalCommands
from domain.movement import Judgement, MovementModel, RangeOfMotion, range_from_reach, search_reach
from domain.resolution import Resolver
from domain.ruleset import Diagnostic, Ruleset, StateSummary
from domain.rulesets.sorcery import oversized
from domain.rulesets.sorcery.board import RealmBoard
from domain.rulesets.sorcery.commands import COMMAND_CLASSES, SCRIPT_COMMANDS, Command, Defend, Intercept, SetUp
from domain.rulesets.sorcery.engine import attack, combat, durations, flood, rest, steps, turn
from domain.rulesets.sorcery.engine.activate import follow_up
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import (
    ArtifactMoved,
    EffectEnded,
    EffectStarted,
    FeaturePlaced,
    FeatureRemoved,
    UnitPlaced,
    UnitReturned,
    not_modelled_of,
)
from domain.rulesets.sorcery.events_combat import AttackDeclared, AttackResolved, StrikeDealt
from domain.rulesets.sorcery.legal import legal, to_act
from domain.rulesets.sorcery.locations import label
from domain.rulesets.sorcery.movement import ForcedMovement, SorceryMovement
from domain.rulesets.sorcery.options import SorceryOptions
from domain.rulesets.sorcery.realm import Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules import shared
from domain.rulesets.sorcery.state import (
    ActivationItem,
    AttackItem,
    CardState,
    FightItem,
    InterceptItem,
    JoinFightItem,
    SorceryState,
    SorceryUnit,
    TurnPassItem,
)
from domain.rulesets.sorcery.tokens import token_maker
from domain.rulesets.sorcery.triggers import match, registry, stops
from domain.rulesets.sorcery.view import RealmView
from domain.state import MoveState, StepItem, TriggerState


def _floods_followed(resolver: Resolver, event: GameEvent) -> None:
    if not flood.setting_up(resolver):
        flood.follow_floods(Primitives(resolver), event.event_id)


def _floods_followed_after_step(resolver: Resolver, event: GameEvent) -> None:
    """A step changes a site's kind only through an effect in force that follows a unit (Tide
    Naiads floods the site it is at); with none in force every site is its printed kind, and
    what is below one is already in the subsurface that kind names (each event that can change
    a kind is followed itself, and a step lands where the movement model, reading the kinds,
    says): nothing to follow."""
    if resolver.state.effects:  # type: ignore[attr-defined]  # a Sorcery state's
        _floods_followed(resolver, event)


def _step_matched(resolver: Resolver, event: GameEvent) -> None:
    assert isinstance(event, StepTaken)
    match.on_step(resolver, event)


def _attack_matched(resolver: Resolver, event: GameEvent) -> None:
    assert isinstance(event, AttackDeclared)
    match.attacked(resolver, event)


def _strike_matched(resolver: Resolver, event: GameEvent) -> None:
    assert isinstance(event, StrikeDealt)
    match.bearer_strikes(resolver, event)


def _after_attack_matched(resolver: Resolver, event: GameEvent) -> None:
    assert isinstance(event, AttackResolved)
    match.after_first_attack(resolver, event)


def _stop_matched(resolver: Resolver, event: GameEvent) -> None:
    assert isinstance(event, MoveEnded)
    stops.stops(resolver, event)
    state = resolver.state
    assert isinstance(state, SorceryState)
    if state.effects:  # coming to rest is read only by effects in force (rest.py)
        rest.stopped(Primitives(resolver), event, stops.stopped_units(state, event))


def _rest_ended(resolver: Resolver, event: GameEvent) -> None:
    if not resolver.state.effects:  # type: ignore[attr-defined]  # a Sorcery state's
        return  # what ends here are precedences, effects in force (rest.py)
    if isinstance(event, StepTaken):
        rest.moved(Primitives(resolver), event)
    elif isinstance(event, UnitDied):
        rest.died(Primitives(resolver), event)


def _death_followed(resolver: Resolver, event: GameEvent) -> None:
    assert isinstance(event, UnitDied)
    durations.on_death(Primitives(resolver), event)


#: what follows each kind of event, in order: the triggered abilities it matches (triggers/match.py),
#: effects it ends (engine/durations.py), and the flood follow-up after anything that may have made a
#: site a water site or a land site (engine/flood.py: an effect starting or ending, a card leaving, a
#: unit or artifact moving: Tide Naiads, Blightstone)
ON_EVENT: dict[type[GameEvent], tuple[Callable[[Resolver, GameEvent], None], ...]] = {
    StepTaken: (_step_matched, _floods_followed_after_step, _rest_ended),
    AttackDeclared: (_attack_matched,),
    AttackResolved: (_after_attack_matched,),
    StrikeDealt: (_strike_matched,),
    UnitDied: (_death_followed, _rest_ended),
    MoveEnded: (_stop_matched,),
    EffectStarted: (_floods_followed,),
    EffectEnded: (_floods_followed,),
    FeatureRemoved: (_floods_followed,),
    ArtifactMoved: (_floods_followed,),
    UnitReturned: (_floods_followed,),
}

#: how each storyline item only Sorcery queues resolves
ITEMS: dict[type[BaseModel], Callable[[Primitives, Any], None]] = {
    FightItem: combat.resolve_fight_item,
    JoinFightItem: attack.resolve_join,
    AttackItem: attack.resolve_attack_item,
    InterceptItem: attack.resolve_intercept_item,
    TurnPassItem: turn.resolve_turn_pass,
    ActivationItem: follow_up,
}


#: the commands read from records that hold only the command's name and a player (``end_turn``,
#: ``pass``: most commands of most games), by both: verifying a log reads each again, and
#: validating two texts always makes the same command (frozen), so the one made first is it
_NAMED_ONLY: dict[tuple[object, object], BaseModel] = {}
_MOST_NAMED_ONLY = 256
_ABSENT = object()


def _keep_named_only(name: object, player: object, parsed: BaseModel) -> None:
    """Keep a command read from a record of its name and player alone (``_NAMED_ONLY``)."""
    if len(_NAMED_ONLY) >= _MOST_NAMED_ONLY:
        _NAMED_ONLY.clear()
    _NAMED_ONLY[(name, player)] = parsed


@functools.lru_cache(maxsize=256)
def _square_order(location: str) -> tuple[int, str]:
    return (parse_loc(location).square, location)


class SorceryRuleset(Ruleset[SorceryState]):
    name = "sorcery"
    title = "Sorcery: Contested Realm"
    Options = SorceryOptions
    State = SorceryState
    commands: ClassVar[TypeAdapter[Any]] = TypeAdapter(Command)
    script_commands = SCRIPT_COMMANDS
    setup_model = SetUp
    not_a_step = rule("codex: Path", "a step must go to an adjacent location")
    path_source = "codex: Path"
    left_board = "the unit left the realm"
    in_play_words = "in the realm"
    handlers = "domain.rulesets.sorcery.engine.handlers:SorceryCommands"
    outcome_rules = "domain.rulesets.sorcery.outcome:SorceryOutcome"

    # --- state and locations --------------------------------------------------------------------

    def alias_target(self, name: str, where: Any) -> str:
        loc = parse_loc(str(where))
        if loc.region is not Region.SURFACE:
            raise BadInput(f"alias {name!r} must name a square, not {where!r}")
        if name.isdigit() or "/" in name:
            raise BadInput(f"alias {name!r} must not look like a location")
        return str(loc.square)

    def board(self, state: SorceryState) -> Board:
        return RealmBoard(state)

    def name_of(self, state: SorceryState, thing_id: str) -> str:
        thing = state.units.get(thing_id) or state.features.get(thing_id)
        return thing.card if thing is not None else thing_id

    def created_by(self, state: SorceryState, unit_id: str) -> str | None:
        """Army of the Dead's Skeletons and Tadpole Pool's Frogs (``tokens.token_maker``)."""
        return token_maker(state, unit_id)

    def in_play(self, state: SorceryState, thing_id: str) -> bool:
        if thing_id in state.units:
            return super().in_play(state, thing_id)
        feature = state.features.get(thing_id)
        return feature is not None and (feature.location is not None or feature.bearer is not None)

    # --- movement -------------------------------------------------------------------------------

    def movement(self, state: SorceryState) -> MovementModel:
        return oversized.movement(SorceryMovement(state), state)

    def movement_for_move(self, state: SorceryState, move: MoveState) -> MovementModel:
        """Forced movement by its own model; only basic movement (Move and Attack, Defend) moves
        freely (codex: Moves Freely, Forced Movement)."""
        if move.purpose.startswith("forced:"):
            how, turn = oversized.split_turn(move.purpose.split(":", 1)[1])
            return oversized.movement(ForcedMovement(state, how), state, turn)
        return oversized.movement(SorceryMovement(state, basic=move.purpose in ("move_and_attack", "defend")), state)

    def range_of_motion(self, state: SorceryState, unit_id: str) -> RangeOfMotion:
        """Range of motion by Move and Attack, ongoing effects only (codex: Range of Motion):
        worked out once per state and unit (an index of the state: the next event drops it), so
        a question asked again of a known state is answered from what it found."""
        return shared.per_state(state, f"sorcery.range_of_motion:{unit_id}", lambda: self._range_of_motion(state, unit_id))

    def _range_of_motion(self, state: SorceryState, unit_id: str) -> RangeOfMotion:
        unit = state.units[unit_id]
        movement = SorceryMovement(state)
        reach = search_reach(oversized.movement(movement, state), unit_id, unit.location or "")
        if reach.bounded and reach.denied is None:
            reach.settle()  # what it refused, now: the state is the one asked about
            bound = movement.max_allowance(unit_id) if movement.allowance_varies(unit_id) else reach.allowance
            if all(cost <= bound for cost in reach.too_far.values()):
                # nothing lay past the bound: the search past the allowance would find what this
                # one found, so no place is left for it to explain (a realm has 40 locations)
                reach.bounded, reach.unbounded = False, None
        answer = range_from_reach(reach, (lambda loc: label(state, loc)) if state.aliases else None, _square_order)
        if isinstance(unit, SorceryUnit) and unit.parts:
            answer = oversized.spread(answer, RealmView.of(state), unit, lambda loc: label(state, loc), _square_order)
        answer.extra["diagnostics"] = shared.per_state(state, "sorcery.diagnostics", lambda: [d.as_json() for d in self.diagnostics(state)])
        return answer

    # --- commands and resolution ----------------------------------------------------------------

    def parse_command(self, data: dict[str, Any] | BaseModel) -> BaseModel:
        """The command a record names, validated by its own class (the union's discriminator,
        ``command``, names it) rather than through the union: the same model, the same
        validation; a record the class refuses, or that names none, is read through the union,
        whose message names the problem as before. Verifying a log reads every command so, by the
        class's validator directly (``model_validate`` without its wrapper); a command already
        made (self-play issues the listed ones) is taken as it is, as the core takes it."""
        if isinstance(data, BaseModel):
            return data
        if isinstance(data, dict):
            name = data.get("command")
            named = COMMAND_CLASSES.get(name) if type(name) is str else None
            if named is not None:
                player = data.get("player", _ABSENT) if len(data) == 2 else _ABSENT
                if type(player) is str or player is None:  # a record of its name and player alone
                    found = _NAMED_ONLY.get((name, player))
                    if found is not None:
                        return found
                try:
                    parsed: BaseModel = named.__pydantic_validator__.validate_python(data)
                except ValidationError:
                    pass  # the union says what is wrong, as it always has
                else:
                    if type(player) is str or player is None:
                        _keep_named_only(name, player, parsed)
                    return parsed
        return super().parse_command(data)

    #: what follows an event is ``ON_EVENT``'s, by its exact class
    matched_events = frozenset(ON_EVENT)

    def match_triggers(self, resolver: Resolver, event: GameEvent) -> None:
        follow = ON_EVENT.get(type(event))
        if follow:  # each follow-up makes the handlers it needs: most need none (most events of most games)
            for handle in follow:
                handle(resolver, event)

    def resolve_trigger(self, resolver: Resolver, trigger: TriggerState) -> None:
        registry.resolve(Primitives(resolver), trigger)

    def resolve_item(self, resolver: Resolver, item: BaseModel) -> None:
        resolve = ITEMS.get(type(item))
        if resolve is None:
            super().resolve_item(resolver, item)
        else:
            resolve(Primitives(resolver), item)

    def take_step(self, resolver: Resolver, item: StepItem, verdict: Judgement) -> bool:
        steps.take_step(Primitives(resolver), item, verdict)
        return True

    def move_ended(self, resolver: Resolver, move: MoveState, cause: str | None) -> None:
        """The mover stopped: a minion that ended where it can't survive dies there, and what it
        carried is settled with it (digest 1.6, 2.6)."""
        engine = Primitives(resolver)
        engine.settle(cause or resolver.cause)
        if move.purpose == "move_and_attack" and not any(
            isinstance(item, AttackItem) and item.unit == move.unit for item in resolver.state.storyline
        ):
            # it finished its movement and won't attack; what moved with it on its last step
            # (``MoveState.carried``: none when it took no step) came with it, dropped there or not
            attack.await_intercept(engine, move.unit, attack.carried_along(engine, move.unit, move.carried))

    # --- turns ----------------------------------------------------------------------------------

    def legal_commands(self, state: SorceryState) -> LegalCommands:
        """The legal commands as a collection that decides ``command in`` one at a time."""
        return legal(state)

    def refusals(self, state: SorceryState, command: BaseModel) -> list[SimError] | None:
        if isinstance(command, Defend):
            return list(attack.defend_refusals(Reader(state), command.unit, command.player))
        if isinstance(command, Intercept):
            return list(attack.intercept_refusals(Reader(state), command.unit, command.player))
        return None

    def to_act(self, state: SorceryState) -> str:
        return to_act(state)

    def decision_context(self, state: SorceryState) -> dict[str, Any]:
        return {
            "turn": state.turn, "player": state.active_player,
            "attack": state.attack.id if state.attack is not None else None,
            "intercept": state.intercept.id if state.intercept is not None else None,
            "choice": state.choice.id if state.choice else None,
        }

    # --- people ---------------------------------------------------------------------------------

    def summary(self, state: SorceryState, label: Callable[[str], str]) -> StateSummary:
        summary = StateSummary(
            headline=f"turn {state.turn}, {self.acting(state)}",
            columns=["unit", "card", "owner", "at", "power", "damage", "state"],
        )
        for unit in state.units.values():
            flags = ["tapped"] if unit.tapped else []
            flags += [self.unit_flags(unit)] if self.unit_flags(unit) else []
            at = label(unit.location) if unit.location else "-"
            summary.rows.append([unit.id, unit.card, unit.owner, at, str(unit.power), str(unit.damage), ", ".join(flags)])
        for effect in state.effects.values():
            summary.notes.append(f"effect {effect.id}: {effect.label} ({effect.duration.replace('_', ' ')})")
        if state.attack is not None:
            summary.notes.append(f"attack {state.attack.id} by {state.attack.attacker} awaits defenders")
        if state.intercept is not None:
            summary.notes.append(f"{state.intercept.unit} may be intercepted ({state.intercept.id})")
        summary.notes.append("life: " + ", ".join(f"{p} {life}" for p, life in state.life.items()))
        return summary

    def diagnostics(self, state: SorceryState) -> list[Diagnostic]:
        """Every card in the game whose rules text is not fully modelled, with that text, as the
        events that brought them in recorded it (option ``unmodelled``; coverage.py)."""
        return [
            Diagnostic(subject=thing, name=found.card, unmodelled=tuple(found.text))
            for thing, found in state.not_modelled.items()
        ]

    # --- logs -----------------------------------------------------------------------------------

    def upcast_legacy(self, event: LegacyEvent) -> GameEvent:
        if isinstance(event, LegacyUnitPlaced):
            old = event.unit
            unit = SorceryUnit(**old.model_dump(exclude={"extra"}))
            return UnitPlaced(**envelope(event), unit=unit, not_modelled=not_modelled_of(unit.card))
        if isinstance(event, LegacyFeaturePlaced):
            old_feature = event.feature
            card = converted(CardState, {  # the first version wrote only a site, an artifact or an aura
                "id": old_feature.id, "card": old_feature.card, "kind": old_feature.kind,
                "controller": old_feature.controller, "location": old_feature.location, "bearer": old_feature.bearer,
                "water": old_feature.props.get("water", False),
            }, "feature.props")
            return FeaturePlaced(**envelope(event), feature=card, not_modelled=not_modelled_of(card.card))
        return super().upcast_legacy(event)


RULESET = SorceryRuleset()
