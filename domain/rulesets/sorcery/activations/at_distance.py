"""Damage "up to X steps away" (codex: Step: a distance, counted in the source's region, not a
movement: rules/distance.py): Payload Trebuchet and Siege Ballista ("Tap bearer and another ally
here"), Midland Army; Minor Explosion's damage (spells/distance.py) resolves here too. The damage
is dealt to every unit at the location at once, as the item resolves; a minion whose damage
reaches its defence dies (codex: Damage)."""

from __future__ import annotations

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source, granted_rule
from domain.rulesets.sorcery.cards import SPELLS
from domain.rulesets.sorcery.cards.at_distance import KillAtLocationUpToSteps
from domain.rulesets.sorcery.engine.combat import DAMAGE
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationResolved
from domain.rulesets.sorcery.events_combat import DamageTaken
from domain.rulesets.sorcery.realm import Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.distance import within
from domain.rulesets.sorcery.state import ActivationItem, SorceryUnit

#: what Payload Trebuchet's discard is, since hands are not simulated (its gap says so)
DISCARD = "the card named is taken as the discarded card (hands are not simulated)"


def units_at(engine: Reader, location: str) -> list[SorceryUnit]:
    """The living units at one location, by id."""
    return [u for u in sorted(engine.state.living_units(), key=lambda u: u.id) if isinstance(u, SorceryUnit) and u.location == location]


class DamagingUpToSteps(Activated):
    """Targets: another ally here (``crew``), the discarded card's name (no ``amount``), then the
    location (``each_at_location``) or the unit."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        spec = self.spec
        wanted = ["another ally here"] * spec.crew + ["the discarded card"] * (spec.amount is None)
        wanted.append("a location" if spec.each_at_location else "a unit")
        self.count(targets, (len(wanted),), f"{source.card} needs {', then '.join(wanted)}")
        rest = list(targets)
        taps: list[str] = []
        if spec.crew:
            crew = engine.known_unit(rest.pop(0), "targets", living=True)
            if crew.id == source.id or crew.owner != player or crew.location != source.location or crew.tapped:
                raise IllegalCommand(granted_rule(source, ability), f"{crew.id} is not another untapped ally here ({engine.label(source.location)})")
            taps.append(crew.id)
        amount = spec.amount if spec.amount is not None else engine.lookup_card(rest.pop(0), "targets").cost
        if spec.each_at_location:
            where, hit = engine.location(rest[0], "targets"), None
        else:
            unit = engine.known_unit(rest[0], "targets", living=True)
            where, hit = unit.location or "", unit.id
        if not within(engine.view(), parse_loc(source.location), parse_loc(where), spec.reach):
            raise IllegalCommand(granted_rule(source, ability), f"{engine.label(where)} is not up to {spec.reach} steps away from {source.id} in its region (codex: Step)")
        item = ActivationItem(source=source.id, then="damage_at", unit=hit or source.id, to=where, amount=amount, feature=None if hit else "each")
        return Plan(after=[item], taps=taps)

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        """Occupied locations (or units) in reach, after each possible crew; Payload Trebuchet's
        discarded card is the player's to name, so its targets are not listed."""
        spec = self.spec
        if spec.amount is None:
            return []
        view, here = engine.view(), parse_loc(source.location)
        units = [u for u in sorted(engine.state.living_units(), key=lambda u: u.id) if u.location and within(view, here, parse_loc(u.location), spec.reach)]
        aims = sorted({u.location or "" for u in units}) if spec.each_at_location else [u.id for u in units]
        crews: list[list[str]] = [[]]
        if spec.crew:
            crews = [[u.id] for u in units_at(engine, source.location) if u.id != source.id and u.owner == player and not u.tapped]
        return [[*crew, aim] for crew in crews for aim in aims]


def damage_at(engine: Primitives, item: ActivationItem) -> None:
    """Each unit at the location (``feature`` "each") or the one unit there takes the damage."""
    every = item.feature == "each"
    hit = units_at(engine, item.to or "") if every else [u for u in units_at(engine, item.to or "") if u.id == item.unit]
    if not hit:
        engine.emit(ActivationResolved, source=item.source, outcome=f"no unit {'at' if every else 'left at'} {engine.label(item.to or '')} takes damage")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"{', '.join(u.id for u in hit)} at {engine.label(item.to or '')} take {item.amount} damage")
    deal_at_once(engine, [(unit.id, item.amount) for unit in hit], item.source)


def deal_at_once(engine: Primitives, dealt: list[tuple[str, int]], source: str) -> None:
    """Damage dealt to several units at once: each takes its share, then each minion whose
    damage reaches its defence dies (codex: Damage), after all of it is dealt."""
    causes: dict[str, str] = {}
    for unit_id, amount in dealt:
        event = engine.emit(DamageTaken, unit=unit_id, amount=amount, total=engine.state.units[unit_id].damage + amount, source=source)
        engine.took_damage(unit_id, amount, event.event_id)
        causes[unit_id] = event.event_id
    for unit_id, cause in causes.items():
        hurt = engine.state.units[unit_id]
        if hurt.kind == "minion" and hurt.alive and hurt.damage >= hurt.defence:
            engine.kill(unit_id, DAMAGE, cause)


def kill_at(engine: Primitives, item: ActivationItem) -> None:
    """Mortality, Boil: the minions at the location as the spell resolves (of its subtypes; Boil:
    at either level of the water site) die at once."""
    spell = SPELLS[item.card or ""].target
    assert isinstance(spell, KillAtLocationUpToSteps)
    at = parse_loc(item.to or "")
    view = engine.view()
    dying = [
        u for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if isinstance(u, SorceryUnit) and u.kind == "minion" and u.location
        and (parse_loc(u.location) == at or (spell.water_site and parse_loc(u.location).square == at.square and parse_loc(u.location).region is not Region.VOID))
        and (not spell.subtypes or set(spell.subtypes) & set(view.subtypes(u)))
    ]
    engine.emit(ActivationResolved, source=item.source, outcome=f"{', '.join(u.id for u in dying) or 'no minion'} at {engine.label(item.to or '')} {'die' if dying else 'dies'}")
    why = rule(item.card or "", SPELLS[item.card or ""].covers[0])
    for unit in dying:
        engine.kill(unit.id, why, engine.cause or "")
