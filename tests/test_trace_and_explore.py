"""Debugging trigger order: the causation trace and the explorer of alternative orders and dice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from projections.trace import build_trace
from sim.api import Simulator
from sim.app import open_store
from sim.cli import main
from sim.explore import choice_points, explore
from sim.logfile import write_jsonl
from sim.replay import verify
from sim.runner import play
from sim.scenario import load_scenario
from tests.cli_runs import sim
from tests.helpers import EXAMPLES

STEED_A = EXAMPLES / "sorcery" / "07a-phantom-steed-shark-fights-steed-first.yaml"
STEED_B = EXAMPLES / "sorcery" / "07b-phantom-steed-shark-fights-warriors-first.yaml"
THREE = EXAMPLES / "sorcery" / "09-three-triggers-at-once.yaml"
TRAMPLE = EXAMPLES / "godsgloom" / "20-trample-two-rolls.yaml"



def events_of(path: Path) -> list:  # type: ignore[type-arg]
    return list(play(load_scenario(path)).events)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_trace_of_every_example_names_every_event_exactly_once(path: Path) -> None:
    events = events_of(path)
    result = sim("trace", str(path), "--json")
    assert result.exit_code == 0, result.output
    seen: list[str] = []

    def visit(node: dict) -> None:  # type: ignore[type-arg]
        seen.append(node["event"])
        for child in node["children"]:
            visit(child)

    for root in json.loads(result.output)["roots"]:
        visit(root)
    assert sorted(seen, key=lambda e: int(e[1:])) == [e.event_id for e in events]
    assert sim("trace", str(path)).exit_code == 0


def test_a_trigger_hangs_under_the_step_that_matched_it_and_its_fight_under_the_trigger() -> None:
    trace = build_trace(events_of(STEED_A))
    queued = [n for n in trace.nodes() if n.event.name == "TriggerQueued"]
    assert [n.event.trigger.id for n in queued] == ["t1", "t2"]  # type: ignore[attr-defined]
    step = next(n for n in trace.nodes() if n.event.name == "StepTaken" and n.event.unit == "steed")  # type: ignore[attr-defined]
    assert queued[0].event.event_id in {c.event.event_id for c in step.children}
    inside = [c.event.name for c in queued[0].walk()]
    assert "FightStarted" in inside and "UnitDied" in inside


def test_the_python_api_gives_the_same_trace_with_unit_names(tmp_path: Path) -> None:
    game = Simulator(str(tmp_path / "g.sqlite")).load(STEED_A)
    trace = game.trace()
    assert trace.names["shark"] == "Giant Shark"
    assert any("Phantom Steed dies" in (n.outcome or "") for n in trace.nodes())


def test_trace_filters_by_unit_and_event_range() -> None:
    result = sim("trace", str(THREE), "--unit", "warriors", "--json")
    roots = json.loads(result.output)["roots"]
    assert roots and all("warriors" in json.dumps(r) for r in roots)
    ranged = json.loads(sim("trace", str(THREE), "--from", "13", "--to", "13", "--json").output)["roots"]
    assert [r["event"] for r in ranged] == ["e12"]  # the command whose tree holds event 13
    assert "e13" in json.dumps(ranged)


def test_an_event_range_shows_the_events_in_it_with_their_causes_and_nothing_else() -> None:
    """``--from 15 --to 19`` shows events 15 to 19, and the events above them that caused them
    (marked as context), never the rest of a command's subtree."""
    ranged = json.loads(sim("trace", str(THREE), "--from", "15", "--to", "19", "--json").output)["roots"]
    shown: list[dict] = []  # type: ignore[type-arg]

    def walk(node: dict) -> None:  # type: ignore[type-arg]
        shown.append(node)
        for child in node["children"]:
            walk(child)

    for root in ranged:
        walk(root)
    numbers = {int(n["event"][1:]) for n in shown}
    assert {n for n in numbers if 15 <= n <= 19} == set(range(15, 20))
    for node in shown:
        number = int(node["event"][1:])
        if not 15 <= number <= 19:
            assert node.get("context") is True, node["event"]
            assert node["children"], f"{node['event']} is shown though nothing in range hangs under it"


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--from", "30", "--to", "10"], "--from 30 is after --to 10"), (["--from", "0"], "--from"), (["--to", "999"], "--to")],
)
def test_an_event_range_that_can_hold_nothing_is_refused(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["trace", str(THREE), *args])
    assert result.exit_code == 2
    assert message in result.output


