"""Two minions that disable others at rest, trying to apply to one another (codex: Ordering
Ongoing Effects - The Layer System, "Minions Disabled While At Rest"; Hillock Basilisk,
Stone-gaze Gorgons).

Both are ability-removing effects of one layer, applied in timestamp order: the older disables
the younger, and the younger, having lost its ability, disables nothing. The codex's exception:
when one of them was not at rest as they met (it moved in, or entered the realm), it won that
first check and counts as the older for as long as the other stays at rest. That win is a fact
of the game, recorded as a ``Precedence`` effect (engine/rest.py starts and ends it). They never
switch each other off.
"""

from __future__ import annotations

from domain.rulesets.sorcery.effects import Condition, EffectSpec, Precedence
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.rules.scope import ScopeRules


def disables_at_rest(spec: EffectSpec) -> bool:
    """Whether an effect disables (or silences) the units at rest it names."""
    return isinstance(spec, Condition) and spec.condition in ("silenced", "disabled") and spec.at_rest


class RestOrder(ScopeRules):
    """``outranks``: which of two such minions applies first."""

    def at_rest_disablers(self, unit_id: str) -> list[tuple[str, Condition]]:
        """The unit's own effects that disable others at rest, with their ids."""
        found: list[tuple[str, Condition]] = []
        for effect_id, spec in self.all_specs:
            if isinstance(spec, Condition) and disables_at_rest(spec) and self.state.effects[effect_id].source == unit_id:
                found.append((effect_id, spec))
        return found

    def covers(self, spec: Condition, unit_id: str, ignore_rest: bool = False) -> bool:
        """Whether ``spec`` names the unit where it is; with ``ignore_rest``, as if it were at
        rest (a unit that has just moved in, for the first check)."""
        unit = self.unit(unit_id)
        if unit.location is None or not unit.alive:
            return False
        scope = spec.model_copy(update={"at_rest": False}) if ignore_rest else spec
        return self.in_scope(scope, unit, parse_loc(unit.location))

    def outranks(self, unit_id: str, effect_id: str, spec: EffectSpec) -> bool:
        """Whether ``unit_id`` escapes ``spec`` (an effect of another unit that would disable it
        at rest) because its own ability of that kind applies to that unit first: a recorded
        ``Precedence``, else the older effect (codex: timestamp order)."""
        if not disables_at_rest(spec):
            return False
        source = self.state.effects[effect_id].source
        mine = [e for e, own in self.at_rest_disablers(unit_id) if self.covers(own, source)]
        if not mine:
            return False  # not two of them trying to apply to one another
        for _, found in self.all_specs:
            if isinstance(found, Precedence) and {found.unit, found.over} == {unit_id, source}:
                return found.unit == unit_id
        order = list(self.state.effects)
        return min(order.index(e) for e in mine) < order.index(effect_id)
