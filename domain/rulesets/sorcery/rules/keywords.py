"""Keywords and conditions in force, by the layers of the codex (Ordering Ongoing Effects):
printed keywords; removal (silenced: every special ability; disabled: every ability but
Landbound and Waterbound); grants (artifacts, spells, area effects, a carrier's movement keywords
while the two share a location); then "lose", which beats any grant (codex: Lose). Also who
dies where for want of a keyword (digest 1.6)."""

from __future__ import annotations

from domain.cached import cached_property
from domain.rules import RuleRef
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.catalog import MOVEMENT_KEYWORDS
from domain.rulesets.sorcery.effects import Condition, Grant, ImmobileAtop, Lose
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.facts import memo
from domain.rulesets.sorcery.rules.water import WaterRules
from domain.rulesets.sorcery.state import SorceryUnit
from domain.state import UnitState

#: keywords a disabled unit keeps (codex: Landbound, Waterbound)
KEPT_WHEN_DISABLED = frozenset({"Landbound", "Waterbound"})



def may_perish(unit: UnitState, at: Loc) -> bool:
    """Whether the survival rules judge this unit at ``at`` at all: only off the surface (every
    unit survives atop a site: digest 1.6 names the other regions only), and only a minion."""
    return at.region is not Region.SURFACE and getattr(unit, "kind", None) == "minion"


class KeywordRules(WaterRules):
    """Silenced, disabled, Immobile, the keywords in force and survival."""

    @cached_property
    def conditions(self) -> dict[str, list[tuple[str, Condition]]]:
        """The conditions in force by kind (silenced, disabled, immobile), in the order of
        ``specs``: most states have none, and then no unit is asked about them."""
        found: dict[str, list[tuple[str, Condition]]] = {}
        for effect_id, spec in self.specs:
            if isinstance(spec, Condition):
                found.setdefault(spec.condition, []).append((effect_id, spec))
        return found

    def _condition(self, unit: SorceryUnit, at: Loc | None, condition: str) -> RuleRef | None:
        if condition not in self.conditions:
            return None  # no such condition in force: nobody has it, immune or not
        return self._condition_of(unit.id, at, condition)

    @memo
    def _condition_of(self, unit_id: str, at: Loc | None, condition: str) -> RuleRef | None:
        if at is None or self.immune(unit_id, at, condition):
            return None
        unit = self.unit(unit_id)
        for effect_id, spec in self.conditions.get(condition, ()):
            if self.in_scope(spec, unit, at):
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

    @cached_property
    def movement_grants(self) -> bool:
        """Whether any effect in force grants Movement +X (most states: none)."""
        return any(spec.movement for spec in self.effects(Grant))

    def movement_bonus(self, unit_id: str, at: Loc | None = None) -> int:
        """Movement +X where the unit is (or at ``at``): its own, and every grant in scope; none
        while silenced (codex: Movement +X, Silenced)."""
        if not self.movement_grants and not self.unit(unit_id).movement_bonus:
            return 0  # nothing to add up, silenced or not
        return self._movement_bonus(unit_id, at)

    @memo
    def _movement_bonus(self, unit_id: str, at: Loc | None = None) -> int:
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

    def _disabled(self, unit: SorceryUnit, at: Loc | None, keywords: frozenset[str]) -> RuleRef | None:
        if at is None:
            return None
        found = self._condition(unit, at, "disabled")
        if found is not None:
            return found
        return self._bound(unit, at, keywords)

    def bound(self, unit_id: str, at: Loc) -> RuleRef | None:
        """Why the unit would be disabled at ``at`` by its own Waterbound or Landbound: read from
        the location alone, so it holds for a location the unit is not at yet, as the effects of
        ``disabled`` need not (a Root Spider below, minions at rest beside a Gorgon)."""
        unit = self.unit(unit_id)
        return self._bound(unit, at, self._raw_keywords(unit, at))

    def _bound(self, unit: SorceryUnit, at: Loc, keywords: frozenset[str]) -> RuleRef | None:
        if not keywords & KEPT_WHEN_DISABLED or self.immune(unit.id, at, "disabled"):
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

    @memo
    def survival(self, unit_id: str, at: Loc) -> RuleRef | None:
        """The rule that kills or banishes a minion at ``at`` for lack of a keyword (digest 1.6)."""
        unit = self.unit(unit_id)
        if not may_perish(unit, at):
            return None
        if any(a.size is not None and a.size.safely for a in abilities_of(unit.card)):
            return None  # it occupies its locations safely (Yog-Sothoth)
        keywords = self.survival_keywords(unit_id, at)
        if at.region is Region.VOID and "Voidwalk" not in keywords:
            return rule("codex: Void", "a minion without Voidwalk in the void is banished")
        if at.region is Region.UNDERGROUND and "Burrowing" not in keywords:
            return rule("codex: Underground", "a minion without Burrowing underground dies")
        if at.region is Region.UNDERWATER and "Submerge" not in keywords:
            return rule("codex: Underwater", "a minion without Submerge underwater dies")
        return None
