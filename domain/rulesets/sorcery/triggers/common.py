"""What the resolvers of triggered abilities share: the choices and squares a trigger carries,
a step of the source card's own making, where a source is, the forced steps open to a unit, and
an effect a trigger starts."""

from __future__ import annotations

from typing import Any

from domain.errors import BadInput
from domain.rulesets.sorcery.catalog import slug
from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.movement import ForcedMovement
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.state import SorceryUnit
from domain.state import TriggerState


def choices_of(trigger: TriggerState) -> list[str]:
    """The choices its command recorded for a Genesis (engine/genesis.py), in order."""
    text = trigger.params.get("choices")
    return str(text).split("|") if text else []


def square_param(trigger: TriggerState, name: str) -> int:
    """A square the matched event named; a Genesis queued without it is a log from no version
    of this ruleset, so it is refused rather than guessed."""
    value = trigger.params.get(name)
    if value is None or isinstance(value, bool):
        raise BadInput(f"trigger {trigger.id} ({trigger.label}) carries no {name}", f"params.{name}")
    return int(value)


def step(engine: Primitives, trigger: TriggerState, unit_id: str, to: str) -> None:
    """A step the unit takes itself because the source's text says so (digest 2.1)."""
    engine.step_to(unit_id, to, f"step:{slug(engine.name_of(trigger.source))}", cause=trigger.id)


def location_of_source(engine: Reader, source: str) -> str | None:
    """Where a source is: a unit's location while alive, a card's own location."""
    unit = engine.state.units.get(source)
    if unit is not None:
        return unit.location if unit.alive else None
    return engine.state.features[source].location


def forced_steps(engine: Reader, unit_id: str, how: str) -> list[str]:
    """Where a forced move of this kind may take the unit now (movement.ForcedMovement)."""
    unit = engine.state.units[unit_id]
    model = ForcedMovement(engine.state, how)
    return [o.to for o in model.step_options(unit_id, unit.location or "") if o.blocked is None]


def units_in(engine: Reader, scope: Scope) -> list[SorceryUnit]:
    """The living units in a scope, by id."""
    view = engine.view()
    found = []
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        assert isinstance(unit, SorceryUnit)
        if unit.location and view.in_scope(scope, unit, parse_loc(unit.location)):
            found.append(unit)
    return found


def start(engine: Primitives, trigger: TriggerState, spec: dict[str, Any], duration: str, label: str) -> None:
    """The trigger resolves saying ``label`` and starts an effect from its source, labelled by its card."""
    engine.resolver.resolved(trigger, label)
    engine.start_effect(trigger.source, trigger.controller, spec, duration, f"{engine.name_of(trigger.source)}: {label}", cause=trigger.id)
