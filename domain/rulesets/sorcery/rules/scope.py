"""Who an effect applies to: a unit at a location against an ``effects.Scope`` (codex: Nearby,
Adjacent, At Rest; digest 1.4, gap 12)."""

from __future__ import annotations

from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.realm import COLUMNS, Loc, Region, parse_loc
from domain.rulesets.sorcery.rules.facts import RealmFacts
from domain.rulesets.sorcery.state import AttackItem, JoinFightItem, SorceryUnit


class ScopeRules(RealmFacts):
    """``in_scope``: the one reading of a ``Scope``, for ongoing effects and triggers alike."""

    def in_scope(self, scope: Scope, unit: SorceryUnit, at: Loc) -> bool:
        """Whether ``unit``, at ``at``, is among the units ``scope`` names (effects.Scope). An
        oversized unit where it stands is named when it is at any location it occupies (codex:
        Oversized Units, Nearby and Adjacent)."""
        if unit.parts and at.text in unit.occupied:
            return any(self.in_scope_at(scope, unit, parse_loc(loc)) for loc in unit.occupied)
        return self.in_scope_at(scope, unit, at)

    def in_scope_at(self, scope: Scope, unit: SorceryUnit, at: Loc) -> bool:
        """Whether the unit is named at that one location (a part of an oversized unit that has
        just entered it)."""
        if scope.minions_only and unit.kind != "minion":
            return False
        if scope.threshold_of is not None and scope.threshold is not None:
            element, count = scope.threshold
            if self.affinity(scope.threshold_of, element) < count:
                return False
        if scope.ally_died_for is not None and not self.ally_died_on_opponents_last_turn(scope.ally_died_for):
            return False
        if scope.exclude is not None and unit.id == scope.exclude:
            return False
        if scope.allies_of is not None and unit.owner != scope.allies_of:
            return False
        if scope.enemies_of is not None and unit.owner == scope.enemies_of:
            return False
        if scope.subtypes and not set(scope.subtypes) & set(self.subtypes(unit)):
            return False
        if scope.unit is not None and unit.id != scope.unit:
            return False
        if scope.region is not None and at.region.value != scope.region:
            return False
        if scope.bearer_of is not None and self.bearer_of(scope.bearer_of) != unit.id:
            return False
        if scope.units is not None and unit.id not in scope.units:
            return False
        if scope.max_power is not None and self.power(unit.id) > scope.max_power:
            return False
        if scope.carried_by is not None and unit.carried_by != scope.carried_by:
            return False
        if scope.above is not None:
            below = self.location_of(scope.above)
            if below is None or below.region is not Region.UNDERGROUND or at != Loc(below.square, Region.SURFACE):
                return False
        if scope.carrying and not self.passengers(unit.id):
            return False
        if scope.adjacent_to is not None or scope.in_front_of is not None:
            if not self._adjacent_or_in_front(scope, at):
                return False
        if scope.at_rest and not self.at_rest(unit, at):
            return False
        on_site = self.site_at(at.square) is not None and at.region is not Region.VOID
        if scope.squares is not None:
            if at.square not in scope.squares or not on_site:
                return False
            if not scope.any_level and at.region is not Region.SURFACE:
                return False
        if scope.near is not None and not self._near(scope.near, at, on_site, scope.near_sites):
            return False
        if scope.here is not None and not self._here(scope.here, at):
            return False
        return True

    def places_of(self, thing: str) -> list[Loc]:
        """Where a unit or card is: every location an oversized unit occupies, else its one."""
        unit = self.state.units.get(thing)
        if unit is not None and unit.parts and unit.alive:
            return [parse_loc(loc) for loc in unit.occupied]
        where = self.location_of(thing)
        return [] if where is None else [where]

    def _adjacent_or_in_front(self, scope: Scope, at: Loc) -> bool:
        thing = scope.adjacent_to or scope.in_front_of or ""
        return any(self._adjacent_or_in_front_of(scope, thing, where, at) for where in self.places_of(thing))

    def _adjacent_or_in_front_of(self, scope: Scope, thing: str, where: Loc, at: Loc) -> bool:
        if at.region is not where.region:
            return False
        if scope.adjacent_to is not None:
            return at.square == where.square or at.square in self.orthogonal(where.square)
        first = self.unit(thing).owner == self.state.players[0]
        ahead = where.square - COLUMNS if first else where.square + COLUMNS
        return at.square in (where.square, ahead)

    def at_rest(self, unit: SorceryUnit, at: Loc) -> bool:
        """At rest (codex: At Rest): where it is, and not moving or being moved: no move of its
        own, or of its carrier, is being resolved. A unit judged at a location it is not at (a
        step of the search) is on its way, so not at rest."""
        if unit.location is None or at.text not in unit.occupied:
            return False
        movers = {unit.id, unit.carried_by}
        if any(move.unit in movers for move in self.state.moves.values()):
            return False
        return not self.in_the_attack(unit.id)

    def in_the_attack(self, unit_id: str) -> bool:
        """Whether the unit attacks or defends in the attack under way: it moved or used its
        Defend, and returns to rest only once the whole attack is over (codex: At Rest, its
        defender moving in from one step sideways). A unit whose Move and Attack has moved and
        is about to declare its attack (its ``AttackItem`` on the storyline) is in it already: the
        attack is part of the same ability, so a minion stopping beside a Hillock Basilisk still
        declares it (codex: At Rest, Disabled)."""
        attack = self.state.attack
        if attack is None:
            return any(isinstance(item, AttackItem) and item.unit == unit_id for item in self.state.storyline)
        joining = any(isinstance(item, JoinFightItem) and item.unit == unit_id for item in self.state.storyline)
        return unit_id == attack.attacker or unit_id in attack.defenders or joining

    def _near(self, thing: str, at: Loc, on_site: bool, sites: bool) -> bool:
        return any(self._near_to(thing, where, at, on_site, sites) for where in self.places_of(thing))

    def _near_to(self, thing: str, where: Loc, at: Loc, on_site: bool, sites: bool) -> bool:
        if at.square not in self.nearby(where.square):
            return False
        if sites or (thing in self.state.features and self.state.features[thing].kind == "site"):
            return on_site  # occupying a nearby site, either level
        return at.region is where.region  # nearby units share the reference's region

    def _here(self, thing: str, at: Loc) -> bool:
        feature = self.state.features.get(thing)
        if feature is not None and feature.kind == "site":
            return feature.location == str(at.square) and at.region is not Region.VOID
        where = self.location_of(thing)
        return where == at
