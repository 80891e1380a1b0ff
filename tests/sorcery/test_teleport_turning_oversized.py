"""codex: Teleporting Oversized Units: the controller of a teleport may turn an oversized unit as
it lands (its example: an Avatar stretched by The Rack, then Blink). ``cast`` and ``activate``
take ``turn`` (0, 90, 180 or 270 degrees clockwise, about the unit's location); the landing is
judged in that orientation and the parts land in the turned shape. A refused teleport names the
turns that would have landed the unit, and says nothing of turning when none would (or when no
turn changes the shape: the Mountain Giant's 2x2). The engine is compared with a brute-force
reference on random realms and shapes: the shape drawn on the realm's grid, turned four ways."""

from __future__ import annotations

import random
import re

import pytest

from domain.errors import IllegalCommand
from domain.game import Game
from domain.rulesets.sorcery import oversized
from domain.rulesets.sorcery.commands import Activate, Cast
from domain.rulesets.sorcery.events_parts import UnitStretched
from domain.rulesets.sorcery.legal import legal_commands
from domain.rulesets.sorcery.movement import ForcedMovement
from domain.rulesets.sorcery.oversized import turned, turns_change
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES, game

STRETCHED = EXAMPLES / "sorcery" / "108-the-rack-blink-a-stretched-avatar.yaml"
TURNED = EXAMPLES / "sorcery" / "108a-the-rack-blink-turns-a-stretched-avatar.yaml"
GIANT_REALM = (
    "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
    + "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
    + "  units:\n    - {id: giant, card: Mountain Giant, owner: p1, at: 7}\n"
)
COLUMNS, ROWS = 5, 4
TURNS = (0, 90, 180, 270)


def reference_turns_change(shape: list[tuple[int, int]]) -> bool:
    """Brute force: draw the shape on a grid, turn the drawing a quarter at a time, crop it."""
    def drawing(cells: set[tuple[int, int]]) -> list[str]:
        rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
        columns = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
        return ["".join("#" if (r, c) in cells else "." for c in columns) for r in rows]

    picture = drawing(set(shape))
    turned_picture = picture
    for _ in range(3):
        turned_picture = ["".join(row[i] for row in reversed(turned_picture)) for i in range(len(turned_picture[0]))]
        if turned_picture != picture:
            return True
    return False


def reference_turned(shape: list[tuple[int, int]], turn: int) -> list[tuple[int, int]]:
    """Each part's offset turned clockwise on the realm's grid, as a point x + iy with y growing
    downwards: a clockwise quarter turn is a product with i."""
    found = []
    for row, column in shape:
        z = complex(column, row) * 1j ** (turn // 90)
        found.append((round(z.imag), round(z.real)))
    return found


def reference_landings(sites: set[int], cells: list[int], turn: int) -> dict[str, list[int]]:
    """Blink (an ally teleports to a location it is nearby) of a unit occupying ``cells`` (its
    location first), brute force: every square of the realm as where its location lands, the
    shape turned ``turn``; it lands when every part is on the realm and some part lands on a site
    nearby (one step, diagonals too) a part it occupies now, other than that part (codex:
    Teleporting Oversized Units: any position that includes X). All at the surface level: a
    square without a site is its void, where an Avatar may be. Landing where it is is no move."""
    here = [divmod(sq - 1, COLUMNS) for sq in cells]
    shape = reference_turned([(r - here[0][0], c - here[0][1]) for r, c in here], turn)
    found: dict[str, list[int]] = {}
    for square in range(1, COLUMNS * ROWS + 1):
        row, column = divmod(square - 1, COLUMNS)
        spots = [(row + r, column + c) for r, c in shape]
        if square == cells[0] or not all(0 <= r < ROWS and 0 <= c < COLUMNS for r, c in spots):
            continue
        landing = [r * COLUMNS + c + 1 for r, c in spots]
        if any(
            x in sites and x != part and max(abs(xr - pr), abs(xc - pc)) <= 1
            for x, (xr, xc) in zip(landing, spots, strict=True)
            for part, (pr, pc) in zip(cells, here, strict=True)
        ):
            found[str(square) if square in sites else f"{square}/void"] = landing
    return found


def stretched_game(sites: set[int], cells: list[int]) -> Game:
    """A Spellslinger of p2's at ``cells[0]``, stretched to the other cells (as The Rack would)."""
    text = (
        "title: t\nruleset: sorcery\nactive_player: p2\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: Valley, controller: p2}}\n" for sq in sorted(sites))
        + f"  units:\n    - {{id: avatar, card: Spellslinger, owner: p2, at: {cells[0]}}}\n"
    )
    g = game(text)
    for square in cells[1:]:
        g.record(UnitStretched, unit="avatar", added=str(square), chosen_by="p2", source="test")
    return g


