"""What the skirmish table's facts mean: the table, where units stand, their states, and who may
pass whom. Built from the game state that events fold into, for the engine and the lookahead."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from shapely.geometry import Polygon

from domain.cached import cached_property
from domain.rules import RuleRef
from domain.rulesets.skirmish.state import SkirmishState, SkirmishUnit, TableData
from domain.rulesets.skirmish.table import EPSILON, Area, Ladder, Spot, Surface, Table, parse_spot, segment
from domain.state import GameState

RULESET = "skirmish"
T = TypeVar("T")
HELPLESS = ("stunned", "dazed")


def rule(source: str, message: str, timing: str | None = None) -> RuleRef:
    return RuleRef(ruleset=RULESET, source=source, message=message, timing=timing)


def table_from_data(data: TableData) -> Table:
    """Build the table's geometry from what a ``TableLaid`` event carries."""
    return Table(
        width=data.width,
        depth=data.depth,
        surfaces=[Surface(s.id, Polygon(s.polygon), s.height) for s in data.surfaces],
        ladders=[Ladder(lad.id, parse_spot(lad.bottom), parse_spot(lad.top)) for lad in data.ladders],
        difficult=[Area(a.surface, Polygon(a.polygon)) for a in data.difficult],
        obstacles=[(Polygon(o.polygon), o.height) for o in data.obstacles],
    )


#: tables already built, by their data: a table's geometry (unions, prepared shapes, key points)
#: is made once however many views and questions there are
_TABLES: OrderedDict[str, Table] = OrderedDict()
_TABLES_KEPT = 16


#: the last data dicts seen, by identity, with their tables (the lookahead asks about the same
#: dict again and again; holding it keeps its id from being reused)
_BY_IDENTITY: OrderedDict[int, tuple[TableData, Table]] = OrderedDict()


def cached_table(data: TableData) -> Table:
    """The table for this data, built once. Keyed by the data itself, not only the dict's
    identity: every command works on a copy of the state, and the table stays the same."""
    known = _BY_IDENTITY.get(id(data))
    if known is not None and known[0] is data:
        return known[1]
    key = data.model_dump_json()
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = table_from_data(data)
        while len(_TABLES) > _TABLES_KEPT:
            _TABLES.popitem(last=False)
    else:
        _TABLES.move_to_end(key)
    _BY_IDENTITY[id(data)] = (data, table)
    while len(_BY_IDENTITY) > _TABLES_KEPT:
        _BY_IDENTITY.popitem(last=False)
    return table


def forget_tables() -> None:
    """Drop every table built so far, and with them what is kept per table (key points): the
    next question starts cold, as on a table never seen before (benchmarks measure both)."""
    _TABLES.clear()
    _BY_IDENTITY.clear()


class LegRules(NamedTuple):
    """The rule options that say what a leg is on the table (``legs.leg_shape`` reads only
    these, so that shapes kept under them are right for every game with the same values)."""

    climb_horizontal_leeway: float
    wall_running: str
    jump_down_max_horizontal: float
    jump_down_target: str
    jump_down_disadvantage_height: float
    jump_across_distance_cost: str
    jump_across_max_gap: float
    jump_across_max_rise: float
    jump_across_free_gap: float
    jump_across_lower_landing: str
    jump_across_measured: str


class LevelBase(NamedTuple):
    """Another unit's base on a level, as a unit ending a move there must keep off it."""

    unit_id: str
    spot: Spot
    radius: float
    #: the distance from ``spot`` within which the asking unit's base would overlap this one
    overlap_within: float


class Placed(NamedTuple):
    """Another unit as the movement rules see it: where it stands and whether it may be passed."""

    id: str
    owner: str
    spot: Spot
    radius: float
    #: why an ally can't be moved through (engaged, stunned, dazed), if it can't
    stuck: str | None


