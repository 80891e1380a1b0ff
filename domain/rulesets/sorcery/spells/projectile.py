"""Grapple Shot (codex: Storyline, "Splitting Events on the Storyline"; Projectile): an ally
shoots a projectile; if it hits a unit, the ally is dragged along the projectile's path to that
location, one step event at a time, so that what each step triggers resolves before the next."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.activations.projectiles import DRAG, aimed, damage_items, drag_path
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events_projectiles import ProjectileShot
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import DIRECTIONS
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.spells.plan import Casting, Move, SpellPlan, Targets
from domain.rulesets.sorcery.state import ActivationItem


class AnAllyShootsAndIsDragged(Targets):
    """Targets: the ally, a cardinal direction, then the unit hit when it may hit several."""

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        targets, field = casting.targets, casting.field
        if len(targets) not in (2, 3):
            raise BadInput(f"{casting.name} needs the ally who shoots, a direction ({', '.join(DIRECTIONS)}), then the unit hit if it may hit several", field)
        why = rule(casting.name, casting.spell.covers[0])
        ally = engine.known_unit(targets[0], field, living=True)
        if ally.owner != casting.caster:
            raise IllegalCommand(why, f"{ally.id} is not an ally of {casting.caster}")
        flight, hit, fields = aimed(engine, ally.id, targets[1], targets[2] if len(targets) == 3 else None, why, casting.name)
        plan = SpellPlan(casting, cast=True, spell_id=casting.spell_id(engine), said=[(ProjectileShot, fields)])
        if hit is None:
            return plan
        path = drag_path(flight, toward_shooter=False)
        if len(path) > 1:
            plan.moves.append(Move(ally.id, path[1:], f"forced:{DRAG}", [FORCED_KINDS[DRAG]] * (len(path) - 1)))
        plan.after.append(ActivationItem(source=plan.spell_id, then="dragged", unit=ally.id, to=path[-1], player=casting.caster))
        return plan


class ShootingProjectiles(Targets):
    """Fireball, Firebolts, Magic Missiles, Heat Ray, Ghostfire: the casting unit (its Avatar or
    a Spellcaster), a direction, then the units to hit where a projectile may hit several."""

    moves_units = False

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        targets, field = casting.targets, casting.field
        if len(targets) < 2:
            raise BadInput(f"{casting.name} needs the casting unit, a direction ({', '.join(DIRECTIONS)}), then the units hit where it may hit several", field)
        by = engine.spellcaster(casting.data, casting.caster, targets[0], field)
        spell_id = casting.spell_id(engine)
        items = damage_items(spell_id, casting.name, by.id, targets[1], targets[2:], self.target.count, casting.caster)
        return SpellPlan(casting, cast=True, spell_id=spell_id, after=items)
