"""The effects in force: a passive ability of a unit that is silenced or disabled is switched
off (codex: Silenced, Disabled); immunity to a condition (codex: Can vs. Can't)."""

from __future__ import annotations

from domain.cached import cached_property
from domain.rules import RuleRef
from domain.rulesets.sorcery.effects import Condition, EffectSpec, Immune
from domain.rulesets.sorcery.realm import Loc, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.facts import memo
from domain.rulesets.sorcery.rules.rest import RestOrder
from domain.rulesets.sorcery.state import SorceryUnit


class EffectsInForce(RestOrder):
    """Which recorded effects apply now, and the rule each one is cited by."""

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
        (judged with every effect in force, one level deep; of two minions disabling each other
        at rest, only the one that applies first: rules/rest.py)."""
        found: set[str] = set()
        for unit in self.state.living_units():
            assert isinstance(unit, SorceryUnit)
            at = parse_loc(unit.location or "")
            for effect_id, spec in self.all_specs:
                if isinstance(spec, Condition) and spec.condition in ("silenced", "disabled"):
                    if self.state.effects[effect_id].source != unit.id and self.in_scope(spec, unit, at):
                        if not self._immune_in(self.all_specs, unit, at, spec.condition) and not self.outranks(unit.id, effect_id, spec):
                            found.add(unit.id)
        found.update(self.suppressed_sites)
        return found

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
    def effects(self, kind: type) -> list:
        return [spec for _, spec in self.specs if isinstance(spec, kind)]

    def _effect_source(self, spec: object) -> str | None:
        for effect_id, found in self.specs:
            if found is spec:
                return self.state.effects[effect_id].source
        return None

    def _effect_rule(self, effect_id: str, fallback: str) -> RuleRef:
        label = self.state.effects[effect_id].label
        return rule(self.source_card(effect_id), label.split(": ", 1)[-1] if label else fallback, "ongoing")
