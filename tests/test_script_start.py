"""A scenario's script is played once and kept for the many games of that scenario (issue 20):
the reference is the game that plays its own script, as every game did before. Both must give
the same log, fact for fact, the same state hash and the same report, and verification from a
kept, verified prefix must give the whole re-run's verdict on sound and tampered logs alike."""

from __future__ import annotations

import dataclasses
import pickle
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

from domain.dice import Roll
from domain.errors import SimError
from domain.events import DiceRolled, GameStarted
from domain.game import Game
from projections.state_hash import fold
from sim.compare.games import seated
from sim.replay import VerifiedPrefix, _same_start, verify
from sim.rule_option import with_options
from sim.runner import play, recorded
from sim.scenario import ScenarioBase, load_scenario
from sim.script_start import KEPT_PLAYS, KeptPlay, kept_from, kept_script
from sim.selfplay import self_play
from tests import boards, helpers
from tests.helpers import EXAMPLES
from tests.tampering import outcome, tampered

#: the self-play benchmark's scenarios (a dice-free script, and scripts that roll part-way)
WHOLE_TURNS = [
    "sorcery/08-a-whole-turn.yaml", "godsgloom/19-a-whole-round.yaml", "skirmish/20-a-whole-turn.yaml",
    "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
]


def _log(events: list[Any]) -> list[tuple[str, dict[str, Any], int]]:
    """A log as facts: each event's name, recorded fields and place (its game's id and time aside)."""
    return [(e.name, e.payload(), e.originator_version) for e in events]


def _both_ways(scenario: ScenarioBase, turns: int, seed: int) -> tuple[Any, Any]:
    """The game started from the kept script, and the one that plays the script itself; or the
    error each raised (both must raise alike)."""
    found = []
    for keep in (True, False):
        try:
            found.append(self_play(scenario, turns, "random", seed, keep_script=keep))
        except SimError as exc:
            found.append((type(exc), str(exc)))
    return found[0], found[1]


def _same_game(kept: Any, played: Any, where: str) -> None:
    if isinstance(played, tuple):
        assert kept == played, where
        return
    assert kept.game.id != played.game.id
    assert _log(kept.events) == _log(played.events), where
    ours = dataclasses.asdict(kept.report) | {"game_id": None, "clock": None}
    theirs = dataclasses.asdict(played.report) | {"game_id": None, "clock": None}
    assert ours == theirs, where
    assert kept.report.verified, f"{where}: {kept.report.verdict}"
    assert all(e.originator_id == kept.game.id for e in kept.events), where
    assert [e.originator_version for e in kept.events] == list(range(1, len(kept.events) + 1)), where


@pytest.mark.parametrize("path", WHOLE_TURNS)
def test_a_game_started_from_the_kept_script_is_the_game_that_plays_it(path: str) -> None:
    scenario = load_scenario(EXAMPLES / path)
    for seed in range(3):
        kept, played = _both_ways(scenario, 3, seed)
        _same_game(kept, played, f"{path} seed {seed}")


def test_every_example_starts_the_same_from_its_kept_script() -> None:
    for path in sorted(Path(EXAMPLES).rglob("*.yaml"))[::4]:
        scenario = load_scenario(path)
        kept, played = _both_ways(scenario, 1, 5)
        _same_game(kept, played, str(path))


@pytest.mark.parametrize("ruleset", ["sorcery", "godsgloom", "skirmish", "tinyepic"])
def test_random_boards_start_the_same_from_their_kept_script(ruleset: str) -> None:
    for seed in range(4):
        kept, played = _both_ways(boards.scenario(ruleset, seed), 2, seed)
        _same_game(kept, played, f"{ruleset} board {seed}")


