"""Rolling Boulder: "Units here have 'Tap → Give Rolling Boulder a push. It rolls as far as
possible and deals 4 damage to each other unit along its path.'" An ability the units at the
artifact's location have (``Activation.granted`` "here")."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source, card_of
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationResolved, ArtifactMoved
from domain.rulesets.sorcery.events_combat import DamageTaken
from domain.rulesets.sorcery.realm import COLUMNS, DIRECTIONS, ROWS, Loc, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import ActivationItem, SorceryState
from domain.rulesets.sorcery.view import RealmView


def granted_here(state: SorceryState, location: str | None) -> list[tuple[str, Ability]]:
    """Activated abilities that the units at ``location`` have from artifacts on the ground
    there (Rolling Boulder: "Units here have ..."), with each artifact's id."""
    found: list[tuple[str, Ability]] = []
    if location is None:
        return found
    here = [f for f in state.features.values() if f.kind == "artifact" and f.bearer is None and f.location == location]
    for feature in sorted(here, key=lambda f: f.id):  # the few artifacts there, not every site, sorted
        found.extend((feature.id, a) for a in abilities_of(feature.card) if a.activated and a.activated.granted == "here")
    return found


def roll_path(view: RealmView, start: Loc, direction: str) -> list[str]:
    d_row, d_col = DIRECTIONS[direction]
    columns, rows = view.wrap
    path, steps = [start.text], set()
    row, column = divmod(start.square - 1, COLUMNS)
    while True:
        row, column = row + d_row, column + d_col
        row, column = (row % ROWS if rows else row), (column % COLUMNS if columns else column)
        if not (0 <= row < ROWS and 0 <= column < COLUMNS):
            return path
        to = Loc(row * COLUMNS + column + 1, start.region)
        if not view.location_exists(to) or (path[-1], to.text) in steps:
            return path
        steps.add((path[-1], to.text))
        path.append(to.text)


class PushTheBoulder(Activated):
    """The Rolling Boulder at the unit's location, then a direction."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        """Rolling Boulder: a unit at its location taps; the boulder rolls in the cardinal direction
        named, in its region, square by square while the next location exists, stopping before it
        would repeat a step (Rolling Boulder FAQ: Magellan Globe); each other unit at each location
        of its path, its start included, takes 4 damage (FAQ: once per location). It is not a unit:
        no border ban stops it. The roll happens at once, as the ability resolves."""
        self.count(targets, (2,), f"{source.card}: name the Rolling Boulder here, then a direction ({', '.join(DIRECTIONS)})")
        here = dict(granted_here(engine.state, source.location))
        if targets[0] not in here or here[targets[0]].name != ability.name:
            raise IllegalCommand(rule(card_of(ability, source.card), ability.covers[0]), f"{targets[0]} is not a Rolling Boulder at {source.id}'s location")
        if targets[1] not in DIRECTIONS:
            raise BadInput(f"{targets[1]!r} is not a cardinal direction: {', '.join(DIRECTIONS)}", "targets")
        path = roll_path(engine.view(), parse_loc(source.location), targets[1])
        if len(path) == 1:
            raise IllegalCommand(rule(card_of(ability, source.card), ability.covers[0]), f"{targets[0]} can't roll {targets[1]} from {engine.label(source.location)}")
        return Plan(after=[ActivationItem(
            source=source.id, then="roll", unit=source.id, feature=targets[0], path=path,
            amount=self.spec.damage,
        )])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        return [[feature, d] for feature, _ in granted_here(engine.state, source.location) for d in DIRECTIONS]


def roll(engine: Primitives, item: ActivationItem) -> None:

    path = item.path
    boulder = item.feature or ""
    engine.emit(ActivationResolved, source=item.source, outcome=f"{item.source} pushes {boulder}: it rolls to {engine.label(path[-1])}")
    engine.emit(ArtifactMoved, feature=boulder, path=path, reason=f"pushed by {item.source}")
    state = engine.state
    hit = [state.units[u.id] for loc in dict.fromkeys(path) for u in sorted(state.units_at(loc), key=lambda u: u.id) if u.id != item.source]
    for unit in hit:
        event = engine.emit(DamageTaken, unit=unit.id, amount=item.amount, total=unit.damage + item.amount, source=boulder)
        engine.took_damage(unit.id, item.amount, event.event_id)
    for unit in hit:
        if unit.kind == "minion" and unit.alive and unit.damage >= unit.defence:
            engine.kill(unit.id, rule(state.features[boulder].card, f"{item.amount} damage to each other unit along its path", "activated"), engine.cause)
