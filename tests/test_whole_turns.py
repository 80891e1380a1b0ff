"""Legal commands, whole turns and self-play on random boards of every ruleset.

The references here are the aggregate itself (a listed command must be accepted by the rules,
a command outside the list refused) and independent re-runs (a game played twice from the same
seed reaches the same state; every log verifies).
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from domain.errors import SimError
from domain.game import Game
from domain.movement import search_reach
from domain.rulesets.godsgloom.commands import Activate, Move
from domain.rulesets.godsgloom.hexgrid import parse_hex
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from domain.rulesets.skirmish.commands import AttemptEngage
from domain.rulesets.skirmish.commands import EndTurn as SkirmishEndTurn
from domain.rulesets.skirmish.commands import Move as SkirmishMove
from domain.rulesets.skirmish.commands import Run as SkirmishRun
from domain.rulesets.skirmish.state import SkirmishState
from domain.rulesets.skirmish.table import parse_spot
from domain.rulesets.sorcery.commands import Defend, EndTurn, MoveAndAttack, Pass
from domain.rulesets.sorcery.movement import SorceryMovement
from domain.rulesets.sorcery.state import SorceryState
from sim.runner import play
from sim.selfplay import self_play
from tests import boards

RULESETS = ["sorcery", "godsgloom", "skirmish", "tinyepic"]
SLOW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def accepted(game: Game, command: BaseModel) -> bool:
    trial = copy.deepcopy(game)
    try:
        trial.issue(command)
    except SimError:
        return False
    return True


def states_along_a_random_game(ruleset: str, seed: int, steps: int) -> list[Game]:
    """Copies of a game at several moments of random self-play from a random board."""
    game = play(boards.scenario(ruleset, seed)).game
    rng = random.Random(seed)
    found = [copy.deepcopy(game)]
    for _ in range(steps):
        legal = game.legal_commands()
        if not legal:
            break
        game.issue(legal[rng.randrange(len(legal))])
        found.append(copy.deepcopy(game))
    return found


@pytest.mark.parametrize("ruleset", RULESETS)
@SLOW
@given(seed=st.integers(0, 10_000))
def test_every_listed_command_is_accepted_by_the_rules(ruleset: str, seed: int) -> None:
    for game in states_along_a_random_game(ruleset, seed, steps=3 if ruleset == "skirmish" else 8):
        legal = game.legal_commands()
        sample = random.Random(seed).sample(legal, min(len(legal), 12))
        for command in sample:
            assert accepted(game, command), command


@SLOW
@given(seed=st.integers(0, 10_000))
def test_a_sorcery_command_not_listed_is_refused(seed: int) -> None:
    """Moves by every unit to every location of its range, defending, passing and ending the
    turn: exactly those listed are accepted."""
    for game in states_along_a_random_game("sorcery", seed, steps=6):
        state = game.state
        assert isinstance(state, SorceryState)
        legal = {c.model_dump_json() for c in game.legal_commands()}
        candidates: list[BaseModel] = [EndTurn(player=p) for p in state.players] + [Pass(player=p) for p in state.players]
        movement = SorceryMovement(state)
        for unit in state.living_units():
            for player in state.players:
                candidates.append(Defend(player=player, unit=unit.id))
                reach = search_reach(movement, unit.id, unit.location or "")
                for location in reach.cost:
                    path = (reach.path_to(location) or [])[1:]
                    candidates.append(MoveAndAttack(player=player, unit=unit.id, path=path))
        for command in candidates:
            listed = command.model_dump_json() in legal
            if isinstance(command, Defend) and not listed:
                assert not accepted(game, command), command
            elif not isinstance(command, Defend):
                assert accepted(game, command) == listed, command


@SLOW
@given(seed=st.integers(0, 10_000))
def test_a_godsgloom_command_not_listed_is_refused(seed: int) -> None:
    """Nominating any unit is accepted exactly when listed. The activated unit's Move Action
    towards every hex of the mat, hex by hex: it is refused unless it ends in a hex some listed
    move ends in (a path other than the cheapest may be legal, and a move may stop early in an
    Engagement Zone, §8.3, but never ends anywhere the list does not offer)."""
    for game in states_along_a_random_game("godsgloom", seed, steps=10):
        state = game.state
        assert isinstance(state, GloomState)
        listed = game.legal_commands()
        legal = {c.model_dump_json() for c in listed}
        for unit in state.living_units():
            command = Activate(player=unit.owner, unit=unit.id)
            assert accepted(game, command) == (command.model_dump_json() in legal), command
        if state.activation is None or state.phase != "activation":
            continue
        unit = state.units[state.activation.unit]
        ends = {c.path[-1] for c in listed if isinstance(c, Move) and c.path and c.use is None}
        for h in sorted(MatView(state).hexes):
            path = _straight_path(parse_hex(unit.location or ""), h)
            if not path:
                continue
            trial = copy.deepcopy(game)
            try:
                trial.issue(Move(player=unit.owner, unit=unit.id, path=path, face="N"))
            except SimError:
                continue
            assert trial.state.units[unit.id].location in ends, (path, ends)


@SLOW
@given(seed=st.integers(0, 10_000))
def test_a_skirmish_command_not_listed_is_refused(seed: int) -> None:
    """The table is continuous and its list a sample (a point between two listed points may be
    as legal as they are), so what is checked is what the list leaves out whole: ending the turn
    and attempting an Engage are accepted exactly when listed; a unit with no listed Move or Run
    may make neither, not even a short walk; and no unit walks farther than its Run."""
    for game in states_along_a_random_game("skirmish", seed, steps=3):
        state = game.state
        assert isinstance(state, SkirmishState) and state.table is not None
        width, depth = state.table.width, state.table.depth
        listed = game.legal_commands()
        legal = {c.model_dump_json() for c in listed}
        whole: list[BaseModel] = [SkirmishEndTurn(player=p) for p in state.players]
        whole += [AttemptEngage(player=p, unit=u.id) for u in state.living_units() for p in state.players]
        for command in whole:
            assert accepted(game, command) == (command.model_dump_json() in legal), command
        moving = {(type(c), c.unit) for c in listed if isinstance(c, SkirmishMove)}
        for unit in state.living_units():
            here = parse_spot(unit.location or "")
            for kind in (SkirmishMove, SkirmishRun):
                near = f"{here.x + 0.5 if here.x + 0.5 < width else here.x - 0.5},{here.y}"
                if (kind, unit.id) not in moving and here.surface == "ground":
                    assert not accepted(game, kind(player=unit.owner, unit=unit.id, path=[near])), (kind, unit.id)
            corner = max(((0.5, 0.5), (width - 0.5, 0.5), (0.5, depth - 0.5), (width - 0.5, depth - 0.5)),
                         key=lambda c: (c[0] - here.x) ** 2 + (c[1] - here.y) ** 2)
            if ((corner[0] - here.x) ** 2 + (corner[1] - here.y) ** 2) ** 0.5 > unit.move * state.options.run_multiplier:
                for kind in (SkirmishMove, SkirmishRun):
                    far = kind(player=unit.owner, unit=unit.id, path=[f"{corner[0]},{corner[1]}"])
                    assert not accepted(game, far), far


def _straight_path(start: object, goal: object) -> list[str]:
    """Hexes from start to goal, one step at a time, always to the neighbour nearest the goal
    (ties to the first neighbour): a path drawn without any rule."""
    from domain.rulesets.godsgloom.hexgrid import Hex, distance

    assert isinstance(start, Hex) and isinstance(goal, Hex)
    here, path = start, []
    while here != goal:
        here = min(here.neighbours(), key=lambda n: distance(n, goal))
        path.append(here.text)
    return path


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), policy=st.sampled_from(["random", "greedy"]))
def test_self_play_on_a_random_board_verifies_and_is_the_same_from_the_same_seed(ruleset: str, seed: int, policy: str) -> None:
    turns = 1 if ruleset == "skirmish" else 2
    first = self_play(boards.scenario(ruleset, seed), turns, policy, seed).report
    again = self_play(boards.scenario(ruleset, seed), turns, policy, seed).report
    assert first.verified, first.verdict
    assert first.state_hash == again.state_hash and first.events == again.events
