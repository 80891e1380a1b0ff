"""What the realm's facts mean: sites, water, bodies of water and each unit's keywords in force.

Reads only facts that events put in the ``GameState`` (units, sites, artifacts, auras, ongoing
effects), so the aggregate and the lookahead projection interpret a realm identically. It never
looks at triggered abilities.

Keywords in force follow the layers of the codex (Ordering Ongoing Effects): printed keywords;
removal (silenced: every special ability; disabled: every ability but Landbound and
Waterbound); grants (artifacts, spells, area effects, a carrier's movement keywords while the
two share a location); then "lose", which beats any grant (codex: Lose).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from functools import cached_property
from typing import Any, TypeVar

from domain.rules import RuleRef
from domain.rulesets.sorcery.catalog import MOVEMENT_KEYWORDS, card, power_for_checks
from domain.rulesets.sorcery.effects import (
    AsIfAdjacent,
    AsIfConnected,
    BorderBan,
    Condition,
    ConnectEdges,
    DoubleStrikes,
    EffectSpec,
    EntryBan,
    Flooded,
    Grant,
    ImmobileAtop,
    Immune,
    Leap,
    LocationBan,
    Lose,
    Maze,
    MovesFreely,
    NoLevelChange,
    Restriction,
    Scope,
    SiteCondition,
    Uninterceptable,
    Unmodifiable,
)
from domain.rulesets.sorcery.realm import COLUMNS, SQUARES, Loc, Region, nearby, orthogonal, parse_loc
from domain.rulesets.sorcery.state import CardState, SorceryState, SorceryUnit
from domain.state import GameState

RULESET = "sorcery"
#: keywords a disabled unit keeps (codex: Landbound, Waterbound)
KEPT_WHEN_DISABLED = frozenset({"Landbound", "Waterbound"})


def rule(source: str, message: str, timing: str | None = None) -> RuleRef:
    return RuleRef(ruleset=RULESET, source=source, message=message, timing=timing)


F = TypeVar("F", bound=Callable[..., Any])
_UNKNOWN = object()


def memo(method: F) -> F:
    """Work each answer of a view out once: a view reads one state that no event changes while
    it is used, and the search asks the same questions of every location it reaches. Answers
    are kept per method, keyed by the arguments themselves (ids and locations, never units)."""
    name = method.__name__

    @functools.wraps(method)
    def cached(self: RealmView, *args: Any, **kwargs: Any) -> Any:
        answers = self._answers.get(name)
        if answers is None:
            answers = self._answers[name] = {}
        key: tuple[Any, ...] = args if not kwargs else (*args, *sorted(kwargs.items()))
        found = answers.get(key, _UNKNOWN)
        if found is _UNKNOWN:  # worked out outside any handler, so its errors stand alone
            found = answers[key] = method(self, *args, **kwargs)
        return found

    return cached  # type: ignore[return-value]  # the same signature as the method it wraps


class RealmView:
    """A read-only interpretation of one game state; build a new one after the state changes."""

    def __init__(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)
        self.state: SorceryState = state
        #: method name -> its arguments -> its answer (``memo``)
        self._answers: dict[str, dict[tuple[Any, ...], Any]] = {}
        #: (unit, basic movement?) -> the step options the movement model found, by location
        self.step_options: dict[tuple[str, bool], Any] = {}
        #: unit -> its allowance at each location (Movement +X where it stands)
        self.allowances: dict[str, dict[str, int]] = {}

    @classmethod
    def of(cls, state: GameState) -> RealmView:
        """The view of ``state``, shared by every question asked of it until an event changes it
        (``GameState.index``): the answers it has worked out are kept with it."""
        return state.index("sorcery.view", lambda: cls(state))

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
        """A water site (digest 1.3): printed water affinity or Flooded, then the flooding
        effects in force in timestamp order (``water_squares``)."""
        if not self.floods:
            site = self.site_at(square)
            return bool(site and site.water)
        return square in self.water_squares

    @cached_property
    def floods(self) -> list[tuple[str, Flooded]]:
        """Flooding (and Drought) effects in the state, in timestamp order (the order they
        started); empty, the cheap common case, when there are none."""
        return [(e.id, e.spec) for e in self.state.effects.values() if isinstance(e.spec, Flooded)]

    @cached_property
    def water_squares(self) -> set[int]:
        """The squares whose sites are water sites now (codex: Flooded, Water Site; Example -
        Flood vs. Drought: affinity effects apply in timestamp order, the later winning). A site
        that has lost its abilities (Smokestacks of Gnaak) loses a printed Flooded and is not
        flooded by effects (codex: Flooded: "effects that remove abilities from sites will also
        remove Flooded"); a Drought still dries it (it removes no ability). A site that can't be
        modified (Bedrock) is neither flooded nor dried."""
        in_force = {effect_id for effect_id, _ in self.specs}
        water: set[int] = set()
        for square, site in self.sites.items():
            if site.id in self.suppressed_sites:
                if card(site.card).water_threshold:
                    water.add(square)
            elif site.water:
                water.add(square)
        fixed = {spec.square for spec in self.effects(Unmodifiable)}
        for effect_id, spec in self.floods:
            if effect_id not in in_force:
                continue
            for square in self.flooded_by(spec):
                site = self.sites[square]
                if square in fixed or (spec.water and site.id in self.suppressed_sites):
                    continue
                if spec.water:
                    water.add(square)
                else:
                    water.discard(square)
        return water

    def flooded_by(self, spec: Flooded) -> list[int]:
        """The squares of the sites a flooding effect reaches now."""
        if spec.everywhere:
            squares = list(self.sites)
        elif spec.site_of is not None:
            where = self.location_of(spec.site_of)
            squares = [where.square] if where is not None and where.region is not Region.VOID else []
        else:
            squares = list(spec.squares)
        if spec.sites:
            squares += [sq for sq, site in self.sites.items() if site.id in spec.sites]
        found = [sq for sq in sorted(set(squares)) if sq in self.sites]
        if spec.non_ordinary:
            found = [sq for sq in found if card(self.sites[sq].card).rarity != "Ordinary"]
        return found

    @cached_property
    def all_specs(self) -> list[tuple[str, EffectSpec]]:
        return [(e.id, e.spec) for e in self.state.effects.values()]

    @cached_property
    def specs(self) -> list[tuple[str, EffectSpec]]:
        """The effects in force: a passive ability of a unit that is silenced or disabled is
        not (codex: Silenced, Disabled); effects with a duration last it out (digest 4.2)."""
        found = []
        for effect_id, spec in self.all_specs:
            effect = self.state.effects[effect_id]
            if effect.duration == "while_in_realm" and effect.source in self.suppressed_sources:
                continue
            found.append((effect_id, spec))
        return found

    @cached_property
    def suppressed_sources(self) -> set[str]:
        """Units whose own passive abilities are switched off by a silencing or disabling effect
        (judged with every effect in force, one level deep)."""
        found: set[str] = set()
        for unit in self.state.living_units():
            assert isinstance(unit, SorceryUnit)
            at = parse_loc(unit.location or "")
            for effect_id, spec in self.all_specs:
                if isinstance(spec, Condition) and spec.condition in ("silenced", "disabled"):
                    if self.state.effects[effect_id].source != unit.id and self.in_scope(spec, unit, at):
                        if not self._immune_in(self.all_specs, unit, at, spec.condition):
                            found.add(unit.id)
        found.update(self.suppressed_sites)
        return found

    @cached_property
    def suppressed_sites(self) -> dict[str, RuleRef]:
        """Sites that have lost their abilities (Smokestacks of Gnaak, Blightstone), with why;
        judged with every effect in force, one level deep."""
        found: dict[str, RuleRef] = {}
        for effect_id, spec in self.all_specs:
            if not isinstance(spec, SiteCondition):
                continue
            squares = set(spec.squares) - {spec.exclude}
            if spec.site_of is not None:
                where = self.location_of(spec.site_of)
                squares = {where.square} if where is not None and where.region is not Region.VOID else set()
            for square in sorted(squares):
                site = self.site_at(square)
                if site is not None and site.id not in found:
                    what = "is disabled" if spec.condition == "disabled" else "loses its abilities"
                    found[site.id] = rule(self.source_card(effect_id), f"the site {what}", "ongoing")
        return found

    @memo
    def affinity(self, player: str, element: str) -> int:
        """How much of an element's affinity ``player`` has: what the sites they control provide,
        their thresholds in the card data (codex: Elemental Threshold and Affinity). A disabled
        site provides none (codex: Disabled); other sources of affinity (a minion such as
        Blacksmith Family) are not counted (docs/sorcery.md, choices)."""
        disabled = {
            site_id for site_id, why in self.suppressed_sites.items() if "is disabled" in why.message
        }
        return sum(
            dict(card(site.card).thresholds).get(element, 0)
            for site in self.sites.values()
            if site.controller == player and site.id not in disabled
        )

    @memo
    def effects(self, kind: type) -> list:
        return [spec for _, spec in self.specs if isinstance(spec, kind)]

    @cached_property
    def wrap(self) -> tuple[bool, bool]:
        """(columns, rows): whether left/right and top/bottom edges are connected (by an
        artifact, whose passive no unit's silencing switches off)."""
        links = [spec for _, spec in self.all_specs if isinstance(spec, ConnectEdges)]
        return any(s.columns for s in links), any(s.rows for s in links)

    def orthogonal(self, square: int) -> list[int]:
        columns, rows = self.wrap
        return orthogonal(square, columns, rows)

    def nearby(self, square: int) -> list[int]:
        return nearby(square, *self.wrap)

    def as_if_adjacent(self, square: int, player: str | None) -> list[int]:
        """Squares linked to ``square`` for ``player``'s units (any player's when None)."""
        found: list[int] = []
        for spec in self.effects(AsIfAdjacent):
            if player is not None and spec.for_player not in (None, player):
                continue
            if spec.hub is not None:
                continue  # a hub links places of its own kind (hub_links)
            linked = self.span(spec.span_of, spec.water) if spec.span_of is not None else set(spec.squares)
            if square in linked:
                found.extend(sorted(linked - {square}))
        return sorted(set(found))

    def hub_links(self, at: Loc, player: str | None) -> list[tuple[Loc, tuple[str, ...]]]:
        """Locations one step from ``at`` through a site linked to many places (effects.AsIfAdjacent
        ``hub``), each with the keywords the step needs: Astral Alcazar links its site and every
        void (entering or leaving the void still needs Voidwalk); Secret Tunnel links, for its
        controller's burrowed units, its underground and that of the controller's other sites."""
        found: list[tuple[Loc, tuple[str, ...]]] = []
        for spec in self.effects(AsIfAdjacent):
            hub = spec.hub
            if hub is None or self.site_at(hub) is None:
                continue
            if player is not None and spec.for_player not in (None, player):
                continue
            if spec.to_voids:
                voids = [sq for sq in SQUARES if self.site_at(sq) is None]
                if at.square == hub and at.region is not Region.VOID:
                    found.extend((Loc(sq, Region.VOID), ("Voidwalk",)) for sq in voids)
                elif at.region is Region.VOID:
                    lower = Region.UNDERWATER if self.is_water(hub) else Region.UNDERGROUND
                    found.extend([(Loc(hub, Region.SURFACE), ("Voidwalk",)), (Loc(hub, lower), ("Voidwalk",))])
            if spec.to_sites_of is not None and at.region is Region.UNDERGROUND:
                others = [
                    sq for sq, site in sorted(self.sites.items()) if sq != hub and site.controller == spec.to_sites_of
                ]
                if at.square == hub:
                    for sq in others:
                        if self.is_water(sq):
                            found.append((Loc(sq, Region.UNDERWATER), ("Burrowing", "Submerge")))
                        else:
                            found.append((Loc(sq, Region.UNDERGROUND), ("Burrowing",)))
                elif at.square in others and not self.is_water(hub):
                    found.append((Loc(hub, Region.UNDERGROUND), ("Burrowing",)))
        return [(loc, needs) for loc, needs in found if loc != at]

    def location_exists(self, loc: Loc) -> bool:
        site = self.site_at(loc.square)
        if site is None:
            return loc.region is Region.VOID
        if loc.region is Region.SURFACE:
            return True
        if loc.region is Region.UNDERWATER:
            return self.is_water(loc.square)
        if loc.region is Region.UNDERGROUND:
            return not self.is_water(loc.square)
        return False

    def span(self, square: int, water: bool) -> set[int]:
        """Orthogonally connected water (or land) sites containing ``square`` (codex: Body of
        Water, Span of Land); empty when that site is not (or no longer) of that kind."""
        if self.site_at(square) is None or self.is_water(square) != water:
            return set()
        seen = {square}
        todo = [square]
        while todo:
            here = todo.pop()
            for other in self.orthogonal(here):
                if other not in seen and self.site_at(other) is not None and self.is_water(other) == water:
                    seen.add(other)
                    todo.append(other)
        return seen

    def body_of_water(self, square: int) -> set[int]:
        """Orthogonally connected water sites containing ``square`` (codex: Body of Water)."""
        return self.span(square, True)

    # --- where things are -------------------------------------------------------------------

    def unit(self, unit_id: str) -> SorceryUnit:
        return self.state.units[unit_id]

    def bearer_of(self, feature_id: str) -> str | None:
        feature = self.state.features.get(feature_id)
        return feature.bearer if feature else None

    def location_of(self, thing: str) -> Loc | None:
        """Where a unit, an artifact (on the ground or with its bearer: digest gap 17) or a site
        is; None when it is not in the realm."""
        unit = self.state.units.get(thing)
        if unit is not None:
            return parse_loc(unit.location) if unit.alive and unit.location else None
        feature = self.state.features.get(thing)
        if feature is None:
            return None
        if feature.bearer is not None:
            return self.location_of(feature.bearer)
        return parse_loc(feature.location) if feature.location else None

    def ally_died_on_opponents_last_turn(self, player: str) -> bool:
        """Whether a unit of ``player``'s died during the last turn of their opponent's that has
        ended (Avenging Angel): the turn before this one on ``player``'s turn, the one before
        that on the opponent's (turns alternate)."""
        state = self.state
        last = state.turn - 1 if state.active_player == player else state.turn - 2
        return any(d.owner == player and d.turn == last for d in state.deaths)

    def subtypes(self, unit: SorceryUnit) -> tuple[str, ...]:
        return card(unit.card).subtypes

    # --- who an effect applies to -----------------------------------------------------------

    def in_scope(self, scope: Scope, unit: SorceryUnit, at: Loc) -> bool:
        """Whether ``unit``, at ``at``, is among the units ``scope`` names (effects.Scope)."""
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

    def _adjacent_or_in_front(self, scope: Scope, at: Loc) -> bool:
        thing = scope.adjacent_to or scope.in_front_of or ""
        where = self.location_of(thing)
        if where is None or at.region is not where.region:
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
        if unit.location is None or parse_loc(unit.location) != at:
            return False
        movers = {unit.id, unit.carried_by}
        return not any(move.unit in movers for move in self.state.moves.values())

    def _near(self, thing: str, at: Loc, on_site: bool, sites: bool) -> bool:
        where = self.location_of(thing)
        if where is None or at.square not in self.nearby(where.square):
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

    def _where(self, unit: SorceryUnit, at: Loc | None) -> Loc | None:
        if at is not None:
            return at
        return parse_loc(unit.location) if unit.location else None

    # --- silenced, disabled, keywords in force -----------------------------------------------

    def _condition(self, unit: SorceryUnit, at: Loc | None, condition: str) -> RuleRef | None:
        return self._condition_of(unit.id, at, condition)

    def _immune_in(self, specs: list[tuple[str, EffectSpec]], unit: SorceryUnit, at: Loc, condition: str) -> bool:
        return any(
            isinstance(spec, Immune) and condition in spec.conditions and self.in_scope(spec, unit, at)
            for _, spec in specs
        )

    @memo
    def immune(self, unit_id: str, at: Loc | None, condition: str) -> bool:
        """Whether an effect says the unit can't be silenced, disabled or immobilized (Gossamer
        Ghost, Onslaught): such an effect makes nothing of that condition apply."""
        return at is not None and self._immune_in(self.specs, self.unit(unit_id), at, condition)

    @memo
    def _condition_of(self, unit_id: str, at: Loc | None, condition: str) -> RuleRef | None:
        if at is None or self.immune(unit_id, at, condition):
            return None
        unit = self.unit(unit_id)
        for effect_id, spec in self.specs:
            if isinstance(spec, Condition) and spec.condition == condition and self.in_scope(spec, unit, at):
                if spec.unless_adjacent_ally_with and self._adjacent_ally_with(unit, at, spec.unless_adjacent_ally_with):
                    continue
                return self._effect_rule(effect_id, condition)
        return None

    def _adjacent_ally_with(self, unit: SorceryUnit, at: Loc, keyword: str) -> bool:
        squares = {at.square, *self.orthogonal(at.square)}
        for other in self.state.living_units():
            if other.id == unit.id or other.owner != unit.owner or not other.location:
                continue
            where = parse_loc(other.location)
            if where.square not in squares or where.region is not at.region:
                continue
            # keywords before disabling (a disabled Spellcaster is still one; two Bound Spirits
            # side by side would otherwise ask each other forever); an Avatar casts spells
            if keyword in self._raw_keywords_of(other.id, where) or (keyword == "Spellcaster" and other.kind == "avatar"):
                return True
        return False

    def silenced(self, unit_id: str, at: Loc | None = None) -> RuleRef | None:
        unit = self.unit(unit_id)
        return self._condition(unit, self._where(unit, at), "silenced")

    def _raw_keywords(self, unit: SorceryUnit, at: Loc | None) -> frozenset[str]:
        return self._raw_keywords_of(unit.id, at)

    @memo
    def _raw_keywords_of(self, unit_id: str, at: Loc | None) -> frozenset[str]:
        """Printed, granted and conferred keywords, after silencing and "lose"; before disabling."""
        unit = self.unit(unit_id)
        silenced = self._condition(unit, at, "silenced") is not None
        found: set[str] = set() if silenced else set(unit.keywords)
        if not silenced and at is not None:
            for spec in self.effects(Grant):
                if self.in_scope(spec, unit, at):
                    found.update(spec.keywords)
            carrier = self.state.units.get(unit.carried_by or "")
            if carrier is not None and carrier.alive and carrier.location == at.text:
                conferred = self.keywords(carrier.id)
                found.update(k for k in MOVEMENT_KEYWORDS if k in conferred)
        if at is not None:
            for spec in self.effects(Lose):
                if self.in_scope(spec, unit, at):
                    found -= set(spec.keywords)
        return frozenset(found)

    @memo
    def why_lacking(self, unit_id: str, at: Loc, keyword: str) -> RuleRef | None:
        """The effect that takes ``keyword`` away from the unit at ``at`` (a "lose" effect, or
        being silenced), so that a refusal names the card (Sky Baron, Silence)."""
        unit = self.unit(unit_id)
        silenced = self._condition(unit, at, "silenced")
        if silenced is not None:
            return silenced
        for effect_id, spec in self.specs:
            if isinstance(spec, Lose) and keyword in spec.keywords and self.in_scope(spec, unit, at):
                return self._effect_rule(effect_id, f"loses {keyword}")
        return None

    def keywords(self, unit_id: str, at: Loc | None = None) -> frozenset[str]:
        """Keywords in force for the unit at ``at`` (default: where it is): printed, granted by
        effects, and conferred by a carrier while the two share a location (digest 2.6): a
        carried unit stepping away on its own keeps them for that first step only. Silenced:
        none; disabled: Landbound and Waterbound only; lost keywords can't be had."""
        unit = self.unit(unit_id)
        where = self._where(unit, at)
        found = self._raw_keywords(unit, where)
        if self._disabled(unit, where, found) is not None:
            return found & KEPT_WHEN_DISABLED
        return found

    def survival_keywords(self, unit_id: str, at: Loc) -> frozenset[str]:
        """The keywords that keep a minion alive below or in the void: a disabled unit keeps its
        movement keywords for that (the codex says disabled units lose abilities to act; it
        never says they sink; our choice, docs/sorcery.md)."""
        return self._raw_keywords(self.unit(unit_id), at)

    @memo
    def movement_bonus(self, unit_id: str, at: Loc | None = None) -> int:
        unit = self.unit(unit_id)
        where = self._where(unit, at)
        if where is None or self.silenced(unit_id, where) is not None:
            return 0
        total = unit.movement_bonus
        for spec in self.effects(Grant):
            if self.in_scope(spec, unit, where):
                total += spec.movement
        return total

    def held_by(self, unit_id: str) -> str | None:
        """The carrier holding ``unit_id`` by an effect, not by its own ability to carry: it is
        not dropped when the carrier loses its abilities, can't be dropped at will, and only a
        teleport moves it away (Brobdingnag Bullfrog FAQ)."""
        carrier = self.unit(unit_id).carried_by
        if carrier is None:
            return None
        for _, spec in self.all_specs:
            held = getattr(spec, "carried_by", None)
            if held == carrier and unit_id in (getattr(spec, "units", None) or ()):
                return carrier
        return None

    def held_rule(self, holder: str) -> RuleRef:
        """Why only a teleport moves a minion an artifact holds (Cage of Sidrak FAQ: the golden rule)."""
        name = self.name_of(holder)
        return rule(f"{name} FAQ", f"only a teleport moves a minion locked in {name} away from it")

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

    def _disabled(self, unit: SorceryUnit, at: Loc | None, keywords: frozenset[str]) -> RuleRef | None:
        if at is None:
            return None
        found = self._condition(unit, at, "disabled")
        if found is not None:
            return found
        if self.immune(unit.id, at, "disabled"):
            return None
        on_site = self.site_at(at.square) is not None and at.region is not Region.VOID
        water_here = on_site and self.is_water(at.square)
        if "Waterbound" in keywords and not water_here:
            return rule("codex: Waterbound", "disabled while not occupying a water location", "ongoing")
        if "Landbound" in keywords and (not on_site or water_here):
            return rule("codex: Landbound", "disabled while not occupying a land location", "ongoing")
        return None

    @memo
    def disabled(self, unit_id: str, at: Loc | None = None) -> RuleRef | None:
        """Why the unit is disabled at ``at``: an effect (Iron Shackles), or Waterbound off water
        / Landbound off land (codex: Disabled, Waterbound, Landbound)."""
        unit = self.unit(unit_id)
        where = self._where(unit, at)
        return self._disabled(unit, where, self._raw_keywords(unit, where))

    @memo
    def immobile(self, unit_id: str, at: Loc) -> RuleRef | None:
        if "Immobile" in self.keywords(unit_id, at):
            return rule("codex: Immobile", "an Immobile unit takes no steps", "ongoing")
        if self.immune(unit_id, at, "immobile"):
            return None
        for effect_id, spec in self.specs:
            if not isinstance(spec, ImmobileAtop) or at.square not in spec.squares:
                continue
            if self.site_at(at.square) is None:
                continue
            if at.region is Region.SURFACE or (spec.any_level and at.region is not Region.VOID):
                return self._effect_rule(effect_id, "Immobile")
        return self._condition(self.unit(unit_id), at, "immobile")

    def airborne(self, unit_id: str, at: Loc | None = None) -> bool:
        """Airborne works only on the surface (codex: Airborne)."""
        unit = self.unit(unit_id)
        where = self._where(unit, at)
        if where is None or where.region is not Region.SURFACE:
            return False
        return "Airborne" in self.keywords(unit_id, where)

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
        return self.entry_refusal(unit_id, None, at, "summon")

    @memo
    def survival(self, unit_id: str, at: Loc) -> RuleRef | None:
        """The rule that kills or banishes a minion at ``at`` for lack of a keyword (digest 1.6)."""
        unit = self.unit(unit_id)
        if unit.kind != "minion":
            return None
        keywords = self.survival_keywords(unit_id, at)
        if at.region is Region.VOID and "Voidwalk" not in keywords:
            return rule("codex: Void", "a minion without Voidwalk in the void is banished")
        if at.region is Region.UNDERGROUND and "Burrowing" not in keywords:
            return rule("codex: Underground", "a minion without Burrowing underground dies")
        if at.region is Region.UNDERWATER and "Submerge" not in keywords:
            return rule("codex: Underwater", "a minion without Submerge underwater dies")
        return None

    def entry_ban(self, unit_id: str, square: int) -> RuleRef | None:
        """Power bans on entering the site at ``square`` (Gnome Hollows; codex: Split Power)."""
        for effect_id, spec in self.specs:
            if isinstance(spec, EntryBan) and spec.square == square:
                if self.power(unit_id) >= spec.min_power:
                    return rule(
                        self.source_card(effect_id),
                        f"units with {spec.min_power} or more power can't enter this site",
                        "ongoing",
                    )
        return None

    def on_the_ground(self, unit_id: str, frm: Loc, to: Loc, kind: str) -> bool:
        """A step from a site's surface to another site's surface, not Airborne, not a teleport
        (codex: On the Ground; digest 2.10)."""
        if kind in ("teleport", "fly"):
            return False
        if frm.region is not Region.SURFACE or to.region is not Region.SURFACE or frm.square == to.square:
            return False
        if self.site_at(frm.square) is None or self.site_at(to.square) is None:
            return False
        return not self.airborne(unit_id, frm)

    @memo
    def entry_refusal(self, unit_id: str, frm: Loc | None, to: Loc, kind: str) -> RuleRef | None:
        """Why the unit can't enter ``to`` (from ``frm``; None when summoned or set up there):
        power bans on entering a site, and the location bans of Scarecrow, Undesirables,
        Mountain Pass, Endless Fence and Bailey (digest 2.3: "can't enter" covers every way)."""
        unit = self.unit(unit_id)
        new_site = frm is None or frm.square != to.square or frm.region is Region.VOID
        if new_site and self.site_at(to.square) is not None and to.region is not Region.VOID:
            ban = self.entry_ban(unit_id, to.square)
            if ban is not None:
                return ban
        for effect_id, spec in self.specs:
            if not isinstance(spec, LocationBan):
                continue
            why = self._location_ban(spec, unit, frm, to, kind, new_site)
            if why is not None:
                return rule(self.source_card(effect_id), why, "ongoing")
        return None

    def _location_ban(
        self, spec: LocationBan, unit: SorceryUnit, frm: Loc | None, to: Loc, kind: str, new_site: bool
    ) -> str | None:
        if spec.airborne_at is not None:
            where = self.location_of(spec.airborne_at)
            if where == to and unit.kind == "minion" and "Airborne" in self.keywords(unit.id, to) and to.region is Region.SURFACE:
                return "Airborne minions can't enter this location"
        if spec.allies_of is not None and spec.site_of is not None and unit.owner == spec.allies_of:
            where = self.location_of(spec.site_of)
            if (
                where is not None and where.region is not Region.VOID and where.square == to.square
                and to.region is not Region.VOID and new_site and unit.id != spec.site_of
            ):
                return "allies can't enter this site"
        if spec.ground_if_occupied and spec.square == to.square and unit.kind == "minion" and frm is not None:
            atop = [
                u for u in self.state.living_units()
                if u.kind == "minion" and u.location == str(to.square) and u.id != unit.id
                and u.carried_by != unit.id
            ]
            if atop and self.on_the_ground(unit.id, frm, to, kind):
                return "minions can't enter this site on the ground while a minion is atop it"
        if spec.from_void_span and spec.square is not None and unit.kind == "minion" and frm is not None:
            if frm.region is Region.VOID and to.square in self.span(spec.square, False) and to.region is not Region.VOID:
                return "minions can't enter this span of land from the void"
        if spec.enemies_of is not None and spec.ground_at is not None and unit.owner != spec.enemies_of and frm is not None:
            where = self.location_of(spec.ground_at)
            if where == to and self.on_the_ground(unit.id, frm, to, kind):
                return "enemies can't move here on the ground"
        return None

    @memo
    def border_refusal(self, unit_id: str, frm: Loc, to: Loc, kind: str) -> RuleRef | None:
        """Why the unit can't traverse the border this step crosses (Wall of Ice, Wall of Air,
        Great Wall, Perilous Bridge; codex: Traverse; digest 2.10). Diagonal, as-if-adjacent and
        teleport steps cross no border; subsurface units and the void are unaffected."""
        borders = [set(b) for b in self.crossed_borders(frm, to, kind)]
        if not borders:
            return None
        unit = self.unit(unit_id)
        for effect_id, spec in self.specs:
            if not isinstance(spec, BorderBan) or set(spec.border) not in borders:
                continue
            if spec.enemies_of is not None and unit.owner == spec.enemies_of:
                continue
            if spec.airborne_or_weak:
                if unit.kind == "minion" and (self.airborne(unit_id, frm) or self.power(unit_id) <= 2):
                    return rule(self.source_card(effect_id), "minions with Airborne or 2 or less power can't traverse it", "ongoing")
                continue
            if spec.on_the_ground and not self.on_the_ground(unit_id, frm, to, kind):
                continue
            return rule(self.source_card(effect_id), "can't be traversed on the ground", "ongoing")
        return None

    def crossed_borders(self, frm: Loc, to: Loc, kind: str) -> list[tuple[int, int]]:
        """The borders a step traverses on the surface: one for an orthogonal step, two for a
        leap (digest gap 9); none for diagonal, as-if-adjacent or teleport steps (digest 2.9)."""
        if frm.region is not Region.SURFACE or to.region is not Region.SURFACE or frm.square == to.square:
            return []
        if kind in ("orthogonal", "push"):
            return [(frm.square, to.square)]
        if kind == "leap":
            over = next((sq for sq in self.orthogonal(frm.square) if to.square in self.orthogonal(sq)), None)
            return [(frm.square, over), (over, to.square)] if over is not None else []
        return []

    def level_change_refusal(self, unit_id: str, at: Loc, kind: str) -> RuleRef | None:
        """Iceberg: minions occupying nearby sites can't submerge or surface."""
        if kind not in ("submerge", "surface") or self.unit(unit_id).kind != "minion":
            return None
        if kind == "surface" and at.region is not Region.UNDERWATER:
            return None
        for effect_id, spec in self.specs:
            if isinstance(spec, NoLevelChange) and at.square in spec.squares and self.site_at(at.square) is not None:
                return rule(self.source_card(effect_id), "minions occupying nearby sites can't submerge or surface", "ongoing")
        return None

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

    def connected_rows(self, unit_id: str, at: Loc) -> bool:
        """Whether the unit may step as if the top and bottom edges were connected (codex: As If
        Connected: for its own steps only)."""
        unit = self.unit(unit_id)
        for spec in self.effects(AsIfConnected):
            if spec.unit is not None and spec.unit == unit_id and self.silenced(unit_id, at) is None:
                return True
            if spec.allies_of is not None and spec.allies_of == unit.owner:
                return True
            if spec.allies_here_of is not None and spec.allies_here_of == unit.owner:
                source = self._effect_source(spec)
                if source is not None and self.location_of(source) == at:
                    return True
        return False

    def kept_in_void(self, unit_id: str, at: Loc) -> bool:
        """Whether the unit has a Voidwalk at ``at`` that it keeps in the void until it enters a
        site (Planar Gate; digest gap 10)."""
        unit = self.unit(unit_id)
        if self.silenced(unit_id, at) is not None:
            return False
        return any(s.kept_in_void and "Voidwalk" in s.keywords and self.in_scope(s, unit, at) for s in self.effects(Grant))

    def leaps(self, unit_id: str, at: Loc) -> bool:
        return any(s.unit == unit_id for s in self.effects(Leap)) and self.silenced(unit_id, at) is None

    def _effect_source(self, spec: object) -> str | None:
        for effect_id, found in self.specs:
            if found is spec:
                return self.state.effects[effect_id].source
        return None

    def _effect_rule(self, effect_id: str, fallback: str) -> RuleRef:
        label = self.state.effects[effect_id].label
        return rule(self.source_card(effect_id), label.split(": ", 1)[-1] if label else fallback, "ongoing")

    def restriction(self, unit_id: str, what: str) -> RuleRef | None:
        """The unit's own "can't" (``what``: a Restriction field), unless it is silenced or
        disabled (the text is an ability of its own)."""
        unit = self.unit(unit_id)
        at = self._where(unit, None)
        for effect_id, spec in self.specs:
            if isinstance(spec, Restriction) and spec.unit == unit_id and getattr(spec, what):
                if at is not None and self.silenced(unit_id, at) is not None:
                    return None
                return self._effect_rule(effect_id, what)
        return None

    @memo
    def own_step_refusal(self, unit_id: str, frm: Loc, to: Loc, kind: str) -> RuleRef | None:
        """Dalcean Phalanx (only forward) and Sedge Crabs (only sideways): forward is toward the
        controller's far edge (codex: Forward; digest 1.1, gap 1); a level change is neither."""
        maze = self._maze_refusal(unit_id, frm, to)
        if maze is not None:
            return maze
        for effect_id, spec in self.specs:
            if not isinstance(spec, Restriction) or spec.unit != unit_id:
                continue
            if spec.not_away_from_avatar:
                if self.silenced(unit_id, frm) is None and self._farther_from_avatar(unit_id, frm, to):
                    return self._effect_rule(effect_id, "can't move itself away from its Avatar")
                continue
            if spec.own_steps is None:
                continue
            if self.silenced(unit_id, frm) is not None:
                return None
            if spec.own_steps == "sideways":
                ok = frm.square != to.square and (frm.row == to.row or kind == "as-if-adjacent")
            else:
                first = self.unit(unit_id).owner == self.state.players[0]
                ok = frm.square != to.square and frm.column == to.column and (to.row < frm.row if first else to.row > frm.row)
                ok = ok or kind == "as-if-adjacent"
            if not ok:
                return self._effect_rule(effect_id, f"moves itself only {spec.own_steps}")
        return None

    def _farther_from_avatar(self, unit_id: str, frm: Loc, to: Loc) -> bool:
        """Whether a step ends farther from the unit's controller's Avatar than it starts, in the
        unit's own steps (Cerberus in Chains FAQ); from where the Avatar can't be reached at all,
        any step is as far."""
        distance = self.steps_to_avatar(unit_id)
        start = distance.get(frm.text)
        if start is None:
            return False
        end = distance.get(to.text)
        return end is None or end > start

    @memo
    def steps_to_avatar(self, unit_id: str) -> dict[str, int]:
        """How many of its own steps the unit needs from each location to reach its controller's
        Avatar: the step geometry and the keywords it has at each location (digest 2.2), bans
        and allowance aside. Empty when its controller has no Avatar in the realm."""
        from domain.rulesets.sorcery.movement import SorceryMovement

        unit = self.unit(unit_id)
        avatar = next(
            (u for u in self.state.living_units() if getattr(u, "kind", "") == "avatar" and u.owner == unit.owner), None,
        )
        if avatar is None or avatar.location is None:
            return {}
        model = SorceryMovement(self.state, basic=False)
        into: dict[str, list[str]] = {}
        for square in SQUARES:
            for region in Region:
                here = Loc(square, region)
                if not self.location_exists(here):
                    continue
                keywords = self.keywords(unit_id, here)
                for cand in model.candidates(here, unit.owner, unit_id):
                    if all(k in keywords for k in cand.needs):
                        into.setdefault(cand.loc.text, []).append(here.text)
        found = {avatar.location: 0}
        frontier = [avatar.location]
        while frontier:
            following: list[str] = []
            for loc in frontier:
                for before in into.get(loc, []):
                    if before not in found:
                        found[before] = found[loc] + 1
                        following.append(before)
            frontier = following
        return found

    def uninterceptable(self, unit_id: str) -> RuleRef | None:
        """Why the unit can't be intercepted by an effect's say (Blaze), where it is."""
        unit = self.unit(unit_id)
        if unit.location is None:
            return None
        for effect_id, spec in self.specs:
            if isinstance(spec, Uninterceptable) and self.in_scope(spec, unit, parse_loc(unit.location)):
                return self._effect_rule(effect_id, "can't be intercepted")
        return None

    def _maze_refusal(self, unit_id: str, frm: Loc, to: Loc) -> RuleRef | None:
        """Maze Minotaur: an enemy minion's own step from inside the nine locations nearby it (in
        its region) to outside them."""
        unit = self.unit(unit_id)
        if unit.kind != "minion":
            return None
        for effect_id, spec in self.specs:
            if not isinstance(spec, Maze) or spec.unit == unit_id or unit.owner == spec.enemies_of:
                continue
            where = self.location_of(spec.unit)
            if where is None:
                continue
            maze = set(self.nearby(where.square))

            def inside(loc: Loc, region: Region = where.region, squares: set[int] = maze) -> bool:
                return loc.region is region and loc.square in squares

            if inside(frm) and not inside(to):
                return self._effect_rule(effect_id, "enemy minions can't move themselves out of its maze")
        return None

    def name_of(self, thing: str) -> str:
        found = self.state.units.get(thing) or self.state.features.get(thing)
        return found.card if found is not None else thing

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

    def source_card(self, effect_id: str) -> str:
        effect = self.state.effects[effect_id]
        source = self.state.features.get(effect.source) or self.state.units.get(effect.source)
        if source is not None:
            return source.card
        return effect.label.split(": ", 1)[0] if ": " in effect.label else effect.source


_FREE_TEXT = {
    "undead_in_row_of": "while in this row, Undead move freely",
    "water_locations": "moves freely between water locations",
    "land_sites_unoccupied": "moves freely between land sites not occupied by other units",
    "sideways": "moves freely sideways",
    "airborne_away_from": "Airborne minions atop it move freely away",
}
