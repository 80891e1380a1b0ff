"""The viewer's file without a browser: its frames are the pictures ``sim render`` draws, its
data unpacks, its policy names its own script, it refers to nothing outside itself, and bad
input is refused as everywhere else."""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from sim.pictures.moves import Folder
from sim.pictures.picture import compose
from sim.pictures.source import GameSource
from sim.pictures.svg import fragment
from sim.pictures.viewer import build_page, page_data
from tests.cli_runs import sim
from tests.helpers import EXAMPLES
from tests.pictures.hostile import CONTROL, control_character_scenario
from tests.pictures.support import CASES, events_of


def source(example: str) -> GameSource:
    return GameSource(list(events_of(example)), "title", None, example, "none", "played")


def board_of(data: dict[str, Any], index: int) -> str:
    """A board of the page as one SVG text: its shell holding its places."""
    board = data["boards"][index]
    shell = ET.fromstring(data["parts"][board["shell"]])
    runs = board["runs"]
    for first, count in zip(runs[::2], runs[1::2], strict=True):
        shell.extend(ET.fromstring(data["parts"][i]) for i in range(first, first + count))
    return fragment(shell)


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_every_frame_holds_the_board_and_units_of_its_event(ruleset: str) -> None:
    """The board is drawn once per change of board (a cache keyed by what the painter reads):
    every frame's board must still be the board of its own state."""
    example = CASES[ruleset][0]
    data = page_data(source(example))
    folder = Folder()
    for number, event in enumerate(events_of(example), start=1):
        folder.fold(event)
        assert folder.state is not None
        layers = compose(folder.state, "title")
        frame = data["frames"][number - 1]
        assert board_of(data, frame["board"]) == fragment(layers.board), f"e{number}"
        assert [data["parts"][i] for i in frame["units"]] == [fragment(u) for u in layers.units], f"e{number}"


def test_parts_are_stored_once_and_reach_is_worked_out_at_every_command_boundary() -> None:
    example = CASES["godsgloom"][0]
    data = page_data(source(example))
    assert len(data["parts"]) == len(set(data["parts"]))
    assert len(data["frames"]) == len(data["events"]) == len(events_of(example))
    ends = [e.originator_version - 1 for e in events_of(example)[1:] if e.name == "CommandIssued"] + [len(events_of(example))]
    assert sorted(int(k) for k in data["reach"]) == sorted(set(ends))
    assert data["to_act"]["9"] == "p1"  # the units of the player to act, p1's
    assert set(data["reach"]["9"]) == {"cavalry", "knights", "scouts", "runner"}
    assert data["to_act"]["22"] == "p2" and set(data["reach"]["22"]) == {"ogres", "pikemen"}


def test_a_units_reach_is_stored_under_the_id_its_picture_carries(tmp_path: Path) -> None:
    """The page finds a clicked unit's reach by the ``data-unit`` of its picture; an id with
    characters XML can't hold is carried without them, and its reach was stored under the whole
    id, so the viewer said the player's own unit had none."""
    from sim.pictures.source import load_game

    data = page_data(load_game(str(control_character_scenario(tmp_path))))
    carried = {m.group(1) for i in data["frames"][-1]["units"] for m in re.finditer(r'data-unit="([^"]*)"', data["parts"][i])}
    end = str(len(data["events"]))
    assert CONTROL not in carried and set(data["reach"][end]) <= carried
    assert "abc" in data["reach"][end]


def test_a_board_that_changes_by_one_place_stores_that_place_not_the_whole_board_again(tmp_path: Path) -> None:
    """A GODSGLOOM set-up places its terrain one piece at a time, each a new board: on a 200x200
    mat with 20 pieces that was 21 whole boards of 11 MB, a 34 MB page. Here a 30x30 mat with 10
    pieces: every hex is one part, and each board after the first adds its changed hex only
    (and a few run numbers)."""
    from sim.pictures.source import load_game

    terrain = "\n".join(f'    - {{at: "{2 + 2 * i},3", keywords: [Difficult]}}' for i in range(10))
    scenario = tmp_path / "mat.yaml"
    scenario.write_text(
        "title: a 30x30 mat\nruleset: godsgloom\nsetup:\n  width: 30\n  height: 30\n  terrain:\n"
        f"{terrain}\n  units:\n    - {{id: runner, owner: p1, at: \"0,0\", speed: 4}}\n", encoding="utf-8",
    )
    data = page_data(load_game(str(scenario)))
    hexes = 30 * 30
    assert len(data["boards"]) >= 11
    places = {i for board in data["boards"] for first, count in zip(board["runs"][::2], board["runs"][1::2], strict=True)
              for i in range(first, first + count)}
    # a board with k pieces placed is k+1 runs of untouched hexes and k runs of one changed hex
    assert len(places) <= hexes + 10 and all(len(board["runs"]) <= 2 + 4 * 10 for board in data["boards"])
    folder = Folder()
    for event in load_game(str(scenario)).events:
        folder.fold(event)
    assert folder.state is not None
    assert board_of(data, data["frames"][-1]["board"]) == fragment(compose(folder.state, "t").board)


