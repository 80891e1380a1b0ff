"""Genesis (codex: Genesis): the triggered ability of a card entering the realm, queued as it
enters (a site played, a minion summoned, an artifact or aura conjured).

The choices a Genesis asks for are the command's targets, checked as the command is issued: each
kind of choice (``abilities.Choices``) has one check here, which refuses an impossible choice
naming the field and returns the trigger's params (the source's square, the choices as locations
or unit ids). They travel with the trigger, and its resolver carries them out (triggers/).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.abilities import (
    Ability,
    AdjacentEnemyStep,
    AdjacentUnit,
    Choices,
    Genesis,
    MinionHere,
    NearbyAlliedMinion,
    NoChoice,
    OwnStep,
    PlayTarget,
    Side,
    UnitInBodyOfWater,
)
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.catalog import Card
from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.movement import ForcedMovement, SorceryMovement
from domain.rulesets.sorcery.realm import Loc, Region, nearby, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import SorceryUnit
from domain.state import TriggerParam


def of(card_name: str) -> list[Ability]:
    """The card's Genesis abilities, in its order."""
    return [a for a in abilities_of(card_name) if isinstance(a.when, Genesis)]


def asks_choices(ability: Ability) -> bool:
    """Whether the Genesis's choices are the command's ``targets`` (a ``PlayTarget`` is the
    ``target`` of ``play_site`` instead)."""
    return isinstance(ability.when, Genesis) and not isinstance(ability.when.choices, PlayTarget)


def queue(engine: Primitives, ability: Ability, source: str, controller: str, params: dict[str, TriggerParam]) -> None:
    """The one place a Genesis is queued: as its card enters, before anything else it triggers."""
    engine.resolver.queue_trigger(ability.trigger or ability.name, ability.name, source, controller, None, params, engine.cause)


def on_entering(engine: Primitives, source: str, data: Card, controller: str, targets: list[str]) -> None:
    """A minion summoned or an artifact or aura conjured: what it changes at once is settled, then
    its Genesis is queued with the choices checked."""
    engine.settle(engine.cause)  # what the card changes at once (a carrier silenced drops what it carries)
    found = [a for a in of(data.name) if asks_choices(a)]
    if not found and targets:
        raise BadInput(f"{data.name} has no modelled Genesis that asks for choices: leave 'targets' out", "targets")
    for ability in found:
        queue(engine, ability, source, controller, check_choices(engine, ability, source, data.name, controller, targets, "targets"))
    engine.mark_lasting_losses(engine.cause)  # Hounds of Ondaros summoned beside a Stealthed enemy


def check_choices(
    engine: Reader, ability: Ability, source: str, card_name: str, controller: str, targets: list[str], field: str,
) -> dict[str, TriggerParam]:
    """Check the Genesis's choices against the realm as the card enters it; return the trigger's
    params (the source's square, and the choices as locations or unit ids)."""
    assert isinstance(ability.when, Genesis)
    here = engine.view().location_of(source)
    assert here is not None, f"{source} is not in the realm"
    params: dict[str, TriggerParam] = {"square": here.square}
    check = CHECKS.get(type(ability.when.choices))
    if check is None:
        raise BadInput(f"{card_name}: no check for the choices of {ability.trigger}", field)
    chosen = check(Asked(engine, ability, ability.when.choices, source, card_name, controller, targets, field, here))
    if chosen:
        params["choices"] = "|".join(chosen)
    return params


class Asked:
    """One Genesis's choices as the command gave them, with what they are checked against."""

    def __init__(
        self, engine: Reader, ability: Ability, choices: Choices, source: str, card_name: str, controller: str,
        targets: list[str], field: str, here: Loc,
    ) -> None:
        self.engine, self.ability, self.choices, self.source = engine, ability, choices, source
        self.card_name, self.controller, self.targets, self.field, self.here = card_name, controller, targets, field, here

    def refuse(self, detail: str) -> IllegalCommand:
        return IllegalCommand(rule(self.card_name, self.ability.covers[0]), detail)


def _no_choice(asked: Asked) -> list[str]:
    if asked.targets:
        raise BadInput(f"{asked.ability.name} asks for no choice: leave 'targets' out", asked.field)
    return []


