"""The options check kept per process (``TinyEpicTacticsRuleset.check_options``) answers as the
check made afresh (``checked_options``): for every example's options, the random boards' and
variants of them, each asked twice; a refused set of options is refused every time, and a value
equal in Python but not as an option (``True`` for ``1``) is not taken for the other."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from domain.errors import BadInput
from domain.rulesets.tinyepic import RULESET
from sim.scenario import load_scenario
from tests import boards

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"


def _options() -> list[dict[str, Any]]:
    found = [load_scenario(path).options for path in sorted(EXAMPLES.glob("*.yaml"))]
    for seed in range(10):
        rng = random.Random(seed)
        data = boards.tinyepic(rng)["options"]
        found.append(dict(data))
        found.append({**data, "descend_cost": rng.choice([0, 1]), "terrain_entry_surcharge": {"forest": 1}})
    return found


def _same(options: dict[str, Any]) -> None:
    try:
        fresh: dict[str, Any] | BadInput = RULESET.checked_options(options)
    except BadInput as exc:
        fresh = exc
    for _ in range(2):
        if isinstance(fresh, BadInput):
            with pytest.raises(BadInput) as info:
                RULESET.check_options(options)
            assert (info.value.message, info.value.where) == (fresh.message, fresh.where)
        else:
            kept = RULESET.check_options(options)
            assert kept == fresh
            kept["descend_cost"] = 99  # the caller's own copy
            kept["terrain_entry_surcharge"]["water"] = 99


@pytest.mark.parametrize("options", _options(), ids=lambda o: ",".join(sorted(o)) or "defaults")
def test_kept_options_check_equals_a_fresh_one(options: dict[str, Any]) -> None:
    _same(options)


def test_a_value_equal_in_python_is_not_taken_for_another_options_value() -> None:
    _same({"descend_cost": 1})
    _same({"descend_cost": True})  # refused: a number, not a yes/no
    _same({"ally_pass_through": True})
    _same({"ally_pass_through": 1})  # refused: a yes/no, not a number
    _same({"terrain_entry_surcharge": {"water": 1.0}})


def test_refused_options_are_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(BadInput, match="unknown rule option"):
            RULESET.check_options({"no_such_option": 1})
        with pytest.raises(BadInput, match="terrain_entry_surcharge"):
            RULESET.check_options({"terrain_entry_surcharge": {"lava": 1}})