def test_a_file_and_a_stored_game_together_are_refused_naming_both(tmp_path: Path) -> None:
    """Two games named at once: trace and explore took one of them without saying which."""
    db = str(tmp_path / "games.sqlite")
    stored = sim("run", str(THREE), "--db", db, "--json")
    game = json.loads(stored.output)["game"]
    for command in (["trace", str(THREE), "--db", db, "--game", game], ["explore", str(THREE), "--game", game]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2 and "not both" in result.output and "Traceback" not in result.output, result.output
    assert sim("trace", "--db", db, "--game", game).exit_code == 0
    assert sim("explore", str(THREE), "--db", db).exit_code == 0  # --db alone is where --save would store


def test_each_outcome_parts_from_the_logged_game_at_the_trigger_order_not_at_the_start() -> None:
    """The branches of the Phantom Steed question are the same game up to the order of the
    triggers: they part at or after the choice point, never at the game's start."""
    events = events_of(STEED_A)
    (point,) = choice_points(events)
    result = explore(events, point.event)
    parted = [g for g in result.groups if not any(b.logged for b in g.branches)]
    assert parted
    for group in parted:
        assert group.parts_at is not None and group.parts_at >= point.event


def test_a_die_roll_branch_parts_at_or_after_the_roll() -> None:
    events = events_of(TRAMPLE)
    roll = choice_points(events, dice=True)[0]
    result = explore(events, roll.event, dice=True)
    for group in result.groups:
        if not any(b.logged for b in group.branches):
            assert group.parts_at is not None and group.parts_at >= roll.event


def test_exploring_the_phantom_steed_question_finds_exactly_the_two_outcomes_of_the_seed() -> None:
    """Codex, Range of Motion, the Phantom Steed question: with the Steed first nobody reaches
    A; with the Warriors first the Steed reaches A."""
    for path in (STEED_A, STEED_B):
        events = events_of(path)
        (point,) = choice_points(events)
        result = explore(events, point.event)
        assert len(result.groups) == 2
        where = sorted(g.outcome["units"]["steed"]["location"] or "dead" for g in result.groups)
        assert where == ["A", "dead"]


def test_a_batch_of_three_triggers_yields_six_branches() -> None:
    events = events_of(THREE)
    (point,) = choice_points(events)
    assert point.alternatives == 6
    result = explore(events, point.event)
    assert result.explored == 6 and not result.sampled
    assert sorted(len(g.branches) for g in result.groups) == [1, 1, 2, 2]
    logged = [g for g in result.groups if any(b.logged for b in g.branches)]
    assert len(logged) == 1 and logged[0].parts_at is None


def test_beyond_the_cap_a_seeded_sample_is_explored_and_says_so() -> None:
    events = events_of(THREE)
    (point,) = choice_points(events)
    first = explore(events, point.event, cap=4, seed=7)
    again = explore(events, point.event, cap=4, seed=7)
    assert first.explored == 4 and first.sampled
    assert [b.alternative for g in first.groups for b in g.branches] == [b.alternative for g in again.groups for b in g.branches]
    assert ["t1", "t2", "t3"] in [b.alternative for g in first.groups for b in g.branches]  # the logged order is kept


def test_dice_are_choice_points_only_when_asked_and_group_by_outcome() -> None:
    events = events_of(TRAMPLE)
    assert choice_points(events) == []
    rolls = choice_points(events, dice=True)
    assert [p.alternatives for p in rolls] == [6, 6]
    result = explore(events, rolls[0].event, dice=True)
    survives = [g for g in result.groups if g.outcome["units"]["pikemen"]["alive"]]
    dies = [g for g in result.groups if not g.outcome["units"]["pikemen"]["alive"]]
    assert sorted(b.alternative[0] for g in survives for b in g.branches) == [1, 2, 3]
    assert sorted(b.alternative[0] for g in dies for b in g.branches) == [4, 5, 6]


def test_explore_saves_branches_only_when_asked_and_each_verifies(tmp_path: Path) -> None:
    db = tmp_path / "branches.sqlite"
    assert sim("explore", str(STEED_B), "--at", "24", "--json").exit_code == 0
    assert not db.exists()
    result = sim("explore", str(STEED_B), "--at", "e24", "--save", "--db", str(db), "--json")
    assert result.exit_code == 0, result.output
    stored = json.loads(result.output)["stored"]
    store = open_store(str(db))
    assert len(stored) == 2 == len(store.game_ids())
    titles = set()
    for game_id in store.game_ids():
        events = list(store.game_events(game_id))
        assert verify(events).ok
        titles.add(events[0].title)
    assert len(titles) == 2 and all("(branch at e24: " in title for title in titles)  # each says which branch it is


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--at", "3"], "not a choice point"),
        (["--at", "999"], "out of range"),
        (["--at", "x1"], "by number"),
        (["--at", "e\u00b2"], "by number"),  # a superscript two: isdigit() yet not a number int() reads
        (["--at", "17", "--save"], None),
        (["--at", "24", "--seed", "-1"], "--seed must be 0 or more, not -1"),
        (["--at", "24", "--cap", "0"], "--cap must be 1 or more, not 0"),
        (["--at", "24", "--depth", "-2"], "--depth must be 0 or more, not -2"),
    ],
)
def test_explore_refuses_bad_input_in_one_line(args: list[str], message: str | None) -> None:
    path = TRAMPLE if "--save" in args else STEED_A
    extra = ["--dice"] if "--save" in args else []
    result = sim("explore", str(path), *args, *extra)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output
    assert message is None or message in lines[0]


