"""Never a silent wrong ruling: every card whose text is not fully modelled is reported with the
game (option ``unmodelled: warn``) or refused (``unmodelled: refuse``); set-up refuses units
where they could not be (digest 1.6, 2.3)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from domain.errors import BadInput, IllegalCommand
from domain.ruleset import get_ruleset
from sim.cli import main
from tests.helpers import EXAMPLES, game, played, reach

ROW = """
title: unmodelled cards
ruleset: sorcery
active_player: p1
options: {unmodelled: %s}
aliases: {A: 11, B: 12, C: 13}
setup:
  sites:
    - {at: A, card: Valley, controller: p1}
    - {at: B, card: Steppe, controller: p2}
  units:
    - {id: rex, card: Ignis Rex, owner: p1, at: A}
    - {id: boars, card: Wild Boars, owner: p2, at: B}
"""


def test_warn_records_what_is_not_modelled_with_the_event_that_brings_the_card_in() -> None:
    g = game(ROW % "warn")
    placed = [e for e in g.pending_events if e.name == "UnitPlaced" and e.unit.id == "rex"][0]  # type: ignore[attr-defined]
    assert placed.not_modelled is not None  # type: ignore[attr-defined]
    assert placed.not_modelled.card == "Ignis Rex"  # type: ignore[attr-defined]
    assert "Immune to fire damage" in placed.not_modelled.text  # type: ignore[attr-defined]
    assert "not modelled: " in placed.describe(str)
    boars = [e for e in g.pending_events if e.name == "UnitPlaced" and e.unit.id == "boars"][0]  # type: ignore[attr-defined]
    assert boars.not_modelled is None  # type: ignore[attr-defined]
    found = get_ruleset("sorcery").diagnostics(g.state)
    assert [(d.subject, d.name) for d in found] == [("rex", "Ignis Rex")]


def test_the_lookahead_carries_the_diagnostics() -> None:
    answer = reach(played(ROW % "warn"), "rex")
    (entry,) = answer.as_json()["diagnostics"]  # type: ignore[misc]
    assert entry["card"] == "Ignis Rex" and "Immune to fire damage" in entry["not_modelled"]


def test_refuse_refuses_the_set_up_naming_the_card_and_the_text() -> None:
    with pytest.raises(BadInput, match="Ignis Rex: not modelled: .*Immune to fire damage"):
        game(ROW % "refuse")


def test_refuse_accepts_a_set_up_of_fully_modelled_cards() -> None:
    text = (ROW % "refuse").replace("Ignis Rex", "Bosk Troll")
    assert get_ruleset("sorcery").diagnostics(game(text).state) == []


def test_refuse_refuses_a_command_that_brings_in_a_partly_modelled_card() -> None:
    g = game((ROW % "refuse").replace("Ignis Rex", "Bosk Troll"))
    with pytest.raises(IllegalCommand, match="Mad Dash: not modelled: Draw a card"):
        g.issue({"command": "cast", "card": "Mad Dash", "targets": ["rex"]})
    with pytest.raises(IllegalCommand, match="Summer River"):
        g.issue({"command": "play_site", "card": "Summer River", "at": "C"})


def test_warn_reports_a_spell_and_a_site_brought_in_by_commands() -> None:
    g = game(ROW % "warn")
    events = g.issue({"command": "cast", "card": "Mad Dash", "targets": ["rex"]})
    started = [e for e in events if e.name == "EffectStarted"][0]
    assert started.not_modelled.text == ["Draw a card"]  # type: ignore[attr-defined]
    g.issue({"command": "play_site", "card": "Summer River", "at": "C"})
    names = [d.name for d in get_ruleset("sorcery").diagnostics(g.state)]
    assert names == ["Ignis Rex", "Mad Dash", "Summer River"]


def test_diagnostics_are_not_compared_when_a_log_is_verified() -> None:
    """They describe the simulator that recorded the log, not the game (logs are forever)."""
    g = game(ROW % "warn")
    placed = [e for e in g.pending_events if e.name == "UnitPlaced"][0]
    assert "not_modelled" not in placed.recorded_payload()  # type: ignore[attr-defined]


PLACEMENT = """
title: impossible placements
ruleset: sorcery
setup:
  sites:
    - {at: 11, card: Valley, controller: p1}
    - {at: 12, card: Stream, controller: p1}
    - {at: 13, card: Gnome Hollows, controller: p1}
  units:
    - {id: u, card: %s, owner: p1, at: "%s"}