def test_a_script_is_kept_only_up_to_the_first_command_that_rolls_a_die() -> None:
    scenario = load_scenario(EXAMPLES / "godsgloom/19-a-whole-round.yaml")
    whole = play(scenario)
    kept = kept_script(scenario)
    assert kept is not None
    first_roll = next(i for i, e in enumerate(whole.events) if isinstance(e, DiceRolled))
    assert not any(isinstance(e, DiceRolled) for e in kept.events)
    assert 0 < kept.commands < len(scenario.script)
    # the kept events end where the last command before the rolling one ended
    assert len(kept.events) == whole.outcomes[kept.commands - 1].events_after <= first_roll
    assert whole.outcomes[kept.commands].events_after > first_roll
    # and the dice that follow are each game's own: two seeds roll apart, as played games do
    rolls = [
        [e.results for e in self_play(scenario, 1, "random", seed).events if isinstance(e, DiceRolled)]
        for seed in range(4)
    ]
    assert len({str(r) for r in rolls}) > 1


def test_a_set_up_that_rolls_keeps_nothing() -> None:
    whole = play(load_scenario(EXAMPLES / "godsgloom/19-a-whole-round.yaml"))
    first_roll = next(i for i, e in enumerate(whole.events) if isinstance(e, DiceRolled))
    assert kept_from(dataclasses.replace(whole, setup_events=first_roll + 1)) is None


def test_a_script_the_rules_refuse_is_not_kept_and_each_game_reports_it() -> None:
    text = (EXAMPLES / "sorcery/08-a-whole-turn.yaml").read_text()
    broken = helpers.scenario(text[: text.index("script:")] + "script:\n  - {command: move_and_attack, unit: hounds, path: [B]}\n")
    assert kept_script(broken) is None
    kept, played = _both_ways(broken, 1, 0)
    assert isinstance(kept, tuple) and kept == played
    assert "tapped" in kept[1]


def test_variants_and_swapped_seats_keep_scripts_of_their_own() -> None:
    assert kept_script(load_scenario(EXAMPLES / "sorcery/08-a-whole-turn.yaml")) is kept_script(
        load_scenario(EXAMPLES / "sorcery/08-a-whole-turn.yaml")
    )
    scenario = boards.scenario("sorcery", 1)
    swapped = seated(scenario, True)
    first, other = kept_script(scenario), kept_script(swapped)
    assert first is not None and other is not None and first is not other
    start = other.events[0]
    assert isinstance(start, GameStarted) and start.active_player == swapped.active_player
    variant = with_options(scenario, {"trigger_order": "ask"})
    third = kept_script(variant)
    assert third is not None and third is not first
    start = third.events[0]
    assert isinstance(start, GameStarted) and start.options["trigger_order"] == "ask"


# --- verification from a verified prefix ---------------------------------------------------


@pytest.mark.parametrize("path", WHOLE_TURNS)
def test_verifying_from_a_verified_prefix_gives_the_whole_verdict_on_sound_and_tampered_logs(path: str) -> None:
    scenario = load_scenario(EXAMPLES / path)
    kept = kept_script(scenario)
    assert kept is not None
    prefix = kept.prefix
    assert prefix is not None
    rng = random.Random(path)
    for seed in range(2):
        events = self_play(scenario, 2, "random", seed, verify_log=False).events
        assert verify(events, prefix) == verify(events)
        assert verify(events, prefix).ok
        checked = 0
        while checked < 30:
            # half within the prefix (the log is then re-run whole), half after it
            inside = checked % 2 == 0
            edited = tampered(events, rng, 0 if inside else len(prefix.events), len(prefix.events) if inside else None)
            if edited is None:
                continue
            checked += 1
            assert outcome(lambda log: verify(log, prefix), edited) == outcome(verify, edited)


def test_a_prefix_that_does_not_verify_is_never_vouched_for() -> None:
    sound = play(load_scenario(EXAMPLES / "sorcery/08-a-whole-turn.yaml")).events
    assert VerifiedPrefix.of(sound) is not None
    broken = list(sound)
    broken[-1] = broken[-1].model_copy(update={"cause": "nobody"})
    assert not verify(broken).ok
    assert VerifiedPrefix.of(broken) is None


def _seeds_by_first_roll(roll: Roll, wanted: bool, count: int) -> list[int]:
    """Seeds whose first roll shows ``roll``'s results (``wanted``) or other results."""
    return [seed for seed in range(500) if (roll.drawn(seed) == roll.results) == wanted][:count]


