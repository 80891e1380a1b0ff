"""The trigger timeline (``sim timeline``) answers what people debug trigger order with: what
each trigger matched, where it stood on the storyline, who ordered it, and what it did.

Rules cited: seed 000 (codex: Storyline, simultaneous triggers: the active player adds theirs,
then the non-active player; the newest resolve first), digest 2.11.
"""

from __future__ import annotations

from pathlib import Path

from domain.events import ChoiceMade, ChoiceRequested, PathDeclared, StepTaken, UnitDied
from projections.timeline import Timeline, build_timeline
from projections.trace import build_trace
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES
from tests.sorcery.test_triggers import SHARK_AND_CURSE as SHARK_AND_CURSE_SETUP

#: p1 (active) moves Scourge Zombies (Undead, not Airborne) into a Bottomless Pit of p1's, under
#: p2's Rest in Peace: both trigger on the one step, p2's resolves first (codex: Storyline) and
#: burrows them, a move of the trigger's own, in which they die (digest 1.6)
PIT_AND_REST_IN_PEACE = """
title: pit and rest in peace at once
ruleset: sorcery
active_player: p1
aliases: {A: 11, B: 12, C: 13}
setup:
  sites:
    - {at: A, card: Valley, controller: p1}
    - {at: B, card: Bottomless Pit, controller: p1}
    - {at: C, card: Valley, controller: p1}
  units:
    - {id: zombies, card: Scourge Zombies, owner: p1, at: A}
  auras:
    - {id: rip, card: Rest in Peace, controller: p2, at: 12}
script:
  - {command: move_and_attack, unit: zombies, path: [B, C]}
"""


def _timeline(tmp_path: Path, text: str) -> Timeline:
    path = tmp_path / "scenario.yaml"
    path.write_text(text)
    return build_timeline(play(load_scenario(path)).events)


def test_simultaneous_triggers_of_both_players_show_their_place_on_the_storyline(tmp_path: Path) -> None:
    # seed 000, codex: Storyline: the non-active player's trigger resolves first, although each
    # player ordered a single trigger (each is "#1" of its own player's order)
    timeline = _timeline(tmp_path, PIT_AND_REST_IN_PEACE)
    rip = next(t for t in timeline.triggers.values() if t.source == "rip")
    pit = next(t for t in timeline.triggers.values() if t.source == "bottomless-pit")
    assert (rip.ordered_by, rip.order_position) == ("p2", 1)
    assert (pit.ordered_by, pit.order_position) == ("p1", 1)
    assert (rip.storyline_position, rip.batch_size) == (1, 2)
    assert (pit.storyline_position, pit.batch_size) == (2, 2)


def test_a_trigger_that_moves_a_unit_owns_the_steps_of_its_move_and_what_they_cause(tmp_path: Path) -> None:
    # Rest in Peace burrows the zombies: the burrow step and their death underground are what
    # that trigger did, though the step resolves as a storyline item of its own
    timeline = _timeline(tmp_path, PIT_AND_REST_IN_PEACE)
    rip = next(t for t in timeline.triggers.values() if t.source == "rip")
    kinds = [type(e) for e in rip.consequences]
    assert StepTaken in kinds and UnitDied in kinds
    pit = next(t for t in timeline.triggers.values() if t.source == "bottomless-pit")
    assert not any(isinstance(e, StepTaken | UnitDied) for e in pit.consequences)


def test_the_timeline_names_the_event_a_trigger_matched(tmp_path: Path) -> None:
    timeline = _timeline(tmp_path, PIT_AND_REST_IN_PEACE)
    for entry in timeline.triggers.values():
        assert isinstance(entry.matched_event, StepTaken) and entry.matched_event.event_id == entry.matched_on


