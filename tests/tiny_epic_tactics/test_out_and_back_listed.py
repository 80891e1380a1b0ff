"""The legal commands against the aggregate, in every state of every Tiny Epic Tactics example
and along random self-play: every listed command is accepted, and a Move out and back onto the
Village or Ballista a unit stands on is listed exactly where the aggregate shows that such a
Move gains something (docs/tiny-epic-tactics.md, Commands).

The gain is read off the aggregate, not off ``moves.back_counts``: the Village's benefit
(seed 003, Villages: ending movement there benefits, starting the turn there does not) is a
``VillageVisited`` for that space; the Ballista's (seed 003, Ballista: "after moving into this
space") is a shot listed after the Move that was not listed before it. The Ballista's
out-and-back listing was otherwise tested on three set-ups only."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import pytest
from pydantic import BaseModel

from domain.errors import SimError
from domain.game import Game
from domain.rulesets.tinyepic.commands import FireBallista, Move
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.state import TetState, TetUnit
from domain.rulesets.tinyepic.turns import allowed_actions
from sim.runner import start_game
from sim.scenario import ScenarioBase, load_scenario, parse_scenario, split_entry
from sim.yamlfile import load_yaml
from tests import boards
from tests.tiny_epic_tactics.support import EXAMPLES

#: the longest out-and-back walk tried (steps, the return included)
LONGEST = 4


def example_games() -> Iterator[tuple[str, Game]]:
    """Each example's game set up, then after each command of its script (a refused one too)."""
    for path in sorted(EXAMPLES.glob("*.yaml")):
        scenario = load_scenario(path)
        game = start_game(scenario)
        yield f"{path.stem}, set up", copy.deepcopy(game)
        for index, entry in enumerate(scenario.script):
            command, _ = split_entry(entry)
            try:
                game.issue(command)
            except SimError:
                continue
            yield f"{path.stem}, after script[{index}]", copy.deepcopy(game)


def self_play_games(game: Game, seed: int, steps: int, name: str) -> Iterator[tuple[str, Game]]:
    """Copies of ``game`` along random play of ``steps`` listed commands."""
    rng = random.Random(seed)
    for step in range(steps):
        legal = game.legal_commands()
        if not legal:
            return
        game.issue(legal[rng.randrange(len(legal))])
        yield f"{name}, seed {seed}, step {step + 1}", copy.deepcopy(game)


def varied_board(seed: int) -> ScenarioBase:
    """A random board of the suite with two more spaces made a Ballista or a Village, under rule
    options the suite's boards leave at their defaults (allies not passed, a cost going down,
    other portal and terrain costs, the Ballista's range changing with elevation)."""
    rng = random.Random(seed)
    data = boards.tinyepic(rng)
    rows = [row.split() for row in data["setup"]["terrain"]]
    for _ in range(2):
        rows[rng.randrange(len(rows))][rng.randrange(len(rows[0]))] = rng.choice(["b", "v"])
    data["setup"]["terrain"] = [" ".join(row) for row in rows]
    terrains = ["plains", "bridge", "water", "forest", "peak", "village", "portal", "ballista"]
    data["options"].update(
        ally_pass_through=rng.choice([True, False]), descend_cost=rng.choice([0, 1]),
        portal_transit_cost=rng.choice([0, 1, 2]),
        terrain_entry_surcharge={t: rng.choice([0, 1, 2]) for t in rng.sample(terrains, 3)},
        ballista_range_elevation_adjust=rng.choice([True, False]),
    )
    located = load_yaml("{}", f"<varied board {seed}>")
    located.data = data
    return parse_scenario(located)


def random_games() -> Iterator[tuple[str, Game]]:
    """Random play on the random boards of the suite, on such boards with more Ballistas and
    Villages under other rule options, and from the examples with a Ballista or a Village,
    where out-and-back moves count."""
    for seed in range(8):
        yield from self_play_games(start_game(boards.scenario("tinyepic", seed)), seed, 10, f"random board {seed}")
    for seed in range(8):
        yield from self_play_games(start_game(varied_board(seed)), seed, 10, f"varied board {seed}")
    for path in sorted(EXAMPLES.glob("*.yaml")):
        text = path.read_text()
        if " b " in text or " v " in text or "ballista" in text or "village" in text:
            for seed in range(2):
                yield from self_play_games(start_game(load_scenario(path)), seed, 8, path.stem)


