"""Folding a placed unit, card or diagnostic copies it with ``flat_copy`` instead of pydantic's deep
copy: the copy must be equal, of the same class, with the same fields set, and share no mutable
value with the event it came from (a state changed later must never change a logged event)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.rulesets.sorcery.state import CardState, NotModelled, SorceryUnit, flat_copy
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import ROOT

EXAMPLES = sorted((ROOT / "examples" / "sorcery").glob("*.yaml"))


def _mutables(value: Any) -> list[int]:
    """The ids of the mutable containers in a model's fields, nested ones included."""
    found: list[int] = []
    for field in value.__dict__.values():
        if isinstance(field, (list, dict, set)):
            found.append(id(field))
        if hasattr(field, "__dict__") and not isinstance(field, type):
            found.extend(_mutables(field))
    return found


def _check(model: Any) -> None:
    copied = flat_copy(model)
    assert type(copied) is type(model)
    assert copied == model.model_copy(deep=True) == model
    assert copied.model_fields_set == model.model_fields_set
    assert copied.model_dump() == model.model_dump()
    assert not set(_mutables(copied)) & set(_mutables(model))


def test_a_unit_with_parts_and_keywords_is_copied_whole_and_apart() -> None:
    unit = SorceryUnit(id="u", card="Giant Shark", owner="p1", location="13", keywords=["Submerge"], parts=["14"])
    _check(unit)
    copied = flat_copy(unit)
    copied.keywords.append("Airborne")
    copied.parts.clear()
    assert unit.keywords == ["Submerge"] and unit.parts == ["14"]


def test_an_aura_area_and_a_diagnostic_are_copied_apart() -> None:
    _check(CardState(id="a", card="Wall of Ice", kind="aura", area=[1, 2]))
    _check(NotModelled(card="X", text=["one", "two"]))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: Path(p).stem)
def test_every_unit_card_and_diagnostic_of_every_example_copies_as_a_deep_copy(path: Path) -> None:
    try:
        state = play(load_scenario(path)).game.state
    except Exception:  # noqa: BLE001  (an example that is refused by design has nothing placed to copy)
        pytest.skip("the example's script does not play to its end")
    for model in [*state.units.values(), *state.features.values(), *state.not_modelled.values()]:
        _check(model)
