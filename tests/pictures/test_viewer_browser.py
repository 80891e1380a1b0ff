"""The replay viewer in a real browser (headless Chromium): buttons, keys, the slider, the event
list, ``#eN`` links, a unit's range of motion, the causation tree, the game's facts, nothing from
the network, hostile texts shown as text, and a screenshot per ruleset to look at."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from domain.ruleset import get_ruleset
from projections.lookahead import Lookahead
from sim.cli import main
from sim.pictures.moves import Folder
from sim.pictures.source import load_game
from tests.helpers import EXAMPLES
from tests.pictures.hostile import DESCRIPTION, TITLE, UNIT, control_character_scenario, hostile_scenario
from tests.pictures.support import events_of

ROUND = "godsgloom/19-a-whole-round.yaml"
STEED = "sorcery/07a-phantom-steed-shark-fights-steed-first.yaml"
#: per ruleset: an example, an event to open at (a command boundary), and a unit to click there
SHOTS = {
    "sorcery": (STEED, 16, "steed"),
    "godsgloom": (ROUND, 9, "knights"),
    "tinyepic": ("tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml", 9, "fighter"),
    "skirmish": ("skirmish/20-a-whole-turn.yaml", 8, "thief"),
}


@functools.cache
def viewer_file(example: str, folder: str) -> Path:
    out = Path(folder) / (example.replace("/", "_") + ".html")
    result = CliRunner().invoke(main, ["view", str(EXAMPLES / example), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("viewers"))


class Viewer:
    """One open page, with what it requested and every error it reported."""

    def __init__(self, browser: Any, path: Path, fragment: str = "") -> None:
        self.url = path.resolve().as_uri()
        self.page = browser.new_page(viewport={"width": 1500, "height": 1000})
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type in ("error", "warning") else None)
        self.page.goto(self.url + fragment)
        self.page.wait_for_selector("html[data-ready]")

    @property
    def at(self) -> int:
        return int(self.page.get_attribute("#board", "data-event") or 0)

    def hash(self) -> str:
        return str(self.page.evaluate("location.hash"))

    def text(self, selector: str) -> str:
        return str(self.page.text_content(selector) or "")

    def close(self) -> None:
        self.page.close()


@pytest.fixture
def open_viewer(browser: Any, files: str) -> Iterator[Any]:
    opened: list[Viewer] = []

    def opener(example: str, fragment: str = "") -> Viewer:
        viewer = Viewer(browser, viewer_file(example, files), fragment)
        opened.append(viewer)
        return viewer

    yield opener
    for viewer in opened:
        assert viewer.errors == [], viewer.errors
        viewer.close()


def boundaries(example: str) -> list[int]:
    """The last event of every command: before each CommandIssued, and the game's end."""
    events = events_of(example)
    return [e.originator_version - 1 for e in events[1:] if e.name == "CommandIssued"] + [len(events)]


def turns(example: str) -> list[int]:
    folder, found = Folder(), []
    for event in events_of(example):
        folder.fold(event)
        assert folder.state is not None
        found.append(get_ruleset(folder.state.ruleset).turn_number(folder.state))
    return found


def test_buttons_go_by_event_command_and_turn(open_viewer: Any) -> None:
    viewer = open_viewer(ROUND, "#e1")
    total = len(events_of(ROUND))
    assert viewer.at == 1 and viewer.text("#position").startswith(f"e1 of {total}")
    viewer.page.click("#next")
    assert viewer.at == 2 and viewer.hash() == "#e2"
    viewer.page.click("#prev")
    assert viewer.at == 1
    viewer.page.click("#next-command")
    ends = boundaries(ROUND)
    assert viewer.at == next(b for b in ends if b > 1)
    viewer.page.click("#next-command")
    assert viewer.at == [b for b in ends if b > 1][1]
    viewer.page.click("#prev-command")
    assert viewer.at == next(b for b in ends if b > 1)
    round_of = turns(ROUND)
    viewer.page.click("#next-turn")
    assert viewer.at == round_of.index(2) + 1  # the first event of round 2
    assert round_of.index(2) + 1 == total  # the last event begins round 2
    viewer.page.click("#prev")
    viewer.page.click("#prev-turn")
    assert viewer.at == 1  # from inside round 1: its start
    viewer.page.click("#last")
    assert viewer.at == total
    viewer.page.click("#prev-turn")
    assert viewer.at == 1  # from the first event of round 2: round 1's start
    viewer.page.click("#next")
    viewer.page.click("#first")
    assert viewer.at == 1


