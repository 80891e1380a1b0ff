"""Sorcery's triggered abilities: when each one matches, and what it does when it resolves.

Only the aggregate's engine calls this module. The lookahead never does: range of motion
ignores every triggered ability (codex: Range of Motion).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from domain.errors import BadInput
from domain.movement import shortest_path
from domain.resolution import Resolver
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.combat import kill
from domain.rulesets.sorcery.events import FeatureRemoved
from domain.rulesets.sorcery.events_combat import DamageTaken, FightQueued
from domain.rulesets.sorcery.realm import nearby, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import FightItem
from domain.state import TriggerParam, TriggerState

if TYPE_CHECKING:
    from domain.rulesets.sorcery.engine import SorceryCommands as SorceryEngine


def queue(
    resolver: Resolver, ability: Ability, source: str, controller: str | None,
    subject: str | None, params: dict[str, TriggerParam], cause: str,
) -> None:
    resolver.queue_trigger(ability.trigger or ability.name, ability.name, source, controller, subject, params, cause)


def _source_card(engine: SorceryEngine, source: str) -> str:
    thing = engine.state.units.get(source) or engine.state.features.get(source)
    return thing.card if thing is not None else source


def _sources(engine: SorceryEngine) -> list[tuple[str, str | None, Ability, str]]:
    """Every card in the realm with a triggered ability: (id, controller, ability, location)."""
    found: list[tuple[str, str | None, Ability, str]] = []
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        for ability in abilities_of(unit.card):
            if ability.timing == "triggered" and unit.location is not None:
                found.append((unit.id, unit.owner, ability, unit.location))
    lost = engine.view().suppressed_sites  # sites that lost their abilities trigger nothing
    for feature in sorted(engine.state.features.values(), key=lambda f: f.id):
        if feature.id in lost:
            continue
        for ability in abilities_of(feature.card):
            if ability.timing == "triggered" and feature.location is not None and ability.trigger != "wall_damage":
                found.append((feature.id, feature.controller, ability, feature.location))
    return found


def on_entry(engine: SorceryEngine, unit_id: str, frm: str, to: str, cause: str) -> None:
    """Queue what triggers when ``unit_id`` has just moved from ``frm`` to ``to``."""
    entered_site = frm.split("/")[0] != to.split("/")[0]
    if not entered_site:
        return  # surface <-> subsurface of one site enters no site (digest 2.3)
    view = engine.view()
    square = parse_loc(to).square
    unit = engine.state.units[unit_id]
    for source, controller, ability, where in _sources(engine):
        matched = False
        if ability.trigger == "kill_on_entry":
            matched = (
                int(where.split("/")[0]) == square
                and unit.kind == "minion"
                and "Airborne" not in view.keywords(unit_id)
            )
        elif ability.trigger == "mariners_curse":
            feature = engine.state.features.get(source)
            matched = (
                unit.kind == "minion" and feature is not None and square in feature.area
                and view.is_water(square)
            )
        elif ability.trigger == "shark_hunt":
            matched = (
                source != unit_id
                and view.disabled(source, parse_loc(where)) is None
                and square in view.body_of_water(parse_loc(where).square)
            )
        elif ability.trigger == "cemetery_push_undead":  # Sold-out Cemetery (triggers_rest.py): Undead enter it
            matched = int(where.split("/")[0]) == square and "Undead" in view.subtypes(unit)
        elif ability.trigger == "follows_avatar":  # Cerberus in Chains (FAQ): its Avatar entered a new location
            matched = unit.kind == "avatar" and unit.owner == controller and source != unit_id
        if matched:
            queue(engine.resolver, ability, source, controller, unit_id, {}, cause)
    from domain.rulesets.sorcery import triggers_last

    triggers_last.on_entry(engine, unit_id, square, cause)  # Rest in Peace (issue 9)


def on_step(engine: SorceryEngine, unit_id: str, frm: str, to: str, kind: str, cause: str) -> None:
    """Queue what triggers when ``unit_id`` traverses a border with a wall atop it (Wall of
    Brambles: an enemy on the ground; Wall of Fire: any unit passing through)."""
    view = engine.view()
    start, end = parse_loc(frm), parse_loc(to)
    crossed = [set(b) for b in view.crossed_borders(start, end, kind)]
    if not crossed:
        return
    unit = engine.state.units[unit_id]
    for feature in sorted(engine.state.features.values(), key=lambda f: f.id):
        if feature.kind != "aura" or set(feature.area) not in crossed:
            continue
        for ability in abilities_of(feature.card):
            if ability.trigger != "wall_damage":
                continue
            if feature.card == "Wall of Brambles":
                if unit.owner == feature.controller or not view.on_the_ground(unit_id, start, end, kind):
                    continue
            queue(engine.resolver, ability, feature.id, feature.controller, unit_id, {}, cause)


def resolve(engine: SorceryEngine, trigger: TriggerState) -> None:
    RESOLVERS[trigger.ability](engine, trigger)


def _kill_on_entry(engine: SorceryEngine, trigger: TriggerState) -> None:
    subject = engine.state.units[trigger.subject or ""]
    site = engine.state.features[trigger.source]
    here = subject.alive and subject.location is not None and subject.location.split("/")[0] == site.location
    if not here:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer there")
        return
    engine.resolver.resolved(trigger, f"kills {subject.id}")
    kill(engine, subject.id, rule(site.card, "kills non-Airborne minions that enter it", "triggered"), trigger.id)


def _shark_hunt(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Moves by a fewest-steps path to the unit, then fights it (digest 2.8, gap 7)."""
    shark = engine.state.units[trigger.source]
    subject = engine.state.units[trigger.subject or ""]
    if not subject.alive or subject.location is None:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer in the realm")
        return
    path = shortest_path(engine.movement(), shark.id, shark.location or "", subject.location)
    if path is None:
        engine.resolver.resolved(trigger, f"no path to {subject.id}: no movement, no fight")
        return
    where = engine.label(subject.location)
    outcome = f"moves to {where} to fight {subject.id}" if len(path) > 1 else f"fights {subject.id} at {where}"
    engine.resolver.resolved(trigger, outcome)
    if len(path) > 1:
        engine.declare_path(shark.id, path, f"trigger {trigger.id}", None, cause=trigger.id)
    fight = FightItem(
        fight_id=engine.state.next_id("f", "fight"), sides=[[shark.id], [subject.id]],
        requires=[shark.id, subject.id], cause=trigger.id,
    )
    engine.emit(FightQueued, cause=trigger.id, fight=fight, position=len(path) - 1)