def test_a_prefix_that_rolls_is_taken_only_for_a_log_whose_seed_rolls_its_dice() -> None:
    """A whole GODSGLOOM round (one Trample die) verified under one seed vouches for another
    log's same facts only when that log's seed draws the same die: a log that shows the
    prefix's die under a seed that rolls another claims a roll its seed never made, and
    verification re-runs it (and refuses it) as it would without the prefix."""
    scenario = load_scenario(EXAMPLES / "godsgloom/19-a-whole-round.yaml")
    rolled = play(scenario).events
    prefix = VerifiedPrefix.of(rolled)
    assert prefix is not None and len(prefix.rolls) == 1
    (roll,) = prefix.rolls
    for seed in _seeds_by_first_roll(roll, True, 2):
        log = self_play(scenario, 1, "random", seed - scenario.seed, verify_log=False, keep_script=False).events
        assert prefix.starts(log, cheap=True)
        assert verify(log, prefix) == verify(log) and verify(log).ok
    for seed in _seeds_by_first_roll(roll, False, 2):
        log = self_play(scenario, 1, "random", seed - scenario.seed, verify_log=False, keep_script=False).events
        assert not prefix.starts(log, cheap=True)  # its own die shows otherwise, and so its facts
        assert verify(log, prefix) == verify(log) and verify(log).ok
        start = rolled[0]
        assert isinstance(start, GameStarted)
        claimed = [start.reseeded(start.originator_id, start.timestamp, seed), *rolled[1:]]
        assert not prefix.starts(claimed, cheap=True)
        assert verify(claimed, prefix) == verify(claimed)
        assert not verify(claimed).ok


def test_a_game_whose_seed_rolls_a_kept_plays_dice_starts_from_that_whole_play() -> None:
    """Past the first die, a game whose seed rolls as an earlier game's dice showed starts from
    that game's whole script (``KeptPlay``), and is the game that plays the script itself."""
    scenario = load_scenario(EXAMPLES / "godsgloom/19-a-whole-round.yaml")
    kept = kept_script(scenario)
    assert kept is not None and kept.plays
    begun = [kept.begin(scenario, scenario.seed + seed) for seed in range(12)]
    whole = [b for b in begun if isinstance(b.kept, KeptPlay)]
    assert len(whole) >= 6  # six faces: after the first few games, every game's die was seen
    for b in whole:
        assert b.game.version == len(b.kept.events) and b.game.state.seed in range(scenario.seed, scenario.seed + 12)
    for seed in range(12):
        kept_game, played = _both_ways(scenario, 2, seed)
        _same_game(kept_game, played, f"seed {seed}")
    assert len(kept.plays) <= KEPT_PLAYS


def test_a_script_whose_dice_never_repeat_keeps_at_most_its_bound() -> None:
    scenario = load_scenario(EXAMPLES / "skirmish/20-a-whole-turn.yaml")
    kept = kept_script(scenario)
    assert kept is not None
    for seed in range(KEPT_PLAYS + 8):
        kept.begin(scenario, 1_000 + seed)
    assert len(kept.plays) == KEPT_PLAYS


def test_a_log_of_another_start_is_verified_whole() -> None:
    sorcery = kept_script(load_scenario(EXAMPLES / "sorcery/08-a-whole-turn.yaml"))
    assert sorcery is not None and sorcery.prefix is not None
    prefix = sorcery.prefix
    assert prefix is not None
    other = play(load_scenario(EXAMPLES / "sorcery/05-giant-shark.yaml")).events
    events = self_play(load_scenario(EXAMPLES / "sorcery/08-a-whole-turn.yaml"), 1, "random", 3, verify_log=False).events
    for log in (other, events):
        start = log[0]
        assert isinstance(start, GameStarted)
        renamed = [start.model_copy(update={"title": start.title + " (renamed)"}), *log[1:]]
        assert not prefix.starts(renamed, cheap=True)
        assert verify(renamed, prefix) == verify(renamed)
    assert not prefix.starts(other, cheap=True)