def test_arrow_keys_page_keys_home_and_end(open_viewer: Any) -> None:
    viewer = open_viewer(ROUND, "#e12")
    keyboard = viewer.page.keyboard
    keyboard.press("ArrowRight")
    assert viewer.at == 13
    keyboard.press("ArrowLeft")
    keyboard.press("ArrowLeft")
    assert viewer.at == 11
    keyboard.press("ArrowDown")
    assert viewer.at == next(b for b in boundaries(ROUND) if b > 11)
    keyboard.press("ArrowUp")
    assert viewer.at == max(b for b in boundaries(ROUND) if b < viewer.at or b == 11)
    keyboard.press("End")
    assert viewer.at == len(events_of(ROUND))
    keyboard.press("Home")
    assert viewer.at == 1
    keyboard.press("PageDown")
    assert viewer.at == turns(ROUND).index(2) + 1


def test_the_slider_goes_to_any_event(open_viewer: Any) -> None:
    viewer = open_viewer(ROUND)
    assert viewer.at == len(events_of(ROUND))  # without a link, the game as it ends
    viewer.page.fill("#slider", "30")
    assert viewer.at == 30 and viewer.hash() == "#e30"


def test_clicking_an_event_goes_there_and_highlights_it(open_viewer: Any) -> None:
    viewer = open_viewer(ROUND, "#e1")
    viewer.page.click('#events li[data-n="20"]')
    assert viewer.at == 20 and viewer.hash() == "#e20"
    assert viewer.page.get_attribute("#events li.current", "data-n") == "20"
    expected = events_of(ROUND)[19].describe(str)
    assert viewer.text("#events li.current") == f"e20 {expected}"


def test_a_logs_every_event_is_listed_in_its_own_words_and_stepped_through_in_order(browser: Any, tmp_path: Path) -> None:
    """A log of a Sorcery fight with triggers and a choice: most of its events move nothing on
    the board, and each is still listed, in order, in its own words; the right arrow goes through
    every one of them and the left arrow back, the board and the list following."""
    db, log, out = tmp_path / "games.sqlite", tmp_path / "game.jsonl", tmp_path / "game.html"
    ran = CliRunner().invoke(main, ["run", str(EXAMPLES / STEED), "--db", str(db), "--json"])
    assert ran.exit_code == 0, ran.output
    game_id = json.loads(ran.output)["game"]
    assert CliRunner().invoke(main, ["log", "export", game_id, "--db", str(db), "-o", str(log)]).exit_code == 0
    assert CliRunner().invoke(main, ["view", str(log), "-o", str(out)]).exit_code == 0
    events = load_game(str(log)).events  # as the log holds them (a command's fields in its order)
    state = Folder()
    for event in events:
        state.fold(event)
    assert state.state is not None
    rules = get_ruleset(state.state.ruleset)
    final = state.state
    said = [f"{e.event_id} {e.describe(lambda loc: rules.label(final, loc))}" for e in events]
    viewer = Viewer(browser, out, "#e1")
    try:
        page = viewer.page
        assert page.eval_on_selector_all("#events li", "els => els.map(e => e.textContent)") == said
        for number in range(2, len(events) + 1):
            page.keyboard.press("ArrowRight")
            assert viewer.at == number and viewer.text("#events li.current") == said[number - 1]
            assert viewer.text("#position").startswith(f"e{number} of {len(events)}")
        page.keyboard.press("ArrowRight")
        assert viewer.at == len(events)  # the last stays the last
        for number in range(len(events) - 1, 0, -1):
            page.keyboard.press("ArrowLeft")
            assert viewer.at == number and viewer.text("#events li.current") == said[number - 1]
        assert viewer.errors == []
    finally:
        viewer.close()


def test_a_link_opens_at_its_event_and_follows_the_fragment(open_viewer: Any) -> None:
    viewer = open_viewer(ROUND, "#e42")
    assert viewer.at == 42 and viewer.page.get_attribute("#events li.current", "data-n") == "42"
    viewer.page.evaluate("location.hash = '#e7'")
    viewer.page.wait_for_function("document.getElementById('board').dataset.event === '7'")
    assert viewer.text("#position").startswith("e7 ")


