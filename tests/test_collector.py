"""``sim.collector``: games are played with a larger young generation, and the process's own
garbage-collection thresholds are put back exactly as they were found, whatever happens."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from sim.collector import YOUNG_THRESHOLD, fewer_collections


@pytest.fixture(autouse=True)
def thresholds_kept() -> Iterator[None]:
    found = gc.get_threshold()
    yield
    gc.set_threshold(*found)


def test_a_game_raises_the_young_threshold_and_leaves_the_others() -> None:
    gc.set_threshold(700, 11, 12)
    with fewer_collections():
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 11, 12)
    assert gc.get_threshold() == (700, 11, 12)


def test_thresholds_are_put_back_when_a_game_fails() -> None:
    gc.set_threshold(700, 10, 10)
    with pytest.raises(RuntimeError), fewer_collections():
        raise RuntimeError("a refused command")
    assert gc.get_threshold() == (700, 10, 10)


def test_a_nested_game_leaves_the_raise_to_the_outer_one() -> None:
    gc.set_threshold(700, 10, 10)
    with fewer_collections():
        with fewer_collections():
            pass
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD
    assert gc.get_threshold() == (700, 10, 10)


def test_a_caller_that_turned_collection_off_or_set_it_higher_is_left_so() -> None:
    gc.set_threshold(0, 10, 10)
    with fewer_collections():
        assert gc.get_threshold() == (0, 10, 10)
    gc.set_threshold(10 * YOUNG_THRESHOLD, 10, 10)
    with fewer_collections():
        assert gc.get_threshold()[0] == 10 * YOUNG_THRESHOLD


def test_overlapping_games_in_threads_put_back_what_the_first_found() -> None:
    gc.set_threshold(700, 10, 10)
    first_in, second_out = threading.Event(), threading.Event()

    def first() -> None:
        with fewer_collections():
            first_in.set()
            second_out.wait(5)

    def second() -> None:
        first_in.wait(5)
        with fewer_collections():
            pass
        second_out.set()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert gc.get_threshold() == (700, 10, 10)


def test_self_play_runs_under_the_raise_and_puts_it_back() -> None:
    from pathlib import Path

    from sim.scenario import load_scenario
    from sim.selfplay import self_play

    seen: list[int] = []
    gc.set_threshold(700, 10, 10)
    scenario = load_scenario(Path(__file__).resolve().parent.parent / "examples" / "sorcery" / "08-a-whole-turn.yaml")
    self_play(scenario, 1, "random", 0, on_turn=lambda _: seen.append(gc.get_threshold()[0]))
    assert seen == [YOUNG_THRESHOLD] and gc.get_threshold() == (700, 10, 10)