def random_case(rng: random.Random) -> tuple[set[int], list[int]]:
    """A realm of Valleys and voids, and a shape of 1 to 4 orthogonally joined sites."""
    sites = {sq for sq in range(1, COLUMNS * ROWS + 1) if rng.random() < 0.6}
    cells = [rng.randrange(1, COLUMNS * ROWS + 1)]
    for _ in range(rng.randrange(0, 4)):
        around = sorted({
            n for sq in cells for n in (sq - COLUMNS, sq + COLUMNS, sq - 1 if (sq - 1) % COLUMNS else 0, sq + 1 if sq % COLUMNS else 0)
            if 1 <= n <= COLUMNS * ROWS and n not in cells
        })
        cells.append(rng.choice(around))
    return sites | set(cells), cells


@pytest.mark.parametrize("shape", [
    [(0, 0), (0, 1), (1, 0), (1, 1)],  # Mountain Giant, 2x2
    [(0, 0), (0, 1), (1, 1)],  # The Rack's L of example 108
    [(0, 0), (0, 1)],  # stretched once, sideways
    [(0, 0), (1, 0)],  # stretched once, downwards
    [(0, 0), (1, -1), (1, 0), (1, 1), (2, 0)],  # a plus: every turn the same
    [(0, 0), (0, 1), (0, 2), (1, 1)],  # a T
    [(0, 0)],
])
def test_teleporting_oversized_units_which_shapes_a_turn_changes(shape: list[tuple[int, int]]) -> None:
    assert turns_change(shape) == reference_turns_change(shape)
    for turn in TURNS:
        assert turned(shape, turn) == reference_turned(shape, turn)


def test_teleporting_oversized_units_blink_lands_the_stretched_avatar_turned() -> None:
    """Scenario 108a: the L (12, 13, 18) Blinked with its location to 4, turned a quarter
    clockwise, occupies 4, 9 and 8; the turn rides on the declared path, and the log verifies."""
    result = play(load_scenario(TURNED))
    avatar = result.game.state.units["avatar"]
    assert (avatar.location, avatar.parts) == ("4", ["9", "8"])
    declared = [e for e in result.events if type(e).__name__ == "PathDeclared" and e.unit == "avatar"]
    assert declared[-1].purpose == "forced:teleport_nearby@90"


def test_teleporting_oversized_units_refusal_names_the_turns_that_would_land_it() -> None:
    """108's second Blink: its location at 4 puts the unturned L's parts in the voids at 5 and 10,
    none a site nearby; turned a quarter it lands (4, 9, 8): the refusal says so, in one line."""
    script = load_scenario(STRETCHED)
    g = play(script.model_copy(update={"script": script.script[:-1]})).game
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "cast", "card": "Blink", "targets": ["avatar", "4"], "player": "p2"})
    text = str(refused.value)
    assert "\n" not in text
    assert "codex: Teleporting Oversized Units" in text and "turn 90" in text
    assert "not modelled" not in text
    with pytest.raises(IllegalCommand) as refused:  # 17: turned twice or three times, not once
        g.issue({"command": "cast", "card": "Blink", "targets": ["avatar", "17"], "player": "p2", "turn": 90})
    assert "turn 180 or 270" in str(refused.value)


def test_teleporting_oversized_units_refusal_of_a_square_giant_says_nothing_of_turning() -> None:
    g = game(GIANT_REALM)
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "cast", "card": "Blink", "targets": ["giant", "10"]})  # its 2x2 from 10 leaves the realm
    assert "can't be moved" in str(refused.value)
    assert "turn" not in str(refused.value)


@pytest.mark.parametrize(("command", "says"), [
    ({"command": "cast", "card": "Blink", "targets": ["avatar", "4"], "player": "p2", "turn": 45}, "turn: 45 is not"),
    ({"command": "cast", "card": "Blink", "targets": ["avatar", "4"], "player": "p2", "turn": -90}, "turn: -90 is not"),
    ({"command": "cast", "card": "Mad Dash", "targets": ["avatar"], "player": "p2", "turn": 90}, "turn: Mad Dash teleports no unit"),
])
def test_teleporting_oversized_units_a_turn_that_is_no_quarter_turn_or_turns_nothing_is_refused(command: dict[str, object], says: str) -> None:
    script = load_scenario(STRETCHED)
    g = play(script.model_copy(update={"script": script.script[:-1]})).game
    with pytest.raises(IllegalCommand) as refused:
        g.issue(command)
    text = str(refused.value)
    assert says in text and "codex: Teleporting Oversized Units" in text and "\n" not in text


def test_teleporting_oversized_units_a_2x2_giant_has_no_turn_to_choose() -> None:
    """Every quarter turn leaves a 2x2 as it is, and its location stays its top-left square."""
    g = game(GIANT_REALM)
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "cast", "card": "Blink", "targets": ["giant", "8"], "turn": 90})
    assert "turn: Blink teleports no unit a turn changes" in str(refused.value)
    g.issue({"command": "cast", "card": "Blink", "targets": ["giant", "8"]})
    assert g.state.units["giant"].location == "8"