class TableView:
    """The table and the units on it, read from a game state.

    A ``frozen`` view promises that its state won't change while the view is used (the
    lookahead works on its own copy), so it reads each unit once; the engine's views read the
    live state every time.
    """

    def __init__(self, state: GameState, frozen: bool = False) -> None:
        assert isinstance(state, SkirmishState)
        self.state: SkirmishState = state
        self.options = state.options
        self.frozen = frozen

    @classmethod
    def snapshot(cls, state: GameState) -> TableView:
        """A frozen view of a copy of ``state``: answers stay those of this moment even if the
        state goes on changing (a lookahead folding more events). Only what events change is
        copied (the units and the ruleset's slots): a deep copy of the table's data would cost
        more than the question."""
        units = {uid: unit.model_copy(deep=True) for uid, unit in state.units.items()}
        return cls(state.model_copy(update={"units": units}), frozen=True)

    @cached_property
    def table(self) -> Table:
        assert self.state.table is not None, "the table is laid by the set-up"
        return cached_table(self.state.table)

    def kept(self, name: str, build: Callable[[], T]) -> T:
        """An index of what this view reads: the state's (``GameState.index``, dropped by the
        next event), or the view's own when it is frozen (its copy of the state never changes,
        and shares the indexes of the state it was copied from)."""
        if not self.frozen:
            return self.state.index(name, build)
        found = self._kept.get(name)
        if found is None:
            found = self._kept[name] = build()
        return found

    @cached_property
    def _kept(self) -> dict[str, Any]:
        return {}

    @cached_property
    def options_key(self) -> str:
        """Every rule option, as one value to key what is kept across states by."""
        return self.options.model_dump_json()

    @cached_property
    def leg_rules(self) -> LegRules:
        """The rule options a leg's shape on the table reads (``legs.leg_shape`` keeps shapes
        under them: two games on one table with other options share none)."""
        return LegRules(*(getattr(self.options, name) for name in LegRules._fields))

    def unit(self, unit_id: str) -> SkirmishUnit:
        return self.state.units[unit_id]

    def spot(self, unit_id: str) -> Spot:
        return parse_spot(self.unit(unit_id).location or "")

    def radius(self, unit_id: str) -> float:
        return self.unit(unit_id).base / 2

    def states(self, unit_id: str) -> set[str]:
        return set(self.unit(unit_id).states)

    def others(self, unit_id: str) -> list[SkirmishUnit]:
        return [u for u in self.state.units.values() if u.alive and u.id != unit_id and u.location is not None]

    def enemies(self, unit_id: str) -> list[SkirmishUnit]:
        side = self.unit(unit_id).owner
        return [u for u in self.others(unit_id) if u.owner != side]

    def gap(self, a: str, b: str) -> float:
        """Distance between the closest points of two bases, horizontally."""
        pa, pb = self.spot(a), self.spot(b)
        return max(0.0, pa.flat_distance(pb) - self.radius(a) - self.radius(b))

    def gap_from_line(self, unit_id: str, other_id: str, a: Spot, b: Spot) -> float:
        """Base-to-base distance between ``other_id`` and a unit moving straight from a to b."""
        line = segment(a, b) if a.flat_distance(b) > EPSILON else a.point
        return max(0.0, float(line.distance(self.spot(other_id).point)) - self.radius(unit_id) - self.radius(other_id))

    def engaged_with(self, unit_id: str) -> list[str]:
        return list(self.unit(unit_id).engaged_with)

    def placed(self) -> list[Placed]:
        """Every living unit on the table with what passing it depends on (read once in a frozen
        view, else once per state: the state's index, dropped by the next event)."""
        if self.frozen:
            return self._placed
        return self.state.index("skirmish.placed", self._read_placed)  # until the next event

    @cached_property
    def _placed(self) -> list[Placed]:
        return self._read_placed()

    def _read_placed(self) -> list[Placed]:
        found = []
        for unit in self.state.units.values():
            if not unit.alive or unit.location is None:
                continue
            stuck: list[str] = sorted(set(unit.states) & set(HELPLESS))
            if "incapacitated" in unit.states and self.options.through_incapacitated_allies == "forbidden":
                stuck.append("incapacitated")
            if unit.engaged_with:
                stuck.insert(0, "engaged")
            found.append(Placed(unit.id, unit.owner, parse_spot(unit.location), self.radius(unit.id), stuck[0] if stuck else None))
        return found

    def blocker_on(self, unit_id: str, a: Spot, b: Spot, landing_level: bool = False) -> tuple[str, RuleRef] | None:
        """A unit whose base the straight move from a to b would cross, and the rule: never
        through enemies; through allies only when they are not Engaged, Stunned or Dazed.
        The units looked at are those on a's level and on a's and b's surfaces, and with
        ``landing_level`` those on b's level too (``blocker_among``)."""
        return self.blocker_among(self.obstacles(unit_id), a, b, landing_level)

    def blocker_among(
        self, obstacles: list[tuple[Placed, bool, float, float]], a: Spot, b: Spot, landing_level: bool = False
    ) -> tuple[str, RuleRef] | None:
        """``blocker_on`` with the mover's ``obstacles`` read already (a search plans many legs
        of one unit in one state). ``landing_level``: a Jump Across passes through the units on
        its landing's level as on its take-off's (onto a roof 2" lower, those on both roofs; not
        those on a third level between, the ground below: Moving Through Other Units)."""
        if not obstacles:
            return None
        height = self.table.height(a.surface)
        landing = self.table.height(b.surface) if landing_level else height
        line: Any = None
        low_x, high_x, low_y, high_y = min(a.x, b.x), max(a.x, b.x), min(a.y, b.y), max(a.y, b.y)
        for other, enemy, reach, there_height in obstacles:
            there = other.spot
            if abs(there_height - height) > 1.0 and abs(there_height - landing) > 1.0 and there.surface not in (a.surface, b.surface):
                continue
            # a base further than ``reach`` from the leg's box is further from the leg: skip the
            # exact distance (the margin keeps rounding on the safe side)
            margin = reach + 1e-9
            if there.x < low_x - margin or there.x > high_x + margin or there.y < low_y - margin or there.y > high_y + margin:
                continue
            if line is None:
                line = segment(a, b) if a.flat_distance(b) > EPSILON else a.point
            if line.distance(there.point) >= reach:
                continue
            if enemy:
                return other.id, rule("Move Phase, Moving Through Other Units", f"never through enemies: {other.id} is in the way")
            if other.stuck == "incapacitated":
                return other.id, rule(
                    "option through_incapacitated_allies: forbidden", f"not through an Incapacitated ally: {other.id} is in the way"
                )
            return other.id, rule(
                "Move Phase, Moving Through Other Units",
                f"through allies only when they are not Engaged, Stunned or Dazed: {other.id} is {other.stuck}",
            )
        return None

    def obstacles(self, unit_id: str) -> list[tuple[Placed, bool, float, float]]:
        """The units that would stop ``unit_id`` moving through their bases, in order: enemies
        and stuck allies (an ally free to make way never stops it), each with whether it is an
        enemy, how near a leg may pass its centre, and its surface's height. Read once per frozen view, else once
        per state (the state's index, dropped by the next event)."""
        if self.frozen:
            found = self._kept_obstacles.get(unit_id)
            if found is None:
                found = self._kept_obstacles[unit_id] = self._read_obstacles(unit_id)
            return found
        return self.state.index(f"skirmish.obstacles.{unit_id}", lambda: self._read_obstacles(unit_id))

    @cached_property
    def _kept_obstacles(self) -> dict[str, list[tuple[Placed, bool, float, float]]]:
        return {}

    def _read_obstacles(self, unit_id: str) -> list[tuple[Placed, bool, float, float]]:
        side, mine, height = self.unit(unit_id).owner, self.radius(unit_id), self.table.height
        return [
            (other, other.owner != side, mine + other.radius - EPSILON * 10, height(other.spot.surface))
            for other in self.placed()
            if other.id != unit_id and (other.owner != side or other.stuck is not None)
        ]

    def overlap_at(self, unit_id: str, spot: Spot) -> str | None:
        """Another unit whose base a unit ending at ``spot`` would overlap."""
        for base in self.bases_on_level(unit_id, spot.surface):
            if spot.flat_distance(base.spot) < base.overlap_within:
                return base.unit_id
        return None

    def bases_on_level(self, unit_id: str, surface: str) -> list[LevelBase]:
        """The other units standing on ``surface``'s level (``Table.one_level``, as
        ``blocker_among`` finds the units in a leg's way): what rules out an end of a move, one
        at a time (``overlap_at``) or a whole area's (``areas.reached``), and what a unit put
        clear of the others stays out of (``nearest_clear``)."""
        mine, one_level = self.radius(unit_id), self.table.one_level
        return [
            LevelBase(other.id, other.spot, other.radius, mine + other.radius - 1e-4)
            for other in self.placed()
            if other.id != unit_id and one_level(other.spot.surface, surface)
        ]

    def nearest_enemy_gap(self, unit_id: str) -> tuple[str, float] | None:
        gaps = [(e.id, self.gap(unit_id, e.id)) for e in self.enemies(unit_id)]
        return min(gaps, key=lambda g: g[1]) if gaps else None

    def agility(self, unit_id: str) -> int:
        return self.unit(unit_id).agility

    def move_inches(self, unit_id: str) -> float:
        return self.unit(unit_id).move


def chance(agility: int, disadvantage: bool) -> float:
    """The chance a d20 Agility Check passes (roll >= Agility); disadvantage rolls two, keeps the worse."""
    single = min(1.0, max(0.0, (21 - agility) / 20))
    return single * single if disadvantage else single


def full_inches_above(height: float, threshold: float) -> int:
    return max(0, math.floor(height - threshold + EPSILON))


def inches(value: float) -> str:
    """A distance as a tape measure reads it, to a tenth of an inch (``2.6"``)."""
    return f"{round(value, 1):g}\""
