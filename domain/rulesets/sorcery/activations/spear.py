"""Spear of Destiny: "Bearer has “Tap → Throw Spear of Destiny at any minion anywhere.
It teleports to that minion’s location and kills it.”"

Its bearer (a unit bearing it: codex: Carry, Artifact) has the ability; its controller uses it
with ``activate`` (targets: the spear, then the minion). As it resolves, the spear teleports to
the minion's location, where it lies on the ground (no longer borne: ``ArtifactMoved``), and the
minion dies. A minion no longer in the realm by then: nothing happens, the spear stays borne.
"""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.engine.artifacts import borne_by
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationResolved, ArtifactMoved
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import ActivationItem, SorceryState

CARD = "Spear of Destiny"


def granted_bearer(state: SorceryState, unit_id: str) -> list[tuple[str, Ability]]:
    """The abilities a unit has from the artifacts it bears ("Bearer has ..."), with their ids."""
    found: list[tuple[str, Ability]] = []
    for feature in borne_by(state, unit_id):  # what it bears, not every site, sorted
        found.extend((feature.id, a) for a in abilities_of(feature.card) if a.activated is not None and a.activated.granted == "bearer")
    return found


class ThrowTheSpear(Activated):
    """The spear its source bears, then any minion anywhere."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        if len(targets) != 2:
            raise BadInput(f"{CARD}: name the spear {source.id} bears, then the minion it is thrown at; got {len(targets)} target(s)", "targets")
        borne = dict(granted_bearer(engine.state, source.id))
        why = rule(CARD, ability.covers[0])
        if targets[0] not in borne or borne[targets[0]].name != ability.name:
            raise IllegalCommand(why, f"{targets[0]} is not a {CARD} borne by {source.id}")
        minion = engine.state.units.get(targets[1])
        if minion is None:
            raise BadInput(f"unknown unit {targets[1]!r}", "targets")
        if not minion.alive or minion.location is None or minion.kind != "minion":
            raise IllegalCommand(why, f"{targets[1]} is not a minion in the realm")
        return Plan(after=[ActivationItem(source=source.id, then="spear", unit=minion.id, feature=targets[0])])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        state = engine.state
        return [
            [spear, u.id] for spear, _ in granted_bearer(state, source.id)
            for u in sorted(state.living_units(), key=lambda u: u.id) if u.kind == "minion" and u.location is not None
        ]


def resolve(engine: Primitives, item: ActivationItem) -> None:
    state = engine.state
    minion, spear = state.units[item.unit], state.features[item.feature or ""]
    if not minion.alive or minion.location is None or spear.bearer != item.source:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{minion.id} is no longer in the realm (or the spear is no longer borne): nothing happens")
        return
    frm = state.units[item.source].location or minion.location
    engine.emit(ActivationResolved, source=item.source, outcome=f"throws {spear.id} at {minion.id}: it teleports to {engine.label(minion.location)} and kills it")
    engine.emit(ArtifactMoved, feature=spear.id, path=[frm, minion.location], reason=f"thrown by {item.source}: it teleports")
    engine.kill(minion.id, rule(CARD, "It teleports to that minion’s location and kills it."), engine.cause)
