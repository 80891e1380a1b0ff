"""Shackled Demon's release: "Disabled until an adjacent Spellcaster taps to release
him." The demon grants an activated ability to each Spellcaster adjacent to him (an Avatar, or a
unit with Spellcaster: codex: Spellcaster), whoever controls it (the text says "an adjacent
Spellcaster", not an allied one); adjacent is his own location or an orthogonally neighbouring
one, in his region (digest 1.4: the square itself and its 4 orthogonal neighbours). Its controller taps it (the ``activate`` command, targets: the
demon); as the ability resolves, the demon's "disabled" effect ends for good.
"""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source, card_of
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.engine.durations import own_disabling
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationResolved, EffectEnded
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.shared import per_state
from domain.rulesets.sorcery.state import ActivationItem, SorceryState
from domain.rulesets.sorcery.view import RealmView


def _granting(state: SorceryState) -> list[tuple[str, Ability]]:
    """The living units whose cards grant an ability to adjacent units, with it: once per state
    (an index the next event drops), since every unit's abilities ask it."""
    return per_state(state, "sorcery.granting_adjacent", lambda: _granting_now(state))


def _granting_now(state: SorceryState) -> list[tuple[str, Ability]]:
    found = []
    for unit in sorted(state.living_units(), key=lambda u: u.id):
        for ability in abilities_of(unit.card):
            if ability.activated is not None and ability.activated.granted == "adjacent":
                found.append((unit.id, ability))
    return found


def adjacent(state: SorceryState, a: str | None, b: str | None) -> bool:
    if not a or not b:
        return False
    la, lb = parse_loc(a), parse_loc(b)
    return la.region is lb.region and (lb.square == la.square or lb.square in RealmView.of(state).orthogonal(la.square))


def is_spellcaster(state: SorceryState, unit_id: str) -> bool:
    unit = state.units[unit_id]
    return unit.kind == "avatar" or "Spellcaster" in RealmView.of(state).keywords(unit_id)


def granted_adjacent(state: SorceryState, unit_id: str) -> list[tuple[str, Ability]]:
    """The release abilities a unit has: one per shackled unit it is an adjacent Spellcaster to,
    while that one is still shackled."""
    unit = state.units.get(unit_id)
    if unit is None or not unit.alive:
        return []
    granting = _granting(state)
    if not granting or not is_spellcaster(state, unit_id):  # no shackled demon: no keywords read
        return []
    return [
        (demon, ability) for demon, ability in granting
        if demon != unit_id and adjacent(state, unit.location, state.units[demon].location) and own_disabling(state, demon) is not None
    ]


class ReleaseTheShackled(Activated):
    """The shackled unit an adjacent Spellcaster releases."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        if len(targets) != 1:
            raise BadInput(f"{ability.name}: name the shackled unit to release; got {len(targets)} target(s)", "targets")
        why = rule(card_of(ability, source.card), ability.covers[0])
        demons = dict(granted_adjacent(engine.state, source.id))
        if targets[0] not in demons:
            raise IllegalCommand(why, f"{source.id} is not a Spellcaster adjacent to a shackled {targets[0]}")
        return Plan(after=[ActivationItem(source=source.id, then="release", unit=targets[0])])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        return [[demon] for demon, _ in granted_adjacent(engine.state, source.id)]


def resolve_release(engine: Primitives, item: ActivationItem) -> None:
    effect = own_disabling(engine.state, item.unit)
    demon = engine.state.units[item.unit]
    if effect is None or not demon.alive:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{item.unit} is no longer shackled: nothing to release")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"{item.source} releases {item.unit}")
    engine.emit(EffectEnded, effect_id=effect, reason=f"{item.unit} released by {item.source} ({demon.card})")
