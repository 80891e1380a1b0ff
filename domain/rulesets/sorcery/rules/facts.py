"""The realm's facts as a state holds them: sites by square, where each unit and card is, the
effects recorded, the edges joined (Magellan Globe), the sites that lost their abilities and the
affinity each player's sites provide. The lowest layer of ``RealmView``, and its answer cache.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from domain.cached import cached_property
from domain.rules import RuleRef
from domain.rulesets.sorcery.catalog import card, power_for_checks
from domain.rulesets.sorcery.effects import ConnectEdges, EffectSpec, SiteCondition
from domain.rulesets.sorcery.realm import Loc, Region, distance, nearby, orthogonal, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import CardState, EffectState, SorceryState, SorceryUnit
from domain.state import GameState

F = TypeVar("F", bound=Callable[..., Any])
_UNKNOWN = object()


def memo(method: F) -> F:
    """Work each answer of a view out once: a view reads one state that no event changes while
    it is used, and the search asks the same questions of every location it reaches. Answers
    are kept per method, keyed by the arguments themselves (ids and locations, never units)."""
    name = method.__name__

    @functools.wraps(method)
    def cached(self: RealmFacts, *args: Any, **kwargs: Any) -> Any:
        answers = self._answers.get(name)
        if answers is None:
            answers = self._answers[name] = {}
        key: tuple[Any, ...] = args if not kwargs else (*args, *sorted(kwargs.items()))
        found = answers.get(key, _UNKNOWN)
        if found is _UNKNOWN:  # worked out outside any handler, so its errors stand alone
            found = answers[key] = method(self, *args, **kwargs)
        return found

    return cached  # type: ignore[return-value]  # the same signature as the method it wraps


#: an effect taking sites' abilities: its id, its spec, and the ids of the sites it reaches
_Condition = tuple[str, SiteCondition, list[str]]


class RealmFacts:
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

    @cached_property
    def sites(self) -> dict[int, CardState]:
        """The sites by square, kept across the events that change no card in play (a step, a
        turn passing: ``characteristics_index``); read, never changed, by the views."""
        return self.state.characteristics_index("sorcery.sites", self.sites_by_square)

    def sites_by_square(self) -> dict[int, CardState]:
        """What ``sites`` keeps, worked out from the cards themselves."""
        found: dict[int, CardState] = {}
        for feature in self.state.features.values():
            if feature.kind == "site" and feature.location is not None:
                found[int(feature.location)] = feature
        return found

    def site_at(self, square: int) -> CardState | None:
        return self.sites.get(square)

    @cached_property
    def all_specs(self) -> list[tuple[str, EffectSpec]]:
        """Each effect's spec, as it applies: a Voidwalk kept from a Planar Gate "until it enters
        a site" holds in the void only (``_in_the_void``)."""
        return [(e.id, spec_in_force(e)) for e in self.state.effects.values()]

    @cached_property
    def suppressed_sites(self) -> dict[str, RuleRef]:
        """Sites that have lost their abilities (Smokestacks of Gnaak, Blightstone), with why.

        Such an effect can take away the very ability another comes from (Blightstone on a
        Smokestacks, two Smokestacks nearby each other): a site that has lost its abilities
        takes none from others (codex: Disabled, Silenced). So the effects apply one at a time,
        in timestamp order (digest 4.2), except that one taking away the ability another
        comes from applies before it; where two would take each other's, the older applies and
        the other is not in force (``_suppression_order``)."""
        conditions: list[_Condition] = [
            (effect_id, spec, self._condition_sites(spec))
            for effect_id, spec in self.all_specs
            if isinstance(spec, SiteCondition)
        ]
        found: dict[str, RuleRef] = {}
        for effect_id, spec, sites in self._suppression_order(conditions):
            if self.state.effects[effect_id].source in found:
                continue  # the site it comes from has lost its abilities first
            for site_id in sites:
                if site_id not in found:
                    what = "is disabled" if spec.condition == "disabled" else "loses its abilities"
                    found[site_id] = rule(self.source_card(effect_id), f"the site {what}", "ongoing")
        return found

    def _condition_sites(self, spec: SiteCondition) -> list[str]:
        """The ids of the sites an effect takes abilities from, by square."""
        squares = set(spec.squares) - {spec.exclude}
        if spec.site_of is not None:
            where = self.location_of(spec.site_of)
            squares = {where.square} if where is not None and where.region is not Region.VOID else set()
        return [site.id for square in sorted(squares) if (site := self.site_at(square)) is not None]

    def _suppression_order(self, conditions: list[_Condition]) -> list[_Condition]:
        """The effects in the order they apply: the oldest first among those whose source no
        other waiting effect would silence (a source out of reach of any other, or one that
        would silence that other's source back: the older of such a pair goes first)."""
        source = {effect_id: self.state.effects[effect_id].source for effect_id, _, _ in conditions}
        waiting = list(conditions)

        def held_up(entry: _Condition) -> bool:
            return any(
                other is not entry and source[entry[0]] in other[2] and source[other[0]] not in entry[2]
                for other in waiting
            )

        ordered: list[_Condition] = []
        while waiting:
            chosen = next((entry for entry in waiting if not held_up(entry)), waiting[0])  # a loop: the oldest
            waiting.remove(chosen)
            ordered.append(chosen)
        return ordered

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

    def steps_apart(self, a: int, b: int) -> int:
        """Steps between two squares counted orthogonally (digest 1.4), across an edge the realm
        connects (Magellan Globe: "for everything", digest 1.5): what "closer", "toward" and
        "the closest" compare, as the neighbours compared are found across it too."""
        return distance(a, b, *self.wrap)

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

    def passengers(self, carrier_id: str) -> list[str]:
        return sorted(
            u.id for u in self.state.units.values() if u.alive and u.carried_by == carrier_id
        )

    def power(self, unit_id: str) -> int:
        """Power for checks (Gnome Hollows, "weaker"): split power averaged, rounded down
        (codex: Split Power). Strikes use attack power (``SorceryUnit.power``)."""
        unit = self.unit(unit_id)
        return power_for_checks(unit.power, unit.defence)

    def name_of(self, thing: str) -> str:
        found = self.state.units.get(thing) or self.state.features.get(thing)
        return found.card if found is not None else thing

    def source_card(self, effect_id: str) -> str:
        effect = self.state.effects[effect_id]
        source = self.state.features.get(effect.source) or self.state.units.get(effect.source)
        if source is not None:
            return source.card
        return effect.label.split(": ", 1)[0] if ": " in effect.label else effect.source

    def _where(self, unit: SorceryUnit, at: Loc | None) -> Loc | None:
        if at is not None:
            return at
        return parse_loc(unit.location) if unit.location else None


def spec_in_force(effect: EffectState) -> EffectSpec:
    """An effect's spec as it applies. One lasting until its unit enters a site (a Voidwalk
    kept from a Planar Gate) is scoped to the void: the engine ends it as the unit leaves the
    void (``Primitives.settle``), and a range of motion, which fires nothing, must not carry it
    past a site on the way either (digest gap 10)."""
    spec = effect.spec
    if effect.duration != "until_enters_site" or getattr(spec, "region", "void") is not None:
        return spec
    return spec.model_copy(update={"region": Region.VOID.value})