def _square(trigger: TriggerState, name: str) -> int:
    """A square the matched event named; a Genesis queued without it is a log from no version
    of this ruleset, so it is refused rather than guessed."""
    value = trigger.params.get(name)
    if value is None or isinstance(value, bool):
        raise BadInput(f"trigger {trigger.id} ({trigger.label}) carries no {name}", f"params.{name}")
    return int(value)


def _genesis_immobile(engine: SorceryEngine, trigger: TriggerState, any_level: bool) -> None:
    square = _square(trigger, "square")
    if any_level:
        squares = [s for s in nearby(square, *engine.view().wrap) if engine.view().site_at(s) is not None]
        label = f"units occupying sites near {engine.label(str(square))} are Immobile until {trigger.controller}'s next turn"
    else:
        squares = [_square(trigger, "target")]
        label = f"units atop {engine.label(str(squares[0]))} are Immobile until {trigger.controller}'s next turn"
    engine.resolver.resolved(trigger, label)
    card_name = _source_card(engine, trigger.source)
    engine.start_effect(
        trigger.source, trigger.controller,
        {"kind": "immobile_atop", "squares": squares, "any_level": any_level},
        "until_next_turn", f"{card_name}: {label}", cause=trigger.id,
    )


def _mariners_curse(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Submerge the minion (forced: it needs no Submerge, and dies underwater without it), then
    the Curse returns to its owner's hand (digest 5, gap 13: an Iceberg bars the submerging)."""
    curse = engine.state.features[trigger.source]
    subject = engine.state.units[trigger.subject or ""]
    here = subject.location or ""
    if not subject.alive or not here or parse_loc(here).region.value != "surface" or int(here.split("/")[0]) not in curse.area:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer atop an affected site")
        return
    engine.resolver.resolved(trigger, f"submerges {subject.id}, then returns to its owner's hand")
    engine.emit(FeatureRemoved, cause=trigger.id, feature=curse.id, reason="Mariner's Curse returns to its owner's hand")
    below = f"{here}/underwater"
    engine.declare_path(subject.id, [here, below], "forced:submerge", None, cause=trigger.id)


WALL_DAMAGE = {"Wall of Brambles": 2, "Wall of Fire": 3}


def _wall_damage(engine: SorceryEngine, trigger: TriggerState) -> None:
    wall = engine.state.features[trigger.source]
    subject = engine.state.units[trigger.subject or ""]
    if not subject.alive:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer in the realm")
        return
    amount = WALL_DAMAGE[wall.card]
    engine.resolver.resolved(trigger, f"{subject.id} takes {amount} damage")
    engine.emit(DamageTaken, cause=trigger.id, unit=subject.id, amount=amount, total=subject.damage + amount, source=wall.id)
    engine.took_damage(subject.id, amount, trigger.id)
    if subject.kind == "minion" and engine.state.units[subject.id].damage >= subject.defence:
        kill(engine, subject.id, rule(wall.card, f"{amount} damage to a unit traversing it", "triggered"), trigger.id)


def _genesis_condition(engine: SorceryEngine, trigger: TriggerState, condition: str) -> None:
    """Babbling Brook, Silent Hills: until the controller's next turn, minions atop nearby sites
    are disabled / silenced (an ongoing effect a trigger made: the lookahead applies it)."""
    square = _square(trigger, "square")
    squares = [s for s in nearby(square, *engine.view().wrap) if engine.view().site_at(s) is not None]
    label = f"minions atop sites near {engine.label(str(square))} are {condition} until {trigger.controller}'s next turn"
    engine.resolver.resolved(trigger, label)
    engine.start_effect(
        trigger.source, trigger.controller,
        {"kind": "condition", "condition": condition, "squares": squares, "minions_only": True},
        "until_next_turn", f"{_source_card(engine, trigger.source)}: {label}", cause=trigger.id,
    )
    engine.settle(trigger.id)


RESOLVERS: dict[str, Callable[[SorceryEngine, TriggerState], None]] = {
    "genesis_disabled_nearby": lambda engine, trigger: _genesis_condition(engine, trigger, "disabled"),
    "genesis_silenced_nearby": lambda engine, trigger: _genesis_condition(engine, trigger, "silenced"),
    "wall_damage": _wall_damage,
    "mariners_curse": _mariners_curse,
    "kill_on_entry": _kill_on_entry,
    "shark_hunt": _shark_hunt,
    "genesis_immobile_atop": lambda engine, trigger: _genesis_immobile(engine, trigger, False),
    "genesis_immobile_nearby": lambda engine, trigger: _genesis_immobile(engine, trigger, True),
}

from domain.rulesets.sorcery.triggers_turnly import TURN_RESOLVERS  # noqa: E402  # the start and end of a turn (issue 9)

RESOLVERS.update(TURN_RESOLVERS)
from domain.rulesets.sorcery.triggers_things import RESOLVERS as THINGS_RESOLVERS  # noqa: E402  # issue 9: abilities_things.py

RESOLVERS.update(THINGS_RESOLVERS)

from domain.rulesets.sorcery.react import RESOLVERS as REACT_RESOLVERS  # noqa: E402  # attacks and spells (issue 9)

RESOLVERS.update(REACT_RESOLVERS)
from domain.rulesets.sorcery.triggers_rest import RESOLVERS as REST_RESOLVERS  # noqa: E402  # issue 9: abilities_rest.py

RESOLVERS.update(REST_RESOLVERS)
from domain.rulesets.sorcery.triggers_last import RESOLVERS as LAST_RESOLVERS  # noqa: E402  # issue 9: abilities_last.py

RESOLVERS.update(LAST_RESOLVERS)
