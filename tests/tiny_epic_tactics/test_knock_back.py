"""Knock back (digest 4), resolved on the engine's storyline as a declared path whose steps the
knock back model judges."""

from __future__ import annotations

from tests.tiny_epic_tactics.support import health, of, tet, unit

PUSH = {"melee_die_faces": ["knock_back"]}


def push(row: str, levels: str | None = None, dice: int = 2, attacker: str = "0,0", target: str = "1,0",
         extra: list[dict[str, object]] | None = None, options: dict[str, object] | None = None):  # type: ignore[no-untyped-def]
    units = [unit("f", "p1", attacker, melee=dice), unit("b", "p2", target, melee=0), *(extra or [])]
    played = tet([row], levels=[levels] if levels else None, units=units, options={**PUSH, **(options or {})})
    events = played.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    return played.game, events


def test_knock_back_goes_in_a_straight_line_away_from_the_attacker() -> None:
    game, events = push(". . . . .", dice=2, attacker="2,0", target="1,0")
    assert game.state.units["b"].location == "0,0"  # west, away from the attacker; the edge stops it after one space
    assert of(events, "KnockBackStarted", direction="W", spaces=2)
    game, _ = push(". . . . .", dice=3)
    assert game.state.units["b"].location == "4,0" and health(game, "b") == 6


def test_knock_back_never_goes_up_a_level() -> None:
    game, events = push(". . . .", levels="0 0 1 1")
    assert game.state.units["b"].location == "1,0"
    assert of(events, "StepRefused", unit="b") and health(game, "b") == 5


def test_knock_back_falls_down_where_the_ground_drops() -> None:
    game, events = push(". . . .", levels="2 2 0 0")
    assert game.state.units["b"].location == "3,0" and health(game, "b") == 6
    assert of(events, "StepTaken", unit="b", to="2,0", kind="fall")
    game, _ = push(". . . .", levels="3 3 1 1", options={"knockback_fall_damage": 1})
    assert health(game, "b") == 6 - 2  # two levels dropped


def test_knock_back_stopped_by_the_map_edge_costs_one_health() -> None:
    game, _ = push(". .", dice=2)
    assert game.state.units["b"].location == "1,0" and health(game, "b") == 5


def test_knock_back_stopped_by_a_unit_costs_one_health_and_not_the_other_unit() -> None:
    game, _ = push(". . . .", extra=[unit("w", "p2", "2,0")])
    assert game.state.units["b"].location == "1,0" and health(game, "b") == 5 and health(game, "w") == 6


def test_option_knockback_stop_damage() -> None:
    game, _ = push(". .", options={"knockback_stop_damage": 3})
    assert health(game, "b") == 3


def test_melee_without_knock_back_ignores_the_knock_back_results() -> None:
    played = tet([". . ."], units=[unit("f", "p1", "0,0", melee=2), unit("b", "p2", "1,0", melee=0)], options=PUSH)
    events = played.game.issue({"command": "melee_attack", "unit": "f", "target": "b", "knock_back": False})
    assert not of(events, "KnockBackStarted") and played.game.state.units["b"].location == "1,0"


def test_no_terrain_benefit_or_penalty_from_spaces_passed() -> None:
    game, events = push(". . ~ v .", dice=3, target="1,0", extra=[])
    assert game.state.units["b"].location == "4,0"
    assert not of(events, "VillageVisited") and health(game, "b") == 6
