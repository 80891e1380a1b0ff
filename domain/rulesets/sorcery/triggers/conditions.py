"""Resolvers of triggered abilities that start a condition or a keyword for a time (codex:
Immobile, Disabled, Silenced): Bog, Quagmire, Babbling Brook, Silent Hills, Monastery Gargoyle,
Ribble Boggart."""

from __future__ import annotations

from collections.abc import Callable

from domain.dice import roll
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import (
    EffectEnded,
)
from domain.rulesets.sorcery.realm import nearby
from domain.rulesets.sorcery.triggers.choices import answer as answer_choice
from domain.rulesets.sorcery.triggers.common import (
    square_param,
)
from domain.state import TriggerState

#: Ribble Boggart's mutations, in the printed order, by the result of a d4
MUTATIONS = ("Airborne", "Ranged", "Lethal", "+3 power")


def _genesis_immobile(engine: Primitives, trigger: TriggerState, any_level: bool) -> None:
    square = square_param(trigger, "square")
    if any_level:
        squares = [s for s in nearby(square, *engine.view().wrap) if engine.view().site_at(s) is not None]
        label = f"units occupying sites near {engine.label(str(square))} are Immobile until {trigger.controller}'s next turn"
    else:
        squares = [square_param(trigger, "target")]
        label = f"units atop {engine.label(str(squares[0]))} are Immobile until {trigger.controller}'s next turn"
    engine.resolver.resolved(trigger, label)
    card_name = engine.name_of(trigger.source)
    engine.start_effect(
        trigger.source, trigger.controller,
        {"kind": "immobile_atop", "squares": squares, "any_level": any_level},
        "until_next_turn", f"{card_name}: {label}", cause=trigger.id,
    )


def _genesis_condition(engine: Primitives, trigger: TriggerState, condition: str) -> None:
    """Babbling Brook, Silent Hills: until the controller's next turn, minions atop nearby sites
    are disabled / silenced (an ongoing effect a trigger made: the lookahead applies it)."""
    square = square_param(trigger, "square")
    squares = [s for s in nearby(square, *engine.view().wrap) if engine.view().site_at(s) is not None]
    label = f"minions atop sites near {engine.label(str(square))} are {condition} until {trigger.controller}'s next turn"
    engine.resolver.resolved(trigger, label)
    engine.start_effect(
        trigger.source, trigger.controller,
        {"kind": "condition", "condition": condition, "squares": squares, "minions_only": True},
        "until_next_turn", f"{engine.name_of(trigger.source)}: {label}", cause=trigger.id,
    )
    engine.settle(trigger.id)


def _airborne_or_monument(engine: Primitives, trigger: TriggerState) -> None:
    """Monastery Gargoyle: the player chooses; Airborne lasts until the next choice."""
    unit = engine.state.units[trigger.source]
    answer = answer_choice(engine, trigger, "airborne_or_monument", ["airborne", "monument"], f"does {unit.id} have Airborne or is it a Monument?")
    if answer is None:
        return

    engine.resolver.resolved(trigger, f"{unit.id} {'has Airborne' if answer == 'airborne' else 'is a Monument'} ({trigger.controller}'s choice)")
    for effect in list(engine.state.effects.values()):
        if effect.source == unit.id and effect.label.startswith(f"{unit.card}: {unit.id} has Airborne"):
            engine.emit(EffectEnded, cause=trigger.id, effect_id=effect.id, reason=f"{trigger.controller} chose again")
    if answer == "airborne":
        engine.start_effect(
            unit.id, unit.owner, {"kind": "grant", "unit": unit.id, "keywords": ["Airborne"]}, "while_in_realm",
            f"{unit.card}: {unit.id} has Airborne until the next choice", cause=trigger.id,
        )
    engine.settle(trigger.id)


def _random_mutation(engine: Primitives, trigger: TriggerState) -> None:
    """Ribble Boggart: a d4, recorded as an event (``DiceRolled``; a replay reads it), picks one
    mutation in the printed order; a keyword is granted until the end of the turn."""

    unit = engine.state.units[trigger.source]
    (result,) = roll(engine.resolver, 1, 4, f"{unit.card}: {unit.id}'s mutation", trigger.id)
    mutation = MUTATIONS[result - 1]
    if mutation.startswith("+"):
        engine.resolver.resolved(trigger, f"rolled {result}: {unit.id} gains {mutation} this turn (power is not simulated)")
        return
    engine.resolver.resolved(trigger, f"rolled {result}: {unit.id} gains {mutation} until the end of turn")
    engine.start_effect(
        unit.id, unit.owner, {"kind": "grant", "unit": unit.id, "keywords": [mutation]}, "this_turn",
        f"{unit.card}: {unit.id} has {mutation} this turn", cause=trigger.id,
    )


#: the resolvers of this module, by the name a card's ``Resolve`` gives (triggers/registry.py)
RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {
    "immobile_atop_target": lambda engine, trigger: _genesis_immobile(engine, trigger, False),
        "immobile_nearby": lambda engine, trigger: _genesis_immobile(engine, trigger, True),
        "disable_nearby": lambda engine, trigger: _genesis_condition(engine, trigger, "disabled"),
        "silence_nearby": lambda engine, trigger: _genesis_condition(engine, trigger, "silenced"),
        "airborne_or_monument": _airborne_or_monument,
        "random_mutation": _random_mutation,
    }