def test_clicking_a_unit_draws_its_range_of_motion_as_the_lookahead_answers(open_viewer: Any) -> None:
    viewer = open_viewer(ROUND, "#e9")
    viewer.page.click('#board .unit[data-unit="knights"]')
    answer = Lookahead.from_events(list(events_of(ROUND))[:9]).range_of_motion("knights")
    places = viewer.page.eval_on_selector_all("#reach .reach", "els => els.map(e => e.getAttribute('data-location'))")
    assert sorted(places) == sorted(answer.reachable)
    assert "Range of motion of knights here" in viewer.text("#reach-info")
    viewer.page.hover('#reach .reach[data-location="6,2"]')
    points = viewer.page.get_attribute("#hover-path polyline", "points")
    assert points and len(points.split()) == len(answer.paths["6,2"])
    assert " -> ".join(answer.paths["6,2"]) in viewer.text("#reach-info")
    viewer.page.hover('#board .unit[data-unit="pikemen"]')  # at 5,3: kept out by the unit standing there
    assert viewer.text("#reach-info") == "5,3 out of reach: " + "; ".join(str(r) for r in answer.why_not("5,3"))
    viewer.page.hover('#reach .out[data-location="4,1"]', force=True)
    assert viewer.text("#reach-info") == "4,1 out of reach: " + "; ".join(str(r) for r in answer.why_not("4,1"))
    viewer.page.keyboard.press("Escape")
    assert viewer.page.query_selector_all("#reach .reach") == []


def test_the_reach_follows_the_unit_and_says_when_it_was_worked_out(open_viewer: Any) -> None:
    viewer = open_viewer(ROUND, "#e9")
    viewer.page.click('#board .unit[data-unit="knights"]')
    viewer.page.keyboard.press("ArrowRight")  # e10: the command under way, reach as at e9
    assert "at e9, before the command under way" in viewer.text("#reach-info")
    assert viewer.page.query_selector_all("#reach .reach")


def test_a_unit_of_the_other_player_says_whose_ranges_were_worked_out(open_viewer: Any) -> None:
    viewer = open_viewer(ROUND, "#e9")
    viewer.page.click('#board .unit[data-unit="ogres"]')
    assert "worked out for the living units of the player to act (p1)" in viewer.text("#reach-info")
    assert viewer.page.query_selector_all("#reach .reach") == []


def test_clicking_another_unit_replaces_the_reach_shown(open_viewer: Any) -> None:
    viewer = open_viewer("sorcery/05-giant-shark.yaml")  # the end: raider and shark, p1 to act
    events = list(events_of("sorcery/05-giant-shark.yaml"))
    lookahead = Lookahead.from_events(events)
    layers = "els => els.map(e => e.getAttribute('data-unit'))"
    places = "els => els.map(e => e.getAttribute('data-location'))"
    for unit in ("raider", "shark", "raider"):
        viewer.page.click(f'#board .unit[data-unit="{unit}"]', force=True)
        assert viewer.page.eval_on_selector_all("#reach .reach-layer", layers) == [unit]
        shown = viewer.page.eval_on_selector_all("#reach .reach", places)
        assert sorted(shown) == sorted(lookahead.range_of_motion(unit).reachable)
        assert f"{len(shown)} reachable place(s)" in viewer.text("#reach-info")
    viewer = open_viewer(ROUND, "#e9")
    viewer.page.click('#board .unit[data-unit="knights"]')
    viewer.page.click('#board .unit[data-unit="ogres"]')  # no reach worked out for the other side
    assert viewer.page.query_selector_all("#reach .reach-layer") == []


def test_the_causation_tree_shows_orderings_and_choice_points(open_viewer: Any) -> None:
    viewer = open_viewer(STEED, "#e26")
    tree = viewer.text("#trace")
    assert "e25 c4: order triggers" in tree
    assert "ordered by p1 (player)" in tree
    assert viewer.page.query_selector_all("#trace .choice-mark")
    assert viewer.page.get_attribute("#trace span.node.current", "class") == "node current"
    viewer.page.click("#trace li[data-n='40'] > span.node")  # a node of the tree: go there
    assert viewer.at == 40
    viewer.page.keyboard.press("Home")
    viewer.page.evaluate("location.hash = '#e24'")  # the question the ordering answered, in c3's tree
    viewer.page.wait_for_function("document.getElementById('board').dataset.event === '24'")
    assert viewer.text("#trace span.node.current").startswith("\u25c6 choice point: e24 p1 must choose")
    assert viewer.text("#trace > ul > li > span.node").startswith("e17 c3: defend")


def test_the_header_says_title_ruleset_options_seed_and_chain(open_viewer: Any) -> None:
    viewer = open_viewer(ROUND)
    assert viewer.text("#title").startswith("A whole round: alternating activations")
    facts = {viewer.text(f"#facts div[data-fact='{k}'] dd") for k in ("ruleset", "seed", "hash chain", "rules")}
    assert {"GODSGLOOM", "7", "none: played from a scenario", "played under the rules"} == facts
    assert 'engagement_zone: "front_arc"' in viewer.text("#facts div[data-fact='options'] dd")


