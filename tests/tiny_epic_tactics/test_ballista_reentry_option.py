"""Option ballista_reentry_after_knockback (seed 003, Ballista: a unit that starts its turn on the
Ballista "cannot move out and back into" it that turn; the seed is silent on a unit a knock back
carried off, not its own Move).

``barred`` (the default, the engine's reading before the option): such a unit may not enter that
space again this turn either, and the refusal names the option. ``allowed``: the knock back lifts
the bar on entering the space for the rest of the turn, from the knock back's step off it; the unit
still started its turn there and fires from the space when it stands on it. Its own Move out of the
Ballista still bars it."""

from __future__ import annotations

import pytest

from domain.errors import BadInput
from domain.game import Game
from domain.rulesets.tinyepic import TinyEpicTacticsRuleset
from domain.rulesets.tinyepic.movement import TetMovement
from domain.rulesets.tinyepic.options import TetOptions
from domain.rulesets.tinyepic.reach import range_of_motion
from domain.rulesets.tinyepic.state import TetState
from projections.state_hash import fold, state_hash
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.tiny_epic_tactics.support import EXAMPLES, of, reach_of, refused, states_after_each_event, tet, unit
from tests.tiny_epic_tactics.test_kept_moves import _check, _fold_and_check

BOARD = [". . . .", ". b . .", ". . . ."]
DICE = {"melee_die_faces": ["knock_back"], "miss_die_faces": ["hit"]}
#: the Counter's knock back carries the gunner off the Ballista (1,1), south to 1,2
CARRIED_TO = "1,2"


def _carried_off(option: str | None, *, lone: bool = True) -> Game:
    """The gunner starts its turn on the Ballista and shoots the brute, whose Counter knocks it
    off, south to 1,2 (a knock back, not the gunner's own Move)."""
    options = dict(DICE) if option is None else {**DICE, "ballista_reentry_after_knockback": option}
    units = [
        unit("g", "p1", "1,1", "Rogue", missile=2, ammo=3, melee=0),
        unit("e", "p2", "1,0", movement=2, melee=1),
    ]
    if not lone:
        units.append(unit("h", "p1", "3,2", "Rogue", melee=0))
    game = tet(BOARD, units=units, options=options).game
    assert game.state.ballista_starters == {"g": "1,1"}  # type: ignore[attr-defined]
    game.issue({"command": "missile_attack", "unit": "g", "target": "e"})
    assert game.state.units["g"].location == CARRIED_TO
    return game


def _ends(game: Game, unit_id: str) -> list[str]:
    return [c.path[-1] for c in game.legal_commands() if getattr(c, "unit", "") == unit_id and getattr(c, "path", None)]


@pytest.mark.parametrize("option", [None, "barred"])
def test_ballista_reentry_after_knockback_barred_refuses_the_way_back_naming_the_option(option: str | None) -> None:
    """Barred (the default): a unit that started on the Ballista, carried off by a Counter's knock
    back, may not Move back in (nor through) this turn: refused with one line naming the option,
    not listed, out of its range of motion."""
    game = _carried_off(option)
    error = refused(game, {"command": "move", "unit": "g", "path": ["1,1"]}, "option ballista_reentry_after_knockback")
    assert "\n" not in str(error) and "out and back into it" in str(error)
    refused(game, {"command": "move", "unit": "g", "path": ["1,1", "2,1"]}, "ballista_reentry_after_knockback: barred")
    assert "1,1" not in _ends(game, "g")
    assert "1,1" not in reach_of(game, "g")
    assert game.state.ballista_starters == {"g": "1,1"}  # type: ignore[attr-defined]


def test_ballista_reentry_after_knockback_barred_keeps_the_seeds_words_for_a_unit_that_moved_out() -> None:
    """A unit that left the Ballista by its own Move is barred by the seed's words alone (the
    option is not the reason), under either value."""
    for option in ("barred", "allowed"):
        units = [unit("g", "p1", "1,1"), unit("e", "p2", "3,0")]
        game = tet(BOARD, units=units, options={"ballista_reentry_after_knockback": option}).game
        game.issue({"command": "move", "unit": "g", "path": ["1,2"]})
        error = refused(game, {"command": "move", "unit": "g", "path": ["1,1"]}, "out and back into it")
        assert "ballista_reentry_after_knockback" not in str(error)
        refused(game, {"command": "move", "unit": "g", "path": ["0,2", "0,1", "1,1"]}, "out and back into it")
        # out and back in one Move, from the Ballista itself: the seed's own case
        other = tet(BOARD, units=units, options={"ballista_reentry_after_knockback": option}).game
        refused(other, {"command": "move", "unit": "g", "path": ["1,2", "1,1"]}, "out and back into it")


