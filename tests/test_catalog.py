"""The Sorcery card pool and what the simulator models of it (../shared/data/README.md)."""

from __future__ import annotations

import json

import pytest

from domain.errors import BadInput
from domain.rulesets.sorcery.cards import ABILITIES, SPELLS
from domain.rulesets.sorcery.catalog import card, card_pool
from tests.helpers import ROOT


def test_the_whole_card_pool_loads() -> None:
    assert len(card_pool()) == 1104


def test_the_bundled_pool_is_the_shared_data() -> None:
    shared = ROOT.parent / "shared" / "data" / "sorcery-cards.json"
    if not shared.exists():
        pytest.skip("../shared/data is not beside this checkout")
    bundled = ROOT / "domain" / "rulesets" / "sorcery" / "cards.json"
    assert json.loads(bundled.read_text("utf-8")) == json.loads(shared.read_text("utf-8"))


def test_keywords_and_movement_bonus_are_read_from_card_text() -> None:
    assert set(card("Giant Shark").keywords) == {"Submerge", "Waterbound"}
    steed = card("Phantom Steed")
    assert steed.movement_bonus == 2 and "Voidwalk" in steed.keywords
    assert card("Rimland Nomads").movement_bonus == 1
    assert card("Cloud Spirit").movement_bonus == 2 and "Airborne" in card("Cloud Spirit").keywords


def test_water_and_land_sites_follow_their_affinity() -> None:
    assert card("Stream").water and card("Bog").water
    assert not card("Valley").water and not card("Bottomless Pit").water


def test_card_lookup_forgives_case_and_apostrophes_but_not_unknown_names() -> None:
    assert card("mariner's curse").name == "Mariner's Curse"
    with pytest.raises(BadInput, match="unknown card"):
        card("Nonexistent Dragon")


def test_every_modelled_card_exists_and_declares_a_timing_kind() -> None:
    for name, abilities in ABILITIES.items():
        assert card(name).name == name
        for ability in abilities:
            assert ability.timing in ("ongoing", "activated", "triggered")
            assert (ability.trigger is not None) == (ability.timing == "triggered")
    for name in SPELLS:
        assert card(name).type == "Magic"
