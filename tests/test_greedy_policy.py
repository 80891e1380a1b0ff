"""The greedy policy weighs commands by their outlines (``LegalCommands.outlines``) and builds
only the command it picks; it must pick what weighing every built command picks.

The reference is the policy as it was first written, kept here whole: it lists every legal
command, reads each one's destination off its JSON, finds the unit's enemies and measures the
distance to each, command by command. The outlines are held to the built commands they stand
for, on every example and on random boards of every ruleset, at every decision of seeded games.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pydantic import BaseModel

from domain.errors import BadInput
from domain.game import Game
from domain.legal import LegalCommands, Outline, outline_of
from domain.state import GameState
from sim.runner import play
from sim.scenario import ScenarioBase, load_scenario
from sim.selfplay import TURN_ENDERS, choose_greedy, choose_random
from tests import boards

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").rglob("*.yaml"))
RULESETS = ("godsgloom", "skirmish", "tinyepic", "sorcery")
#: decisions looked at per game (the skirmish ruleset's listings are the slow ones)
DECISIONS = {"skirmish": 6}


def _reference_destination(command: BaseModel, state: GameState) -> str | None:
    data = command.model_dump(mode="json")
    path = data.get("path")
    if isinstance(path, list) and path:
        last = path[-1]
        return str(last["to"] if isinstance(last, dict) else last)
    if isinstance(data.get("to"), str):
        return str(data["to"])
    unit = data.get("unit")
    attack = getattr(state, "attack", None)
    if data.get("command") in ("defend",) and attack is not None:
        return str(attack.location)
    if unit in state.units and data.get("command") in ("move_and_attack",):
        return state.units[unit].location
    return None


def _reference_greedy(game: Game, commands: list[BaseModel]) -> BaseModel:
    """Every command built and weighed on its own: the nearest enemy of its unit from where it
    ends, an attack first at equal distance, then the listing's order."""
    state, rules = game.state, game.rules
    board = rules.board(state)
    best: tuple[float, int, int] | None = None
    chosen: BaseModel | None = None
    for order, command in enumerate(commands):
        unit_id = getattr(command, "unit", None)
        where = _reference_destination(command, state)
        if unit_id not in state.units or where is None:
            continue
        owner = state.units[unit_id].owner
        enemies = [u.location for u in state.living_units() if u.owner != owner and u.location]
        if not enemies:
            continue
        try:
            gap = min(board.distance(rules.parse_location(state, where), e) for e in enemies)
        except BadInput:
            continue
        key = (gap, 0 if getattr(command, "attack", None) or getattr(command, "target", None) else 1, order)
        if best is None or key < best:
            best, chosen = key, command
    if chosen is not None:
        return chosen
    others = [c for c in commands if getattr(c, "command", "") not in TURN_ENDERS]
    return others[0] if others else commands[0]


def _decisions(scenario: ScenarioBase, seed: int, count: int) -> list[tuple[Game, LegalCommands, LegalCommands]]:
    """The game at each of its first ``count`` decisions (played on by the random policy), with
    two fresh listings of each state: one to read outlines from, one to build whole. Each
    decision's game is a copy, so the listings stay the answers of that state."""
    import copy

    game = play(scenario).game
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        legal = game.legal_commands()
        if not legal:
            break
        frozen = copy.deepcopy(game)
        found.append((frozen, frozen.legal_commands(), copy.deepcopy(game).legal_commands()))
        game.issue(choose_random(game, legal, rng), rollback=False)
    return found


def _json_outline(command: BaseModel) -> Outline:
    """A command's outline as its JSON says it (the reference ``outline_of`` reads faster)."""
    data = command.model_dump(mode="json")
    end: str | None = None
    path = data.get("path")
    if isinstance(path, list) and path:
        last = path[-1]
        end = str(last["to"] if isinstance(last, dict) else last)
    elif isinstance(data.get("to"), str):
        end = data["to"]
    unit = data.get("unit")
    attacks = bool(data.get("attack") or data.get("target"))
    return Outline(str(data.get("command", type(command).__name__)), unit if isinstance(unit, str) else None, end, attacks)


def _check_outlines(outlined: LegalCommands, built: list[BaseModel]) -> None:
    """Each outline is exactly its command's, in order, and every command left out is outlined as
    one before it: a policy weighing outlines alone never prefers it."""
    for command in built:
        assert outline_of(command) == _json_outline(command), repr(command)
    pairs = list(outlined.outlines())
    indexes = [i for i, _ in pairs]
    assert indexes == sorted(set(indexes)), "each outline once, in the listing's order"
    for index, outline in pairs:
        assert outline == outline_of(built[index]), f"command {index}: {built[index]!r}"
    given = dict(pairs)
    for index, command in enumerate(built):
        mine = outline_of(command)
        assert any(given.get(j) == mine for j in range(index + 1)), f"command {index} is outlined by none before it"


def _cases() -> list[tuple[str, ScenarioBase]]:
    cases = [(path.relative_to(ROOT / "examples").as_posix(), load_scenario(path)) for path in EXAMPLES]
    cases += [(f"random {ruleset} board {seed}", boards.scenario(ruleset, seed)) for ruleset in RULESETS for seed in range(3)]
    return cases


@pytest.mark.parametrize(("name", "scenario"), _cases(), ids=[name for name, _ in _cases()])
def test_the_outlines_stand_for_the_commands_and_greedy_picks_as_weighing_every_command_does(
    name: str, scenario: ScenarioBase,
) -> None:
    try:
        decisions = _decisions(scenario, 5, DECISIONS.get(scenario.ruleset, 12))
    except Exception as exc:  # noqa: BLE001  # an example whose script the rules refuse is the rules' tests' business
        pytest.skip(f"{name}: no game to choose in ({exc})")
    if not decisions:
        pytest.skip(f"{name}: nobody can act after the script")
    for game, outlined, built_listing in decisions:
        built = list(built_listing)
        _check_outlines(outlined, built)
        picked = choose_greedy(game, game.legal_commands(), random.Random(0))
        assert picked == _reference_greedy(game, built), name


def test_greedy_builds_only_the_move_it_picks_on_a_skirmish_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a skirmish table a move's way is searched when the move is built; weighing the moves by
    where they end searches one way, the picked move's."""
    from tests.test_legal_commands_lazy import _answers

    game = play(load_scenario(ROOT / "examples" / "skirmish" / "20-a-whole-turn.yaml")).game
    legal = game.legal_commands()
    assert len(legal) > 10
    asked = _answers(monkeypatch)  # the ways searched from here on
    picked = choose_greedy(game, legal, random.Random(0))
    assert getattr(picked, "command", "") in ("move", "run") and len(asked) == 1
