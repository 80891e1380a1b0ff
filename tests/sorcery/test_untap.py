"""Untapping (codex: Untap; issue 22): effects that untap units change who may Defend and
Intercept on the opponent's turn. Belfry, Silver Valkyries, Malakhim, Sir Gaheris: each untaps
at the end of its controller's turn, what its text names and nothing else. One test per rule,
each failing if its card's declaration is removed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from domain.errors import IllegalCommand
from sim.cli import main
from tests.helpers import game

HEAD = """title: t
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
    - {at: 11, card: Valley, controller: p1}
    - {at: 12, card: Valley, controller: p1}
    - {at: 13, card: Valley, controller: p2}
    - {at: 14, card: Valley, controller: p1}
  units:
    - {id: boars, card: Wild Boars, owner: p2, at: 13}
"""


def realm(units: str, artifacts: str = "", script: str = "") -> Any:
    text = HEAD + units
    if artifacts:
        text += "  artifacts:\n" + artifacts
    return game(text + ("script:\n" + script if script else ""))


def tapped(g: Any, unit: str) -> bool:
    return bool(g.state.units[unit].tapped)


BELFRY = "    - {id: belfry, card: Belfry, controller: p1, at: 12}\n"
TROLLS = (
    "    - {id: guard, card: Bosk Troll, owner: p1, at: 12, tapped: true}\n"
    "    - {id: far, card: Bosk Troll, owner: p1, at: 14, tapped: true}\n"
)


def test_belfry_untaps_nearby_allies_at_the_end_of_your_turn_and_no_one_else() -> None:
    g = realm(TROLLS + "    - {id: foe, card: Bosk Troll, owner: p2, at: 11, tapped: true}\n", BELFRY)
    g.issue({"command": "end_turn"})
    assert not tapped(g, "guard")
    assert tapped(g, "far")  # two squares away: not nearby
    untapped = [e.unit for e in g.pending_events if type(e).__name__ == "UnitUntapped"]
    assert untapped == ["guard"]  # the enemy at 11 untaps at p2's turn start, not by Belfry


def test_belfry_does_nothing_at_the_end_of_the_opponent_s_turn() -> None:
    g = realm(TROLLS, BELFRY.replace("controller: p1", "controller: p2"))
    g.issue({"command": "end_turn"})
    assert tapped(g, "guard")


def test_an_ally_belfry_untapped_may_defend_on_the_opponent_s_turn() -> None:
    g = realm(TROLLS, BELFRY, "  - {command: end_turn}\n  - {command: move_and_attack, unit: boars, path: [12], attack: site}\n")
    assert g.refusals({"command": "defend", "unit": "guard"}) == []
    assert any("tapped" in str(r) for r in g.refusals({"command": "defend", "unit": "far"}))


def test_without_belfry_the_tapped_ally_may_not_defend() -> None:
    g = realm(TROLLS, "", "  - {command: end_turn}\n  - {command: move_and_attack, unit: boars, path: [12], attack: site}\n")
    assert any("tapped" in str(r) for r in g.refusals({"command": "defend", "unit": "guard"}))


def test_an_ally_belfry_untapped_may_intercept_on_the_opponent_s_turn() -> None:
    g = realm(TROLLS, BELFRY, "  - {command: end_turn}\n  - {command: move_and_attack, unit: boars, path: [12]}\n")
    assert g.refusals({"command": "intercept", "unit": "guard"}) == []


def test_silver_valkyries_untap_the_allies_at_their_location_only() -> None:
    g = realm(
        "    - {id: valk, card: Silver Valkyries, owner: p1, at: 12, tapped: true}\n"
        "    - {id: here, card: Bosk Troll, owner: p1, at: 12, tapped: true}\n"
        "    - {id: next, card: Bosk Troll, owner: p1, at: 7, tapped: true}\n"
    )
    g.issue({"command": "end_turn"})
    assert not tapped(g, "valk") and not tapped(g, "here")
    assert tapped(g, "next")


def test_malakhim_and_sir_gaheris_untap_themselves() -> None:
    g = realm(
        "    - {id: mal, card: Malakhim, owner: p1, at: 12, tapped: true}\n"
        "    - {id: gah, card: Sir Gaheris, owner: p1, at: 7, tapped: true}\n"
        "    - {id: other, card: Bosk Troll, owner: p1, at: 12, tapped: true}\n"
    )
    g.issue({"command": "end_turn"})
    assert not tapped(g, "mal") and not tapped(g, "gah")
    assert tapped(g, "other")


def test_sim_why_defend_follows_belfry_s_untap(tmp_path: Path) -> None:
    """The judge's question (``sim why --defend``) on p2's turn: Belfry's ally may defend; the
    tapped ally out of its reach is refused as tapped."""
    text = HEAD + TROLLS + "  artifacts:\n" + BELFRY + (
        "script:\n  - {command: end_turn}\n  - {command: move_and_attack, unit: boars, path: [12], attack: site}\n"
    )
    path = tmp_path / "belfry.yaml"
    path.write_text(text)
    allowed = CliRunner().invoke(main, ["why", str(path), "--unit", "guard", "--defend"])
    assert allowed.exit_code == 0 and "guard may defend" in allowed.output
    refused = CliRunner().invoke(main, ["why", str(path), "--unit", "far", "--defend"])
    assert refused.exit_code == 1 and "tapped" in refused.output


def test_queen_guinevere_untaps_a_target_allied_minion_once_on_your_turn() -> None:
    g = realm(
        "    - {id: queen, card: Queen Guinevere, owner: p1, at: 7}\n" + TROLLS
        + "    - {id: foe, card: Bosk Troll, owner: p2, at: 11, tapped: true}\n"
    )
    with pytest.raises(IllegalCommand, match="not an allied minion"):
        g.issue({"command": "activate", "source": "queen", "targets": ["foe"]})
    g.issue({"command": "activate", "source": "queen", "targets": ["far"]})
    assert not tapped(g, "far") and tapped(g, "guard")
    with pytest.raises(IllegalCommand, match="once"):
        g.issue({"command": "activate", "source": "queen", "targets": ["guard"]})


def test_lash_deals_1_damage_to_a_nearby_minion_and_untaps_it() -> None:
    g = realm(
        "    - {id: av, card: Avatar of Earth, owner: p1, at: 11}\n" + TROLLS
    )
    with pytest.raises(IllegalCommand, match="not a minion nearby"):
        g.issue({"command": "cast", "card": "Lash", "targets": ["av", "far"]})
    g.issue({"command": "cast", "card": "Lash", "targets": ["av", "guard"]})
    assert not tapped(g, "guard") and g.state.units["guard"].damage == 1


def test_cranky_overseer_hurts_an_adjacent_ordinary_minion_to_untap_it() -> None:
    g = realm("    - {id: boss, card: Cranky Overseer, owner: p1, at: 7}\n" + TROLLS)
    with pytest.raises(IllegalCommand, match="not an adjacent Ordinary minion"):
        g.issue({"command": "activate", "source": "boss", "targets": ["far"]})
    g.issue({"command": "activate", "source": "boss", "targets": ["guard"]})
    assert not tapped(g, "guard") and g.state.units["guard"].damage == 1


def test_sugarplum_pixies_untap_another_nearby_ally_at_the_end_of_your_turn() -> None:
    """One ally, the controller's choice among the tapped ones nearby; not the Pixies themselves."""
    g = realm(
        "    - {id: pix, card: Sugarplum Pixies, owner: p1, at: 12, tapped: true}\n" + TROLLS
        + "    - {id: near, card: Wild Boars, owner: p1, at: 7, tapped: true}\n"
    )
    g.issue({"command": "end_turn"})
    assert g.state.choice is not None and sorted(g.state.choice.options) == ["guard", "near"]
    g.issue({"command": "choose", "option": "near"})
    assert not tapped(g, "near") and tapped(g, "guard") and tapped(g, "far")


