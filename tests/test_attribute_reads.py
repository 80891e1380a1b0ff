"""``domain.attribute_reads``: our models read their fields through CPython's generic lookup
where pydantic's ``__getattr__`` could only raise, and nothing a game does changes for it."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

from domain import attribute_reads
from domain.attribute_reads import PlainModel, switched
from domain.events import StepTaken
from domain.ruleset import get_ruleset, load_all_rulesets
from domain.state import GameState, UnitState
from tests.helpers import ROOT

CPYTHON = sys.implementation.name == "cpython"


def _ours() -> list[type[BaseModel]]:
    load_all_rulesets()
    found, todo = [], [PlainModel]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


@pytest.mark.skipif(not CPYTHON, reason="the switch is CPython's type slot; elsewhere pydantic's path is kept")
def test_the_units_events_and_commands_of_every_ruleset_read_plainly() -> None:
    assert attribute_reads._SLOT is not None  # the slot was found: the switch is in force
    assert switched(UnitState) and switched(StepTaken)
    for name in ("sorcery", "godsgloom", "skirmish", "tinyepic"):
        assert all(switched(cls) for cls in get_ruleset(name).script_commands), name


def test_a_switched_class_is_one_pydantics_hook_could_only_raise_for() -> None:
    """Checked here on its own: no extra fields, no lookup of its own, and each private
    attribute found on the class by a reader of that name."""
    for cls in attribute_reads.SWITCHED:
        assert cls.model_config.get("extra") != "allow", cls
        assert "__getattr__" not in vars(cls) and cls.__getattribute__ is object.__getattribute__, cls
        for name in cls.__private_attributes__:
            reader = next(vars(k)[name] for k in cls.__mro__ if name in vars(k))
            assert isinstance(reader, attribute_reads._PrivateRead) and reader.name == name, (cls, name)


def test_every_model_of_ours_that_could_read_plainly_does_and_no_other() -> None:
    for cls in _ours():
        plain = cls.model_config.get("extra") != "allow"
        if cls is PlainModel or not CPYTHON:
            continue
        assert switched(cls) == plain, cls


def test_a_game_states_private_indexes_read_and_write_as_pydantic_keeps_them() -> None:
    from sim.scenario import load_scenario
    from sim.selfplay import self_play

    states = [cls for cls in _ours() if issubclass(cls, GameState)]
    assert len(states) >= 5 and (all(switched(cls) for cls in states) or not CPYTHON)
    state = self_play(load_scenario(ROOT / "examples" / "sorcery" / "08-a-whole-turn.yaml"), 1, "random", 3).game.state
    assert state._board is state.__pydantic_private__["_board"]
    state._unsettled = ["kept"]  # a write goes to pydantic's map, where the read finds it
    assert state.__pydantic_private__["_unsettled"] == ["kept"] and state._unsettled == ["kept"]


class _Spot(PlainModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    at: str = "A1"


class _Kept(PlainModel):
    at: str = "A1"
    _seen: int = PrivateAttr(default=3)


class _Open(PlainModel):
    model_config = ConfigDict(extra="allow")
    at: str = "A1"


def test_a_missing_attribute_is_refused_as_before_and_fields_read_as_before() -> None:
    spot = _Spot(at="B2")
    assert spot.at == "B2" and getattr(spot, "nowhere", None) is None and not hasattr(spot, "nowhere")
    with pytest.raises(AttributeError, match="nowhere"):
        spot.nowhere  # noqa: B018  # the read is the test
    assert _Spot.model_fields["at"].default == "A1"


def test_private_attributes_read_as_before_and_extra_fields_keep_pydantics_lookup() -> None:
    kept, opened = _Kept(), _Open(at="C3", note="extra")  # type: ignore[call-arg]  # an extra field, on purpose
    assert kept._seen == 3
    kept._seen = 4
    assert kept._seen == 4 and kept.__pydantic_private__ == {"_seen": 4}
    del kept.__pydantic_private__["_seen"]
    with pytest.raises(AttributeError, match="_seen"):
        kept._seen  # noqa: B018  # the read is the test
    assert not switched(_Open) and getattr(opened, "note") == "extra"  # noqa: B009  # an extra field: no attribute to name
    assert switched(_Kept) or not CPYTHON


@pytest.mark.skipif(not CPYTHON, reason="CPython's type slots")
def test_a_lookup_given_to_a_switched_class_afterwards_is_used() -> None:
    class Late(PlainModel):
        at: str = "A1"

    assert switched(Late)

    def found(self: Any, name: str) -> str:
        return f"late {name}"

    Late.__getattr__ = found  # type: ignore[method-assign,assignment]  # CPython puts its hook back in the slot
    assert not switched(Late) and Late().anything == "late anything"  # type: ignore[attr-defined]


def test_self_play_reaches_the_same_states_with_pydantics_lookup() -> None:
    """The same seeded games in a process that keeps pydantic's path (``SIM_PYDANTIC_GETATTR``)
    and in this one: the same state hashes."""
    code = (
        "import sys; from pathlib import Path; from sim.scenario import load_scenario; from sim.selfplay import self_play; "
        "from domain import attribute_reads as a; "
        "h = [self_play(load_scenario(Path(p)), 3, 'random', 7).report.state_hash for p in sys.argv[1:]]; "
        "print(len(a.SWITCHED), *h)"
    )
    paths = [str(ROOT / "examples" / p) for p in (
        "sorcery/08-a-whole-turn.yaml", "godsgloom/19-a-whole-round.yaml",
        "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml", "skirmish/20-a-whole-turn.yaml",
    )]
    runs = {}
    for keep in ("0", "1"):
        done = subprocess.run(
            [sys.executable, "-c", code, *paths], cwd=ROOT, capture_output=True, text=True, check=True,
            env={**os.environ, "SIM_PYDANTIC_GETATTR": keep, "PYTHONPATH": str(ROOT)},
        )
        count, *hashes = done.stdout.split()
        runs[keep] = (int(count), hashes)
    assert runs["1"][0] == 0 and (runs["0"][0] > 100 or not CPYTHON)
    assert runs["0"][1] == runs["1"][1]
