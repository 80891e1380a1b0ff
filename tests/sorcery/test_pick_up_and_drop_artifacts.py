"""Pick Up and Drop of artifacts: basic abilities of every unit (digest 2.1, 4.1; codex: Pick Up,
Drop, Carrying Artifacts). Digest 2.6 reads a carrier's Pick Up as "also" taking units, so the
basic one takes artifacts at the unit's location, and Drop releases artifacts it bears; each once
on the turn, Drop only if the unit hasn't interacted with the realm. Before, `pick_up` naming an
artifact was "unknown unit" and `drop` naming a borne one "doesn't carry" it."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand, SimError
from tests.helpers import game, reach

HEAD = """
title: artifacts on the ground and in hand
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
    - {at: 8, card: Valley, controller: p1}
    - {at: 9, card: Valley, controller: p1}
  units:
    - {id: troll, card: Bosk Troll, owner: p1, at: 7}
    - {id: boars, card: Wild Boars, owner: p1, at: 8}
    - {id: enemy, card: Wild Boars, owner: p2, at: 9}
"""

GROUND = HEAD + """  artifacts:
    - {id: boots, card: Seven-League Boots, controller: p1, at: 7}
    - {id: dagger, card: Poisonous Dagger, controller: p2, at: 7}
    - {id: wings, card: Wings of Invention, controller: p1, at: 9}
    - {id: muzzle, card: Magnetic Muzzle, controller: p2, bearer: boars}
"""

BORNE = HEAD + """  artifacts:
    - {id: boots, card: Seven-League Boots, controller: p1, bearer: troll}
"""


def _pick(unit: str, *targets: str) -> dict[str, Any]:
    return {"command": "pick_up", "unit": unit, "targets": list(targets)}


def _drop(unit: str, *targets: str) -> dict[str, Any]:
    return {"command": "drop", "unit": unit, "targets": list(targets)}


def test_a_unit_picks_up_an_artifact_lying_at_its_location_and_bears_it() -> None:
    g = game(GROUND)
    assert reach(g, "troll").allowance == 1
    events = g.issue(_pick("troll", "boots", "dagger"))
    assert [e.name for e in events if e.name == "ArtifactPickedUp"] == ["ArtifactPickedUp"] * 2
    assert g.state.features["boots"].bearer == "troll" and g.state.features["boots"].location is None
    assert reach(g, "troll").allowance == 8  # the Boots' Movement +7 is the bearer's now
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["8", "9"]})
    assert g.state.units["troll"].location == "9"


def test_a_unit_drops_an_artifact_it_bears_where_it_stands() -> None:
    g = game(BORNE)
    assert reach(g, "troll").allowance == 8
    events = g.issue(_drop("troll", "boots"))
    assert "ArtifactDropped" in [e.name for e in events]
    assert g.state.features["boots"].bearer is None and g.state.features["boots"].location == "7"
    assert reach(g, "troll").allowance == 1


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (_pick("boars", "boots"), "at its location"),  # lying at 7, the Boars at 8
        (_pick("troll", "muzzle"), "at its location"),  # borne by the Boars
        (_pick("troll", "valley-7"), "not an artifact"),
        (_drop("boars", "muzzle"), "Magnetic Muzzle"),  # its text: can't drop it
        (_drop("troll", "boots"), "only what it carries"),
        (_pick("enemy", "wings"), "own turn"),
    ],
)
def test_what_pick_up_and_drop_of_artifacts_refuse(command: dict[str, Any], reason: str) -> None:
    g = game(GROUND)
    with pytest.raises(SimError, match=reason):
        g.issue(command)


def test_pick_up_is_once_on_the_turn_for_units_and_artifacts_alike() -> None:
    g = game(GROUND)
    g.issue(_pick("troll", "boots"))
    with pytest.raises(IllegalCommand, match="once"):
        g.issue(_pick("troll", "dagger"))


def test_a_unit_that_struck_this_turn_drops_no_artifact() -> None:
    g = game(BORNE.replace("owner: p2, at: 9}", "owner: p2, at: 8}"))
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["8"], "attack": "enemy"})
    g.issue({"command": "pass", "player": "p2"})
    with pytest.raises(IllegalCommand, match="interacted"):
        g.issue(_drop("troll", "boots"))


def test_a_disabled_unit_picks_up_no_artifact() -> None:
    text = GROUND.replace("    - {id: muzzle", "    - {id: shackles, card: Iron Shackles, controller: p2, bearer: troll}\n    - {id: muzzle")
    g = game(text)
    with pytest.raises(IllegalCommand, match="Disabled"):
        g.issue(_pick("troll", "boots"))


def _accepted(text: str, command: dict[str, Any]) -> bool:
    g = game(text)
    try:
        g.issue(command)
    except SimError:
        return False
    return True


@pytest.mark.parametrize("text", [GROUND, BORNE])
def test_legal_lists_the_artifact_pick_ups_and_drops_the_command_accepts(text: str) -> None:
    g = game(text)
    listed = {(type(c).__name__, c.unit, tuple(c.targets)) for c in g.legal_commands() if type(c).__name__ in ("PickUp", "Drop")}
    artifacts = sorted(f for f, card in g.state.features.items() if card.kind == "artifact")
    tried = {
        (name, unit, (art,))
        for name in ("PickUp", "Drop") for unit in sorted(g.state.units) for art in artifacts
        if _accepted(text, (_pick if name == "PickUp" else _drop)(unit, art) | {"player": "p1"})
    }
    assert tried <= listed
    for name, unit, targets in listed:
        assert _accepted(text, (_pick if name == "PickUp" else _drop)(unit, *targets) | {"player": "p1"})
    assert tried  # something is listed in each


SHACKLES = """
title: a carrier picks up Iron Shackles beside a dagger
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
  units:
    - {id: bob, card: Beast of Burden, owner: p1, at: 7}
    - {id: boars, card: Wild Boars, owner: p1, at: 7, carried_by: bob}
  artifacts:
    - {id: shackles, card: Iron Shackles, controller: p2, at: 7}
    - {id: dagger, card: Poisonous Dagger, controller: p1, at: 7}