def test_the_page_is_self_contained_and_allows_only_its_own_script_and_style() -> None:
    page = build_page(source(CASES["sorcery"][0]))
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None
    rules = html.unescape(policy.group(1))
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert len(scripts) == 1 and len(styles) == 1
    for text in (scripts[0], styles[0]):
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in rules
    assert "default-src 'none'" in rules
    assert not re.search(r"\s(src|href)=", page)
    urls = set(re.findall(r"https?://[^\s\"'<>]+", page))
    assert urls <= {"http://www.w3.org/2000/svg"}  # the SVG namespace, a name and not a place


def test_the_page_says_it_needs_javascript_where_javascript_is_off() -> None:
    """Without a script the page would show only empty controls: a ``<noscript>`` first in the
    body says what is needed and which commands show the game instead, styled by the page's own
    (hashed) style sheet, since the policy refuses a ``style`` attribute."""
    page = build_page(source(CASES["sorcery"][0]))
    body = page.split("<body>", 1)[1].lstrip()
    assert body.startswith('<noscript><p class="noscript"><strong>This replay needs JavaScript</strong>')
    message = re.search(r"<noscript>(.*?)</noscript>", body, re.S)
    assert message is not None and "sim render" in message.group(1) and "style=" not in message.group(1)
    assert ".noscript {" in re.findall(r"<style>(.*?)</style>", page, re.S)[0]


def test_the_data_unpacks_to_the_games_frames() -> None:
    game = source(CASES["tinyepic"][0])
    page = build_page(game)
    packed = re.search(r'id="game-data" data-encoding="gzip\+base64">([^<]+)</script>', page)
    assert packed is not None
    data = json.loads(gzip.decompress(base64.b64decode(packed.group(1))))
    assert data == json.loads(json.dumps(page_data(game)))


@pytest.mark.parametrize(
    "args, message",
    [
        (["--db", "games.sqlite"], "needs both --db and --game"),
        ([str(EXAMPLES / CASES["godsgloom"][0]), "--game", "x", "--db", "x.sqlite"], "--game: give "),
        # a file and --db alone: the option named is the one given (it was --game), as sim trace names it
        ([str(EXAMPLES / CASES["godsgloom"][0]), "--db", "x.sqlite"], "--db: give "),
        ([str(EXAMPLES / CASES["godsgloom"][0]), "--game", "x"], "or --db and --game, not both"),
        ([], "give a scenario or a log file"),
        (["--db", "x.sqlite", "--game", "2d3e09b2"], "no such store"),
    ],
)
def test_view_bad_input_is_one_line_exit_2_and_no_file(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "game.html"
    result = sim("view", *args, "-o", str(out))
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and message in lines[0], result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["missing/game.html", "game.svg"])
def test_view_refuses_an_output_it_cant_write(tmp_path: Path, name: str) -> None:
    result = sim("view", str(EXAMPLES / CASES["godsgloom"][0]), "-o", str(tmp_path / name))
    assert result.exit_code == 2 and len([x for x in result.output.splitlines() if x.strip()]) == 1
    assert list(tmp_path.iterdir()) == []


def test_view_of_an_unknown_stored_game_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    sim("run", str(EXAMPLES / CASES["godsgloom"][0]), "--db", str(db))
    result = sim("view", "--db", str(db), "--game", "00000000-0000-0000-0000-000000000000", "-o", str(tmp_path / "g.html"))
    assert result.exit_code == 2 and "no game" in result.output
    assert not (tmp_path / "g.html").exists()


def test_view_says_when_the_page_is_large_and_how_many_boards_it_stores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 200x200 GODSGLOOM mat set up with 20 terrain pieces made a 34 MB page in silence (each
    piece placed is a new board, stored whole); a page over the bound says so and why. The bound
    is lowered here so that a small game shows it."""
    import sim.pictures.viewer as viewer

    monkeypatch.setattr(viewer, "LARGE_PAGE", 1_000)
    result = sim("view", str(EXAMPLES / CASES["godsgloom"][0]), "-o", str(tmp_path / "g.html"))
    assert result.exit_code == 0, result.output
    data = page_data(source(CASES["godsgloom"][0]))
    assert re.search(r"^warning: the page is \d+\.\d\d MB \(", result.output, re.MULTILINE)
    assert f" MB ({len(data['boards'])} different boards, {len(data['parts'])} parts, 74 events)" in result.output
    monkeypatch.setattr(viewer, "LARGE_PAGE", 20_000_000)
    assert "warning" not in sim("view", str(EXAMPLES / CASES["godsgloom"][0]), "-o", str(tmp_path / "g.html")).output


def test_a_1000_event_game_makes_a_page_well_under_5_mb() -> None:
    """Issue 23's bound, on the ruleset whose pages are largest (a mat of hexes and zones);
    ``python -m benchmarks.viewer`` measures every ruleset and the time to open the page."""
    from benchmarks.viewer import GAMES, game_of

    game = game_of(GAMES["godsgloom"], 1000)
    assert len(game.events) == 1000
    assert len(build_page(game).encode("utf-8")) < 5_000_000