def test_the_page_requests_nothing_from_the_network(open_viewer: Any) -> None:
    viewer = open_viewer(ROUND, "#e20")
    viewer.page.click('#board .unit[data-unit="cavalry"]')
    viewer.page.click("#next-turn")
    assert viewer.requests == [viewer.url + "#e20"] or viewer.requests == [viewer.url]
    assert viewer.page.evaluate("document.querySelectorAll('[src], [href], link, iframe, object, embed').length") == 0
    policy = viewer.page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content") or ""
    assert "default-src 'none'" in policy and "connect-src 'none'" in policy and "unsafe" not in policy


def test_without_javascript_the_page_says_it_needs_it_and_with_it_says_nothing(
    browser: Any, files: str, open_viewer: Any,
) -> None:
    """A page with its script off is not blank: its ``<noscript>`` says what is needed (and
    what draws the game without it); with the script on that message never shows."""
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(viewer_file(ROUND, files).resolve().as_uri())
        assert page.is_visible(".noscript")
        message = str(page.text_content(".noscript") or "")
        assert "This replay needs JavaScript" in message and "sim render" in message
        assert page.get_attribute("html", "data-ready") is None  # nothing ran
    finally:
        context.close()
    viewer = open_viewer(ROUND)
    assert not viewer.page.is_visible(".noscript") and "needs JavaScript" not in viewer.page.inner_text("body")


@pytest.mark.parametrize("ruleset", sorted(SHOTS))
def test_a_screenshot_per_ruleset_with_every_unit_and_a_reach(open_viewer: Any, screenshots: Path, ruleset: str) -> None:
    example, at, unit = SHOTS[ruleset]
    viewer = open_viewer(example, f"#e{at}")
    viewer.page.click(f'#board .unit[data-unit="{unit}"]')
    folder = Folder()
    for event in events_of(example)[:at]:
        folder.fold(event)
    assert folder.state is not None
    living = sorted(u.id for u in folder.state.units.values() if u.alive and u.location)
    drawn = viewer.page.eval_on_selector_all("#board .unit", "els => els.map(e => e.getAttribute('data-unit'))")
    assert sorted(drawn) == living
    assert viewer.page.query_selector_all("#reach .reach")
    state = folder.state
    cells = {"sorcery": (".square", 20), "godsgloom": (".hex", getattr(state, "width", 0) * getattr(state, "height", 0)),
             "tinyepic": (".space", getattr(state, "width", 0) * getattr(state, "height", 0)),
             "skirmish": (".surface", len(getattr(getattr(state, "table", None), "surfaces", [])))}[ruleset]
    assert cells[1] > 0 and len(viewer.page.query_selector_all(f"#board {cells[0]}")) == cells[1]
    viewer.page.screenshot(path=str(screenshots / f"viewer-{ruleset}.png"), full_page=True)


def test_hostile_texts_show_as_text_and_nothing_of_theirs_runs(browser: Any, tmp_path: Path) -> None:
    out = tmp_path / "hostile.html"
    result = CliRunner().invoke(main, ["view", str(hostile_scenario(tmp_path)), "-o", str(out)])
    assert result.exit_code == 0, result.output
    viewer = Viewer(browser, out)
    try:
        page = viewer.page
        assert page.evaluate("window.__pwned") is None
        assert viewer.text("#title") == TITLE and viewer.text("#description") == DESCRIPTION
        assert page.title() == f"{TITLE} · sim view"
        assert any(UNIT in (item or "") for item in page.eval_on_selector_all("#events li", "els => els.map(e => e.textContent)"))
        assert page.evaluate("document.querySelectorAll('img, b, iframe').length") == 0
        assert page.evaluate("document.scripts.length") == 2  # the data block and the viewer's own
        page.click(f"#board .unit[data-unit={repr_css(UNIT)}]")
        assert UNIT in viewer.text("#reach-info")
        page.hover("#board .unit >> nth=0")
        assert page.evaluate("window.__pwned") is None
        assert viewer.errors == []
    finally:
        viewer.close()


def test_clicking_a_unit_whose_id_holds_control_characters_shows_its_range_of_motion(browser: Any, tmp_path: Path) -> None:
    """The picture carries the id without the characters XML can't hold ("abc"); the page said
    "No range of motion for abc" of the player's own unit, whose reach it had stored whole."""
    out = tmp_path / "control.html"
    result = CliRunner().invoke(main, ["view", str(control_character_scenario(tmp_path)), "-o", str(out)])
    assert result.exit_code == 0, result.output
    viewer = Viewer(browser, out)
    try:
        viewer.page.click('#board .unit[data-unit="abc"]')
        assert viewer.text("#reach-info").startswith("Range of motion of abc here")
        assert viewer.page.evaluate("document.querySelectorAll('#reach .reach').length") > 0
        assert viewer.errors == []
    finally:
        viewer.close()


def repr_css(value: str) -> str:
    """A CSS attribute value in double quotes, with what ends it escaped."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
