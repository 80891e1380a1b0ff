"""Storing games, on every store (memory, SQLite, PostgreSQL): round trips, atomic commands,
version conflicts, what readers may and may not do to a store, and the API's refusals."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from eventsourcing.persistence import IntegrityError

from domain.errors import BadInput, IllegalCommand, VersionConflict
from projections.lookahead import Lookahead
from projections.state_hash import state_hash
from sim.api import Simulator
from sim.app import GameStore, decision_context, open_store
from tests.helpers import EXAMPLES

SHARK = EXAMPLES / "sorcery" / "05-giant-shark.yaml"
FIRST = EXAMPLES / "sorcery" / "01-wizard-cannot-reach.yaml"


def second_store(sim: Simulator, db: str) -> GameStore:
    """Another store on the same database; for memory, where each store is its own, the same one."""
    return sim.store if db == ":memory:" else open_store(db)


def test_a_game_round_trips_through_the_store(store_db: str) -> None:
    sim = Simulator(store_db)
    game = sim.load(SHARK)
    events = game.events()
    assert events[0].name == "GameStarted" and events[-1].name == "AttackResolved"
    assert game.id in sim.games()
    again = Simulator.__new__(Simulator)
    again.store = second_store(sim, store_db)
    reread = again.game(game.id)
    assert [e.payload() for e in reread.events()] == [e.payload() for e in events]
    assert reread.state_hash() == game.state_hash()
    assert reread.at(1).units == {}
    assert "nomads" in reread.at(len(events)).units


def test_a_refused_command_stores_nothing(store_db: str) -> None:
    sim = Simulator(store_db)
    game = sim.load(SHARK)
    count = len(game.events())
    with pytest.raises(IllegalCommand):
        game.move_and_attack("raider", path=["S"])  # raider is tapped
    assert len(game.events()) == count


def test_commands_go_through_the_store_and_are_replayed(store_db: str) -> None:
    sim = Simulator(store_db)
    game = sim.load(FIRST)
    game.end_turn()
    events = game.move_and_attack("wizard", path=["B"])
    assert [(e.frm, e.to) for e in events if e.name == "StepTaken"] == [("11", "12")]
    reloaded = second_store(sim, store_db).game(game.id)
    assert reloaded.state.units["wizard"].location == "12" and reloaded.state.turn == 2


def test_a_stale_save_conflicts_and_the_command_is_decided_again_on_the_fresh_state(store_db: str) -> None:
    """Both read version N; saving the stale copy conflicts. Through the store, the command is
    decided on the game as it is now, where p1 is no longer active: refused, not lost or doubled."""
    sim = Simulator(store_db)
    game = sim.load(SHARK)
    writer_a, writer_b = sim.store, second_store(sim, store_db)
    stale = writer_b.game(game.id)
    writer_a.issue(game.id, {"command": "end_turn"})  # p1 -> p2
    stale.issue({"command": "end_turn"})
    with pytest.raises(IntegrityError):
        writer_b.save(stale)
    with pytest.raises(IllegalCommand):
        writer_b.issue(game.id, {"command": "end_turn", "player": "p1"})
    assert sum(1 for e in game.events() if e.name == "TurnEnded") == 1


def test_a_command_that_keeps_losing_the_race_is_refused(store_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sim = Simulator(store_db)
    game = sim.load(SHARK)
    store = sim.store

    def always_conflicts(*_: object, **__: object) -> None:
        raise IntegrityError("simulated concurrent writer")

    monkeypatch.setattr(store, "save", always_conflicts)
    with pytest.raises(VersionConflict):
        store.issue(game.id, {"command": "end_turn"})


def test_a_command_retried_after_a_conflict_is_refused_when_the_turn_moved_on(
    store_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first save loses to a writer that ended the turn; the retry must not end the next one."""
    sim = Simulator(store_db)
    game = sim.load(SHARK)
    store = sim.store
    real_save = store.save
    other = second_store(sim, store_db)
    raced = False

    def loses_once(*aggregates: object, **kwargs: object) -> object:
        nonlocal raced
        if not raced:
            raced = True
            other.issue(game.id, {"command": "end_turn"})  # lands first
            raise IntegrityError("another writer saved this version first")
        return real_save(*aggregates, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "save", loses_once)
    with pytest.raises(VersionConflict, match="moved on"):
        store.issue(game.id, {"command": "end_turn"})
    assert game.state.turn == 2