def test_ballista_reentry_after_knockback_allowed_lets_the_carried_off_unit_move_back_in_and_fire() -> None:
    """Allowed: the knock back, not the unit, took it out, so the seed's "move out and back into"
    does not bar it: the Move back is listed, ``in`` the lazy listing, within its range of motion,
    accepted; then it fires from the Ballista it moved into (seed 003: "after moving into this
    space"; a lone unit: its third action)."""
    game = _carried_off("allowed")
    # the bar lifted in a field of its own: the unit still started its turn there
    assert game.state.ballista_starters == {"g": "1,1"}  # type: ignore[attr-defined]
    assert game.state.ballista_lifted == ["g"]  # type: ignore[attr-defined]
    back = {"command": "move", "unit": "g", "path": ["1,1"]}
    legal = game.legal_commands()
    assert "1,1" in _ends(game, "g")
    listed = next(c for c in legal if getattr(c, "unit", "") == "g" and getattr(c, "path", [None])[-1] == "1,1")
    assert listed in game.legal_commands() and listed in list(game.legal_commands())
    assert "1,1" in reach_of(game, "g")
    events = game.issue(back)
    assert of(events, "StepTaken", unit="g", to="1,1")
    events = game.issue({"command": "fire_ballista", "unit": "g", "target": "e", "direction": "E"})
    assert of(events, "ActionTaken", unit="g", action="ballista", number=3)


def test_ballista_reentry_after_knockback_allowed_passes_through_and_the_listing_agrees() -> None:
    """Allowed, a unit with an ally left: passing through the Ballista (entering it) is open too;
    every listed command is ``in`` the lazy listing, and a listed Move through 1,1 is accepted."""
    game = _carried_off("allowed", lone=False)
    listed = list(game.legal_commands())
    assert listed and all(c in game.legal_commands() for c in listed)
    game.issue({"command": "move", "unit": "g", "path": ["1,1", "2,1"]})
    assert game.state.units["g"].location == "2,1"


def test_ballista_reentry_after_knockback_kept_moves_serve_no_stale_answer_across_the_option() -> None:
    """The board keeps its searches across games (``moves.keep_search``): the same board, the
    same units in the same places, played under barred, then allowed, then barred again in one
    process. Each listing equals the one searched from scratch (``test_kept_moves._check``), and
    the Move back onto the Ballista is listed under allowed only."""
    for option, listed in (("barred", False), ("allowed", True), ("barred", False)):
        game = _carried_off(option)
        state = game.state
        assert isinstance(state, TetState)
        _check(state, f"ballista_reentry_after_knockback: {option}")
        assert ("1,1" in _ends(game, "g")) is listed, option


def test_ballista_reentry_after_knockback_is_validated_and_recorded_only_when_allowed() -> None:
    """A value not among the choices is refused with one line naming the option. Logs are
    forever: the default (the reading before the option) is left out of a game's record, which
    reads and hashes as before; allowed is recorded."""
    with pytest.raises(BadInput) as bad:
        tet(BOARD, units=[unit("g", "p1", "1,1")], options={"ballista_reentry_after_knockback": "maybe"})
    assert str(bad.value).count("\n") == 0
    assert "option ballista_reentry_after_knockback must be one of barred, allowed" in str(bad.value)
    assert TetOptions().ballista_reentry_after_knockback == "barred"
    assert "ballista_reentry_after_knockback" not in TetOptions().model_dump()
    assert TetOptions(ballista_reentry_after_knockback="allowed").model_dump()["ballista_reentry_after_knockback"] == "allowed"


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("option", ["barred", "allowed"])
def test_ballista_reentry_after_knockback_kept_moves_equal_rebuilt_ones_along_random_self_play(option: str, seed: int) -> None:
    """Example 31's board (a unit starting on the Ballista beside an enemy whose Counter knocks
    it off), played at random under each value: after every event the kept moves and the legal
    commands equal those searched from scratch (``test_kept_moves._check``)."""
    scenario = load_scenario(EXAMPLES / "31-carried-off-the-ballista-then-back-in-under-option-allowed.yaml")
    scenario = scenario.model_copy(update={"options": {**scenario.options, "ballista_reentry_after_knockback": option}, "script": []})
    played = self_play(scenario, 4, "random", seed, verify_log=True)
    assert _fold_and_check(played.events, f"31 under {option}, seed {seed}", 1) > 0


