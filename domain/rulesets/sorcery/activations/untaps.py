"""Untapping a target (codex: Untap): Queen Guinevere's allied minion anywhere; Cranky Overseer's
adjacent Ordinary minion and Lash's nearby minion (spells/distance.py) after 1 damage. An
untapped unit may act, Defend and Intercept again; one that skips its next untap (Waveshaper)
stays tapped and the skip is used."""

from __future__ import annotations

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source
from domain.rulesets.sorcery.catalog import card
from domain.rulesets.sorcery.engine.combat import DAMAGE
from domain.rulesets.sorcery.engine.flood import skips_untap
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationResolved, UnitUntapped
from domain.rulesets.sorcery.events_combat import DamageTaken
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.state import ActivationItem, SorceryUnit


class UntappingAnAlly(Activated):
    """Targets: the allied minion."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        self.count(targets, (1,), f"{source.card} needs the allied minion it untaps")
        unit = engine.known_unit(targets[0], "targets", living=True)
        if unit.owner != player or unit.kind != "minion" or unit.location is None:
            raise IllegalCommand(self.rule(source, ability), f"{unit.id} is not an allied minion in the realm")
        return Plan(after=[ActivationItem(source=source.id, then="untap", unit=unit.id, player=player)])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        return [
            [u.id] for u in sorted(engine.state.living_units(), key=lambda u: u.id)
            if isinstance(u, SorceryUnit) and u.owner == player and u.kind == "minion" and u.location is not None and u.tapped
        ]


def untap(engine: Primitives, item: ActivationItem) -> None:
    unit = engine.state.units[item.unit]
    if not unit.alive or not unit.tapped:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} is {'untapped already' if unit.alive else 'no longer in the realm'}")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"untaps {unit.id}")
    if not skips_untap(engine, unit.id, engine.cause or ""):
        engine.emit(UnitUntapped, unit=unit.id, reason=f"{engine.name_of(item.source)}: untap target allied minion")


class HurtingToUntap(Activated):
    """Cranky Overseer: targets the adjacent Ordinary minion."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        self.count(targets, (1,), f"{source.card} needs the adjacent Ordinary minion")
        unit = engine.known_unit(targets[0], "targets", living=True)
        here, there = parse_loc(source.location), parse_loc(unit.location or "")
        adjacent = there.region is here.region and there.square in engine.view().orthogonal(here.square)
        if unit.kind != "minion" or card(unit.card).rarity != "Ordinary" or not adjacent:
            raise IllegalCommand(self.rule(source, ability), f"{unit.id} is not an adjacent Ordinary minion")
        return Plan(after=[ActivationItem(source=source.id, then="hurt_untap", unit=unit.id, amount=self.spec.amount, player=player)])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        here = parse_loc(source.location)
        near = set(engine.view().orthogonal(here.square))
        return [
            [u.id] for u in sorted(engine.state.living_units(), key=lambda u: u.id)
            if u.kind == "minion" and u.location and parse_loc(u.location).region is here.region
            and parse_loc(u.location).square in near and card(u.card).rarity == "Ordinary"
        ]


def hurt_untap(engine: Primitives, item: ActivationItem) -> None:
    """Lash, Cranky Overseer: the damage, then (if it lives) the untap."""
    unit = engine.state.units[item.unit]
    if not unit.alive:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} is no longer in the realm")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} takes {item.amount} damage and untaps")
    event = engine.emit(DamageTaken, unit=unit.id, amount=item.amount, total=unit.damage + item.amount, source=item.source)
    engine.took_damage(unit.id, item.amount, event.event_id)
    if unit.kind == "minion" and engine.state.units[unit.id].damage >= unit.defence:
        engine.kill(unit.id, DAMAGE, event.event_id)
        return
    if engine.state.units[unit.id].tapped and not skips_untap(engine, unit.id, event.event_id):
        engine.emit(UnitUntapped, unit=unit.id, reason=f"{engine.name_of(item.source)}: untapped")


class TappingANearbyEnemy(Activated):
    """Sir Tristan: targets the nearby enemy minion (codex: Nearby, in his region); it taps, and
    an effect keeps it tapped the next time it would untap (as Waveshaper's)."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        self.count(targets, (1,), f"{source.card} needs the nearby enemy minion")
        unit = engine.known_unit(targets[0], "targets", living=True)
        here, there = parse_loc(source.location), parse_loc(unit.location or "")
        if unit.owner == player or unit.kind != "minion" or there.region is not here.region or there.square not in engine.view().nearby(here.square):
            raise IllegalCommand(self.rule(source, ability), f"{unit.id} is not an enemy minion nearby {source.id}")
        label = f"{source.card}: {unit.id} doesn't untap the next time it would"
        return Plan(effects=[({"kind": "stays_tapped", "unit": unit.id}, "until_untap", label)], taps=[] if unit.tapped else [unit.id])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        here = parse_loc(source.location)
        near = set(engine.view().nearby(here.square))
        return [
            [u.id] for u in sorted(engine.state.living_units(), key=lambda u: u.id)
            if u.owner != player and u.kind == "minion" and u.location and parse_loc(u.location).region is here.region
            and parse_loc(u.location).square in near
        ]
