"""The ``use`` list of a Move Action (``move``, ``scout_move``): seed 001 §18.2 names each Active
movement trait once, and docs/godsgloom.md documents ``use`` as one trait or a list of traits used
together, nowhere an empty list as "no trait" (that is ``use`` left out). So ``use: []`` and a
trait named twice (``[Trample, Trample]``, ``[Trample, trample]``) are bad input naming the field,
not read silently as no trait or one. A log written before this was refused still verifies: what
it holds is re-issued as it was recorded (``domain.logged``)."""

from __future__ import annotations

import pytest

from domain.errors import BadInput
from domain.events import CommandIssued
from domain.logged import reissuing_logged_commands
from sim.replay import verify, verify_exactly
from sim.runner import recorded
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import game

KNIGHTS = "    - {id: knights, owner: p1, type: Cavalry, at: '2,6', speed: 3, traits: [Trample, Nimble, Scout Deploy]}"


@pytest.mark.parametrize("use", [[], ["Trample", "Trample"], ["Trample", "trample"], ["Nimble", "Trample", "Nimble"]])
def test_an_empty_or_repeated_use_list_is_bad_input_naming_use(use: list[str]) -> None:
    g = activated(mat(KNIGHTS), "knights")
    with pytest.raises(BadInput) as refused:
        g.issue({"command": "move", "unit": "knights", "use": use, "path": ["2,5"]})
    text = str(refused.value)
    assert text.startswith("move.use: ") and "\n" not in text
    assert ("empty" in text) if not use else ("more than once" in text and "Trample" in text or "Nimble" in text)
    assert g.state.units["knights"].location == "2,6"  # nothing recorded


@pytest.mark.parametrize("use", [[], ["Nimble", "nimble"]])
def test_a_scout_move_use_list_is_held_to_the_same(use: list[str]) -> None:
    g = game(mat(KNIGHTS).replace("height: 10", "height: 10\n  phase: pregame"))
    with pytest.raises(BadInput, match=r"^scout_move\.use: "):
        g.issue({"command": "scout_move", "unit": "knights", "use": use, "path": ["2,5"]})


def test_one_trait_and_a_list_of_two_are_still_read() -> None:
    g = activated(mat(KNIGHTS), "knights")
    events = g.issue({"command": "move", "unit": "knights", "use": ["trample", "Nimble"], "path": ["2,5"]})
    assert events[0].command["use"] == ["Nimble", "Trample"]


def test_a_logged_empty_use_list_still_verifies() -> None:
    """Logs are forever: a move logged with ``use: []`` (accepted before) is re-issued as logged."""
    g = activated(mat(KNIGHTS), "knights")
    with reissuing_logged_commands():
        g.issue({"command": "move", "unit": "knights", "use": [], "path": ["2,5"]})
    events = recorded(g)
    assert [e.command["use"] for e in events if e.name == "CommandIssued" and e.command["command"] == "move"] == [[]]
    verdict = verify(events)
    assert verdict.ok and len(verdict.notes) == 1 and "use: [] names no trait" in verdict.notes[0], verdict
    assert verify_exactly(events).ok  # the exact comparison reads the logged command as logged too


def test_a_logged_empty_use_list_in_another_written_form_still_verifies() -> None:
    """The logged command is compared with today's reading of it outside the re-issuing loop
    too: a ``use: []`` move recorded without its player (a hand-written or older log) was a
    BadInput out of verification instead of a verdict."""
    g = activated(mat(KNIGHTS), "knights")
    with reissuing_logged_commands():
        g.issue({"command": "move", "unit": "knights", "use": [], "path": ["2,5"]})
    events = recorded(g)
    move = next(e for e in events if isinstance(e, CommandIssued) and e.command["command"] == "move")
    move.__dict__["command"] = {k: v for k, v in move.command.items() if k != "player"}
    assert verify(events).ok
    assert verify_exactly(events).ok