@pytest.mark.parametrize("path", WHOLE_TURNS)
def test_a_logs_start_is_the_prefixs_but_for_the_seed_as_their_payloads_say(path: str) -> None:
    """``VerifiedPrefix.starts`` takes a start whose fields are the prefix start's own objects
    without writing either out (a kept script's games), and judges any other by the payloads:
    a start rebuilt from JSON with equal values is the prefix's, one option changed is not."""
    scenario = load_scenario(EXAMPLES / path)
    kept = kept_script(scenario)
    assert kept is not None and kept.prefix is not None
    prefix = kept.prefix
    events = self_play(scenario, 1, "random", 5, verify_log=False).events
    start = events[0]
    assert isinstance(start, GameStarted)
    assert _same_start(start, prefix.events[0])  # type: ignore[arg-type]  # a start, checked above
    rebuilt = GameStarted.model_validate_json(start.model_dump_json(by_alias=True))
    assert rebuilt.options is not start.options
    assert _same_start(rebuilt, prefix.events[0])  # type: ignore[arg-type]
    assert prefix.starts([rebuilt, *events[1:]], cheap=True) == prefix.starts(events, cheap=True)
    options = dict(start.options)
    name = next(iter(options))
    changed = start.model_copy(update={"options": {**options, name: "changed"}})
    assert not _same_start(changed, prefix.events[0])  # type: ignore[arg-type]
    assert not prefix.starts([changed, *events[1:]], cheap=True)


@pytest.mark.parametrize("path", WHOLE_TURNS)
def test_a_kept_start_is_copied_for_each_game_and_no_game_changes_it(path: str) -> None:
    """Games take a copy of the kept fold, not its fold again: the copy is the fold, field for
    field, and playing games from it leaves it (and so the next game's start) as it was."""
    scenario = load_scenario(EXAMPLES / path)
    kept = kept_script(scenario)
    if kept is None:
        pytest.skip("this script's set-up rolls: nothing is kept")
    before = kept.state.model_dump()
    assert before == fold(list(kept.events)).model_dump()
    for seed in range(3):
        game = kept.begin(scenario, seed).game
        assert game.state is not kept.state
        assert game.state.seed == seed
        self_play(scenario, 2, "random", seed)
    assert kept.state.model_dump() == before


def test_a_restamped_event_is_the_event_copied_with_its_game_and_time_replaced() -> None:
    other, when = uuid4(), datetime(2030, 1, 2, tzinfo=UTC)
    for path in sorted(Path(EXAMPLES).rglob("*.yaml"))[::3]:
        for event in play(load_scenario(path)).events:
            made = event.restamped(other, when)
            expected = event.model_copy(update={"originator_id": other, "timestamp": when})
            assert type(made) is type(event)
            assert made.__dict__ == expected.__dict__, f"{path}: {event.name}"
            assert made.model_fields_set == event.model_fields_set
            assert made.model_dump_json() == expected.model_dump_json()
            assert event.originator_id != other  # the original is untouched


def test_a_game_resumes_only_from_its_own_next_events() -> None:
    played = play(load_scenario(EXAMPLES / "sorcery/08-a-whole-turn.yaml"))
    start = played.events[0]
    assert isinstance(start, GameStarted)
    game = Game.start_as(start)
    with pytest.raises(ValueError, match="do not follow version 1"):
        game.resume(fold(played.events[:5]), list(played.events[2:5]))
    game.resume(fold(played.events[:5]), list(played.events[1:5]))
    assert game.version == 5
    assert game.state.model_dump() == fold(played.events[:5]).model_dump()


@pytest.mark.parametrize("path", WHOLE_TURNS)
def test_a_refusal_right_after_a_kept_start_rolls_back_to_it(path: str) -> None:
    """A game resumed from a kept start takes no copy before its first command: a refused
    command rolls back to a fresh copy of the kept fold, and the game goes on as one that
    played its script itself (same log, same state)."""
    scenario = load_scenario(EXAMPLES / path)
    kept = kept_script(scenario)
    if kept is None:
        pytest.skip("this script's set-up rolls: nothing is kept")
    game = kept.begin(scenario, 7).game
    reference = play(scenario, seed=7).game
    legal = list(game.legal_commands())
    refused = legal[0].model_copy(update={"player": "nobody"})  # no seat of the game
    for _ in range(2):  # twice: the second refusal rolls back to the game as it then was
        before = game.state.model_dump()
        with pytest.raises(SimError):
            game.issue(refused)
        assert game.state.model_dump() == before
        assert game.state is not kept.state
    game.issue(legal[0])
    reference.issue(legal[0])
    assert game.state.model_dump() == reference.state.model_dump()
    assert _log(recorded(game)) == _log(recorded(reference))
    assert kept.state.model_dump() == fold(list(kept.events)).model_dump()  # the kept fold is untouched


