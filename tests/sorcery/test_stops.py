"""Stops (codex: Stops): a unit stops once no more movement of its own (or of its carrier's) is on
the storyline, and only after it moved: a teleport or a step that left it where it was is no
stop. What triggers on stopping follows that (Adtonitum: "Whenever Adtonitum stops")."""

from __future__ import annotations

from typing import Any

from domain.rulesets.sorcery.cards import ABILITIES
from tests.helpers import game

VALLEYS = (1, 2, 3, 6, 7, 8, 9, 11, 12, 13)


def realm(units: str, sites: tuple[int, ...] = VALLEYS, extra: str = "") -> Any:
    return game(
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in sites)
        + extra
        + "  units:\n" + units
    )


DRAGON = "    - {id: dragon, card: Adtonitum, owner: p1, at: 7}\n"
BOARS = "    - {id: boars, card: Wild Boars, owner: p2, at: 8}\n"


def queued(g: Any) -> list[Any]:
    return [e for e in g.pending_events if type(e).__name__ == "TriggerQueued" and e.trigger.ability == "damage_on_stop"]


def kinds(g: Any) -> list[str]:
    return [type(e).__name__ for e in g.pending_events]


def test_adtonitum_stopping_is_declared() -> None:
    assert any(a.trigger == "damage_on_stop" for a in ABILITIES["Adtonitum"])


def test_a_unit_stops_once_when_its_move_ends_not_at_each_step() -> None:
    g = realm(DRAGON)
    g.issue({"command": "move_and_attack", "unit": "dragon", "path": ["8", "9"]})
    assert len(queued(g)) == 1
    names = kinds(g)
    assert names.index("MoveEnded") < names.index("TriggerQueued")


def test_a_move_whose_every_step_is_refused_is_no_stop() -> None:
    # Gnome Hollows bars a unit of 3 or more power: the step is refused, the dragon never moved
    g = realm(DRAGON, extra="    - {at: 8, card: Gnome Hollows, controller: p1}\n", sites=(1, 2, 3, 6, 7, 9, 11, 12, 13))
    g.issue({"command": "move_and_attack", "unit": "dragon", "path": ["8"]})
    assert "StepRefused" in kinds(g) and "MoveEnded" in kinds(g)
    assert queued(g) == []


def test_a_teleport_to_a_new_location_is_a_stop_and_each_move_stops_on_its_own() -> None:
    g = realm(DRAGON)
    g.issue({"command": "cast", "card": "Blink", "targets": ["dragon", "8"]})
    g.issue({"command": "cast", "card": "Blink", "targets": ["dragon", "9"]})
    assert len(queued(g)) == 2


def test_a_teleport_to_where_it_already_is_is_no_stop() -> None:
    g = realm(DRAGON)
    g.issue({"command": "cast", "card": "Blink", "targets": ["dragon", "7"]})
    assert queued(g) == []


def test_adtonitum_may_deal_3_damage_to_another_random_unit_where_she_stops() -> None:
    g = realm(DRAGON + BOARS + "    - {id: nomads, card: Rimland Nomads, owner: p2, at: 8}\n")
    g.issue({"command": "move_and_attack", "unit": "dragon", "path": ["8"]})
    pending = g.state.choice
    assert pending is not None and set(pending.options) == {"yes", "no"}
    g.issue({"command": "choose", "option": "yes"})
    rolled = [e for e in g.pending_events if type(e).__name__ == "DiceRolled"]
    assert rolled and rolled[-1].dice == "1d2"
    hit = [e for e in g.pending_events if type(e).__name__ == "DamageTaken"]
    assert len(hit) == 1 and hit[0].amount == 3 and hit[0].unit in ("boars", "nomads") and hit[0].source == "dragon"


def test_adtonitum_declining_deals_no_damage() -> None:
    g = realm(DRAGON + BOARS)
    g.issue({"command": "move_and_attack", "unit": "dragon", "path": ["8"]})
    g.issue({"command": "choose", "option": "no"})
    assert "DamageTaken" not in kinds(g)


def test_adtonitum_stopping_alone_has_nothing_to_damage_and_asks_nothing() -> None:
    g = realm(DRAGON)
    g.issue({"command": "move_and_attack", "unit": "dragon", "path": ["8"]})
    assert g.state.choice is None
    resolved = [e for e in g.pending_events if type(e).__name__ == "TriggerResolved"]
    assert resolved and "no other unit" in resolved[-1].outcome


def test_a_carried_unit_stops_when_its_carrier_stops() -> None:
    g = realm(DRAGON + "    - {id: beast, card: Beast of Burden, owner: p1, at: 7}\n" + BOARS)
    g.issue({"command": "pick_up", "unit": "beast", "targets": ["dragon"]})
    g.issue({"command": "move_and_attack", "unit": "beast", "path": ["8"]})
    assert g.state.units["dragon"].location == "8"
    assert len(queued(g)) == 1 and queued(g)[0].trigger.subject == "dragon"


def test_a_unit_moved_by_a_trigger_mid_path_has_not_stopped_while_its_path_goes_on() -> None:
    # digest 2.11 and codex: Stops (seed 000's storyline digest): Mariner's Curse submerges
    # Adtonitum as she enters the Stream at 8, a move of the trigger's own, while her step to 9
    # is still on the storyline: that move's end is no stop, and "whenever she stops" waits
    g = realm(
        DRAGON + "    - {id: nomads, card: Rimland Nomads, owner: p2, at: 8}\n",
        sites=(1, 2, 3, 6, 7, 9, 11, 12, 13),
        extra="    - {at: 8, card: Stream, controller: p1}\n  auras:\n    - {id: curse, card: Mariner's Curse, controller: p2, at: 8}\n",
    )
    g.issue({"command": "move_and_attack", "unit": "dragon", "path": ["8", "9"]})
    assert "StepTaken" in kinds(g) and any(type(e).__name__ == "UnitDied" for e in g.pending_events)
    assert queued(g) == []