@pytest.mark.parametrize("option", ["barred", "allowed"])
def test_seed_003_ballista_a_unit_that_started_its_turn_there_fires_it_after_a_knock_back_off_and_another_back_on(option: str) -> None:
    """Seed 003, Ballista: a unit that starts its turn on the Ballista may fire it. Carried off
    by one Counter's knock back (south) and back on by a second's (north), it still started its
    turn there, under either value of ballista_reentry_after_knockback: the option lifts a bar
    on entering the space, never the unit's use of it. The shot is listed and accepted."""
    units = [
        unit("g", "p1", "1,1", "Rogue", missile=2, ammo=3, melee=0),
        unit("e", "p2", "1,0", movement=2, melee=1),
        unit("f", "p2", "1,3", movement=2, melee=1),
    ]
    game = tet([*BOARD, ". . . ."], units=units, options={**DICE, "ballista_reentry_after_knockback": option}).game
    game.issue({"command": "missile_attack", "unit": "g", "target": "e"})
    assert game.state.units["g"].location == CARRIED_TO
    game.issue({"command": "missile_attack", "unit": "g", "target": "f"})
    state = game.state
    assert isinstance(state, TetState)
    assert state.units["g"].location == "1,1"  # knocked back on
    assert state.ballista_starters == {"g": "1,1"}
    assert state.ballista_lifted == (["g"] if option == "allowed" else [])
    # back on it, the bar on entering it stays as the first knock back left it for the turn
    step_back_in = TetMovement(state).step_option("g", "0,1", "1,1")
    assert step_back_in is not None and (step_back_in.blocked is None) is (option == "allowed")
    notes = TinyEpicTacticsRuleset().summary(state, str).notes
    assert "started the turn on a Ballista: g" in notes
    assert any("ballista_reentry_after_knockback: allowed): g" in n for n in notes) is (option == "allowed")
    fire = {"command": "fire_ballista", "unit": "g", "target": "f", "direction": "E"}
    assert any(getattr(c, "command", "") == "fire_ballista" and getattr(c, "unit", "") == "g" for c in game.legal_commands())
    events = game.issue(fire)
    assert of(events, "ActionTaken", unit="g", action="ballista", number=3)


def _example_31_games() -> list[tuple[str, list]]:  # type: ignore[type-arg]
    scenario = load_scenario(EXAMPLES / "31-carried-off-the-ballista-then-back-in-under-option-allowed.yaml")
    games = [("31's script", list(play(scenario).events))]
    for seed in range(4):
        free = scenario.model_copy(update={"script": []})
        games.append((f"31, random seed {seed}", self_play(free, 4, "random", seed, verify_log=True).events))
    return games


def test_ballista_reentry_after_knockback_allowed_no_state_of_example_31_names_the_bar_barred() -> None:
    """Option ballista_reentry_after_knockback: allowed (seed 003, Ballista is silent on a knock
    back): no state names the other value. After every event of example 31's script and of its
    random self-play (the knock back's ``StepTaken`` included, before its ``MoveEnded``), every
    living unit's range of motion and steps give no reason naming ``barred``, and the state
    folded one event at a time reads as one rebuilt from scratch: the same hash, the same
    reasons, the same kept moves and legal commands (``test_kept_moves._check``)."""
    carried_mid_knock_back = 0
    for name, events in _example_31_games():
        for n, (state, when) in enumerate(states_after_each_event(events), start=2):
            where = f"{name}, {when}"
            assert state.options.ballista_reentry_after_knockback == "allowed"
            rebuilt = fold(events[:n])
            assert isinstance(rebuilt, TetState)
            assert state_hash(state) == state_hash(rebuilt), where
            if not state.width:
                continue
            model = TetMovement(state)
            for u in [u for u in state.units.values() if u.alive and u.location is not None]:
                reasons = range_of_motion(state, u.id).reasons
                assert reasons == range_of_motion(rebuilt, u.id).reasons, f"{where}: {u.id}'s reasons"
                named = [str(r) for rs in reasons.values() for r in rs] + [
                    str(o.blocked) for y in range(state.height) for x in range(state.width)
                    for o in model.step_options(u.id, f"{x},{y}") if o.blocked is not None
                ]
                assert not [r for r in named if "barred" in r], f"{where}: {u.id}: {named}"
            if state.moves and any(m.purpose != "move" for m in state.moves.values()) and state.ballista_starters:
                carried_mid_knock_back += 1
            _check(state, where)
    assert carried_mid_knock_back  # a state between a knock back's step and its end was read