"""


def test_artifacts_picked_up_together_are_judged_before_any_is_borne() -> None:
    # codex: Pick Up (one activation takes them all), Disabled, Carrying Units (a carrier that
    # loses its ability drops what it carries; digest 2.6). The Shackles disable their new
    # bearer, which must not refuse the dagger picked up with them; it then drops the Boars.
    g = game(SHACKLES)
    listed = [c for c in g.legal_commands() if type(c).__name__ == "PickUp" and c.unit == "bob"]
    assert ["dagger", "shackles"] in [list(c.targets) for c in listed]
    events = g.issue(_pick("bob", "dagger", "shackles"))
    assert g.state.features["dagger"].bearer == "bob" and g.state.features["shackles"].bearer == "bob"
    assert any(e.name == "UnitDropped" and e.unit == "boars" for e in events)


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (_pick("troll", "boots", "boots"), "name each target once: boots twice"),
        (_drop("boars", "muzzle", "muzzle"), "name each target once"),
        (_pick("troll", "bootz"), "unknown unit or artifact 'bootz'; did you mean 'boots'?"),
    ],
)
def test_a_target_named_twice_or_unknown_is_bad_input_on_the_targets_field(command: dict[str, Any], message: str) -> None:
    # a one-line error naming the field, not a second ArtifactPickedUp of the same artifact
    # nor "script[0].unit: unknown unit" for what is a target
    g = game(GROUND)
    with pytest.raises(BadInput, match=message) as caught:
        g.issue(command)
    assert caught.value.where == "targets"


UNDROPPABLE = HEAD + """  artifacts:
    - {id: blade, card: Blade of Thorns, controller: p1, bearer: troll}
    - {id: boots, card: Seven-League Boots, controller: p1, bearer: boars}
"""


@pytest.mark.parametrize(
    ("extra", "command", "reason"),
    [
        ("", _drop("troll", "blade"), "Blade of Thorns: its bearer can't drop it"),
        ("    - {id: greed, card: Lord of Greed, owner: p1, at: 8}\n", None, "Lord of Greed: can't drop artifacts"),
        ("  auras:\n    - {id: iron, card: Cursed Iron, controller: p2, at: 3}\n", _drop("boars", "boots"),
         "Cursed Iron: artifacts here can't be dropped"),
    ],
)
def test_cant_drop_abilities_refuse_the_drop_and_are_reported_modelled(extra: str, command: dict[str, Any] | None, reason: str) -> None:
    """Codex: Can vs. Can't; Blade of Thorns, Lord of Greed, Cursed Iron (``Ability.undroppable``):
    the Drop is refused naming the ability, and its words are no longer in the card's
    not-modelled text (they were, while the refusal read them from the text)."""
    from domain.rulesets.sorcery.coverage import derive

    text = UNDROPPABLE
    if extra.startswith("    - {id: greed"):
        text = text.replace("  artifacts:", extra + "  artifacts:").replace("bearer: boars}", "bearer: greed}")
        command = _drop("greed", "boots")
    else:
        text += extra
    g = game(text)
    assert command is not None
    with pytest.raises(IllegalCommand, match=reason):
        g.issue(command)
    card = reason.split(":")[0]
    assert not any("drop" in missing for missing in derive(card).unmodelled), card
