"""In Python: ``game.svg(...)``, pictures in Jupyter (``_repr_svg_``), and text boards from
``print(game)`` and ``str(state)``, as python-chess's ``print(board)``."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from domain.events import GameStarted
from sim.api import Simulator
from tests.helpers import EXAMPLES

EXAMPLE = {
    "sorcery": "sorcery/07a-phantom-steed-shark-fights-steed-first.yaml",
    "godsgloom": "godsgloom/19-a-whole-round.yaml",
    "tinyepic": "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
    "skirmish": "skirmish/20-a-whole-turn.yaml",
}
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def simulator() -> Simulator:
    return Simulator(":memory:")


def test_game_svg_draws_any_event_with_a_units_reach(simulator: Simulator) -> None:
    game = simulator.load(EXAMPLES / EXAMPLE["godsgloom"])
    root = ET.fromstring(game.svg(unit="knights", at=9, to="6,2"))
    assert [e.get("data-location") for e in root.iter() if "path" == e.get("class")] == ["6,2"]
    headline = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "headline"]
    assert headline == ["GODSGLOOM: round 1, activation step, p1 to act"]


@pytest.mark.parametrize("ruleset", sorted(EXAMPLE))
def test_games_states_and_reach_answers_show_themselves_in_jupyter(simulator: Simulator, ruleset: str) -> None:
    game = simulator.load(EXAMPLES / EXAMPLE[ruleset])
    unit = next(u.id for u in game.state.units.values() if u.alive and u.location)
    for shown in (game, game.state, game.range_of_motion(unit)):
        root = ET.fromstring(shown._repr_svg_())
        assert root.tag == f"{SVG}svg"
        assert any(e.get("data-unit") == unit for e in root.iter())
    reach = ET.fromstring(game.range_of_motion(unit)._repr_svg_())
    assert any(e.get("class") in ("reach", "out") for e in reach.iter())


@pytest.mark.parametrize(("example", "unit", "to"), [
    ("sorcery/05-giant-shark.yaml", "shark", None),  # raider tapped, shark damaged, p2 on 18 life
    ("godsgloom/19-a-whole-round.yaml", "knights", "6,2"),  # the pikemen's 1 wound
    ("tiny-epic-tactics/04-water-peak-ballista-and-climbing-onto-a-peak.yaml", "rogue", None),  # 1 action taken
])
def test_a_reach_answers_picture_is_the_games_picture_with_that_units_reach(
    simulator: Simulator, example: str, unit: str, to: str | None,
) -> None:
    """README "The Python API": the reach answer's picture draws the game as it was when asked
    (tapped, damage, wounds, life, actions), not the lookahead's own view of it."""
    game = simulator.load(EXAMPLES / example)
    reach = game.range_of_motion(unit)
    assert reach._repr_svg_() == game.svg(unit=unit)
    assert reach.svg(to=to) == game.svg(unit=unit, to=to)


def test_a_reach_answers_picture_stays_the_state_it_was_asked_of(simulator: Simulator) -> None:
    game = simulator.load(EXAMPLES / "tiny-epic-tactics/04-water-peak-ballista-and-climbing-onto-a-peak.yaml")
    asked_at = game.version
    reach = game.range_of_motion("rogue")
    game.end_turn()
    assert reach.svg() == game.svg(unit="rogue", at=asked_at)


@pytest.mark.parametrize(("example", "at", "headline"), [
    # the Defend window of the Steed's attack: p2 defends in p1's turn (README's Sorcery picture)
    ("sorcery/07a-phantom-steed-shark-fights-steed-first.yaml", 16, "turn 1, p1's turn, p2 to act"),
    ("sorcery/07a-phantom-steed-shark-fights-steed-first.yaml", 1, "turn 1, p1 to act"),
])
def test_the_headline_names_the_player_to_act_not_only_the_player_whose_turn_it_is(
    simulator: Simulator, example: str, at: int, headline: str,
) -> None:
    """The player to act is the ruleset's ``to_act`` (who ``sim legal`` lists commands for): in a
    Defend or Intercept window it is not the active player, and the headline says both."""
    game = simulator.load(EXAMPLES / example)
    state = game.at(at)
    shown = [e.text for e in ET.fromstring(game.svg(at=at)).iter(f"{SVG}text") if e.get("class") == "headline"]
    assert shown == [f"Sorcery: Contested Realm: {headline}"]
    assert str(state).splitlines()[0] == f"Sorcery: Contested Realm: {headline}"
    assert f"sorcery: {headline}\n" in ET.fromstring(game.svg(at=at)).findtext(f"{SVG}desc", "")


