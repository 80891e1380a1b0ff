"""Villages, a triggered ability (seed 003, Villages)."""

from __future__ import annotations

from tests.tiny_epic_tactics.support import health, of, reach_of, tet, unit


def scout(**more: object) -> dict[str, object]:
    return unit("s", "p1", "0,1", "Rogue", movement=12, health=2, max_health=30, ammo=0, max_ammo=3, mana=0, max_mana=2, **more)


def board(units: list[dict[str, object]]):  # type: ignore[no-untyped-def]
    return tet([". . . . .", ". v . . v", ". . . . ."], units=[*units, unit("e", "p2", "4,2")])


def test_a_village_heals_a_unit_passing_through_and_refills_ammo_and_mana() -> None:
    played = board([scout()])
    events = played.game.issue({"command": "move", "unit": "s", "path": ["1,1", "2,1"]})
    assert of(events, "VillageVisited", unit="s", village="1,1", healed=4, health=6, ammo=3, mana=2)
    assert of(events, "TriggerQueued") and of(events, "TriggerResolved")


def test_a_village_benefits_a_unit_once_per_turn() -> None:
    played = board([scout()])
    loop = ["1,1", "2,1", "2,0", "1,0", "1,1", "1,2"]
    events = played.game.issue({"command": "move", "unit": "s", "path": loop})
    assert len(of(events, "VillageVisited")) == 1 and health(played.game, "s") == 6
    played.game.issue({"command": "end_turn"})
    played.game.issue({"command": "end_turn"})
    played.game.issue({"command": "move", "unit": "s", "path": ["1,1"]})
    assert health(played.game, "s") == 10  # a new turn: the same Village again


def test_a_second_village_heals_again_the_same_turn() -> None:
    played = board([scout()])
    events = played.game.issue({"command": "move", "unit": "s", "path": ["1,1", "2,1", "3,1", "4,1"]})
    assert [e.village for e in of(events, "VillageVisited")] == ["1,1", "4,1"]  # type: ignore[attr-defined]
    assert health(played.game, "s") == 10


def test_starting_the_turn_in_a_village_gives_nothing() -> None:
    played = board([unit("s", "p1", "1,1", health=2, max_health=9)])
    events = played.game.issue({"command": "move", "unit": "s", "path": ["2,1"]})
    assert not of(events, "VillageVisited") and health(played.game, "s") == 2


def test_a_knock_back_into_a_village_gives_nothing() -> None:
    played = tet([". . v"], units=[unit("f", "p1", "0,0"), unit("b", "p2", "1,0", health=2, max_health=9, melee=0)],
                 options={"melee_die_faces": ["knock_back"]})
    events = played.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    assert played.game.state.units["b"].location == "2,0"
    assert not of(events, "TriggerQueued") and health(played.game, "b") == 2


def test_range_of_motion_ignores_villages() -> None:
    """The same board with and without Villages gives the same range of motion, and the
    lookahead reads none of the Village's events."""
    with_villages = board([scout()])
    plain = tet([". . . . .", ". . . . .", ". . . . ."], units=[scout(), unit("e", "p2", "4,2")])
    assert reach_of(with_villages, "s").costs == reach_of(plain, "s").costs
    with_villages.game.issue({"command": "move", "unit": "s", "path": ["1,1", "2,1"]})
    events = list(with_villages.game.pending_events)
    fed = [e for e in events if e.LOOKAHEAD]  # type: ignore[attr-defined]
    assert not [e for e in fed if e.name in ("VillageVisited", "TriggerQueued", "TriggerResolved")]