"""


@pytest.mark.parametrize(
    ("card", "at", "rule"),
    [
        ("Bosk Troll", "11/underground", "codex: Underground"),
        ("Bosk Troll", "12/underwater", "codex: Underwater"),
        ("Bosk Troll", "14/void", "codex: Void"),
        ("Bosk Troll", "13", "Gnome Hollows"),
        ("Sorcerer", "14/void", "codex: Characteristics"),
    ],
)
def test_set_up_refuses_a_unit_where_it_could_not_be(card: str, at: str, rule: str) -> None:
    with pytest.raises(BadInput, match=rule):
        game(PLACEMENT % (card, at))


@pytest.mark.parametrize(
    ("card", "at"),
    [("Cave Trolls", "11/underground"), ("Coral-Reef Kelpie", "12/underwater"), ("Spectral Stalker", "14/void"),
     ("Wild Boars", "13")],
)
def test_set_up_accepts_a_unit_where_its_keywords_let_it_be(card: str, at: str) -> None:
    assert game(PLACEMENT % (card, at)).state.units["u"].alive


def test_a_carrier_s_voidwalk_lets_its_passenger_be_set_up_in_the_void() -> None:
    """digest 2.6: carried units have the carrier's Voidwalk."""
    text = (PLACEMENT % ("Phantom Steed", "14/void")) + '    - {id: troll, card: Bosk Troll, owner: p1, at: "14/void", carried_by: u}\n'
    assert game(text).state.units["troll"].carried_by == "u"


# --- the command line ---------------------------------------------------------------------------


def sim(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.output


def test_check_and_reach_show_and_carry_the_diagnostics() -> None:
    scenario = str(EXAMPLES / "sorcery" / "05-giant-shark.yaml")
    assert "warning: Rimland Nomads (nomads): not modelled: Takes no damage from Deserts." in sim("check", scenario)
    data = json.loads(sim("check", "--json", scenario))
    assert data["scenarios"][0]["diagnostics"][0]["card"] == "Rimland Nomads"
    assert "not modelled" in sim("reach", scenario, "--unit", "nomads")
    assert json.loads(sim("reach", scenario, "--unit", "nomads", "--json"))["diagnostics"][0]["id"] == "nomads"
    assert "Takes no damage from Deserts" in sim("why", scenario, "--unit", "nomads", "--to", "A", code=1)  # dead: "no"
    assert "Takes no damage from Deserts" in sim("run", scenario, "--db", ":memory:")


def test_sim_cards_says_what_is_derived_and_what_is_not_modelled() -> None:
    out = sim("cards", "Sir Priamus", "gnome hollows")
    assert "power 2/4 (checks count 3)" in out
    assert "not modelled: Nearby allies are immune to Lethal." in out
    assert "modelled (ongoing)" in out
    data = json.loads(sim("cards", "--json", "--unmodelled", "Valley", "Tawny"))
    assert [c["name"] for c in data["cards"]] == ["Tawny"]
    assert data["coverage"]["cards"] == 2
    whole = json.loads(sim("cards", "--json"))["coverage"]
    assert whole["cards"] == 1104
    assert whole["fully_modelled"] + whole["partly_modelled"] + whole["not_modelled"] == 1104


def test_why_json_carries_the_diagnostics_too() -> None:
    """A client reading ``sim why --json`` alone must not get a silent answer (issue 9)."""
    scenario = str(EXAMPLES / "sorcery" / "05-giant-shark.yaml")
    data = json.loads(sim("why", scenario, "--unit", "nomads", "--to", "A", "--json", code=1))
    assert [(d["id"], d["card"]) for d in data["diagnostics"]] == [("nomads", "Rimland Nomads")]
    assert "Takes no damage from Deserts." in data["diagnostics"][0]["not_modelled"]
