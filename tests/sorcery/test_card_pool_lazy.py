"""The card pool works a card out when it is first looked up (start-up: a question about a few
cards does not build all 1,104), and what it works out is what building every card at once gave."""

from __future__ import annotations

import json
from importlib import resources

from domain.rulesets.sorcery.catalog import CardPool, _card_from_record, card, card_pool


def _records() -> dict[str, dict[str, object]]:
    raw = resources.files("domain.rulesets.sorcery").joinpath("cards.json").read_text("utf-8")
    return {str(r["name"]): r for r in json.loads(raw)}


def test_a_lookup_builds_that_card_only() -> None:
    pool = CardPool(_records())
    assert pool["Giant Shark"].name == "Giant Shark"
    assert list(pool._cards) == ["Giant Shark"]
    assert pool["Giant Shark"] is pool["Giant Shark"]


def test_names_membership_and_size_need_no_card_built() -> None:
    pool = CardPool(_records())
    assert len(pool) == 1104 and "Rimland Nomads" in pool and "No Such Card" not in pool
    assert list(pool)[:3] == list(_records())[:3]
    assert pool.get("No Such Card") is None
    assert pool._cards == {}


def test_every_card_of_the_lazy_pool_equals_the_card_built_eagerly() -> None:
    records = _records()
    pool = card_pool()
    assert {name: pool[name] for name in pool} == {name: _card_from_record(r) for name, r in records.items()}
    assert card("giant shark") is pool["Giant Shark"]
