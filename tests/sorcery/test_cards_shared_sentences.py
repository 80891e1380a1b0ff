"""Cards whose movement sentence the simulator already modelled for another card, now declared
with that card's declaration (issue 18): Talamh Dreig's "Can't be moved by force." as Iron Man
Talus's, Recurring Specter's "Can't defend." as Tawny's. One test per rule, each failing if the
declaration is removed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.commands import Defend
from tests.helpers import game
from tests.sorcery.test_cards_activated import RIVERS, activate
from tests.sorcery.test_cards_activated import realm as activated_realm
from tests.sorcery.test_cards_rest import VALLEYS, cast, realm

DRAGON = "    - {id: dragon, card: Talamh Dreig, owner: p2, at: 7}\n"
TROLL = "    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n"


def at(g: Any, unit: str) -> str | None:
    return g.state.units[unit].location  # type: ignore[no-any-return]


def spell_event(g: Any) -> Any:
    return [e for e in g.pending_events if type(e).__name__ == "SpellCast"][-1]


# --- Talamh Dreig: can't be moved by force (as Iron Man Talus) ------------------------------------


def test_talamh_dreig_cant_be_moved_by_force_windblast_leaves_it_and_says_why() -> None:
    g = realm(DRAGON + TROLL, VALLEYS)
    cast(g, "Windblast", "north")
    assert at(g, "dragon") == "7" and at(g, "troll") == "3"
    assert "can't be moved by force" in spell_event(g).unaffected["dragon"]


def test_talamh_dreig_cant_be_moved_by_force_a_spell_aimed_at_it_does_nothing() -> None:
    g = realm(DRAGON, VALLEYS, active="p2")
    cast(g, "Displace", "dragon", 13)
    assert at(g, "dragon") == "7" and "can't be moved by force" in spell_event(g).unaffected["dragon"]
    cast(g, "Teleport", "dragon", 1)
    assert at(g, "dragon") == "7"


def test_talamh_dreig_cant_be_moved_by_force_scatter_needs_no_place_for_it_and_refuses_one() -> None:
    g = realm(DRAGON + "    - {id: boars, card: Wild Boars, owner: p1, at: 7}\n", VALLEYS)
    with pytest.raises(IllegalCommand, match="dragon can.t be pushed by Scatter"):
        cast(g, "Scatter", 7, "boars", 2, "dragon", 8)
    cast(g, "Scatter", 7, "boars", 2)
    assert at(g, "dragon") == "7" and at(g, "boars") == "2"


def test_talamh_dreig_cant_be_moved_by_force_a_trigger_moving_it_is_refused_with_its_rule() -> None:
    sites = "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (2, 3, 6, 7, 8, 9, 11, 12))
    g = game(
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n" + sites
        + "  units:\n" + DRAGON + "    - {id: boars, card: Wild Boars, owner: p2, at: 2}\n"
    )
    events = g.issue({"command": "play_site", "card": "Mudslide", "at": "17", "targets": ["east"]})
    assert at(g, "dragon") == "7" and at(g, "boars") == "3"  # Mudslide's Genesis slides its column east
    refused = [e for e in events if type(e).__name__ == "StepRefused" and e.unit == "dragon"]
    assert refused and refused[0].rule.source == "Talamh Dreig"


def test_talamh_dreig_cant_be_moved_by_force_so_no_carrier_picks_it_up() -> None:
    g = realm(DRAGON + "    - {id: beast, card: Beast of Burden, owner: p2, at: 7}\n", VALLEYS, active="p2")
    with pytest.raises(IllegalCommand, match="Talamh Dreig|moved by force"):
        g.issue({"command": "pick_up", "unit": "beast", "targets": ["dragon"]})


def test_a_silenced_talamh_dreig_is_moved_by_force() -> None:
    """A silenced unit has lost its abilities (codex: Silenced): Windblast pushes it."""
    g = realm(DRAGON + "    - {id: sisters, card: Sisters of Silence, owner: p1, at: 8}\n", VALLEYS)
    cast(g, "Windblast", "north")
    assert at(g, "dragon") == "2" and "dragon" not in spell_event(g).unaffected


# --- Recurring Specter: can't defend (as Tawny) ---------------------------------------------------


SPECTER = """
title: t
ruleset: sorcery
aliases: {A: 11, B: 12}
setup:
  sites:
    - {at: A, card: Valley, controller: p2}
    - {at: B, card: Valley, controller: p2}
  units:
    - {id: boars, card: Wild Boars, owner: p1, at: B}
    - {id: specter, card: Recurring Specter, owner: p2, at: A}
    - {id: troll, card: Bosk Troll, owner: p2, at: A}
"""


def test_recurring_specter_cant_defend() -> None:
    g = game(SPECTER)
    g.issue({"command": "move_and_attack", "unit": "boars", "attack": "site"})
    defenders = {c.unit for c in g.legal_commands() if isinstance(c, Defend)}
    assert "troll" in defenders and "specter" not in defenders
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "defend", "unit": "specter"})
    assert refused.value.rule.source == "Recurring Specter"


def test_talamh_dreig_cant_be_moved_by_force_an_activated_push_is_refused_before_its_cost() -> None:
    g = activated_realm("    - {id: dragon, card: Talamh Dreig, owner: p2, at: 14}\n", sites=RIVERS)
    with pytest.raises(IllegalCommand) as refused:
        activate(g, "river-rapids", "dragon", 9)
    assert refused.value.rule.source == "Talamh Dreig" and at(g, "dragon") == "14"
