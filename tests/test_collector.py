"""``sim.collector``: games are played with a larger young generation, which outlasts the last game
until the collector next runs; then the process's own garbage-collection thresholds are put back
exactly as they were found, whatever happened, unless the process set others meanwhile."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from sim.collector import YOUNG_THRESHOLD, fewer_collections, put_back


@pytest.fixture(autouse=True)
def thresholds_kept() -> Iterator[None]:
    put_back()
    found = gc.get_threshold()
    yield
    put_back()
    gc.set_threshold(*found)


def test_a_game_raises_the_young_threshold_and_leaves_the_others() -> None:
    gc.set_threshold(700, 11, 12)
    with fewer_collections():
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 11, 12)
    gc.collect(0)
    assert gc.get_threshold() == (700, 11, 12)


def test_the_raise_outlasts_the_game_until_the_collector_next_runs() -> None:
    """Put back at once, the old threshold would have the next allocation walk what the game
    left alive, which its caller is about to drop; so it waits for the next collection."""
    gc.set_threshold(700, 10, 10)
    with fewer_collections():
        pass
    assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
    gc.collect(0)
    assert gc.get_threshold() == (700, 10, 10)


def test_games_back_to_back_keep_one_raise_and_put_back_what_the_first_found() -> None:
    gc.set_threshold(700, 10, 10)
    for _ in range(3):
        with fewer_collections():
            assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
    gc.collect(0)
    assert gc.get_threshold() == (700, 10, 10)


def test_a_collection_during_a_game_leaves_the_raise_in_force() -> None:
    gc.set_threshold(700, 10, 10)
    with fewer_collections():
        gc.collect(0)
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
    put_back()
    assert gc.get_threshold() == (700, 10, 10)


def test_thresholds_set_by_the_process_between_games_are_kept() -> None:
    gc.set_threshold(700, 10, 10)
    with fewer_collections():
        pass
    gc.set_threshold(900, 20, 20)  # the process's own, while the raise still waited to be put back
    gc.collect(0)
    assert gc.get_threshold() == (900, 20, 20)
    with fewer_collections():  # the next game raises from what is set now, and puts that back
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 20, 20)
    put_back()
    assert gc.get_threshold() == (900, 20, 20)


def test_put_back_restores_at_once_and_not_during_a_game() -> None:
    gc.set_threshold(700, 10, 10)
    with fewer_collections():
        put_back()
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
    put_back()
    assert gc.get_threshold() == (700, 10, 10)


def test_thresholds_are_put_back_when_a_game_fails() -> None:
    gc.set_threshold(700, 10, 10)
    with pytest.raises(RuntimeError), fewer_collections():
        raise RuntimeError("a refused command")
    gc.collect(0)
    assert gc.get_threshold() == (700, 10, 10)


def test_a_nested_game_leaves_the_raise_to_the_outer_one() -> None:
    gc.set_threshold(700, 10, 10)
    with fewer_collections():
        with fewer_collections():
            pass
        gc.collect(0)
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD
    gc.collect(0)
    assert gc.get_threshold() == (700, 10, 10)


def test_a_caller_that_turned_collection_off_or_set_it_higher_is_left_so() -> None:
    gc.set_threshold(0, 10, 10)
    with fewer_collections():
        assert gc.get_threshold() == (0, 10, 10)
    assert gc.get_threshold() == (0, 10, 10)
    gc.set_threshold(10 * YOUNG_THRESHOLD, 10, 10)
    with fewer_collections():
        assert gc.get_threshold()[0] == 10 * YOUNG_THRESHOLD
    gc.collect(0)
    assert gc.get_threshold() == (10 * YOUNG_THRESHOLD, 10, 10)


def test_overlapping_games_in_threads_put_back_what_the_first_found() -> None:
    gc.set_threshold(700, 10, 10)
    first_in, second_out = threading.Event(), threading.Event()
    seen_by_second: list[int] = []

    def first() -> None:
        with fewer_collections():
            first_in.set()
            second_out.wait(5)

    def second() -> None:
        first_in.wait(5)
        with fewer_collections():
            pass
        gc.collect(0)  # the first game is still being played: the raise stays
        seen_by_second.append(gc.get_threshold()[0])
        second_out.set()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert seen_by_second == [YOUNG_THRESHOLD]
    gc.collect(0)
    assert gc.get_threshold() == (700, 10, 10)


def test_self_play_runs_under_the_raise_and_puts_it_back() -> None:
    from pathlib import Path

    from sim.scenario import load_scenario
    from sim.selfplay import self_play

    seen: list[int] = []
    gc.set_threshold(700, 10, 10)
    scenario = load_scenario(Path(__file__).resolve().parent.parent / "examples" / "sorcery" / "08-a-whole-turn.yaml")
    self_play(scenario, 1, "random", 0, on_turn=lambda _: seen.append(gc.get_threshold()[0]))
    gc.collect(0)
    assert seen == [YOUNG_THRESHOLD] and gc.get_threshold() == (700, 10, 10)
