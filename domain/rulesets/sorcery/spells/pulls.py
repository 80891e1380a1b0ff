"""Spells that bring units in or up to a site (codex: Forced Movement). Riptide: "Target water
site pulls in an aboveground unit it's adjacent to" (Adjacent, Atop): a unit on the surface of a
site orthogonally next to the water site is pulled one step onto its surface, a forced pull
judged as it comes (what bars entering bars it); "Draw a card" stays listed (hands are not
simulated). Exhume: everything below a land site unburrows."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.activations.projectiles import DRAG
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.spells.plan import Casting, Move, SpellPlan, Targets


class AWaterSitePullingIn(Targets):
    """Targets: the water site's square, then the unit."""

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        targets, field = casting.targets, casting.field
        if len(targets) != 2:
            raise BadInput(f"{casting.name} needs the water site, then the aboveground unit adjacent to it", field)
        why = rule(casting.name, casting.spell.covers[0])
        site = parse_loc(engine.location(targets[0], field)).square
        view = engine.view()
        if view.site_at(site) is None or not view.is_water(site):
            raise IllegalCommand(why, f"{engine.label(str(site))} is not a water site")
        unit = engine.known_unit(targets[1], field, living=True)
        there = parse_loc(unit.location or "")
        if there.region is not Region.SURFACE or view.site_at(there.square) is None or there.square not in view.orthogonal(site):
            raise IllegalCommand(why, f"{unit.id} is not aboveground and adjacent to {engine.label(str(site))}")
        to = Loc(site, Region.SURFACE).text
        return SpellPlan(casting, cast=True, spell_id=casting.spell_id(engine), moves=[Move(unit.id, [to], f"forced:{DRAG}", [FORCED_KINDS[DRAG]])])


class EverythingUnburrowed(Targets):
    """Exhume: the land site's square; every unit and artifact below it is raised to its surface
    (a forced unburrow each, units in id order: codex: Unburrow, Forced Movement)."""

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        targets, field = casting.targets, casting.field
        if len(targets) != 1:
            raise BadInput(f"{casting.name} needs the land site", field)
        site = parse_loc(engine.location(targets[0], field)).square
        view = engine.view()
        if view.site_at(site) is None or view.is_water(site):
            raise IllegalCommand(rule(casting.name, casting.spell.covers[0]), f"{engine.label(str(site))} is not a land site")
        below = Loc(site, Region.UNDERGROUND).text
        up = Loc(site, Region.SURFACE).text
        units = sorted(u.id for u in engine.state.living_units() if u.location == below)
        artifacts = sorted(f.id for f in engine.state.features.values() if f.kind == "artifact" and f.bearer is None and f.location == below)
        return SpellPlan(
            casting, cast=True, spell_id=casting.spell_id(engine), moves=[Move.forced(u, up, "raise") for u in units],
            artifacts=[(a, up) for a in artifacts],
        )
