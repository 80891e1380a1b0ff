"""The Rack (its text; codex: Oversized Units): "Whenever the bearer strikes an Avatar, stretch
them so that they also occupy another adjacent location. Then they lose 1 life for each
location they occupy." A stretched Avatar is an oversized unit: its parts move with it, and
adjacent and nearby count every location it occupies. Who picks the location the card does not
say: the rule option ``rack_stretch_chooser`` (default: the Rack's controller) decides."""

from __future__ import annotations

from typing import Any

from domain.rulesets.sorcery.coverage import derive
from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.options import SorceryOptions
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game

SQUARES = (2, 3, 4, 6, 7, 8, 9, 12, 13, 14)
ARMS = (
    "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n"
    "    - {id: avatar, card: Spellslinger, owner: p2, at: 8}\n"
)
RACK = "  artifacts:\n    - {id: rack, card: The Rack, controller: p1, bearer: troll}\n"


def realm(units: str = ARMS, rack: str = RACK, options: str = "", squares: tuple[int, ...] = SQUARES) -> Any:
    return game(
        f"title: t\nruleset: sorcery\nactive_player: p1\n{options}setup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: Valley, controller: p2}}\n" for sq in squares)
        + "  units:\n" + units + rack
    )


def named(g: Any, kind: str) -> list[Any]:
    return [e for e in g.pending_events if type(e).__name__ == kind]


def strike(g: Any) -> None:
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["8"], "attack": "avatar"})
    g.issue({"command": "pass", "player": "p2"})


def test_the_bearer_striking_an_avatar_asks_its_controller_where_to_stretch_it() -> None:
    g = realm()
    strike(g)
    asked = named(g, "ChoiceRequested")
    assert asked and asked[-1].player == "p1"
    assert {"3", "9", "13"} <= set(asked[-1].options) and "7" in asked[-1].options


def test_the_avatar_also_occupies_the_chosen_adjacent_location_and_loses_a_life_for_each() -> None:
    g = realm()
    strike(g)
    before = g.state.life["p2"]
    g.issue({"command": "choose", "option": "9", "player": "p1"})
    assert g.state.units["avatar"].occupied == ["8", "9"]
    assert g.state.life["p2"] == before - 2


def test_a_second_stretch_adds_another_location_and_costs_one_life_for_each_of_three() -> None:
    g = realm()
    strike(g)
    g.issue({"command": "choose", "option": "9", "player": "p1"})
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn", "player": "p2"})
    before = g.state.life["p2"]
    g.issue({"command": "move_and_attack", "unit": "troll", "attack": "avatar"})
    g.issue({"command": "pass", "player": "p2"})
    assert "14" in named(g, "ChoiceRequested")[-1].options  # adjacent to its part at 9
    g.issue({"command": "choose", "option": "14", "player": "p1"})
    assert sorted(g.state.units["avatar"].occupied, key=int) == ["8", "9", "14"]  # an L shape
    assert g.state.life["p2"] == before - 3


def test_the_option_lets_the_avatars_controller_choose() -> None:
    g = realm(options="options: {rack_stretch_chooser: avatar}\n")
    strike(g)
    assert named(g, "ChoiceRequested")[-1].player == "p2"


def test_a_location_not_adjacent_or_without_a_site_is_no_option() -> None:
    g = realm(squares=tuple(sq for sq in SQUARES if sq != 9))
    strike(g)
    options = named(g, "ChoiceRequested")[-1].options
    assert "14" not in options and "2" not in options  # diagonal to 8
    assert "9/void" not in options and "9" not in options  # a void: an Avatar can't be there
    assert {"3", "7", "13"} <= set(options)


def test_striking_a_minion_stretches_nothing() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n    - {id: nomads, card: Rimland Nomads, owner: p2, at: 8}\n")
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["8"], "attack": "nomads"})
    g.issue({"command": "pass", "player": "p2"})
    assert not named(g, "ChoiceRequested") and not named(g, "UnitStretched")


def test_without_the_rack_an_avatar_struck_is_not_stretched() -> None:
    g = realm(rack="")
    strike(g)
    assert g.state.units["avatar"].occupied == ["8"]


def test_a_stretched_avatar_moves_with_all_its_parts() -> None:
    g = realm()
    strike(g)
    g.issue({"command": "choose", "option": "9", "player": "p1"})
    g.issue({"command": "end_turn"})
    g.issue({"command": "move_and_attack", "unit": "avatar", "path": ["13"], "player": "p2"})
    assert g.state.units["avatar"].occupied == ["13", "14"]


