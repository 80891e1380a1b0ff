"""Spells that start effects (grants, conditions, floods, as-if-adjacent links) rather than move
units: each kind of target fills the spell's templates (``$targets``, ``$target``,
``$caster_unit``...), and the units a spell ``affects`` are fixed as it is cast (Frost Nova: the
enemies nearby then, not whoever comes near later). They may be in effect from the set-up."""

from __future__ import annotations

from typing import Any

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.abilities import fill
from domain.rulesets.sorcery.catalog import slug
from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.distance import within
from domain.rulesets.sorcery.spells.flood import saved_minions, sites_by_water
from domain.rulesets.sorcery.spells.plan import Casting, Effect, SpellPlan, Targets
from domain.rulesets.sorcery.state import SorceryUnit


class EffectSpell(Targets):
    """A spell that starts its effects for their duration; ``count`` targets are named (-1: as
    many as the player names). Then, Wrath of the Sea and The Flood submerge what is on water."""

    moves_units = False
    count = 1

    def targets_needed(self, casting: Casting) -> int:
        return self.count

    def values(self, engine: Reader, casting: Casting) -> tuple[dict[str, Any], str]:
        """What the targets fill the spell's templates with, and how they are shown."""
        return {}, ""

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        spell, caster, targets = casting.spell, casting.caster, casting.targets
        count = self.targets_needed(casting)
        if count >= 0 and len(targets) != count:
            raise BadInput(f"{casting.name} needs {count} target(s), got {len(targets)}", casting.field)
        values, shown = self.values(engine, casting)
        values["caster"] = caster
        if spell.affects is not None:  # the units the spell affects, fixed as it is cast
            scope = Scope.model_validate(fill(spell.affects, values))
            view = engine.view()
            values["affected"] = sorted(
                u.id for u in engine.state.living_units()
                if isinstance(u, SorceryUnit) and u.location and view.in_scope(scope, u, parse_loc(u.location))
            )
            shown = ", ".join(values["affected"]) or "no unit"
        source = f"{slug(casting.name)}-{engine.state.counters.get('effect', 0) + 1}"
        label = f"{casting.name}: " + spell.label.format(targets=shown, target=shown, caster=caster)
        effects = [Effect(source, fill(template, values), spell.duration, label) for template in (spell.effect, *spell.also)]
        spared = set(values.get("saved", ())) if spell.then == "submerge_on_water" else None
        return SpellPlan(casting, effects=effects, submerge_sparing=spared)


class ChosenSites(EffectSpell):
    """Waypoint Portal, Minecart Madness, Marine Voyage, Geyser: different sites."""

    def targets_needed(self, casting: Casting) -> int:
        count: int = self.target.count
        return count

    def values(self, engine: Reader, casting: Casting) -> tuple[dict[str, Any], str]:
        squares = [int(engine.location(t, casting.field).split("/")[0]) for t in casting.targets]
        for sq in squares:
            if engine.view().site_at(sq) is None:
                raise BadInput(f"square {sq} has no site to choose", casting.field)
        if len(set(squares)) != len(squares):
            raise BadInput(f"{casting.name} needs different sites", casting.field)
        return {"targets": squares, "target_square": squares[0]}, " and ".join(engine.label(str(s)) for s in squares)


class AnAllyTargeted(EffectSpell):
    """Mad Dash, Charge, Blaze (an ally); Fade, Power of Flight (an allied minion)."""

    def values(self, engine: Reader, casting: Casting) -> tuple[dict[str, Any], str]:
        target = engine.known_unit(casting.targets[0], casting.field)
        if target.owner != casting.caster or (self.target.minion and target.kind != "minion"):
            raise BadInput(f"{casting.name} targets an {'allied minion' if self.target.minion else 'ally'}", casting.field)
        return {"target": target.id}, target.id


class TheCastingUnit(EffectSpell):
    """Frost Nova, Psionic Blast: the unit casting it, whose "nearby" and "here" they mean."""

    def values(self, engine: Reader, casting: Casting) -> tuple[dict[str, Any], str]:
        unit = engine.spellcaster(casting.data, casting.caster, casting.targets[0], casting.field).id
        return {"caster_unit": unit}, unit


class AnAlliedSpellcaster(EffectSpell):
    """Dream-Quest: an Avatar or a Spellcaster minion of the caster's."""

    def values(self, engine: Reader, casting: Casting) -> tuple[dict[str, Any], str]:
        unit = engine.spellcaster(casting.data, casting.caster, casting.targets[0], casting.field).id
        return {"target": unit}, unit


class AMinionTwoStepsAway(EffectSpell):
    """Sleep: the casting unit, then a minion up to two steps away from it in its region."""

    count = 2

    def values(self, engine: Reader, casting: Casting) -> tuple[dict[str, Any], str]:
        by = engine.spellcaster(casting.data, casting.caster, casting.targets[0], casting.field)
        target = engine.known_unit(casting.targets[1], casting.field, living=True)
        if target.kind != "minion" or not within(engine.view(), parse_loc(by.location or ""), parse_loc(target.location or ""), 2):
            raise IllegalCommand(
                rule(casting.name, casting.spell.covers[0]),
                f"{target.id} is not a minion up to two steps away from {by.id} in its region (digest 1.4)",
            )
        return {"target": target.id}, target.id


class MinionsSaved(EffectSpell):
    """The Flood: one minion of each type, the caster's choice, saved from its submerging."""

    count = -1

    def values(self, engine: Reader, casting: Casting) -> tuple[dict[str, Any], str]:
        saved = saved_minions(engine, casting.name, casting.spell.covers[-1], casting.targets, casting.field)
        return {"saved": saved}, ", ".join(saved) or "none"


class SitesAdjacentToWater(EffectSpell):
    """Wrath of the Sea: the sites adjacent to a body of water, fixed as it is cast."""

    count = 0

    def values(self, engine: Reader, casting: Casting) -> tuple[dict[str, Any], str]:
        squares = sites_by_water(engine.view())
        return {"flood_squares": squares}, ", ".join(engine.label(str(sq)) for sq in squares) or "none"


class Untargeted(EffectSpell):
    """Onslaught, Vanishment: no target."""

    count = 0
