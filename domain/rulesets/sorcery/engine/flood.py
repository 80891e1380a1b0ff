"""Flooding: what follows when a site becomes a water site or stops being one.

Whether a site is water is worked out by the view from the effects in force (``Flooded``
specs: Flood, Geyser, Tide Naiads, Drought...; codex: Flooded, Water Site). This module keeps
the realm's facts in line with it: the subsurface of a water site is underwater and of a land
site underground (codex: Subsurface), so whatever is under a site whose kind changed is now in
the other region (``SubsurfaceChanged``), and a minion that can't survive there dies at once
(digest 1.6; codex: Underwater, Underground). Units on the surface stay; Waterbound, Landbound,
Submerge, Moves Freely and every water rule read the new kind from the view.

It runs after every event that can change a site's kind (an effect starting or ending, a card
leaving, a unit or artifact moving: Tide Naiads floods the site it is at), except during
set-up, where a unit is set up where it is in the final realm and refused if it can't be there.
"""

from __future__ import annotations

from domain.resolution import Resolver
from domain.rulesets.sorcery.effects import StaysTapped
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import EffectEnded, SubsurfaceChanged
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.view import RealmView

#: set on a resolver while it runs a set-up (no follow-up then: set-up checks placements itself)
SETTING_UP = "sorcery_setting_up"
SUBSURFACES = (Region.UNDERGROUND, Region.UNDERWATER)


def setting_up(resolver: Resolver) -> bool:
    return bool(getattr(resolver, SETTING_UP, False))


def mismatched(view: RealmView) -> dict[int, tuple[Region, list[str], list[str]]]:
    """Squares whose subsurface is named for the other kind of site, with the region it is now
    and the units and artifacts there."""
    state = view.state
    found: dict[int, tuple[Region, list[str], list[str]]] = {}

    def now(at: Loc) -> Region | None:
        if at.region not in SUBSURFACES or view.site_at(at.square) is None:
            return None
        region = Region.UNDERWATER if view.is_water(at.square) else Region.UNDERGROUND
        return region if region is not at.region else None

    # only what is below a site can be in the wrong subsurface: the rest is passed over before
    # sorting (a step asks this of every state; most units and cards are on the surface)
    below = [(u.id, at) for u in state.living_units() if (at := parse_loc(u.location or "")).region in SUBSURFACES]
    for unit_id, at in sorted(below, key=_first):
        region = now(at)
        if region is not None:
            found.setdefault(at.square, (region, [], []))[1].append(unit_id)
    lying = [
        (f.id, at) for f in state.features.values()
        if f.kind == "artifact" and f.bearer is None and f.location and (at := parse_loc(f.location)).region in SUBSURFACES
    ]
    for feature_id, at in sorted(lying, key=_first):
        region = now(at)
        if region is not None:
            found.setdefault(at.square, (region, [], []))[2].append(feature_id)
    return found


def _first(pair: tuple[str, Loc]) -> str:
    return pair[0]


def _why(view: RealmView, square: int, water: bool) -> str:
    """The card whose effect made the site's kind what it is now: the latest in force that
    reaches it and says so; else the flood that made it water has ended."""
    in_force = {effect_id for effect_id, _ in view.specs}
    for effect_id, spec in reversed(view.floods):
        if effect_id in in_force and spec.water == water and square in view.flooded_by(spec):
            return f"{'flooded' if water else 'dried'} by {view.source_card(effect_id)}"
    return "made a water site by its printed affinity" if water else "its flooding ended"


def follow_floods(engine: Primitives, cause: str) -> None:
    """Move what is under each site whose kind changed into its new subsurface, then kill the
    minions that can't survive there (digest 1.6)."""
    view = RealmView.of(engine.state)
    changed = mismatched(view)
    if not changed:
        return
    moved: list[str] = []
    for square, (region, units, artifacts) in sorted(changed.items()):
        reason = _why(view, square, region is Region.UNDERWATER)
        engine.emit(
            SubsurfaceChanged, cause=cause, square=square, region=region.value, units=units, artifacts=artifacts, reason=reason,
        )
        moved.extend(units)
    for unit_id in moved:
        unit = engine.state.units[unit_id]
        if not unit.alive or unit.location is None:
            continue
        fatal = engine.view().survival(unit_id, parse_loc(unit.location))
        if fatal is not None:
            engine.kill(unit_id, fatal, cause)


def kept_tapped(engine: Primitives, player: str) -> set[str]:
    """The units of ``player`` that don't untap as their turn begins (Waveshaper), each effect
    ending as it keeps its unit tapped this once."""
    held: set[str] = set()
    for effect in list(engine.state.effects.values()):
        spec = effect.spec
        if not isinstance(spec, StaysTapped):
            continue
        unit = engine.state.units.get(spec.unit)
        if unit is None or not unit.alive:
            engine.emit(EffectEnded, effect_id=effect.id, reason=f"{spec.unit} left the realm")
        elif unit.owner == player and unit.tapped:
            held.add(unit.id)
            engine.emit(EffectEnded, effect_id=effect.id, reason=f"{unit.id} stays tapped this time ({effect.label.split(': ', 1)[0]})")
    return held


def skips_untap(engine: Primitives, unit_id: str, cause: str) -> bool:
    """Whether an effect's untap of ``unit_id`` is the one it skips (Waveshaper: "the next time
    they would"): the effect ends, and the unit stays tapped."""
    for effect in list(engine.state.effects.values()):
        if isinstance(effect.spec, StaysTapped) and effect.spec.unit == unit_id:
            engine.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{unit_id} stays tapped this time")
            return True
    return False
