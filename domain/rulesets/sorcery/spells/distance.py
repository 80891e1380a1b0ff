"""Spells on a location "up to X steps away" (codex: Step: a distance from the caster, in its
region, not movement): Minor Explosion's damage to each unit there, Mortality's and Boil's
deaths; each resolves after the spell is cast (activations/at_distance.py)."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.distance import within
from domain.rulesets.sorcery.spells.plan import Casting, SpellPlan, Targets
from domain.rulesets.sorcery.state import ActivationItem


def in_reach(engine: Reader, casting: Casting, reach: int) -> tuple[str, str]:
    """The casting unit (its Avatar or a Spellcaster) and the location named, up to ``reach``
    steps away from it; anything else is refused naming the rule."""
    targets, field = casting.targets, casting.field
    if len(targets) != 2:
        raise BadInput(f"{casting.name} needs the casting unit, then a location up to {reach} steps away", field)
    by = engine.spellcaster(casting.data, casting.caster, targets[0], field)
    where = engine.location(targets[1], field)
    if not within(engine.view(), parse_loc(by.location or ""), parse_loc(where), reach):
        raise IllegalCommand(
            rule(casting.name, casting.spell.covers[0]), f"{engine.label(where)} is not up to {reach} steps away from {by.id} in its region (codex: Step)",
        )
    return by.id, where


class DamageAtALocationUpToSteps(Targets):
    """Minor Explosion: the casting unit, then a location up to ``reach`` steps away."""

    moves_units = False

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        by, where = in_reach(engine, casting, self.target.reach)
        spell_id = casting.spell_id(engine)
        item = ActivationItem(source=spell_id, then="damage_at", unit=by, to=where, amount=self.target.amount, feature="each")
        return SpellPlan(casting, cast=True, spell_id=spell_id, after=[item])


class ANearbyMinionHurtAndUntapped(Targets):
    """Lash: the casting unit, then a minion nearby it (codex: Nearby, in its region)."""

    moves_units = False

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        targets, field = casting.targets, casting.field
        if len(targets) != 2:
            raise BadInput(f"{casting.name} needs the casting unit, then a minion nearby it", field)
        by = engine.spellcaster(casting.data, casting.caster, targets[0], field)
        unit = engine.known_unit(targets[1], field, living=True)
        here, there = parse_loc(by.location or ""), parse_loc(unit.location or "")
        if unit.kind != "minion" or there.region is not here.region or there.square not in engine.view().nearby(here.square):
            raise IllegalCommand(rule(casting.name, casting.spell.covers[0]), f"{unit.id} is not a minion nearby {by.id}")
        spell_id = casting.spell_id(engine)
        item = ActivationItem(source=spell_id, then="hurt_untap", unit=unit.id, amount=self.target.amount)
        return SpellPlan(casting, cast=True, spell_id=spell_id, after=[item])


class KillingAtALocationUpToSteps(Targets):
    """Mortality, Boil: the casting unit, then the location (Boil: a water site)."""

    moves_units = False

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        by, where = in_reach(engine, casting, self.target.reach)
        if self.target.water_site and not engine.view().is_water(parse_loc(where).square):
            raise IllegalCommand(rule(casting.name, casting.spell.covers[0]), f"{engine.label(where)} is not a water site")
        spell_id = casting.spell_id(engine)
        item = ActivationItem(source=spell_id, then="kill_at", unit=by, to=where, card=casting.name)
        return SpellPlan(casting, cast=True, spell_id=spell_id, after=[item])