def _adjacent_enemy_step(asked: Asked) -> list[str]:
    """Mesmer Demon, Screamer: an adjacent enemy minion (a target must be chosen when there is
    one), then where it steps closer or away, when it has such a step."""
    engine, here, targets, field = asked.engine, asked.here, asked.targets, asked.field
    assert isinstance(asked.choices, AdjacentEnemyStep)
    view = engine.view()
    if not targets:
        adjacent = sorted(
            u.id for u in engine.state.living_units()
            if u.kind == "minion" and u.owner != asked.controller and u.location
            and parse_loc(u.location).region is here.region
            and parse_loc(u.location).square in {here.square, *view.orthogonal(here.square)}
        )
        if adjacent:  # a target must be chosen when there is one; with none, nothing happens
            raise asked.refuse(f"{field}: name the enemy minion: one of {', '.join(adjacent)}")
        return []
    if len(targets) not in (1, 2):
        raise BadInput(f"{asked.card_name}'s Genesis needs the enemy minion, then where it steps", field)
    enemy = engine.known_unit(targets[0], field, living=True)
    there = parse_loc(enemy.location or "")
    if (
        enemy.owner == asked.controller or enemy.kind != "minion" or there.region is not here.region
        or there.square not in {here.square, *view.orthogonal(here.square)}
    ):
        raise asked.refuse(f"{enemy.id} is not an enemy minion adjacent to {asked.source} (digest 1.4)")
    closer = asked.choices.closer

    def fits(to: str) -> bool:
        before, after = view.steps_apart(there.square, here.square), view.steps_apart(parse_loc(to).square, here.square)
        return after < before if closer else after > before

    options = [o.to for o in SorceryMovement(engine.state, basic=False).step_options(enemy.id, there.text)]
    way = "closer to" if closer else "away from"
    if len(targets) == 1:
        possible = [o for o in options if fits(o)]
        if possible:
            raise asked.refuse(
                f"{field}: name where {enemy.id} steps {way} {asked.source}: one of {', '.join(engine.label(o) for o in possible)}",
            )
        return [enemy.id]
    to = engine.in_region(targets[1], there.text, field)
    if not fits(to):
        raise asked.refuse(f"{engine.label(to)} is not a step {way} {asked.source}")
    if to not in options:
        raise asked.refuse(f"{enemy.id} can't step from {engine.label(there.text)} to {engine.label(to)}: not one of its steps")
    return [enemy.id, to]


def _own_step(asked: Asked) -> list[str]:
    """Archangel Michael: where he steps (FAQ: a legal step must be declared if there is one)."""
    engine, here, targets, field, source = asked.engine, asked.here, asked.targets, asked.field, asked.source
    steps = [o for o in SorceryMovement(engine.state, basic=False).step_options(source, here.text) if o.blocked is None]
    if not targets:
        if steps:
            raise IllegalCommand(
                rule(f"{asked.card_name} FAQ", "a legal step must be declared if there is one"),
                f"{field}: name where {source} steps: one of {', '.join(engine.label(o.to) for o in steps)}",
            )
        return []
    if len(targets) != 1:
        raise BadInput(f"{asked.card_name}'s Genesis needs one location to step to", field)
    to = engine.in_region(targets[0], here.text, field)
    if all(o.to != to for o in steps):
        raise asked.refuse(f"{source} can't step from {engine.label(here.text)} to {engine.label(to)}")
    return [to]


def _unit_in_body_of_water(asked: Asked) -> list[str]:
    """Undertow: a unit of its body of water (a target must be chosen when there is one), then
    where it moves one step within it."""
    engine, here, targets, field = asked.engine, asked.here, asked.targets, asked.field
    view = engine.view()
    body = view.body_of_water(here.square)
    if not targets:
        movable = sorted(
            u.id for u in engine.state.living_units()
            if u.location and parse_loc(u.location).square in body and parse_loc(u.location).region is not Region.VOID
            and any(parse_loc(o.to).square in body for o in ForcedMovement(engine.state, "push").step_options(u.id, u.location))
        )
        if movable:  # a target must be chosen when there is one; with none, nothing happens
            raise BadInput(f"{asked.card_name}'s Genesis needs the target unit, then where it moves: one of {', '.join(movable)}", field)
        return []
    if len(targets) != 2:
        raise BadInput(f"{asked.card_name}'s Genesis needs the target unit, then where it moves", field)
    unit = engine.known_unit(targets[0], field, living=True)
    at = parse_loc(unit.location or "")
    if at.square not in body or at.region is Region.VOID:
        raise asked.refuse(f"{unit.id} is not in this body of water (squares {sorted(body)})")
    to = engine.in_region(targets[1], at.text, field)
    if parse_loc(to).square not in body:
        raise asked.refuse(f"{engine.label(to)} is not in this body of water")
    options = [o.to for o in ForcedMovement(engine.state, "push").step_options(unit.id, at.text)]
    if to not in options:
        raise asked.refuse(f"{unit.id} can't be moved one step from {engine.label(at.text)} to {engine.label(to)}")
    return [unit.id, to]


