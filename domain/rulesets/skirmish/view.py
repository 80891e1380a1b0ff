"""What the skirmish table's facts mean: the table, where units stand, their states, and who may
pass whom. Built from the game state that events fold into, for the engine and the lookahead."""

from __future__ import annotations

import math
from functools import cached_property

from shapely.geometry import LineString, Polygon

from domain.rules import RuleRef
from domain.rulesets.skirmish.state import SkirmishState, SkirmishUnit, TableData
from domain.rulesets.skirmish.table import EPSILON, Area, Ladder, Spot, Surface, Table, parse_spot
from domain.state import GameState

RULESET = "skirmish"
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


class TableView:
    def __init__(self, state: GameState) -> None:
        assert isinstance(state, SkirmishState)
        self.state: SkirmishState = state
        self.options = state.options

    @cached_property
    def table(self) -> Table:
        assert self.state.table is not None, "the table is laid by the set-up"
        return table_from_data(self.state.table)

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
        line = LineString([(a.x, a.y), (b.x, b.y)]) if a.flat_distance(b) > EPSILON else a.point
        return max(0.0, float(line.distance(self.spot(other_id).point)) - self.radius(unit_id) - self.radius(other_id))

    def engaged_with(self, unit_id: str) -> list[str]:
        return list(self.unit(unit_id).engaged_with)

    def blocker_on(self, unit_id: str, a: Spot, b: Spot) -> tuple[str, RuleRef] | None:
        """A unit whose base the straight move from a to b would cross, and the rule: never
        through enemies; through allies only when they are not Engaged, Stunned or Dazed."""
        mover = self.unit(unit_id)
        line = LineString([(a.x, a.y), (b.x, b.y)]) if a.flat_distance(b) > EPSILON else a.point
        for other in self.others(unit_id):
            there = self.spot(other.id)
            if abs(self.table.height(there.surface) - self.table.height(a.surface)) > 1.0 and there.surface not in (a.surface, b.surface):
                continue
            reach = self.radius(unit_id) + self.radius(other.id) - EPSILON * 10
            if line.distance(there.point) >= reach:
                continue
            if other.owner != mover.owner:
                return other.id, rule("Move Phase, Moving Through Other Units", f"never through enemies: {other.id} is in the way")
            stuck = sorted(self.states(other.id) & set(HELPLESS))
            if self.engaged_with(other.id):
                stuck.insert(0, "engaged")
            if stuck:
                return other.id, rule(
                    "Move Phase, Moving Through Other Units",
                    f"through allies only when they are not Engaged, Stunned or Dazed: {other.id} is {stuck[0]}",
                )
        return None

    def overlap_at(self, unit_id: str, spot: Spot) -> str | None:
        """Another unit whose base a unit ending at ``spot`` would overlap."""
        for other in self.others(unit_id):
            there = self.spot(other.id)
            if there.surface != spot.surface:
                continue
            if spot.flat_distance(there) < self.radius(unit_id) + self.radius(other.id) - 1e-4:
                return other.id
        return None

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