def _log_that_does_not_verify(tmp_path: Path) -> Path:
    """The Phantom Steed game with the Shark's strike edited (in a log from before chains, which
    nothing but verification can catch)."""
    events = events_of(STEED_A)
    log = tmp_path / "game.jsonl"
    with log.open("w", encoding="utf-8") as out:
        write_jsonl(events, out)
    lines = log.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    records = [{k: v for k, v in r.items() if k not in ("chain", "end")} for r in records]  # a log from before chains
    lines = [json.dumps(r).replace('"amount": 5', '"amount": 6') for r in records]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return log


def test_explore_refuses_a_log_that_does_not_verify(tmp_path: Path) -> None:
    result = sim("explore", str(_log_that_does_not_verify(tmp_path)), "--at", "24")
    assert result.exit_code == 2 and "does not verify" in result.output


def test_listing_the_choice_points_of_a_log_that_does_not_verify_is_refused_too(tmp_path: Path) -> None:
    """Its alternatives could not be re-played, so counting them would promise what --at refuses."""
    result = sim("explore", str(_log_that_does_not_verify(tmp_path)))
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and "does not verify" in lines[0], result.output


ADTONITUM = EXAMPLES / "sorcery" / "100-adtonitum-stops.yaml"


def test_a_players_answer_to_a_may_is_a_choice_point_and_each_answer_a_branch(tmp_path: Path) -> None:
    # Adtonitum's "may deal 3 damage" (a triggered "may", answered with choose) decides whether
    # the Boars live: the explorer lists both answers of the game as choice points, as its
    # README row says ("player answers"), and re-plays each with the other answer
    events = events_of(ADTONITUM)
    points = [p for p in choice_points(events) if p.kind == "choice"]
    assert [(p.chosen, p.alternatives) for p in points] == [("yes", 2), ("no", 2)]
    result = explore(events, points[0].event)
    by_answer = {b.alternative[0]: (g, b) for g in result.groups for b in g.branches}
    assert by_answer["yes"][1].logged and not by_answer["no"][1].logged
    assert by_answer["yes"][1].game.state.units["boars"].alive is False
    assert by_answer["no"][1].game.state.units["boars"].alive is True and by_answer["no"][1].refused is None
    db = tmp_path / "branches.sqlite"
    saved = sim("explore", str(ADTONITUM), "--at", str(points[0].event), "--save", "--db", str(db), "--json")
    assert saved.exit_code == 0, saved.output
    store = open_store(str(db))
    assert all(verify(list(store.game_events(g))).ok for g in store.game_ids())


def _stored_game_that_does_not_verify(tmp_path: Path) -> tuple[str, str]:
    """The Phantom Steed game stored, then its Shark's strike edited in the store by hand."""
    import sqlite3

    db = str(tmp_path / "games.sqlite")
    game_id = str(Simulator(db).load(STEED_A).id)
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT originator_version, state FROM stored_events WHERE topic = 'sorcery.StrikeDealt'").fetchall()
        version, state = next((v, s) for v, s in rows if b'"amount":5' in bytes(s))
        conn.execute("UPDATE stored_events SET state = ? WHERE originator_version = ?",
                     (bytes(state).replace(b'"amount":5', b'"amount":6'), version))
    return db, game_id


@pytest.mark.parametrize("at", [[], ["--at", "24"]], ids=["listing", "at"])
def test_explore_of_a_stored_game_that_does_not_verify_names_the_game_and_where_it_first_disagrees(
    tmp_path: Path, at: list[str]
) -> None:
    """Before, "log: the log does not verify": which log, when the game came from a store? Now
    the game and its store, and the first event where the rules disagree (as sim replay --verify
    says it)."""
    db, game_id = _stored_game_that_does_not_verify(tmp_path)
    result = sim("explore", "--db", db, "--game", game_id[:8], *at)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and "Traceback" not in result.output, result.output
    assert f"game {game_id} in {db} does not verify" in lines[0], lines[0]
    assert "--game:" in lines[0] and "e30: the log has StrikeDealt" in lines[0], lines[0]
    assert "log: the log" not in lines[0]


def test_explore_of_a_log_file_that_does_not_verify_names_the_file(tmp_path: Path) -> None:
    log = _log_that_does_not_verify(tmp_path)
    result = sim("explore", str(log))
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert f"{log}: the log does not verify" in lines[0] and "e30: the log has StrikeDealt" in lines[0], lines[0]


@pytest.mark.parametrize("command", ["trace", "explore"])
def test_reading_a_stored_game_from_a_store_that_does_not_exist_creates_none(tmp_path: Path, command: str) -> None:
    """A misspelt --db used to be created, empty, and then said to hold no such game."""
    db = tmp_path / "misspelt.sqlite"
    result = sim(command, "--db", str(db), "--game", "c4a2d54c")
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and "no such store" in lines[0], result.output
    assert not db.exists()
