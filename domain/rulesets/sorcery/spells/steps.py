"""Spells that make units take steps themselves ("takes a step", a lure): each path is the
unit's own movement, not basic movement (digest 2.1): its keywords apply, Immobile and Disabled
stop it as it resolves, Movement +X and Moves Freely don't. Each first step must be one of the
unit's step kinds; a blocked step is refused when it comes. Second Wind, Tactical Move, Leap
Attack, Whirling Blades, Led Astray, Lure."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.catalog import slug
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.movement import SorceryMovement
from domain.rulesets.sorcery.realm import nearby, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.spells.plan import Casting, Move, SpellPlan, Targets
from domain.rulesets.sorcery.state import SorceryUnit


class StepsSpell(Targets):
    """A spell whose units step themselves: ``paths`` names each unit and where it steps."""

    def paths(self, engine: Reader, casting: Casting) -> list[tuple[str, list[str]]]:
        raise NotImplementedError

    def living(self, engine: Reader, casting: Casting, unit_id: str) -> SorceryUnit:
        unit: SorceryUnit = engine.known_unit(unit_id, casting.field, living=True)
        return unit

    def refused(self, casting: Casting, detail: str) -> IllegalCommand:
        return IllegalCommand(rule(casting.name, casting.spell.covers[0]), detail)

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        paths = self.paths(engine, casting)
        model = SorceryMovement(engine.state, basic=False)
        for unit_id, path in paths:
            frm = engine.state.units[unit_id].location or ""
            if all(o.to != path[0] for o in model.step_options(unit_id, frm)):
                raise self.refused(
                    casting, f"{unit_id} can't step from {engine.label(frm)} to {engine.label(path[0])}: not one of its steps",
                )
        purpose = f"step:{slug(casting.name)}"
        return SpellPlan(casting, cast=True, spell_id=casting.spell_id(engine), moves=[Move(u, p, purpose) for u, p in paths])


class AnAlliedMinionSteps(StepsSpell):
    """Second Wind: an allied minion and where it steps."""

    def paths(self, engine: Reader, casting: Casting) -> list[tuple[str, list[str]]]:
        targets, field = casting.targets, casting.field
        if len(targets) != 2:
            raise BadInput(f"{casting.name} needs an allied minion and where it steps", field)
        unit = self.living(engine, casting, targets[0])
        if unit.owner != casting.caster or unit.kind != "minion":
            raise self.refused(casting, f"{unit.id} is not an allied minion")
        return [(unit.id, [engine.location(targets[1], field)])]


class EachAllySteps(StepsSpell):
    """Tactical Move: each ally named, then the locations it steps to (up to ``up_to``)."""

    def paths(self, engine: Reader, casting: Casting) -> list[tuple[str, list[str]]]:
        targets, field = casting.targets, casting.field
        paths: list[tuple[str, list[str]]] = []
        for target in targets:
            if target in engine.state.units:
                unit = self.living(engine, casting, target)
                if unit.owner != casting.caster:
                    raise self.refused(casting, f"{unit.id} is not an ally")
                if any(u == unit.id for u, _ in paths):
                    raise BadInput(f"{unit.id} is named twice", field)
                paths.append((unit.id, []))
            elif not paths:
                raise BadInput(f"{casting.name} needs each ally, then the locations it steps to", field)
            else:
                paths[-1][1].append(engine.location(target, field))
        for unit_id, path in paths:
            if len(path) > self.target.up_to:
                raise self.refused(casting, f"{unit_id} takes up to two steps, not {len(path)}")
        return [(u, p) for u, p in paths if p]


class AnAllyMayStep(StepsSpell):
    """Leap Attack (up to one step), Whirling Blades (up to two): the ally, then where it steps;
    naming no location is the choice not to step ("may")."""

    def paths(self, engine: Reader, casting: Casting) -> list[tuple[str, list[str]]]:
        targets, field, limit = casting.targets, casting.field, self.target.up_to
        if not targets:
            raise BadInput(f"{casting.name} needs the ally, then up to {limit} location(s) it steps to", field)
        unit = self.living(engine, casting, targets[0])
        if unit.owner != casting.caster:
            raise self.refused(casting, f"{unit.id} is not an ally")
        path = [engine.location(t, field) for t in targets[1:]]
        if len(path) > limit:
            raise self.refused(casting, f"{unit.id} takes up to {limit} step(s), not {len(path)}")
        return [(unit.id, path)] if path else []


class EnemiesStepTogether(StepsSpell):
    """Led Astray: a location, where they step, then the enemies there."""

    def paths(self, engine: Reader, casting: Casting) -> list[tuple[str, list[str]]]:
        targets, field = casting.targets, casting.field
        if len(targets) < 3:
            raise BadInput(f"{casting.name} needs a location, where they step, then the enemies", field)
        view = engine.view()
        there = parse_loc(engine.location(targets[0], field))
        to = parse_loc(engine.in_region(targets[1], there.text, field))
        if to.region is not there.region or to.square not in view.orthogonal(there.square):
            raise self.refused(casting, f"{engine.label(to.text)} is not another location adjacent to {engine.label(there.text)} (digest 1.4)")
        paths: list[tuple[str, list[str]]] = []
        for target in targets[2:]:
            unit = self.living(engine, casting, target)
            if unit.owner == casting.caster or unit.location != there.text:
                raise self.refused(casting, f"{unit.id} is not an enemy at {engine.label(there.text)}")
            paths.append((unit.id, [to.text]))
        return paths


class AnAllyLuresAnEnemy(StepsSpell):
    """Lure: the ally, the enemy minion at a site nearby it, and where it steps, closer."""

    def paths(self, engine: Reader, casting: Casting) -> list[tuple[str, list[str]]]:
        targets, field = casting.targets, casting.field
        if len(targets) != 3:
            raise BadInput(f"{casting.name} needs the ally, the enemy minion, and where it steps", field)
        ally, enemy = self.living(engine, casting, targets[0]), self.living(engine, casting, targets[1])
        if ally.owner != casting.caster:
            raise self.refused(casting, f"{ally.id} is not an ally")
        view = engine.view()
        at, there = parse_loc(ally.location or ""), parse_loc(enemy.location or "")
        if (
            enemy.owner == casting.caster or enemy.kind != "minion" or view.site_at(there.square) is None
            or there.square not in nearby(at.square, *view.wrap)
        ):
            raise self.refused(casting, f"{enemy.id} is not an enemy minion at a site nearby {ally.id}")
        step_to = engine.in_region(targets[2], there.text, field)
        if view.steps_apart(parse_loc(step_to).square, at.square) >= view.steps_apart(there.square, at.square):
            raise self.refused(casting, f"{engine.label(step_to)} is not closer to {ally.id} than {engine.label(there.text)}")
        return [(enemy.id, [step_to])]
