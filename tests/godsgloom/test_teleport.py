"""Teleporting another unit. Seed 001, Immovable: an Immovable unit can't be teleported by an
enemy (a friend may); seed 001, Lockdown: being Engaged by a Lockdown unit doesn't stop it. The
Teleport mechanic itself is not public (digest, section 9): a teleport goes to an empty hex of the
mat that is not Impassable, at any range."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from tests.godsgloom.test_movement_rules import mat
from tests.helpers import game, names, played

UNITS = (
    "    - {id: golem, owner: p1, type: Monster, at: '2,5', traits: [Immovable]}\n"
    "    - {id: mage, owner: p2, type: Hero, at: '4,4', facing: N}\n"
    "    - {id: priest, owner: p1, type: Hero, at: '1,7', facing: N}"
)


def test_immovable_units_cannot_be_teleported_by_enemies() -> None:
    g = game(mat(UNITS))
    with pytest.raises(IllegalCommand, match="Immovable"):
        g.issue({"command": "teleport", "unit": "golem", "by": "mage", "to": "5,6"})
    assert g.state.units["golem"].location == "2,5"


def test_a_friend_may_teleport_an_immovable_unit() -> None:
    g = game(mat(UNITS))
    events = g.issue({"command": "teleport", "unit": "golem", "by": "priest", "to": "5,6"})
    teleported = [e for e in events if e.name == "UnitTeleported"]
    assert [(e.unit, e.frm, e.to) for e in teleported] == [("golem", "2,5", "5,6")]
    assert "priest" in teleported[0].reason
    assert g.state.units["golem"].location == "5,6"


def test_an_enemy_may_teleport_a_unit_that_is_not_immovable() -> None:
    g = game(mat(UNITS))
    g.issue({"command": "teleport", "unit": "priest", "by": "mage", "to": "6,0"})
    assert g.state.units["priest"].location == "6,0"


def test_a_teleport_off_the_mat_is_bad_input_as_every_location_off_the_board() -> None:
    g = game(mat(UNITS, "{at: '3,3', type: Lake}"))
    with pytest.raises(BadInput, match="hex 9,9 is off the 7x10 mat"):
        g.issue({"command": "teleport", "unit": "golem", "by": "priest", "to": "9,9"})
    assert g.state.units["golem"].location == "2,5"


@pytest.mark.parametrize(
    ("to", "why"),
    [("3,3", "Impassable"), ("4,4", "occupied"), ("2,5", "occupied")],
)
def test_a_teleport_ends_on_an_empty_enterable_hex_of_the_mat(to: str, why: str) -> None:
    g = game(mat(UNITS, "{at: '3,3', type: Lake}"))
    with pytest.raises(IllegalCommand, match=why):
        g.issue({"command": "teleport", "unit": "golem", "by": "priest", "to": to})
    assert g.state.units["golem"].location == "2,5"


def test_lockdown_does_not_restrict_being_teleported() -> None:
    units = "    - {id: a, owner: p1, at: '2,5'}\n    - {id: w, owner: p2, at: '2,4', facing: S, traits: [Lockdown]}\n    - {id: f, owner: p1, at: '5,5'}"
    g = game(mat(units))
    g.issue({"command": "teleport", "unit": "a", "by": "f", "to": "5,6"})
    assert g.state.units["a"].location == "5,6"


def test_a_teleport_is_recorded_so_a_replay_places_the_unit_without_the_rules() -> None:
    from projections.state_hash import fold

    g = game(mat(UNITS))
    g.issue({"command": "teleport", "unit": "golem", "by": "priest", "to": "5,6"})
    assert fold(g.pending_events).units["golem"].location == "5,6"  # type: ignore[arg-type]


def test_a_scenario_script_may_teleport() -> None:
    text = mat(UNITS) + "script:\n  - {command: teleport, unit: golem, by: mage, to: '5,6', expect: refused, rule: Immovable}\n"
    text += "  - {command: teleport, unit: golem, by: priest, to: '5,6'}\n"
    assert "UnitTeleported" in names(played(text).events)


def test_a_unit_teleported_into_an_enemy_zone_is_engaged_like_a_flying_one() -> None:
    g = game(mat(UNITS))
    events = g.issue({"command": "teleport", "unit": "priest", "by": "golem", "to": "4,3"})  # across mage's front
    engaged = [e for e in events if e.name == "UnitEngaged"]
    assert [(e.unit, e.by) for e in engaged] == [("priest", ["mage"])]


def test_only_the_owner_of_the_teleporting_unit_teleports_with_it() -> None:
    g = game(mat(UNITS))
    with pytest.raises(IllegalCommand, match="own units"):
        g.issue({"command": "teleport", "player": "p2", "unit": "golem", "by": "priest", "to": "5,6"})


def test_a_flying_move_to_the_hex_the_unit_stands_on_is_refused_as_such() -> None:
    """Seed 001 Flying: the Move Action teleports the unit to a hex within Speed. A path naming
    only the hex it stands on names one hex, so the refusal must not say it should name exactly
    one (it did: the start hex is dropped from a declared path first)."""
    g = game(mat("    - {id: harpy, owner: p1, type: Monster, at: '2,5', speed: 3, traits: [Flying]}"))
    g.issue({"command": "activate", "unit": "harpy"})
    with pytest.raises(BadInput, match="^path: .*the hex harpy stands on"):
        g.issue({"command": "move", "unit": "harpy", "use": "Flying", "path": ["2,5"]})
    with pytest.raises(BadInput, match="^path: a Flying move names exactly one destination hex"):
        g.issue({"command": "move", "unit": "harpy", "use": "Flying", "path": ["2,4", "2,3"]})


@pytest.mark.parametrize("phase", ["pregame", "activation", "activated", "gods_push"])
def test_displace_and_teleport_are_scripted_effects_not_listed_and_in_agrees(phase: str) -> None:
    # seed 001 Lockdown names "movement from other sources, such as Displacement, Teleport": the
    # engine takes them as scripted commands (their triggers, a Melee Attack's outcome or another
    # unit's ability, are not public), accepted in any step of the round but never listed by
    # legal_commands (docs/design.md, Legal commands; docs/godsgloom.md); ``in`` agrees
    text = mat(UNITS)
    if phase == "pregame":
        text = text.replace("  width: 7\n", "  width: 7\n  phase: pregame\n")
    g = game(text)
    if phase == "activated":
        g.issue({"command": "activate", "unit": "golem"})
    if phase == "gods_push":
        g.issue({"command": "end_round"})
    assert g.state.phase == ("pregame" if phase == "pregame" else "gods_push" if phase == "gods_push" else "activation")
    listed = list(g.legal_commands())
    assert listed and not [c for c in listed if c.command in ("displace", "teleport")]  # type: ignore[attr-defined]
    teleport = {"command": "teleport", "unit": "priest", "by": "mage", "to": "6,0"}
    displace = {"command": "displace", "unit": "priest", "by": "mage", "to": "1,6"}
    assert teleport not in g.legal_commands() and displace not in g.legal_commands()
    # both are accepted all the same, as scripted effects
    g.issue(displace)
    g.issue({**teleport, "to": "6,0"})
    assert g.state.units["priest"].location == "6,0"


def test_a_teleport_is_played_by_the_owner_of_the_unit_teleporting() -> None:
    # seed 001 Immovable: a teleport is another unit's ability, so its owner's to play; a player
    # named otherwise is refused
    g = game(mat(UNITS))
    with pytest.raises(IllegalCommand, match="mage belongs to p2"):
        g.issue({"command": "teleport", "player": "p1", "unit": "priest", "by": "mage", "to": "6,0"})
    assert g.state.units["priest"].location == "1,7"
    g.issue({"command": "teleport", "player": "p2", "unit": "priest", "by": "mage", "to": "6,0"})
    assert g.state.units["priest"].location == "6,0"


@pytest.mark.parametrize("player", ["p1", "p2"])
def test_a_push_is_displaced_by_the_pushed_units_controller_or_by_the_pushers(player: str) -> None:
    # digest §8, MEL.60: the loser's own controller displaces it 1 hex (p1's priest pushed by
    # p2's mage: p1 places it); a displacement by another unit's ability is that owner's (p2)
    g = game(mat(UNITS))
    g.issue({"command": "displace", "player": player, "unit": "priest", "by": "mage", "to": "1,6"})
    assert g.state.units["priest"].location == "1,6"


def test_a_displace_named_for_a_player_owning_neither_unit_is_refused() -> None:
    # MEL.60 (digest §8): no one but the two units' owners plays a displacement; p1 names itself
    # for p2's mage displacing p2's own imp, and is refused, the imp not moved
    units = UNITS + "\n    - {id: imp, owner: p2, at: '4,6', facing: N}"
    g = game(mat(units))
    with pytest.raises(IllegalCommand, match="MEL.60"):
        g.issue({"command": "displace", "player": "p1", "unit": "imp", "by": "mage", "to": "4,7"})
    assert g.state.units["imp"].location == "4,6"
    g.issue({"command": "displace", "player": "p2", "unit": "imp", "by": "mage", "to": "4,7"})
    assert g.state.units["imp"].location == "4,7"


def test_teleport_arrival_engages_false_is_reported_as_not_modelled_engaged_stays_positional() -> None:
    # digest §10 teleport_arrival_engages ("Engaged is positional"); seed 002 §8.2 reads Engaged
    # where the unit stands, as every rule here does: under false a unit teleported into an
    # enemy zone records no UnitEngaged but is still Engaged (its activation, §8.2's one hex), so
    # the option's false is reported beside every answer, not silently half-applied
    from domain.rulesets.godsgloom import GodsgloomRuleset

    units = (
        "    - {id: a, owner: p1, at: '2,6', facing: N, speed: 4}\n"
        "    - {id: m, owner: p1, at: '5,6', facing: N}\n"
        "    - {id: e, owner: p2, at: '2,2', facing: S}"
    )
    for value in ("true", "false"):
        g = game(mat(units, options="{teleport_arrival_engages: " + value + "}"))
        events = g.issue({"command": "teleport", "unit": "a", "by": "m", "to": "2,3"})
        assert ("UnitEngaged" in names(events)) == (value == "true")
        activated = [e for e in g.issue({"command": "activate", "unit": "a"}) if e.name == "UnitActivated"]
        assert activated[0].engaged_by == ["e"]
        with pytest.raises(IllegalCommand, match="§8.2"):
            g.issue({"command": "move", "unit": "a", "path": ["2,4", "2,5"]})
        warned = [str(d) for d in GodsgloomRuleset().diagnostics(g.state)]
        if value == "true":
            assert warned == []
        else:
            assert len(warned) == 1 and "teleport_arrival_engages" in warned[0] and "still Engaged" in warned[0]


def test_a_logged_displace_by_a_player_owning_neither_unit_still_verifies_with_a_note() -> None:
    """Logs are forever: displace did not read its player before, so a log may hold one named
    for a player owning neither unit; it is re-issued as logged, and the verdict says so."""
    from domain.logged import reissuing_logged_commands
    from sim.replay import verify, verify_exactly
    from sim.runner import recorded

    units = UNITS + "\n    - {id: imp, owner: p2, at: '4,6', facing: N}"
    g = game(mat(units))
    with reissuing_logged_commands():
        g.issue({"command": "displace", "player": "p1", "unit": "imp", "by": "mage", "to": "4,7"})
    verdict = verify(recorded(g))
    assert verdict.ok and len(verdict.notes) == 1 and "neither imp nor mage belongs to p1" in verdict.notes[0], verdict
    assert verify_exactly(recorded(g)).ok


def test_the_displacing_players_refusal_cites_mel60_for_the_controller_only_and_the_pusher_as_a_reading() -> None:
    # digest §8, MEL.60 names the pushed unit's own controller only; that the owner of the
    # displacing unit may play it too is this simulator's reading (docs/godsgloom.md)
    units = UNITS + "\n    - {id: imp, owner: p2, at: '4,6', facing: N}"
    g = game(mat(units))
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "displace", "player": "p1", "unit": "imp", "by": "mage", "to": "4,7"})
    source = refused.value.rule.source
    assert "MEL.60 (the pushed unit's controller)" in source and "the owner of the displacing unit: a reading" in source, source


def test_a_unit_is_not_displaced_by_itself_refused_naming_by() -> None:
    # MEL.60 (digest §8): a push is one unit's of another; ``by`` naming the unit pushed is bad input
    g = game(mat(UNITS))
    with pytest.raises(BadInput) as refused:
        g.issue({"command": "displace", "unit": "priest", "by": "priest", "to": "1,6"})
    text = str(refused.value)
    assert refused.value.where == "by" and text.startswith("by: ") and "priest" in text and "\n" not in text, text
    assert g.state.units["priest"].location == "1,7"


def test_a_logged_displace_of_a_unit_by_itself_still_verifies_with_a_note() -> None:
    """Logs are forever: displace did not refuse ``by`` naming the unit itself before, so a log
    may hold one; it is re-issued as logged, and the verdict says so (as the player check)."""
    from domain.logged import reissuing_logged_commands
    from sim.replay import verify, verify_exactly
    from sim.runner import recorded

    g = game(mat(UNITS))
    with reissuing_logged_commands() as notes:
        g.issue({"command": "displace", "unit": "priest", "by": "priest", "to": "1,6"})
    assert g.state.units["priest"].location == "1,6" and len(notes) == 1
    verdict = verify(recorded(g))
    assert verdict.ok and len(verdict.notes) == 1 and "priest displaced by itself" in verdict.notes[0], verdict
    assert verify_exactly(recorded(g)).ok



def test_a_scenario_displacing_a_unit_by_itself_is_bad_input_naming_by(tmp_path: object) -> None:
    # MEL.60 (digest §8): example 47 with a self-displace added is bad input at that step's ``by``
    from pathlib import Path

    from tests.cli_runs import sim
    from tests.helpers import EXAMPLES

    text = (EXAMPLES / "godsgloom" / "47-displace-and-teleport-who-plays-them.yaml").read_text("utf-8")
    last = '  - {command: teleport, unit: warband, by: priest, to: "0,0"}\n'
    assert last in text
    path = Path(str(tmp_path)) / "self-displace.yaml"
    path.write_text(text.replace(last, last + '  - {command: displace, unit: imp, by: imp, to: "4,3"}\n'), "utf-8")
    result = sim("check", str(path))
    assert result.exit_code == 2 and "script[5].by: names imp, the unit displaced" in result.output, result.output