def test_teleporting_oversized_units_commands_without_a_turn_are_recorded_as_before() -> None:
    """Logs are forever: ``turn`` is written only when a unit is turned."""
    assert "turn" not in Cast(card="Blink", targets=["a", "4"]).model_dump()
    assert "turn" not in Activate(source="a", targets=["16", "teleport"]).model_dump()
    assert Cast(card="Blink", targets=["a", "4"], turn=90).model_dump()["turn"] == 90


@pytest.mark.parametrize("seed", range(40))
def test_teleporting_oversized_units_landings_match_a_brute_force_of_the_four_turns(seed: int) -> None:
    """On a random realm and shape, each turn's landings (where the location lands, unblocked)
    are the reference's; then a Blink to a random site with a random turn lands where the
    reference puts it, or is refused naming exactly the other turns that land it."""
    rng = random.Random(seed)
    sites, cells = random_case(rng)
    g = stretched_game(sites, cells)
    state = g.state
    assert [state.units["avatar"].location, *state.units["avatar"].parts] == [str(sq) for sq in cells]
    for turn in TURNS:
        model = oversized.movement(ForcedMovement(state, "teleport_nearby"), state, turn)
        found = {o.to for o in model.step_options("avatar", str(cells[0])) if o.blocked is None}
        if turn and not reference_turns_change([divmod(sq - 1, COLUMNS) for sq in cells]):
            continue  # no turn to choose: the model lands it as it is
        assert found == set(reference_landings(sites, cells, turn)), (turn, sorted(sites), cells)
    target, turn = rng.choice(sorted(sites - {cells[0]})), rng.choice(TURNS)
    command = {"command": "cast", "card": "Blink", "targets": ["avatar", str(target)], "player": "p2", "turn": turn}
    turnable = reference_turns_change([divmod(sq - 1, COLUMNS) for sq in cells])
    if turn and not turnable:
        with pytest.raises(IllegalCommand, match="turn: Blink teleports no unit a turn changes"):
            g.issue(command)
        return
    fits = reference_landings(sites, cells, turn)
    if str(target) in fits:
        g.issue(command)
        avatar = g.state.units["avatar"]
        assert [avatar.location, *avatar.parts] == [str(sq) if sq in sites else f"{sq}/void" for sq in fits[str(target)]]
        return
    with pytest.raises(IllegalCommand) as refused:
        g.issue(command)
    others = [t for t in TURNS if t != turn and str(target) in reference_landings(sites, cells, t)] if turnable else []
    listed = re.search(r"turn ([0-9 or]+)\)?", str(refused.value).split("Teleporting Oversized Units): ")[-1])
    if others:
        assert listed is not None and listed.group(1).strip() == " or ".join(map(str, others))
    else:
        assert "Teleporting Oversized Units" not in str(refused.value)


AVATAR_OF_WATER = """
title: t
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 6, card: Valley, controller: p1}
    - {at: 11, card: Stream, controller: p1}
    - {at: 12, card: Valley, controller: p1}
    - {at: 16, card: Valley, controller: p1}
  units:
    - {id: avatar, card: Avatar of Water, owner: p1, at: 11}
"""


def test_teleporting_oversized_units_an_activated_teleport_lands_turned_and_legal_lists_it() -> None:
    """Avatar of Water, stretched upwards (11, 6), floods 16 and may teleport there: as it is it
    occupies 16 and 11; turned a quarter, 16 and the void at 17; turned twice or three times a
    part would leave the realm. Legal commands list the turn that lands; ``in`` decides each."""
    g = game(AVATAR_OF_WATER)
    g.record(UnitStretched, unit="avatar", added="6", chosen_by="p1", source="test")
    listed = [c for c in legal_commands(g.state) if isinstance(c, Activate) and c.targets == ["16", "teleport"]]
    assert sorted(c.turn for c in listed) == [0, 90]
    base = listed[0].model_copy(update={"turn": 0})
    assert base.model_copy(update={"turn": 90}) in g.legal_commands()
    assert base.model_copy(update={"turn": 180}) not in g.legal_commands()
    with pytest.raises(IllegalCommand, match=r"^turn: avatar turned 180 degrees does not land at 16"):
        g.issue(base.model_copy(update={"turn": 180}))
    with pytest.raises(IllegalCommand, match=r"^turn: Avatar of Water teleports no unit a turn changes"):
        g.issue(base.model_copy(update={"targets": ["16"], "turn": 90}))  # flooding only: nothing teleports
    with pytest.raises(IllegalCommand, match=r"^turn: 45 is not 0, 90, 180 or 270"):
        g.issue(base.model_copy(update={"turn": 45}))
    g.issue(base.model_copy(update={"turn": 90}))
    avatar = g.state.units["avatar"]
    assert (avatar.location, avatar.parts) == ("16", ["17/void"])