def test_a_command_retried_after_a_conflict_lands_when_the_game_is_in_the_same_turn(
    store_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A concurrent write that leaves turn, player and phase alone does not change what the
    command means: the retry lands, on top of it."""
    sim = Simulator(store_db)
    game = sim.load(FIRST)
    store = sim.store
    real_save = store.save
    before = game.version
    raced = False

    def loses_once(*aggregates: object, **kwargs: object) -> object:
        nonlocal raced
        if not raced:
            raced = True
            raise IntegrityError("another writer saved this version first")
        return real_save(*aggregates, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "save", loses_once)
    store.issue(game.id, {"command": "end_turn"})
    assert raced and game.state.turn == 2 and game.version > before


def test_an_expected_version_that_is_not_the_games_is_refused_and_stores_nothing(store_db: str) -> None:
    sim = Simulator(store_db)
    game = sim.load(SHARK)
    version = game.version
    with pytest.raises(VersionConflict, match=f"version {version}, not {version - 1}"):
        game.end_turn(expected_version=version - 1)
    assert game.version == version
    game.end_turn(expected_version=version)
    assert game.state.turn == 2


def test_a_session_whose_game_moved_on_is_refused_until_it_looks_again(store_db: str) -> None:
    sim = Simulator(store_db)
    mine = sim.load(SHARK)
    theirs = sim.game(mine.id)
    theirs.end_turn()  # p1's turn 1 ends while my session still shows it
    with pytest.raises(VersionConflict, match="moved on"):
        mine.end_turn()
    assert mine.state.turn == 2  # reading the state is looking again
    mine.end_turn()
    assert mine.state.turn == 3


def test_a_command_taken_from_the_sessions_own_legal_commands_is_decided_against_their_state(store_db: str) -> None:
    """Listing the legal commands is looking: the state they are of is the one a command taken
    from them is decided against (it was refused as decided in the turn before)."""
    sim = Simulator(store_db)
    mine = sim.load(SHARK)
    theirs = sim.game(mine.id)
    theirs.end_turn()
    listed = mine.legal_commands()
    mine.issue(listed[-1])  # p2's end of turn 2, listed after p1 ended turn 1
    assert mine.state.turn == 3


def test_decision_context_is_what_the_ruleset_says_a_command_is_decided_against() -> None:
    """Sorcery: the turn, the active player, the attack awaiting defenders and a pending choice;
    GODSGLOOM: the round, its step, the player to nominate and the unit being activated."""
    sim = Simulator(":memory:")
    state = sim.load(SHARK).state
    assert dict(decision_context(state)) == {
        "ruleset": "sorcery", "turn": 1, "player": "p1", "attack": None, "intercept": None, "choice": None,
    }
    gloom = sim.load(EXAMPLES / "godsgloom" / "19-a-whole-round.yaml").state
    assert dict(decision_context(gloom)) == {
        "ruleset": "godsgloom", "round": 2, "step": "activation", "player": "p2", "activation": None,
    }


# --- what readers do to a store ------------------------------------------------------------


def test_opening_a_sqlite_store_for_reading_never_creates_one(tmp_path: Path) -> None:
    typo = tmp_path / "typo.sqlite"
    with pytest.raises(BadInput, match="no such store"):
        open_store(str(typo), create=False)
    assert not typo.exists()


def test_a_store_opened_for_reading_whose_tables_were_never_made_holds_no_games(store_db: str) -> None:
    if store_db.endswith(".sqlite"):
        # a SQLite database with none of the store's tables (an empty file is no store at all:
        # refused, tests/test_cli_audit.py)
        with closing(sqlite3.connect(store_db)) as made:
            made.execute("PRAGMA user_version = 1")
            made.commit()
    store = open_store(store_db, create=False)
    assert store.game_ids() == [] and store.summaries() == []
    with pytest.raises(BadInput, match="no game"):
        store.game(Simulator(":memory:").load(SHARK).id)


def test_writing_to_a_read_only_sqlite_store_is_bad_input_and_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    game = Simulator(str(db)).load(SHARK)
    before = db.read_bytes()
    read_only = open_store(f"file:{db}?mode=ro")
    with pytest.raises(BadInput, match="read-only"):
        read_only.issue(game.id, {"command": "end_turn"})
    assert len(read_only.game(game.id).pending_events) == 0
    assert Simulator(str(db)).game(game.id).state.turn == 1
    assert db.read_bytes() == before


def test_a_store_lists_its_games_with_ruleset_title_events_and_last_change(store_db: str) -> None:
    sim = Simulator(store_db)
    first = sim.load(SHARK)
    second = sim.load(EXAMPLES / "godsgloom" / "01-minimum-move-guarantee.yaml")
    summaries = {s.id: s for s in sim.store.summaries()}
    assert set(summaries) == {first.id, second.id}
    assert summaries[first.id].ruleset == "sorcery" and summaries[second.id].ruleset == "godsgloom"
    assert summaries[first.id].title.startswith("Range of motion, example 5")
    assert summaries[first.id].events == first.version
    assert summaries[first.id].last_change == first.events()[-1].timestamp


# --- the API's documented refusals ------------------------------------------------------------


def test_the_api_refuses_an_unknown_or_malformed_game_id_as_bad_input() -> None:
    sim = Simulator(":memory:")
    with pytest.raises(BadInput, match="not a game id: 'nope'"):
        sim.game("nope")
    with pytest.raises(BadInput, match="no game 00000000-0000-0000-0000-000000000000"):
        sim.game("00000000-0000-0000-0000-000000000000")


def test_the_api_refuses_event_numbers_outside_the_game(store_db: str) -> None:
    game = Simulator(store_db).load(SHARK)
    last = game.version
    for bad in (0, -1, last + 1, 9999):
        with pytest.raises(BadInput, match=f"numbered 1 to {last}"):
            game.at(bad)
    assert game.at(last).turn == 1


def test_why_not_an_unknown_place_is_bad_input_not_a_reason() -> None:
    game = Simulator(":memory:").load(SHARK)
    reach = game.range_of_motion("shark")
    with pytest.raises(BadInput, match="unknown location 'bogus'"):
        reach.why_not("bogus")
    with pytest.raises(BadInput, match="unknown location 'bogus'"):
        reach.path_to("bogus")
    assert "bogus" not in reach
    assert reach.path_to("12/underwater") == reach.path_to("S/underwater") == ["S", "S/underwater"]
    assert reach.why_not("S") == []


def test_stepping_through_a_stored_game_gives_each_state_and_folds_each_event_once(tmp_path: Path) -> None:
    """A replay viewer calls at(n) for every n: each answer equals the state rebuilt from the
    store at that version, and the store is read for the new events only."""
    sim = Simulator(str(tmp_path / "g.sqlite"))
    game = sim.load(EXAMPLES / "sorcery" / "08-a-whole-turn.yaml")
    reads: list[tuple[int | None, int | None]] = []
    original = game.store.game_events

    def counting(game_id, after=None, upto=None):  # type: ignore[no-untyped-def]
        reads.append((after, upto))
        return original(game_id, after=after, upto=upto)

    game.store.game_events = counting  # type: ignore[method-assign]
    last = game.version
    for n in range(1, last + 1):
        assert state_hash(game.at(n)) == state_hash(game.store.game(game.id, version=n).state)
    assert reads == [(n - 1, n) for n in range(1, last + 1)]


def test_a_sessions_lookahead_reads_only_the_events_stored_since_it_last_looked(tmp_path: Path) -> None:
    sim = Simulator(str(tmp_path / "g.sqlite"))
    game = sim.load(SHARK)
    first = game.lookahead()
    position = first.position
    game.end_turn()
    again = game.lookahead()
    assert again is first and again.position > position
    assert again.range_of_motion("raider").paths == Lookahead.from_events(game.events()).range_of_motion("raider").paths


@pytest.mark.parametrize("seed", ["x", -5, True, 2.5])
def test_a_new_games_seed_must_be_a_whole_number_from_0_and_nothing_is_stored(seed: object, tmp_path: Path) -> None:
    """Bad input gets a BadInput naming the field, as a scenario's or the CLI's ``seed`` does (a
    negative seed draws its opposite's dice): not pydantic's raw error, and no game stored."""
    sim = Simulator(str(tmp_path / "games.sqlite"))
    with pytest.raises(BadInput, match="seed: a seed is a whole number, 0 or more"):
        sim.new_game("tinyepic", {"terrain": [". ."], "units": []}, seed=seed)
    assert sim.games() == []


def test_an_expected_version_that_is_not_a_whole_number_is_bad_input(store_db: str) -> None:
    """``issue(..., expected_version="x")`` names the field (it was read as a version conflict)."""
    session = Simulator(store_db).load(EXAMPLES / "sorcery" / "05-giant-shark.yaml")
    with pytest.raises(BadInput, match="expected_version"):
        session.issue({"command": "end_turn"}, expected_version="x")  # type: ignore[arg-type]