def _minion_here(asked: Asked) -> list[str]:
    """Brobdingnag Bullfrog: another minion at its location (one must be chosen when there is one)."""
    engine, here, targets, field, source = asked.engine, asked.here, asked.targets, asked.field, asked.source
    others = sorted(
        u.id for u in engine.state.living_units()
        if u.kind == "minion" and u.id != source and u.location == here.text
    )
    if not targets:
        if others:
            raise asked.refuse(f"{field}: name the minion {source} swallows: one of {', '.join(others)}")
        return []
    if len(targets) != 1:
        raise BadInput(f"{asked.card_name}'s Genesis needs one minion here", field)
    unit = engine.known_unit(targets[0], field, living=True)
    if unit.id not in others:
        raise asked.refuse(f"{unit.id} is not another minion at {engine.label(here.text)}")
    return [unit.id]


def _side(asked: Asked) -> list[str]:
    """Mudslide: one side for all (its FAQ)."""
    if len(asked.targets) != 1 or asked.targets[0] not in ("west", "east"):
        raise BadInput(f"{asked.card_name}'s Genesis needs one side for all: west (left) or east (right)", asked.field)
    return [asked.targets[0]]


def _adjacent_unit(asked: Asked) -> list[str]:
    """Helpful Hob: another ally adjacent to it; Gravedigger: an adjacent Undead, anyone's (one
    must be chosen when there is one)."""
    engine, targets, field, source = asked.engine, asked.targets, asked.field, asked.source
    assert isinstance(asked.choices, AdjacentUnit)
    wanted = asked.choices
    what = "/".join(wanted.subtypes) or "ally"
    scope = Scope(
        adjacent_to=source, allies_of=asked.controller if wanted.allies_only else None, exclude=source,
        subtypes=wanted.subtypes, minions_only=bool(wanted.subtypes),
    )
    view = engine.view()
    allies = sorted(
        u.id for u in engine.state.living_units()
        if isinstance(u, SorceryUnit) and u.location and view.in_scope(scope, u, parse_loc(u.location))
    )
    if not targets:
        if allies:
            raise BadInput(f"{asked.card_name}'s Genesis needs one adjacent {what}: one of {', '.join(allies)}", field)
        return []
    if len(targets) != 1:
        raise BadInput(f"{asked.card_name}'s Genesis needs one adjacent {what}", field)
    unit = engine.known_unit(targets[0], field, living=True)
    if unit.id not in allies:
        raise asked.refuse(f"{unit.id} is not an adjacent {what} of {source}'s")
    return [unit.id]


def _nearby_allied_minion(asked: Asked) -> list[str]:
    """Swindler Troupe (one must be chosen when there is one), Treetop Hideout ("you may": none
    named is the choice to give nothing)."""
    engine, targets, field, source = asked.engine, asked.targets, asked.field, asked.source
    assert isinstance(asked.choices, NearbyAlliedMinion)
    view = engine.view()
    scope = Scope(near=source, allies_of=asked.controller, minions_only=True, exclude=source)
    if asked.choices.optional and not targets:
        return []  # "you may": declined, and recorded as the command's choice
    if not targets:
        allies = sorted(
            u.id for u in engine.state.living_units()
            if isinstance(u, SorceryUnit) and u.location and view.in_scope(scope, u, parse_loc(u.location))
        )
        if allies:  # a minion must be chosen when there is one; with none, nothing happens
            raise BadInput(f"{asked.card_name}'s Genesis needs one allied minion: one of {', '.join(allies)}", field)
        return []
    if len(targets) != 1:
        raise BadInput(f"{asked.card_name}'s Genesis needs one allied minion", field)
    unit = engine.known_unit(targets[0], field, living=True)
    if not view.in_scope(scope, unit, parse_loc(unit.location or "")):
        raise asked.refuse(f"{unit.id} is not another allied minion nearby {source}")
    return [unit.id]


#: the check of each kind of Genesis choices (a ``PlayTarget`` is checked by ``play_site``)
CHECKS: dict[type[Choices], Callable[[Asked], list[str]]] = {
    NoChoice: _no_choice,
    AdjacentEnemyStep: _adjacent_enemy_step,
    OwnStep: _own_step,
    UnitInBodyOfWater: _unit_in_body_of_water,
    MinionHere: _minion_here,
    Side: _side,
    NearbyAlliedMinion: _nearby_allied_minion,
    AdjacentUnit: _adjacent_unit,
}


def check_play_target(engine: Reader, ability: Ability, card_name: str, square: int, target: int | None, given: str | None) -> None:
    """Bog: its Genesis needs a target nearby site (``play_site``'s ``target``)."""
    choices = ability.when.choices if isinstance(ability.when, Genesis) else None
    if not isinstance(choices, PlayTarget) or not choices.required:
        return
    if target is None:
        raise BadInput(f"{card_name}'s Genesis needs a target nearby site", "target")
    if target not in nearby(square, *engine.view().wrap) or (target != square and engine.view().site_at(target) is None):
        raise BadInput(f"target {given} is not a nearby site", "target")
