"""Water: which sites are water sites now (printed affinity, Flooded, then flooding and drying
effects in timestamp order), which locations exist, bodies of water and spans of land (codex:
Water Site, Flooded, Body of Water, Span of Land; digest 1.3)."""

from __future__ import annotations

from domain.cached import cached_property
from domain.rulesets.sorcery.catalog import card
from domain.rulesets.sorcery.effects import Flooded, Unmodifiable
from domain.rulesets.sorcery.realm import Loc, Region
from domain.rulesets.sorcery.rules.in_force import EffectsInForce


class WaterRules(EffectsInForce):
    """Water sites, existing locations, bodies of water."""

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