def test_a_game_begun_from_a_kept_start_pickles_and_rolls_back_after() -> None:
    """``sim play --games N`` brings games back from worker processes pickled: the rollback
    point a kept start leaves (what makes a copy of the kept fold) stays behind, and the game
    that comes back takes its own when it next issues a command."""
    scenario = load_scenario(EXAMPLES / "sorcery/08-a-whole-turn.yaml")
    kept = kept_script(scenario)
    assert kept is not None
    game = kept.begin(scenario, 3).game
    back = pickle.loads(pickle.dumps(game))
    assert back.state.model_dump() == game.state.model_dump() and back.version == game.version
    command = list(back.legal_commands())[0]
    before = back.state.model_dump()
    with pytest.raises(SimError):
        back.issue(command.model_copy(update={"player": "nobody"}))
    assert back.state.model_dump() == before
    back.issue(command)
    game.issue(command)
    assert back.state.model_dump() == game.state.model_dump()


@pytest.mark.parametrize("path", WHOLE_TURNS)
def test_a_kept_game_starts_as_the_rules_start_a_game_of_its_seed(path: str) -> None:
    """A kept script's game and a verified prefix's game take the kept start under their own id
    and seed instead of checking its options again (``Game.continued``): what they record and
    hold is what ``Game.start_as`` and the prefix's events give."""
    scenario = load_scenario(EXAMPLES / path)
    kept = kept_script(scenario)
    if kept is None or kept.prefix is None:
        pytest.skip("this script's set-up rolls: nothing is kept")
    start = kept.events[0]
    assert isinstance(start, GameStarted)
    kept_seed = start.seed
    for seed in (kept_seed + 1, kept_seed + 8):
        game, events, _ = kept.begin(scenario, seed)
        made = events[0]
        assert isinstance(made, GameStarted) and made.seed == seed and made.originator_id == game.id
        ruled = Game.start_as(start, game.id, seed).pending_events[0]
        assert isinstance(ruled, GameStarted)
        assert made.payload() == ruled.payload() and made.model_fields_set == ruled.model_fields_set
        assert made.model_dump_json(exclude={"timestamp"}) == ruled.model_dump_json(exclude={"timestamp"})
        assert start.seed == kept_seed  # the kept start itself is not reseeded
        log = self_play(scenario, 1, "random", seed, verify_log=False).events
        assert kept.prefix.starts(log, cheap=True)
        continued = kept.prefix.continued(log)
        folded = Game.start_as(log[0], log[0].originator_id)  # type: ignore[arg-type]  # a log starts so
        folded.resume(fold(log[: len(kept.events)]), log[1 : len(kept.events)])
        assert continued.id == folded.id and continued.version == folded.version == len(kept.events)
        assert continued.state.model_dump() == folded.state.model_dump()
        assert recorded(continued) == list(log[: len(kept.events)])
        assert verify(log, kept.prefix).ok and verify(log).ok


def test_games_begun_from_a_kept_play_count_as_games_that_play_their_script() -> None:
    """A kept play's tally is counted once and copied for each game begun from it (issue 20):
    each such game reports the counters of the game that plays the script itself, and the kept
    tally is never changed by the games that copied it."""
    scenario = load_scenario(EXAMPLES / "godsgloom/19-a-whole-round.yaml")
    kept = kept_script(scenario)
    assert kept is not None
    begun = 0
    for seed in range(40):
        found = kept.play_for(scenario.seed + seed)
        if found is None:
            self_play(scenario, 1, "random", seed)  # plays the script: keeps another play
            continue
        before = found.tally.counters()
        ours, theirs = _both_ways(scenario, 2, seed)
        _same_game(ours, theirs, f"seed {seed}")
        assert found.tally.counters() == before, f"seed {seed}: the kept tally changed"
        begun += 1
    assert begun >= 3  # the round's one Trample die: six plays, most seeds find one
