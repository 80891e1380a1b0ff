"""The Rack's stretch (its text; codex: Oversized Units): the Avatar its bearer strikes also
occupies another location adjacent to it, then its controller loses 1 life for each location
it occupies. The location added is a part of the Avatar (``UnitStretched``), so from then on it
is an oversized unit: it moves as its shape, and adjacent and nearby count every part
(oversized.py). Who picks the location the sources do not say: the rule option
``rack_stretch_chooser``."""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events_combat import LifeLost
from domain.rulesets.sorcery.events_parts import UnitStretched
from domain.rulesets.sorcery.oversized import level_at
from domain.rulesets.sorcery.realm import Loc, Region, orthogonal, parse_loc
from domain.rulesets.sorcery.state import SorceryUnit
from domain.rulesets.sorcery.view import RealmView
from domain.state import TriggerState


def stretch_options(view: RealmView, unit: SorceryUnit) -> list[str]:
    """The locations adjacent to any part of the unit, at its level, that it does not occupy
    and could be at (a site, or a void for a Voidwalker: ``survival``), in square order."""
    occupied = set(unit.occupied)
    below = unit.location is not None and parse_loc(unit.location).region is not Region.SURFACE
    found: dict[int, Loc] = {}
    for here in occupied:
        for square in orthogonal(parse_loc(here).square, False, False):
            loc = level_at(view, square, below)
            if loc is None or loc.text in occupied or view.survival(unit.id, loc) is not None:
                continue
            if loc.region is Region.VOID and "Voidwalk" not in view.keywords(unit.id):
                continue  # an Avatar is never banished, but it can't be in the void without Voidwalk
            found[square] = loc
    return [found[sq].text for sq in sorted(found)]


def _stretch_struck_avatar(engine: Primitives, trigger: TriggerState) -> None:
    avatar = engine.state.units.get(trigger.subject or "")
    if avatar is None or not avatar.alive or avatar.location is None:
        engine.resolver.resolved(trigger, "the Avatar struck is no longer in the realm")
        return
    chooser = avatar.owner if engine.state.options.rack_stretch_chooser == "avatar" else (trigger.controller or avatar.owner)
    options = stretch_options(engine.view(), avatar)
    name = engine.name_of(trigger.source)
    if options:
        chosen = trigger.params.get("choice")
        if chosen is None:
            engine.resolver.ask(
                chooser, "location", options, f"{trigger.label}: the adjacent location {avatar.id} also occupies", about=trigger.id,
            )
            return
        engine.resolver.resolved(trigger, f"stretches {avatar.id} to {chosen} ({chooser}'s choice)")
        engine.emit(UnitStretched, cause=trigger.id, unit=avatar.id, added=str(chosen), chosen_by=chooser, source=name)
    else:
        engine.resolver.resolved(trigger, f"no adjacent location {avatar.id} could also occupy: not stretched")
    amount = len(engine.state.units[avatar.id].occupied)
    total = engine.state.life.get(avatar.owner, 20) - amount
    engine.emit(LifeLost, cause=trigger.id, player=avatar.owner, amount=amount, total=total, source=f"{name}: 1 for each location it occupies")


RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {"stretch_struck_avatar": _stretch_struck_avatar}
