"""Queen Guinevere: "Once on your turn, Queen Guinevere may untap target allied minion" (codex:
Untap): an allied minion anywhere turns upright, so it may act, Defend and Intercept again; one
that skips its next untap (Waveshaper) stays tapped and the skip is used."""

from __future__ import annotations

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source
from domain.rulesets.sorcery.engine.flood import skips_untap
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationResolved, UnitUntapped
from domain.rulesets.sorcery.state import ActivationItem, SorceryUnit


class UntappingAnAlly(Activated):
    """Targets: the allied minion."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        self.count(targets, (1,), f"{source.card} needs the allied minion it untaps")
        unit = engine.known_unit(targets[0], "targets", living=True)
        if unit.owner != player or unit.kind != "minion" or unit.location is None:
            raise IllegalCommand(self.rule(source, ability), f"{unit.id} is not an allied minion in the realm")
        return Plan(after=[ActivationItem(source=source.id, then="untap", unit=unit.id, player=player)])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        return [
            [u.id] for u in sorted(engine.state.living_units(), key=lambda u: u.id)
            if isinstance(u, SorceryUnit) and u.owner == player and u.kind == "minion" and u.location is not None and u.tapped
        ]


def untap(engine: Primitives, item: ActivationItem) -> None:
    unit = engine.state.units[item.unit]
    if not unit.alive or not unit.tapped:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} is {'untapped already' if unit.alive else 'no longer in the realm'}")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"untaps {unit.id}")
    if not skips_untap(engine, unit.id, engine.cause or ""):
        engine.emit(UnitUntapped, unit=unit.id, reason=f"{engine.name_of(item.source)}: untap target allied minion")