def test_a_unit_standing_on_a_village_is_offered_the_move_out_and_back_that_heals_it() -> None:
    """Seed 003, Villages: ending a move in a Village benefits the unit, starting the turn there
    does not, so stepping out and back in heals. The legal commands list that Move (the cheapest
    way out and back: here west onto plains and back, 2 of its Movement, rather than north
    through water), the command takes it, and once the Village is used this turn it is no
    longer offered; nor is it anywhere but on a Village, nor beyond the unit's Movement."""
    units = [unit("s", "p1", "1,1", "Rogue", movement=2, health=2, max_health=30), unit("e", "p2", "4,2")]
    game = tet(["~ ~ . . .", ". v . . .", "f f . . ."], units=units).game
    home = [c for c in game.legal_commands() if getattr(c, "path", None) and c.path[-1] == "1,1"]
    assert [c.path for c in home] == [["0,1", "1,1"]]
    assert home[0] in game.legal_commands()
    events = game.issue(home[0])
    assert of(events, "VillageVisited", unit="s", village="1,1") and health(game, "s") == 6
    assert not [c for c in game.legal_commands() if getattr(c, "path", None) and c.path[-1] == "1,1"]
    short = tet(["~ ~ . . .", ". v . . .", "f f . . ."], units=[{**units[0], "movement": 1}, units[1]]).game
    assert not [c for c in short.legal_commands() if getattr(c, "path", None) and c.path[-1] == "1,1"]
    plain = tet(["~ ~ . . .", ". . . . .", "f f . . ."], units=units).game
    assert not [c for c in plain.legal_commands() if getattr(c, "path", None) and c.path[-1] == "1,1"]


def test_the_move_out_and_back_onto_a_village_may_turn_on_an_allys_space() -> None:
    """Seed 003, Allies: a unit may pass through an ally's space (it may not end there). A unit
    on a Village hemmed in by allies steps through one and back: the move ends on the Village,
    which heals it (seed 003, Villages). The legal commands list that Move, turning on the
    ally's space (the only way out and back within its Movement), and the command takes it."""
    units = [
        unit("w", "p1", "0,0", "Wizard", movement=2, health=2, max_health=8),
        unit("a", "p1", "1,0"), unit("b", "p1", "0,1"), unit("e", "p2", "2,1"),
    ]
    game = tet(["v . .", ". . ."], units=units).game
    home = [c for c in game.legal_commands() if getattr(c, "unit", "") == "w" and getattr(c, "path", [None])[-1] == "0,0"]
    assert [c.path for c in home] == [["1,0", "0,0"]]
    events = game.issue(home[0])
    assert of(events, "VillageVisited", unit="w", village="0,0", healed=4) and health(game, "w") == 6


def test_a_village_heals_up_to_the_units_maximum_health() -> None:
    """Seed 003, Villages: the unit regains 4 Health, never above its maximum."""
    played = board([unit("s", "p1", "0,1", health=4, max_health=6)])
    events = played.game.issue({"command": "move", "unit": "s", "path": ["1,1"]})
    assert of(events, "VillageVisited", unit="s", healed=2, health=6) and health(played.game, "s") == 6


def test_passing_through_a_village_an_ally_stands_on_heals() -> None:
    """Seed 003: a unit that passes through a Village benefits, and a unit may pass through an
    ally's space (Allies): the Village under the ally heals it; the ally gets nothing."""
    played = board([scout(), unit("a", "p1", "1,1", health=1, max_health=9)])
    events = played.game.issue({"command": "move", "unit": "s", "path": ["1,1", "2,1"]})
    assert of(events, "VillageVisited", unit="s", village="1,1", health=6)
    assert not of(events, "VillageVisited", unit="a") and health(played.game, "a") == 1


def test_a_last_unit_moving_twice_benefits_from_a_village_once_that_turn() -> None:
    """Seed 003, Villages: "A unit cannot benefit from the same Village twice in a turn", across
    Moves too: a player's last unit may Move again (digest 2), and its second pass through the
    same Village gives nothing; another Village still does."""
    played = board([scout()])
    played.game.issue({"command": "move", "unit": "s", "path": ["1,1", "2,1"]})
    events = played.game.issue({"command": "move", "unit": "s", "path": ["1,1", "1,0"]})
    assert not of(events, "VillageVisited") and health(played.game, "s") == 6
    events = played.game.issue({"command": "move", "unit": "s", "path": ["2,0", "3,0", "4,0", "4,1"]})
    assert of(events, "VillageVisited", unit="s", village="4,1") and health(played.game, "s") == 10