def test_sugarplum_pixies_untap_the_only_tapped_ally_nearby_without_asking() -> None:
    g = realm("    - {id: pix, card: Sugarplum Pixies, owner: p1, at: 12}\n" + TROLLS)
    g.issue({"command": "end_turn"})
    assert not tapped(g, "guard") and tapped(g, "far")


def test_helpful_hob_s_genesis_untaps_an_adjacent_ally() -> None:
    g = realm(TROLLS)
    with pytest.raises(IllegalCommand, match="not an adjacent ally"):
        g.issue({"command": "summon", "card": "Helpful Hob", "at": "7", "id": "hob", "targets": ["far"]})
    g.issue({"command": "summon", "card": "Helpful Hob", "at": "7", "id": "hob", "targets": ["guard"]})
    assert not tapped(g, "guard") and tapped(g, "far")


def test_sir_tristan_taps_a_nearby_enemy_minion_that_then_skips_its_next_untap() -> None:
    g = realm("    - {id: tristan, card: Sir Tristan, owner: p1, at: 12}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n"
              "    - {id: away, card: Bosk Troll, owner: p2, at: 7}\n    - {id: mine, card: Bosk Troll, owner: p1, at: 11}\n")
    with pytest.raises(IllegalCommand, match="not an enemy minion nearby"):
        g.issue({"command": "activate", "source": "tristan", "targets": ["mine"]})
    g.issue({"command": "activate", "source": "tristan", "targets": ["foe"]})
    assert tapped(g, "foe")
    g.issue({"command": "end_turn"})  # p2's turn begins: the foe does not untap this time
    assert tapped(g, "foe")
    assert g.refusals({"command": "move_and_attack", "unit": "foe", "path": ["14"]})
