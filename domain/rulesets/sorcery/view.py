"""What the realm's facts mean, as one object: ``RealmView`` composes the rule layers of
``rules/`` (facts, scope, effects in force, water, keywords, step geometry, barriers) and adds
Moves Freely and the strikes Mask of Mayhem doubles.

Reads only facts that events put in the ``GameState`` (units, sites, artifacts, auras, ongoing
effects), so the aggregate and the lookahead projection interpret a realm identically. It never
looks at triggered abilities.
"""

from __future__ import annotations

from domain.rules import RuleRef
from domain.rulesets.sorcery.effects import DoubleStrikes, MovesFreely
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.barriers import Barriers
from domain.rulesets.sorcery.rules.facts import memo
from domain.rulesets.sorcery.state import SorceryUnit
from domain.state import GameState


class RealmView(Barriers):
    """A read-only interpretation of one game state; build a new one after the state changes."""

    @classmethod
    def of(cls, state: GameState) -> RealmView:
        """The view of ``state``, shared by every question asked of it until an event changes it
        (``GameState.index``): the answers it has worked out are kept with it. Read in place
        (``rules.shared.per_state`` without its call): every rule asks for it, many times an event."""
        indexes = state.__pydantic_private__["_indexes"]  # type: ignore[index]  # set by PrivateAttr
        found: RealmView | None = indexes.get("sorcery.view")
        if found is None:
            found = indexes["sorcery.view"] = cls(state)
        return found

    @memo
    def free_step(self, unit_id: str, frm: Loc, to: Loc, kind: str) -> RuleRef | None:
        """The Moves Freely ability that makes this basic-movement step cost nothing: both its
        start and end meet the condition (codex: Moves Freely; digest 2.5)."""
        unit = self.unit(unit_id)
        if self.silenced(unit_id, frm) is not None:
            return None
        for effect_id, spec in self.specs:
            if not isinstance(spec, MovesFreely):
                continue
            if spec.unit is not None and spec.unit != unit_id:
                continue
            if self._free(spec, unit, frm, to, kind):
                return rule(self.source_card(effect_id), _FREE_TEXT[spec.condition], "ongoing")
        return None

    def _free(self, spec: MovesFreely, unit: SorceryUnit, frm: Loc, to: Loc, kind: str) -> bool:
        if spec.condition == "water_locations":
            return self._water_location(frm) and self._water_location(to)
        if spec.condition == "land_sites_unoccupied":
            return self._unoccupied_land(frm, unit) and self._unoccupied_land(to, unit)
        if spec.condition == "sideways":
            return kind in ("orthogonal", "as-if-adjacent") and (frm.row == to.row or kind == "as-if-adjacent")
        if spec.condition == "undead_in_row_of":
            where = self.location_of(spec.row_of or "")
            return where is not None and "Undead" in self.subtypes(unit) and frm.row == to.row == where.row
        if spec.condition == "airborne_away_from":
            return (
                unit.kind == "minion" and frm.square == spec.square and frm.region is Region.SURFACE
                and to.square != spec.square and self.airborne(unit.id, frm)
            )
        return False

    def _water_location(self, loc: Loc) -> bool:
        return loc.region in (Region.SURFACE, Region.UNDERWATER) and self.is_water(loc.square)

    def _unoccupied_land(self, loc: Loc, mover: SorceryUnit) -> bool:
        if loc.region is Region.VOID or self.site_at(loc.square) is None or self.is_water(loc.square):
            return False
        others = [
            u for u in self.state.living_units()
            if u.id != mover.id and u.carried_by != mover.id and u.location is not None
            and parse_loc(u.location).square == loc.square and parse_loc(u.location).region is not Region.VOID
        ]
        return not others  # digest gap 18: other units at either level; passengers don't count

    def strike_multiplier(self, struck: str) -> int:
        """Mask of Mayhem doubles strikes against units nearby it; two Masks, four times."""
        at = self.location_of(struck)
        factor = 1
        if at is None:
            return factor
        for spec in self.effects(DoubleStrikes):
            mask = self.location_of(spec.near)
            if mask is not None and at.square in self.nearby(mask.square) and at.region is mask.region:
                factor *= 2
        return factor
_FREE_TEXT = {
    "undead_in_row_of": "while in this row, Undead move freely",
    "water_locations": "moves freely between water locations",
    "land_sites_unoccupied": "moves freely between land sites not occupied by other units",
    "sideways": "moves freely sideways",
    "airborne_away_from": "Airborne minions atop it move freely away",
}
