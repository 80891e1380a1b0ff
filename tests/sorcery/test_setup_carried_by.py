"""A set-up unit with ``carried_by`` is recorded as two ``UnitPlaced``: the unit enters the realm
(carried by no one), and once every unit is placed, so that the carrier's right to carry it can
be judged (codex: Carry), it is placed again with its carrier. The pair is in the logs written
by the first released version (tests/fixtures/logs-v1, 07a and 07b), and verification re-runs
the set-up and compares event by event, so one placement instead of two would make those logs
fail to verify: the events stay as they are, and the trace says what the second one is."""

from __future__ import annotations

from pathlib import Path

from domain.events import UnitPlaced
from domain.legacy import upcast_log
from sim.logfile import read_jsonl
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES

STEED = EXAMPLES / "sorcery" / "07a-phantom-steed-shark-fights-steed-first.yaml"
V1_LOG = Path(__file__).resolve().parent.parent / "fixtures" / "logs-v1" / "sorcery-07a-phantom-steed-shark-fights-steed-first.jsonl"


def placements(events: list, unit: str) -> list[UnitPlaced]:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, UnitPlaced) and e.unit.id == unit]


def test_carried_by_setup_places_the_unit_then_again_with_its_carrier() -> None:
    first, second = placements(list(play(load_scenario(STEED)).events), "warriors")
    assert first.unit.carried_by is None
    assert second.unit.carried_by == "steed"
    assert first.unit.model_copy(update={"carried_by": "steed"}) == second.unit  # nothing else differs


def test_carried_by_setup_gives_the_same_two_placements_as_the_v1_log() -> None:
    """The reason the pair stays: the first released version recorded both."""
    logged = placements(upcast_log(read_jsonl(str(V1_LOG))), "warriors")
    given = placements(list(play(load_scenario(STEED)).events), "warriors")
    assert [e.unit.carried_by for e in logged] == [e.unit.carried_by for e in given] == [None, "steed"]
    assert [e.originator_version for e in logged] == [e.originator_version for e in given]


def test_carried_by_setup_second_placement_reads_as_being_carried_not_a_new_unit() -> None:
    first, second = placements(list(play(load_scenario(STEED)).events), "warriors")
    assert first.describe(str) == "warriors (Amazon Warriors, p2) placed at 13"
    assert second.describe(str) == "warriors (Amazon Warriors, p2) at 13 is carried by steed (placed again with its carrier)"
