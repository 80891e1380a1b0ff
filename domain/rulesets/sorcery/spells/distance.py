"""Minor Explosion (codex: Step: "up to X steps away" is a distance from the caster, in its
region, not movement): the casting unit, then the location; each unit there takes the damage as
the spell resolves (activations/at_distance.py ``damage_at``)."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.distance import within
from domain.rulesets.sorcery.spells.plan import Casting, SpellPlan, Targets
from domain.rulesets.sorcery.state import ActivationItem


class DamageAtALocationUpToSteps(Targets):
    """The casting unit (its Avatar or a Spellcaster), then a location up to ``reach`` steps away."""

    moves_units = False

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        targets, field = casting.targets, casting.field
        if len(targets) != 2:
            raise BadInput(f"{casting.name} needs the casting unit, then a location up to {self.target.reach} steps away", field)
        by = engine.spellcaster(casting.data, casting.caster, targets[0], field)
        where = engine.location(targets[1], field)
        if not within(engine.view(), parse_loc(by.location or ""), parse_loc(where), self.target.reach):
            raise IllegalCommand(
                rule(casting.name, casting.spell.covers[0]),
                f"{engine.label(where)} is not up to {self.target.reach} steps away from {by.id} in its region (codex: Step)",
            )
        spell_id = casting.spell_id(engine)
        item = ActivationItem(source=spell_id, then="damage_at", unit=by.id, to=where, amount=self.target.amount, feature="each")
        return SpellPlan(casting, cast=True, spell_id=spell_id, after=[item])
