"""Gloam Toads: "Tap → Drags in target adjacent unit" (codex: Adjacent, Forced Movement): a unit
at an orthogonally neighbouring location of the Toads' region is pulled one step to the Toads'
location, judged as it comes (what bars entering bars it); the arrival is said."""

from __future__ import annotations

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source
from domain.rulesets.sorcery.activations.projectiles import DRAG
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.state import ActivationItem


class DraggingIn(Activated):
    """Targets: the adjacent unit."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        self.count(targets, (1,), f"{source.card} needs the adjacent unit it drags in")
        unit = engine.known_unit(targets[0], "targets", living=True)
        here, there = parse_loc(source.location), parse_loc(unit.location or "")
        if there.region is not here.region or there.square not in engine.view().orthogonal(here.square):
            raise IllegalCommand(self.rule(source, ability), f"{unit.id} is not adjacent to {source.id} (an orthogonally neighbouring location of its region)")
        path = [there.text, here.text]
        return Plan(
            moves=[(unit.id, path, f"forced:{DRAG}", [FORCED_KINDS[DRAG]])],
            after=[ActivationItem(source=source.id, then="dragged", unit=unit.id, to=here.text, player=player)],
        )

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        here = parse_loc(source.location)
        near = set(engine.view().orthogonal(here.square))
        return [
            [u.id] for u in sorted(engine.state.living_units(), key=lambda u: u.id)
            if u.location and parse_loc(u.location).region is here.region and parse_loc(u.location).square in near
        ]
