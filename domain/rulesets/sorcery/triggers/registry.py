"""Where Sorcery's triggered abilities are wired, in one place: the matcher of each kind of
moment (``MATCHERS``), the named resolvers of every group (``RESOLVERS``), and ``resolve``, which
carries out a queued trigger by what its card declares it does (a primitive or a resolver)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.rulesets.sorcery.abilities import (
    Ability,
    AfterCasting,
    AfterFirstAttack,
    Attacked,
    AtTurn,
    BearerStrikes,
    CrossesBorder,
    EnemyCasts,
    Enters,
    EntersVoid,
    Genesis,
    Moves,
    Occupies,
    Resolve,
    StepsOntoGroundAbove,
    Stops,
    When,
)
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.engine import genesis
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.triggers import (
    cards,
    conditions,
    fights,
    levels,
    match,
    pushes,
    stealth,
    steps,
    stops,
    stretch,
    teleports,
    turns,
    untaps,
)
from domain.rulesets.sorcery.triggers.primitives import PRIMITIVES
from domain.state import TriggerState

#: the one matcher of each kind of moment a card may declare (triggers/match.py; a Genesis is
#: queued as its card enters: engine/genesis.py)
MATCHERS: dict[type[When], Callable[..., Any]] = {
    Enters: match.enters,
    Occupies: match.occupies,
    CrossesBorder: match.crosses_border,
    StepsOntoGroundAbove: match.steps_onto_ground_above,
    Moves: match.moves,
    EntersVoid: match.enters_void,
    Attacked: match.attacked,
    BearerStrikes: match.bearer_strikes,
    AfterFirstAttack: match.after_first_attack,
    EnemyCasts: match.enemy_casts,
    AfterCasting: match.after_casting,
    AtTurn: turns.at_turn,
    Stops: stops.stops,
    Genesis: genesis.queue,
}


def _merged(*tables: Mapping[str, Callable[[Primitives, TriggerState], None]]) -> dict[str, Callable[[Primitives, TriggerState], None]]:
    found: dict[str, Callable[[Primitives, TriggerState], None]] = {}
    for table in tables:
        for name, resolver in table.items():
            assert name not in found, f"the resolver {name!r} is registered twice"
            found[name] = resolver
    return found


#: every named resolver, by the name a card's ``Resolve`` gives
RESOLVERS = _merged(
    steps.RESOLVERS, pushes.RESOLVERS, teleports.RESOLVERS, levels.RESOLVERS, fights.RESOLVERS, stealth.RESOLVERS,
    conditions.RESOLVERS, cards.RESOLVERS, stops.RESOLVERS, untaps.RESOLVERS, stretch.RESOLVERS,
)


def declared(card_name: str, key: str) -> Ability:
    """The triggered ability of the card that a queued trigger's key names."""
    found = next((a for a in abilities_of(card_name) if a.trigger == key and a.does is not None), None)
    if found is None:
        raise KeyError(f"{card_name} declares no triggered ability {key!r}")
    return found


def resolve(engine: Primitives, trigger: TriggerState) -> None:
    """Carry out a trigger at the head of the storyline, as its card declares."""
    does = declared(engine.name_of(trigger.source), trigger.ability).does
    if isinstance(does, Resolve):
        RESOLVERS[does.name](engine, trigger)
    else:
        assert does is not None
        PRIMITIVES[type(does)](engine, trigger, does)