def test_the_headline_of_an_intercept_window_names_the_intercepting_player(simulator: Simulator) -> None:
    game = simulator.load(EXAMPLES / "sorcery/37-intercept.yaml")
    for number in range(1, game.version + 1):
        state = game.at(number)
        if state.intercept is not None:  # type: ignore[attr-defined]  # a Sorcery state
            assert str(state).splitlines()[0] == "Sorcery: Contested Realm: turn 1, p1's turn, p2 to act"
            break
    else:
        raise AssertionError("the example has no Intercept window")


@pytest.mark.parametrize("ruleset", sorted(EXAMPLE))
def test_print_game_and_str_state_are_text_boards(simulator: Simulator, ruleset: str) -> None:
    game = simulator.load(EXAMPLES / EXAMPLE[ruleset])
    text = str(game)
    state = game.state
    start = game.events()[0]
    assert isinstance(start, GameStarted)
    assert text.splitlines()[0] == start.title
    assert str(state) in text
    for unit in state.units.values():
        where = game.range_of_motion(unit.id).start if unit.alive and unit.location else "-"
        assert f" {unit.id} ({unit.card}, {unit.owner}) at {where}" in text
    assert "object at 0x" not in text and len(text.splitlines()) >= 4


def test_the_sorcery_text_board_has_a_cell_per_square_in_the_realms_layout(simulator: Simulator) -> None:
    state = simulator.load(EXAMPLES / EXAMPLE["sorcery"]).state
    rows = [line for line in str(state).splitlines() if line.startswith("|")]
    assert len(rows) == 4 * 3  # four rows of squares, three lines each
    assert rows[6].split("|")[1:4] == ["A Valley".ljust(16), "S ~Stream".ljust(16), "N Steppe".ljust(16)]
    assert rows[7].split("|")[1].strip() == "A'"  # the raider (p1's first unit), tapped


def test_the_tinyepic_text_board_is_the_grid_with_units_by_key(simulator: Simulator) -> None:
    state = simulator.load(EXAMPLES / EXAMPLE["tinyepic"]).state
    lines = str(state).splitlines()
    assert lines[1:5] == ["C  .  .  .  .", ".  .  v  .  D", ".  .  A  a  .", "B  .  .  .  ."]


@pytest.mark.parametrize(("ask", "message"), [
    (lambda game: game.svg(at="5"), "at: an event number is a whole number, not '5'"),
    (lambda game: game.svg(at=True), "at: an event number is a whole number, not True"),
    (lambda game: game.svg(at=0), "at: no event 0: this game's events are numbered 1 to"),
    (lambda game: game.svg(to="N"), "to: a path is drawn for a unit: give unit as well"),
    (lambda game: game.events(since="x"), "since: an event number is a whole number, not 'x'"),
])
def test_the_api_refuses_a_bad_argument_by_its_own_name(simulator: Simulator, ask, message: str) -> None:  # type: ignore[no-untyped-def]
    """A bad argument of the Python API is a BadInput naming the argument as the API calls it
    (not the command line's flag), never a TypeError from deep inside."""
    from domain.errors import BadInput

    game = simulator.load(EXAMPLES / "sorcery" / "05-giant-shark.yaml")
    with pytest.raises(BadInput) as refused:
        ask(game)
    assert message in str(refused.value) and "--" not in str(refused.value)


def test_a_scenario_that_is_neither_a_path_nor_a_scenario_is_refused(simulator: Simulator) -> None:
    from domain.errors import BadInput

    with pytest.raises(BadInput, match="scenario: a scenario is a file's path or a parsed scenario, not int"):
        simulator.load(5)  # type: ignore[arg-type]  # the test is that it is refused