def adjacent_to_watcher(g: Any) -> bool:
    view = RealmView.of(g.state)
    avatar = g.state.units["avatar"]
    return bool(view.in_scope(Scope(adjacent_to="watcher"), avatar, parse_loc(avatar.location)))


def test_adjacent_counts_every_location_of_a_stretched_avatar() -> None:
    g = realm(ARMS + "    - {id: watcher, card: Rimland Nomads, owner: p1, at: 14}\n")
    assert not adjacent_to_watcher(g)  # 14 is diagonal to 8
    strike(g)
    g.issue({"command": "choose", "option": "9", "player": "p1"})
    assert adjacent_to_watcher(g)  # 14 is adjacent to its part at 9


def test_the_rack_is_fully_modelled() -> None:
    assert derive("The Rack").status == "full"


def test_a_stretched_avatar_teleported_lands_whole_keeping_its_shape() -> None:
    # codex: Teleporting Oversized Units, the Avatar stretched by The Rack and Blink
    g = realm()
    strike(g)
    g.issue({"command": "choose", "option": "9", "player": "p1"})
    g.issue({"command": "end_turn"})
    g.issue({"command": "cast", "card": "Blink", "targets": ["avatar", "13"], "player": "p2"})
    assert g.state.units["avatar"].occupied == ["13", "14"]


def test_the_chooser_option_at_its_default_is_not_recorded_so_older_logs_hash_the_same() -> None:
    assert "rack_stretch_chooser" not in SorceryOptions().model_dump()
    assert SorceryOptions(rack_stretch_chooser="avatar").model_dump()["rack_stretch_chooser"] == "avatar"


def test_nearby_counts_every_location_of_an_l_shaped_avatar() -> None:
    # codex: Oversized Units, Nearby and Adjacent: the locations nearby an Avatar stretched into
    # an L by The Rack are those nearby any of its locations
    squares = (*SQUARES, 19, 20)
    g = realm(ARMS + "    - {id: watcher, card: Rimland Nomads, owner: p1, at: 20}\n", squares=squares)
    strike(g)
    g.issue({"command": "choose", "option": "9", "player": "p1"})
    assert not near_watcher(g)  # 20 is two squares from 8 and from 9
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn", "player": "p2"})
    g.issue({"command": "move_and_attack", "unit": "troll", "attack": "avatar"})
    g.issue({"command": "pass", "player": "p2"})
    g.issue({"command": "choose", "option": "14", "player": "p1"})
    assert near_watcher(g)  # 20 is nearby its part at 14


def near_watcher(g: Any) -> bool:
    view = RealmView.of(g.state)
    avatar = g.state.units["avatar"]
    return bool(view.in_scope(Scope(near="watcher"), avatar, parse_loc(avatar.location)))


def test_with_no_adjacent_location_to_stretch_into_it_still_loses_a_life_for_its_one() -> None:
    units = "    - {id: troll, card: Bosk Troll, owner: p1, at: 8}\n    - {id: avatar, card: Spellslinger, owner: p2, at: 8}\n"
    g = realm(units, squares=(8,))
    g.issue({"command": "move_and_attack", "unit": "troll", "attack": "avatar"})
    g.issue({"command": "pass", "player": "p2"})
    assert not named(g, "ChoiceRequested") and g.state.units["avatar"].occupied == ["8"]
    assert g.state.life["p2"] == 19


# --- with Magellan Globe: an Avatar stretched across a connected edge is not modelled ------------


def test_the_rack_with_magellan_globe_says_the_locations_across_the_edge_are_not_modelled() -> None:
    """Magellan Globe's FAQ (digest 1.5, 4): oversized units may span the edges it connects. An
    oversized unit's shape is kept as offsets within the realm's edges (oversized.py), so a
    stretch across the edge is not modelled: the locations across it are left out of the choice,
    and the trigger's outcome and the Globe's report say so (never silent)."""
    units = (
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 4}\n"
        "    - {id: avatar, card: Spellslinger, owner: p2, at: 5}\n"
    )
    rack = RACK + "    - {id: globe, card: Magellan Globe, controller: p1, at: 13}\n"
    g = realm(units, rack, squares=(1, 4, 5, 10, 13, 20))
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["5"], "attack": "avatar"})
    g.issue({"command": "pass", "player": "p2"})
    assert set(named(g, "ChoiceRequested")[-1].options) == {"4", "10"}
    g.issue({"command": "choose", "option": "10", "player": "p1"})
    outcome = [e for e in named(g, "TriggerResolved") if "stretches avatar" in e.outcome][-1].outcome
    assert "not modelled" in outcome and "1, 20" in outcome and "Magellan Globe" in outcome
    assert any("span" in text for text in derive("Magellan Globe").unmodelled)
