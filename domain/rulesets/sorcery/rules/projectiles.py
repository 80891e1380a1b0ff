"""Where a projectile flies and whom it may hit (codex: Projectile, Fly Over; Ranged, Ranged X,
and +X Range), read from a ``RealmView`` alone, so that a command, a query and the lookahead
answer alike.

A projectile's flight begins at the shooter's location (it enters it) and goes on, in one
cardinal direction, through the locations of the same region, until the region ends (the edge of
the realm, or a square where that region has no location: a void for the surface) or it reaches
the first unit it may hit, enemy or ally; allies at the starting location are ignored. A unit
with Stealth can't be hit, nor one projectiles fly over (Crawler); a location a projectile can't enter (Impenetrable Copse,
Sir Morien) ends its flight before it. Of several units it may hit at one location, the projectile's
controller chooses. A piercing projectile goes on to the region's end, hitting one unit at
each location. A ranged strike's projectile stops after X steps (``reach``)."""

from __future__ import annotations

from dataclasses import dataclass

from domain.errors import BadInput
from domain.rulesets.sorcery.effects import FlownOver, ProjectileBar, RangeBonus
from domain.rulesets.sorcery.realm import COLUMNS, DIRECTIONS, ROWS, Loc, Region, parse_loc
from domain.rulesets.sorcery.rules.barriers import Barriers
from domain.rulesets.sorcery.state import SorceryUnit

#: why a unit at a location on the path is not hit (codex: Projectile)
NOT_HIT_STEALTH = "Stealth: projectiles can't hit it"
NOT_HIT_ALLY_AT_START = "an ally at the projectile's starting location is ignored"


@dataclass(frozen=True)
class Flight:
    """One projectile's flight: the locations it passes, its starting location first and the one
    it stops at last; at each location where it may hit, the units it may hit there (one is
    chosen); the units it passes without hitting, and why."""

    path: tuple[Loc, ...]
    hits: tuple[tuple[Loc, tuple[str, ...]], ...]
    passed: tuple[tuple[str, str], ...]
    #: why it stopped before the region's end without hitting (a location it can't enter)
    stopped: str | None = None

    @property
    def hit_at(self) -> Loc | None:
        """Where a non-piercing projectile hits: the last location of its path, if it hits there."""
        return self.hits[0][0] if self.hits else None


def direction(text: str) -> tuple[int, int]:
    """A cardinal direction named in a command; anything else is refused naming the four."""
    if text not in DIRECTIONS:
        raise BadInput(f"{text!r} is not a cardinal direction: {', '.join(DIRECTIONS)}", "targets")
    return DIRECTIONS[text]


def _next(view: Barriers, loc: Loc, way: tuple[int, int]) -> Loc | None:
    """The next location of the same region that way; ``None`` where the region ends."""
    columns, rows = view.wrap
    row, column = divmod(loc.square - 1, COLUMNS)
    row, column = row + way[0], column + way[1]
    row, column = (row % ROWS if rows else row), (column % COLUMNS if columns else column)
    if not (0 <= row < ROWS and 0 <= column < COLUMNS):
        return None
    after = Loc(row * COLUMNS + column + 1, loc.region)
    return after if view.location_exists(after) else None


def _flown_over(view: Barriers, unit: SorceryUnit, at: Loc) -> str | None:
    """The card whose "projectiles fly over" covers the unit (codex: Fly Over), if any."""
    for effect_id, spec in view.specs:
        if isinstance(spec, FlownOver) and view.in_scope(spec, unit, at):
            return view.source_card(effect_id)
    return None


def range_bonus(view: Barriers, unit_id: str) -> int:
    """The +X Range the unit has where it is (codex: Ranged, Ranged X, and +X Range)."""
    unit = view.unit(unit_id)
    at = parse_loc(unit.location or "")
    return sum(spec.amount for _, spec in view.specs if isinstance(spec, RangeBonus) and view.in_scope(spec, unit, at))


def _barred(view: Barriers, loc: Loc, owner: str) -> str | None:
    """The card that keeps a projectile of ``owner``'s from entering ``loc``, if any."""
    for effect_id, spec in view.specs:
        if not isinstance(spec, ProjectileBar) or (spec.enemies_of is not None and owner == spec.enemies_of):
            continue
        site = view.state.features.get(spec.here)
        if site is not None and site.kind == "site":
            inside = site.location == str(loc.square) and loc.region is not Region.VOID
        else:
            inside = view.location_of(spec.here) == loc
        if inside:
            return view.source_card(effect_id)
    return None


def fly(view: Barriers, shooter: str, way: str, *, piercing: bool = False, reach: int | None = None) -> Flight:
    """The flight of a projectile ``shooter`` shoots ``way`` (codex: Projectile). Where Magellan
    Globe connects the line's ends it passes each location once, stopping before its start would
    come round again (digest 1.5; Rolling Boulder FAQ: once per location)."""
    unit = view.unit(shooter)
    start = parse_loc(unit.location or "")
    step = direction(way)
    path: list[Loc] = [start]
    hits: list[tuple[Loc, tuple[str, ...]]] = []
    passed: list[tuple[str, str]] = []
    stopped: str | None = None
    here: Loc | None = start
    while here is not None:
        targets: list[str] = []
        for other in sorted(view.state.living_units(), key=lambda u: u.id):
            if other.id == shooter or other.location is None or parse_loc(other.location) != here:
                continue
            if here == start and other.owner == unit.owner:
                passed.append((other.id, NOT_HIT_ALLY_AT_START))
            elif "Stealth" in view.keywords(other.id):
                passed.append((other.id, NOT_HIT_STEALTH))
            elif (over := _flown_over(view, view.unit(other.id), here)) is not None:
                passed.append((other.id, f"{over}: projectiles fly over it"))
            else:
                targets.append(other.id)
        if targets:
            hits.append((here, tuple(targets)))
            if not piercing:
                break
        if reach is not None and len(path) > reach:
            break
        here = _next(view, here, step)
        if here is not None and here in path:
            # round a Globe-connected line: each location once, as Rolling Boulder's FAQ (Magellan
            # Globe) has it; the codex's end of the region never comes (digest 1.5)
            break
        if here is not None and (bar := _barred(view, here, unit.owner)) is not None:
            stopped = f"{bar}: projectiles can't enter {here.text}"
            here = None
        if here is not None:
            path.append(here)
    return Flight(path=tuple(path), hits=tuple(hits), passed=tuple(passed), stopped=stopped)