def issued(game: Game, command: BaseModel) -> tuple[Game, list[str]] | None:
    """A copy of ``game`` with ``command`` accepted, and its events' names with a Village's
    space where one was visited; None when the rules refuse it."""
    trial = copy.deepcopy(game)
    try:
        events = trial.issue(command)
    except SimError:
        return None
    return trial, [f"{e.name}:{e.payload().get('village', '')}" for e in events]


def neighbours(state: TetState, space: str) -> list[str]:
    """The spaces one step from ``space``, drawn without any rule but the board's shape: its
    orthogonal (and with ``king8`` diagonal) neighbours, and every other portal from a portal."""
    here = parse_space(space)
    reach = 1
    found = []
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            if (dx, dy) == (0, 0) or (dx and dy and state.options.adjacency != "king8"):
                continue
            x, y = here.x + dx, here.y + dy
            if 0 <= x < state.width and 0 <= y < state.height:
                found.append(f"{x},{y}")
    if state.terrain[here.y][here.x] == "portal":
        found += [
            f"{x},{y}" for y, row in enumerate(state.terrain) for x, terrain in enumerate(row)
            if terrain == "portal" and (x, y) != (here.x, here.y)
        ]
    return found


def out_and_back_walks(state: TetState, start: str, longest: int) -> Iterator[list[str]]:
    """Every walk leaving ``start`` and ending on it within ``longest`` steps, that enters no
    space twice but the start at its end."""

    def extend(path: list[str]) -> Iterator[list[str]]:
        if len(path) >= longest:
            return
        for near in neighbours(state, path[-1]):
            if near == start and len(path) >= 1:
                yield [*path, start]
            elif near != start and near not in path:
                yield from extend([*path, near])

    for first in neighbours(state, start):
        yield from extend([first])


def gained(game: Game, unit: TetUnit, trial: Game, names: list[str]) -> bool:
    """Whether the Move out and back changed what the aggregate offers or did: the Village it
    stands on visited, or a Ballista shot listed that was not before."""
    if f"VillageVisited:{unit.location}" in names:
        return True

    def shots(g: Game) -> bool:
        return any(isinstance(c, FireBallista) and c.unit == unit.id for c in g.legal_commands())

    state = game.state
    assert isinstance(state, TetState)
    here = parse_space(unit.location or "")
    return state.terrain[here.y][here.x] == "ballista" and shots(trial) and not shots(game)


def check(name: str, game: Game) -> int:
    """Every listed command is accepted; for each of the player's units on a Village or a
    Ballista, a Move ending where it stands is listed exactly when some out-and-back walk the
    aggregate accepts gains something. Returns how many out-and-back walks were judged."""
    state = game.state
    assert isinstance(state, TetState)
    listed = list(game.legal_commands())
    for command in listed:
        assert issued(game, command) is not None, f"{name}: listed and refused: {command}"
    judged = 0
    for unit in sorted((u for u in state.units.values() if u.alive and u.location), key=lambda u: u.id):
        if unit.owner != state.active_player or "move" not in allowed_actions(state, unit):
            continue
        here = parse_space(unit.location or "")
        if state.terrain[here.y][here.x] not in ("village", "ballista"):
            continue
        home = [c for c in listed if isinstance(c, Move) and c.unit == unit.id and c.path[-1] == unit.location]
        gains = []
        for walk in out_and_back_walks(state, unit.location or "", min(LONGEST, max(unit.movement, 0))):
            found = issued(game, Move(player=unit.owner, unit=unit.id, path=walk))
            judged += 1
            if found is not None and gained(game, unit, *found):
                gains.append(walk)
        if gains:
            assert home, f"{name}: {unit.id} gains by moving out and back ({gains[0]}), and no such Move is listed"
        for move in home:
            found = issued(game, move)
            assert found is not None and gained(game, unit, *found), f"{name}: {move} listed and gains nothing"
    return judged


@pytest.mark.parametrize("name, game", list(example_games()), ids=lambda v: v if isinstance(v, str) else "")
def test_listed_commands_and_out_and_back_moves_in_every_example_state(name: str, game: Game) -> None:
    check(name, game)


def test_listed_commands_and_out_and_back_moves_along_random_play() -> None:
    judged = sum(check(name, game) for name, game in random_games())
    assert judged, "no out-and-back walk judged"
