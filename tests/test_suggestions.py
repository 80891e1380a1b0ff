"""Unknown names get a suggestion when one is close, and a list of what exists."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, suggest
from domain.rulesets.sorcery.catalog import card
from sim.api import Simulator
from sim.runner import play
from tests.helpers import EXAMPLES, scenario

SHARK = EXAMPLES / "sorcery" / "05-giant-shark.yaml"


def test_a_misspelt_card_gets_the_card_it_was_meant_to_be() -> None:
    with pytest.raises(BadInput) as caught:
        card("Giant Sharrk")
    assert str(caught.value) == "unknown card 'Giant Sharrk'; did you mean 'Giant Shark'?"


def test_a_card_like_no_other_says_it_is_not_in_the_pool() -> None:
    with pytest.raises(BadInput, match="unknown card 'Qwxyz': not in the Sorcery card pool"):
        card("Qwxyz")


def test_an_unknown_unit_lists_the_units_and_suggests_the_close_one() -> None:
    game = Simulator(":memory:").load(SHARK)
    with pytest.raises(BadInput) as caught:
        game.defend("nomad")
    assert str(caught.value) == "unit: unknown unit 'nomad'; did you mean 'nomads'? The units are: nomads, raider, shark"
    with pytest.raises(BadInput, match="unknown unit 'ghost'; the units are: nomads, raider, shark"):
        game.range_of_motion("ghost")


def test_an_unknown_location_names_the_aliases_the_scenario_defines() -> None:
    text = (EXAMPLES / "sorcery" / "01-wizard-cannot-reach.yaml").read_text().replace("{at: E, card: Ruins", "{at: Q, card: Ruins")
    with pytest.raises(BadInput, match="unknown location 'Q': expected a square 1-20.*; the aliases are: A, B, C, D, E"):
        play(scenario(text))


def test_a_long_list_is_cut_with_a_count() -> None:
    names = [f"u{i:02}" for i in range(20)]
    assert suggest("zz", names, "units", limit=3) == "; the units are: u00, u01, u02 and 17 more"
    assert suggest("zz", [], "units") == "; there are no units"
