"""``MoveEnded`` describes a move that took no step as such: "after 0 step(s)" read as if the unit
had moved zero squares of a move that went ahead, when the rules refused its first step (a site
it can't enter, a check failed before the first step, a fall). The text is read from the event's
own fields, so it must be true in every one of those cases: the unit took no step (a fall may
still have put it somewhere new, so "did not move" would be wrong there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.events import MoveEnded
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES

REFUSED = EXAMPLES / "sorcery" / "09-split-power.yaml"  # Gnome Hollows refuses priamus's only step
FELL = EXAMPLES / "skirmish" / "07-jump-across.yaml"  # the acrobat's jump fails: a fall, no step
LEFT_BOARD = EXAMPLES / "sorcery" / "05-giant-shark.yaml"


def move_ends(path: Path) -> list[MoveEnded]:
    return [e for e in play(load_scenario(path)).events if isinstance(e, MoveEnded)]


def test_move_ended_after_a_refused_first_step_says_no_step_was_taken() -> None:
    (ended,) = [e for e in move_ends(REFUSED) if e.unit == "priamus"]
    assert ended.steps_taken == 0
    text = ended.describe(str)
    assert "0 step" not in text
    assert text == f"priamus takes no step: its move ends at {ended.at}"


def test_move_ended_after_a_fall_without_a_step_says_no_step_not_did_not_move() -> None:
    ended = next(e for e in move_ends(FELL) if e.unit == "acrobat")
    assert ended.steps_taken == 0
    assert ended.describe(str) == "acrobat takes no step: its move ends at 10.5,2"


def test_move_ended_off_the_board_before_any_step_says_so() -> None:
    ended = next(e for e in move_ends(LEFT_BOARD) if e.at is None)
    no_step = ended.model_copy(update={"steps_taken": 0})
    assert no_step.describe(str) == f"{ended.unit} takes no step: its move ends (it left the board)"


def test_move_ended_after_steps_keeps_its_count() -> None:
    ended = next(e for e in move_ends(LEFT_BOARD) if e.at is None)
    assert ended.describe(str) == f"{ended.unit}'s move ends (it left the board) after {ended.steps_taken} step(s)"
    stepped = next(e for e in move_ends(FELL) if e.steps_taken == 1)
    assert stepped.describe(str) == f"{stepped.unit}'s move ends at {stepped.at} after 1 step(s)"


MID_PATH = EXAMPLES / "sorcery" / "156-a-trigger-mid-path-is-no-stop.yaml"


def test_a_move_a_trigger_ends_mid_path_is_not_described_as_a_stop() -> None:
    """codex: Stops; digest 2.11: a unit stops when no movement for it is left on the storyline.
    Mariner's Curse submerges Adtonitum on her way to 9: the Curse's move ends while her own step
    is still on the storyline, so she has not stopped, and the text must not say she has. The
    event's fields alone can't tell the two apart (a stop is the storyline's business,
    triggers/stops.py), so no MoveEnded says "stops": each says its move ends, true of both."""
    ended = [e for e in move_ends(MID_PATH) if e.unit == "dragon"]
    inner = next(e for e in ended if e.at == "8/underwater")
    text = inner.describe(str)
    assert "stop" not in text
    assert text == "dragon's move ends at 8/underwater after 1 step(s)"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_move_ended_in_any_example_says_zero_steps(path: Path) -> None:
    for ended in move_ends(path):
        text = ended.describe(str)
        assert ("takes no step" in text) == (ended.steps_taken == 0), text
        assert "after 0 step" not in text, text
        assert "stops" not in text, text  # a stop is the storyline's business, not the event's
