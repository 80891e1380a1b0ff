"""What the realm's facts mean: sites, water, bodies of water and each unit's keywords in force.

Reads only facts that events put in the ``GameState`` (units, sites, artifacts, ongoing effects),
so the aggregate and the lookahead projection interpret a realm identically. It never looks at
triggered abilities.
"""

from __future__ import annotations

from functools import cached_property

from domain.rules import RuleRef
from domain.rulesets.sorcery.catalog import MOVEMENT_KEYWORDS, power_for_checks
from domain.rulesets.sorcery.effects import (
    AsIfAdjacent,
    ConnectEdges,
    EffectSpec,
    EntryBan,
    Grant,
    ImmobileAtop,
)
from domain.rulesets.sorcery.realm import Loc, Region, orthogonal, parse_loc
from domain.rulesets.sorcery.state import CardState, SorceryState, SorceryUnit
from domain.state import GameState

RULESET = "sorcery"


def rule(source: str, message: str, timing: str | None = None) -> RuleRef:
    return RuleRef(ruleset=RULESET, source=source, message=message, timing=timing)


class RealmView:
    """A read-only interpretation of one game state; build a new one after the state changes."""

    def __init__(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)
        self.state: SorceryState = state

    # --- sites and geometry -------------------------------------------------------------

    @cached_property
    def sites(self) -> dict[int, CardState]:
        found: dict[int, CardState] = {}
        for feature in self.state.features.values():
            if feature.kind == "site" and feature.location is not None:
                found[int(feature.location)] = feature
        return found

    def site_at(self, square: int) -> CardState | None:
        return self.sites.get(square)

    def is_water(self, square: int) -> bool:
        site = self.site_at(square)
        return bool(site and site.water)

    @cached_property
    def specs(self) -> list[tuple[str, EffectSpec]]:
        return [(e.id, e.spec) for e in self.state.effects.values()]

    def effects(self, kind: type) -> list:  # type: ignore[type-arg]
        return [spec for _, spec in self.specs if isinstance(spec, kind)]

    @cached_property
    def wrap(self) -> tuple[bool, bool]:
        """(columns, rows): whether left/right and top/bottom edges are connected."""
        links = self.effects(ConnectEdges)
        return any(s.columns for s in links), any(s.rows for s in links)

    def orthogonal(self, square: int) -> list[int]:
        columns, rows = self.wrap
        return orthogonal(square, columns, rows)

    def as_if_adjacent(self, square: int, player: str | None) -> list[int]:
        """Squares linked to ``square`` for ``player``'s units (any player's when None)."""
        found: list[int] = []
        for spec in self.effects(AsIfAdjacent):
            if player is not None and spec.for_player not in (None, player):
                continue
            a, b = spec.squares
            if square == a:
                found.append(b)
            elif square == b:
                found.append(a)
        return found

    def location_exists(self, loc: Loc) -> bool:
        site = self.site_at(loc.square)
        if site is None:
            return loc.region is Region.VOID
        if loc.region is Region.SURFACE:
            return True
        if loc.region is Region.UNDERWATER:
            return site.water
        if loc.region is Region.UNDERGROUND:
            return not site.water
        return False

    def body_of_water(self, square: int) -> set[int]:
        """Orthogonally connected water sites containing ``square`` (codex: Body of Water)."""
        if not self.is_water(square):
            return set()
        seen = {square}
        todo = [square]
        while todo:
            here = todo.pop()
            for other in self.orthogonal(here):
                if other not in seen and self.is_water(other):
                    seen.add(other)
                    todo.append(other)
        return seen

    # --- units ----------------------------------------------------------------------------

    def unit(self, unit_id: str) -> SorceryUnit:
        return self.state.units[unit_id]

    def bearer_of(self, feature_id: str) -> str | None:
        feature = self.state.features.get(feature_id)
        return feature.bearer if feature else None

    def grants(self, unit: SorceryUnit) -> list[Grant]:
        found = []
        for spec in self.effects(Grant):
            target = spec.unit if spec.unit is not None else self.bearer_of(spec.bearer_of or "")
            if target != unit.id:
                continue
            if spec.minions_only and unit.kind != "minion":
                continue
            found.append(spec)
        return found

    def keywords(self, unit_id: str, at: Loc | None = None) -> set[str]:
        """Keywords in force for the unit at ``at`` (default: where it is): printed, granted by
        effects, and conferred by a carrier while the two share a location (digest 2.6): a
        carried unit stepping away on its own keeps them for that first step only."""
        unit = self.unit(unit_id)
        found = set(unit.keywords)
        for spec in self.grants(unit):
            found.update(spec.keywords)
        carrier = self.state.units.get(unit.carried_by or "")
        if carrier is not None and carrier.alive and carrier.location is not None:
            here = at.text if at is not None else unit.location
            if here == carrier.location:
                conferred = self.keywords(carrier.id)
                found.update(k for k in MOVEMENT_KEYWORDS if k in conferred)
        return found

    def movement_bonus(self, unit_id: str) -> int:
        unit = self.unit(unit_id)
        return unit.movement_bonus + sum(spec.movement for spec in self.grants(unit))

    def passengers(self, carrier_id: str) -> list[str]:
        return sorted(
            u.id for u in self.state.units.values() if u.alive and u.carried_by == carrier_id
        )

    def power(self, unit_id: str) -> int:
        """Power for checks (Gnome Hollows, "weaker"): split power averaged, rounded down
        (codex: Split Power). Strikes use attack power (``SorceryUnit.power``)."""
        unit = self.unit(unit_id)
        return power_for_checks(unit.power, unit.defence)

    # --- restrictions ---------------------------------------------------------------------

    def disabled(self, unit_id: str, at: Loc) -> RuleRef | None:
        """Waterbound off water / Landbound off land disables a unit (codex: Waterbound)."""
        keywords = self.keywords(unit_id)
        on_site = self.site_at(at.square) is not None and at.region is not Region.VOID
        water_here = on_site and self.is_water(at.square)
        if "Waterbound" in keywords and not water_here:
            return rule("codex: Waterbound", "disabled while not occupying a water location", "ongoing")
        if "Landbound" in keywords and (not on_site or water_here):
            return rule("codex: Landbound", "disabled while not occupying a land location", "ongoing")
        return None

    def immobile(self, unit_id: str, at: Loc) -> RuleRef | None:
        if "Immobile" in self.keywords(unit_id):
            return rule("codex: Immobile", "an Immobile unit takes no steps", "ongoing")
        for effect_id, spec in self.specs:
            if not isinstance(spec, ImmobileAtop) or at.square not in spec.squares:
                continue
            if at.region is Region.SURFACE or (spec.any_level and at.region is not Region.VOID):
                return rule(
                    self.source_card(effect_id),
                    self.state.effects[effect_id].label.split(": ", 1)[-1],
                    "ongoing",
                )
        return None

    def airborne(self, unit_id: str) -> bool:
        """Airborne works only on the surface (codex: Airborne)."""
        unit = self.unit(unit_id)
        if unit.location is None or parse_loc(unit.location).region is not Region.SURFACE:
            return False
        return "Airborne" in self.keywords(unit_id)

    def attack_refusal(self, attacker_id: str, target_id: str) -> RuleRef | None:
        """Why ``attacker_id`` may not target ``target_id`` with an attack (codex: Airborne:
        only an Airborne attacker may target an Airborne unit)."""
        if self.airborne(target_id) and not self.airborne(attacker_id):
            return rule("codex: Airborne", "an Airborne unit can be targeted by attacks only from Airborne units", "keyword")
        return None

    def cannot_be_at(self, unit_id: str, at: Loc) -> RuleRef | None:
        """Why a unit can't be (summoned or set up) at ``at``: an Avatar off the surface, a minion
        where it can't survive (digest 1.6), or a passive ban on entering (digest 2.3)."""
        unit = self.unit(unit_id)
        if unit.kind == "avatar" and at.region is not Region.SURFACE:
            return rule("codex: Characteristics", "an Avatar occupies only surface locations")
        survival = self.survival(unit_id, at)
        if survival is not None:
            return survival
        if self.site_at(at.square) is not None:
            return self.entry_ban(unit_id, at.square)
        return None

    def survival(self, unit_id: str, at: Loc) -> RuleRef | None:
        """The rule that kills or banishes a minion at ``at`` for lack of a keyword (digest 1.6)."""
        unit = self.unit(unit_id)
        if unit.kind != "minion":
            return None
        keywords = self.keywords(unit_id, at)
        if at.region is Region.VOID and "Voidwalk" not in keywords:
            return rule("codex: Void", "a minion without Voidwalk in the void is banished")
        if at.region is Region.UNDERGROUND and "Burrowing" not in keywords:
            return rule("codex: Underground", "a minion without Burrowing underground dies")
        if at.region is Region.UNDERWATER and "Submerge" not in keywords:
            return rule("codex: Underwater", "a minion without Submerge underwater dies")
        return None

    def entry_ban(self, unit_id: str, square: int) -> RuleRef | None:
        for effect_id, spec in self.specs:
            if isinstance(spec, EntryBan) and spec.square == square:
                if self.power(unit_id) >= spec.min_power:
                    return rule(
                        self.source_card(effect_id),
                        f"units with {spec.min_power} or more power can't enter this site",
                        "ongoing",
                    )
        return None

    def source_card(self, effect_id: str) -> str:
        effect = self.state.effects[effect_id]
        source = self.state.features.get(effect.source) or self.state.units.get(effect.source)
        return source.card if source is not None else effect.source
