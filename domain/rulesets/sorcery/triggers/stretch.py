"""The Rack's stretch (its text; codex: Oversized Units): the Avatar its bearer strikes also
occupies another location adjacent to it, then its controller loses 1 life for each location
it occupies. The location added is a part of the Avatar (``UnitStretched``), so from then on it
is an oversized unit: it moves as its shape, and adjacent and nearby count every part
(oversized.py). Who picks the location the sources do not say: the rule option
``rack_stretch_chooser``. Across an edge Magellan Globe connects it is not stretched (not
modelled, and said so: ``across_the_edge``)."""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events_combat import LifeLost
from domain.rulesets.sorcery.events_parts import UnitStretched
from domain.rulesets.sorcery.oversized import level_at
from domain.rulesets.sorcery.realm import Loc, Region, orthogonal, parse_loc
from domain.rulesets.sorcery.state import SorceryUnit
from domain.rulesets.sorcery.view import RealmView
from domain.rulesets.sorcery.wordings import globe_stretch_note
from domain.state import TriggerState


def stretch_options(view: RealmView, unit: SorceryUnit) -> list[str]:
    """The locations adjacent to any part of the unit, at its level, that it does not occupy
    and could be at (a site, or a void for a Voidwalker: ``survival``), in square order. Within
    the realm's edges only: see ``across_the_edge``."""
    return _adjacent(view, unit, False)


def across_the_edge(view: RealmView, unit: SorceryUnit) -> list[str]:
    """The locations the unit could also occupy only across an edge Magellan Globe connects. Its
    FAQ lets oversized units span those edges (digest 1.5, 4), but an oversized unit's shape is
    kept as offsets within the edges (oversized.py ``offsets``, ``shape_at``): not modelled, and
    said so in the trigger's outcome (never a silent wrong answer)."""
    if not any(view.wrap):
        return []
    inside = set(_adjacent(view, unit, False))
    return [loc for loc in _adjacent(view, unit, True) if loc not in inside]


def _adjacent(view: RealmView, unit: SorceryUnit, wrap: bool) -> list[str]:
    occupied = set(unit.occupied)
    below = unit.location is not None and parse_loc(unit.location).region is not Region.SURFACE
    columns, rows = view.wrap if wrap else (False, False)
    found: dict[int, Loc] = {}
    for here in occupied:
        for square in orthogonal(parse_loc(here).square, columns, rows):
            loc = level_at(view, square, below)
            if loc is None or loc.text in occupied or view.survival(unit.id, loc) is not None:
                continue
            if loc.region is Region.VOID and "Voidwalk" not in view.keywords(unit.id):
                continue  # an Avatar is never banished, but it can't be in the void without Voidwalk
            found[square] = loc
    return [found[sq].text for sq in sorted(found)]


def _unmodelled(view: RealmView, unit: SorceryUnit) -> str:
    """What the outcome adds when locations across the Globe's edges were left out."""
    across = across_the_edge(view, unit)
    if not across:
        return ""
    return globe_stretch_note(across)


def _stretch_struck_avatar(engine: Primitives, trigger: TriggerState) -> None:
    avatar = engine.state.units.get(trigger.subject or "")
    if avatar is None or not avatar.alive or avatar.location is None:
        engine.resolver.resolved(trigger, "the Avatar struck is no longer in the realm")
        return
    chooser = avatar.owner if engine.state.options.rack_stretch_chooser == "avatar" else (trigger.controller or avatar.owner)
    view = engine.view()
    options = stretch_options(view, avatar)
    left_out = _unmodelled(view, avatar)
    name = engine.name_of(trigger.source)
    if options:
        chosen = trigger.params.get("choice")
        if chosen is None:
            engine.resolver.ask(
                chooser, "location", options, f"{trigger.label}: the adjacent location {avatar.id} also occupies{left_out}", about=trigger.id,
            )
            return
        engine.resolver.resolved(trigger, f"stretches {avatar.id} to {chosen} ({chooser}'s choice){left_out}")
        engine.emit(UnitStretched, cause=trigger.id, unit=avatar.id, added=str(chosen), chosen_by=chooser, source=name)
    else:
        engine.resolver.resolved(trigger, f"no adjacent location {avatar.id} could also occupy: not stretched{left_out}")
    amount = len(engine.state.units[avatar.id].occupied)
    total = engine.state.life.get(avatar.owner, 20) - amount
    engine.emit(LifeLost, cause=trigger.id, player=avatar.owner, amount=amount, total=total, source=f"{name}: 1 for each location it occupies")


RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {"stretch_struck_avatar": _stretch_struck_avatar}