def test_the_trace_hangs_the_steps_of_a_triggers_move_under_that_trigger(tmp_path: Path) -> None:
    # the same move in ``sim trace``: the burrow step is under Rest in Peace's PathDeclared,
    # not a sibling of the command's own steps
    path = tmp_path / "scenario.yaml"
    path.write_text(PIT_AND_REST_IN_PEACE)
    trace = build_trace(play(load_scenario(path)).events)
    declared = next(n for n in trace.nodes() if isinstance(n.event, PathDeclared) and n.event.purpose.startswith("forced"))
    assert any(isinstance(child.event, StepTaken) for child in declared.children)


#: p1 (active) moves a Beast of Burden carrying Foot Soldiers into p2's Giant Shark's Stream under
#: p1's Mariner's Curse: two triggers each, each player asked (trigger_order: ask), p1 first;
#: the set-up of tests/sorcery/test_triggers.py, played on
SHARK_AND_CURSE = SHARK_AND_CURSE_SETUP + """script:
  - {command: move_and_attack, unit: beast, path: [S]}
  - {command: order_triggers, player: p1, order: [t4, t2]}
"""


def test_a_place_on_the_storyline_waits_for_every_player_to_order(tmp_path: Path) -> None:
    # seed 000 / codex: Storyline: p2's triggers, not yet ordered, will resolve before p1's
    timeline = _timeline(tmp_path, SHARK_AND_CURSE)
    assert all(t.storyline_position is None for t in timeline.triggers.values())
    answered = _timeline(tmp_path, SHARK_AND_CURSE + "  - {command: order_triggers, player: p2, order: [t3, t1]}\n")
    assert [t.id for t in answered.in_resolution_order()] == ["t3", "t1", "t4", "t2"]
    assert [t.storyline_position for t in answered.in_resolution_order()] == [1, 2, 3, 4]
    assert {t.batch_size for t in answered.triggers.values()} == {4}


def test_a_triggers_may_and_its_answer_are_listed_with_that_trigger() -> None:
    # Adtonitum's "may deal 3 damage": who decided and what they said, under the trigger
    timeline = build_timeline(play(load_scenario(EXAMPLES / "sorcery" / "100-adtonitum-stops.yaml")).events)
    first = timeline.triggers["t1"]
    asked = [e for e in first.consequences if isinstance(e, ChoiceRequested)]
    answered = [e for e in first.consequences if isinstance(e, ChoiceMade)]
    assert len(asked) == 1 and asked[0].player == "p1"
    assert len(answered) == 1 and answered[0].option == "yes"


def test_triggers_still_to_resolve_are_listed_in_the_order_they_will_resolve(tmp_path: Path) -> None:
    # p1 ordered t4 before t2; p2 has still to order t1 and t3, which will go in front of them
    # (codex: Storyline): not the order they were queued in (t1, t2, t3, t4)
    timeline = _timeline(tmp_path, SHARK_AND_CURSE)
    listed = [t.id for t in timeline.in_resolution_order()]
    assert listed[2:] == ["t4", "t2"] and sorted(listed[:2]) == ["t1", "t3"]


def test_a_may_choice_is_not_answered_with_a_trigger_order(tmp_path: Path) -> None:
    """Storyline: a "may" (options yes/no) is answered with choose; order_triggers naming a
    trigger there was an internal error (KeyError on the option 'yes', exit 3) in `sim run` and
    in `sim legal` of that state. It is refused, naming the choice and its options."""
    import pytest

    from domain.errors import IllegalCommand
    from sim.runner import ScriptRefused

    text = (EXAMPLES / "sorcery" / "100-adtonitum-stops.yaml").read_text(encoding="utf-8")
    first_answer = '  - {command: choose, option: "yes"}\n'
    assert first_answer in text
    path = tmp_path / "order-for-a-may.yaml"
    path.write_text(text.replace(first_answer, "  - {command: order_triggers, order: [t1]}\n", 1).split("\nexpect:")[0] + "\n")
    with pytest.raises(ScriptRefused) as refused:
        play(load_scenario(path))
    assert isinstance(refused.value.error, IllegalCommand)
    assert "answered with choose, not order_triggers" in str(refused.value) and "yes, no" in str(refused.value)
