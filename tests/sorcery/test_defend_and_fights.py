"""Defend, attacks and fights (codex: Defend, Attack, Fight, Strike, Damage, Lethal)."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.commands import Defend
from tests.helpers import game

ARENA = """
title: arena
ruleset: sorcery
aliases: {A: 11, B: 12, C: 13}
setup:
  sites:
    - {at: A, card: Valley, controller: p2}
    - {at: B, card: Steppe, controller: p2}
    - {at: C, card: Wasteland, controller: p2}
  units:
    - {id: boars, card: Wild Boars, owner: p1, at: A}
    - {id: troll, card: Bosk Troll, owner: p2, at: B}
    - {id: wizard, card: Apprentice Wizard, owner: p2, at: C}
  artifacts:
    - {id: dagger, card: Poisonous Dagger, bearer: wizard}
"""


def attacked() -> object:
    g = game(ARENA)
    g.issue({"command": "move_and_attack", "unit": "boars", "attack": "site"})
    return g


def test_defend_needs_the_attack_location_in_range_of_motion() -> None:
    g = attacked()
    with pytest.raises(IllegalCommand, match="range of motion"):
        g.issue({"command": "defend", "unit": "wizard"})  # C -> A is two steps


def test_defend_needs_an_untapped_unit() -> None:
    g = game(ARENA.replace("{id: troll, card: Bosk Troll, owner: p2, at: B}", "{id: troll, card: Bosk Troll, owner: p2, at: B, tapped: true}"))
    g.issue({"command": "move_and_attack", "unit": "boars", "attack": "site"})
    with pytest.raises(IllegalCommand, match="untapped"):
        g.issue({"command": "defend", "unit": "troll"})


def test_only_the_attacked_player_defends() -> None:
    g = game(ARENA.replace("{id: wizard, card: Apprentice Wizard, owner: p2, at: C}", "{id: wizard, card: Apprentice Wizard, owner: p1, at: B}"))
    g.issue({"command": "move_and_attack", "unit": "boars", "attack": "site"})
    with pytest.raises(IllegalCommand, match="own attack"):
        g.issue({"command": "defend", "unit": "wizard"})


def test_defend_without_an_open_attack_is_refused() -> None:
    g = game(ARENA)
    with pytest.raises(IllegalCommand, match="no attack awaits defenders"):
        g.issue({"command": "defend", "unit": "troll"})


def test_strikes_in_a_fight_are_simultaneous_and_death_comes_at_damage_equal_to_power() -> None:
    g = attacked()
    g.issue({"command": "defend", "unit": "troll"})
    events = g.issue({"command": "pass"})
    strikes = [(e.striker, e.target, e.amount) for e in events if e.name == "StrikeDealt"]
    assert ("boars", "troll", 2) in strikes and ("troll", "boars", 3) in strikes
    assert not g.state.units["boars"].alive  # 3 damage >= power 2
    assert g.state.units["troll"].alive and g.state.units["troll"].damage == 2


def test_a_defended_site_leaves_the_fight_and_is_not_struck() -> None:
    g = attacked()
    g.issue({"command": "defend", "unit": "troll"})
    events = g.issue({"command": "pass"})
    assert "SiteStruck" not in [e.name for e in events]
    assert g.state.life["p2"] == 20


def test_an_undefended_site_is_struck_and_its_controller_loses_life() -> None:
    g = attacked()
    g.issue({"command": "pass"})
    assert g.state.life["p2"] == 18


def test_lethal_kills_with_any_damage() -> None:
    g = game(ARENA.replace("at: C}", "at: A}", 1).replace("{id: boars, card: Wild Boars, owner: p1, at: A}", "{id: boars, card: Bosk Troll, owner: p1, at: A}"))
    g.issue({"command": "move_and_attack", "unit": "boars", "attack": "wizard"})
    events = g.issue({"command": "pass"})
    died = {e.unit: e.rule.source for e in events if e.name == "UnitDied"}
    assert died == {"wizard": "codex: Damage", "boars": "codex: Lethal"}


def test_damage_is_removed_at_the_end_of_the_turn() -> None:
    g = attacked()
    g.issue({"command": "defend", "unit": "troll"})
    g.issue({"command": "pass"})
    g.issue({"command": "end_turn"})
    assert g.state.units["troll"].damage == 0


SELF_DEFENCE = """
title: the attacked unit and its neighbour
ruleset: sorcery
active_player: p1
aliases: {A: 11, B: 12}
setup:
  sites:
    - {at: A, card: Valley, controller: p2}
    - {at: B, card: Valley, controller: p1}
  units:
    - {id: boars, card: Wild Boars, owner: p1, at: B}
    - {id: troll, card: Bosk Troll, owner: p2, at: A}
    - {id: troll2, card: Bosk Troll, owner: p2, at: A}
script:
  - {command: move_and_attack, unit: boars, path: [A], attack: troll}
"""


def test_defend_answers_an_attack_on_another_unit_so_the_target_may_not_defend() -> None:
    g = game(SELF_DEFENCE)
    refusals = g.refusals({"command": "defend", "unit": "troll"})
    assert refusals and "another unit or site" in str(refusals[0]) and "codex: Defend" in str(refusals[0])
    with pytest.raises(IllegalCommand, match="troll is the attack's target"):
        g.issue({"command": "defend", "unit": "troll"})
    defenders = {c.unit for c in g.legal_commands() if isinstance(c, Defend)}
    assert defenders == {"troll2"}  # the other unit there may defend the troll
    assert Defend(player="p2", unit="troll") not in g.legal_commands()
    g.issue({"command": "defend", "unit": "troll2"})
    events = g.issue({"command": "pass"})
    strikes = [(e.striker, e.target) for e in events if e.name == "StrikeDealt"]
    assert strikes.count(("troll", "boars")) == 1  # the target strikes once, as the attacked unit


def test_every_defend_the_command_accepts_is_a_legal_command() -> None:
    """codex: Defend, in every Sorcery example that opens a defence window: each unit's Defend is
    listed exactly when the command accepts it, the command tried on a copy of the game (the
    aggregate is the reference, not the listing's own check)."""
    import copy

    from domain.errors import SimError
    from sim.runner import play, split_entry
    from sim.scenario import load_scenario
    from tests.helpers import EXAMPLES

    windows = 0
    for path in sorted((EXAMPLES / "sorcery").glob("*.yaml")):
        scenario = load_scenario(path)
        if not any(split_entry(entry)[0]["command"] == "defend" for entry in scenario.script):
            continue
        script = scenario.script
        scenario.script = []
        g = play(scenario).game
        for step in script:
            attack = getattr(g.state, "attack", None)
            if attack is not None and attack.window_open:
                windows += 1
                defender = g.state.opponent_of(g.state.units[attack.attacker].owner)
                listed = {c.unit for c in g.legal_commands() if isinstance(c, Defend)}
                for unit in sorted(u.id for u in g.state.units.values() if u.owner == defender):
                    trial = copy.deepcopy(g)
                    try:
                        trial.issue({"command": "defend", "unit": unit, "player": defender}, rollback=False)
                        accepted = True
                    except SimError:
                        accepted = False
                    assert (unit in listed) == accepted, f"{path.name}: {unit} listed {unit in listed}, accepted {accepted}"
            try:
                g.issue(split_entry(step)[0])
            except SimError:
                pass  # an expected refusal: nothing recorded
    assert windows >= 10


AIRBORNE_ON_ARRIVAL = """
title: attackers Airborne only where their move ends
ruleset: sorcery
active_player: p2
setup:
  sites:
    - {at: 7, card: Valley, controller: p2}
    - {at: 12, card: Valley, controller: p1}
    - {at: 13, card: Valley, controller: p1}
  units:
    - {id: eagle, card: Haast Eagle, owner: p1, at: 12}
    - {id: pegasus, card: Plumed Pegasus, owner: p1, at: 13}
    - {id: gaunts, card: Gibbous Nightgaunts, owner: p2, at: 11/void}
    - {id: spirit, card: Cloud Spirit, owner: p2, at: 7}
  auras:
    - {id: silence, card: Silence, controller: p1, at: 1}
"""


@pytest.mark.parametrize(
    ("unit", "path", "target"),
    [("gaunts", ["12"], "eagle"), ("spirit", ["12", "13"], "pegasus")],
)
def test_an_attacker_airborne_where_its_move_ends_may_name_an_airborne_target(unit: str, path: list[str], target: str) -> None:
    # codex: Move and Attack (the attack is declared at the final location, after the path),
    # Airborne (only on the surface; only Airborne attackers target Airborne units), Silenced.
    # The Nightgaunts are in the void and the Cloud Spirit in a Silence aura (1, 2, 6, 7): not
    # Airborne where they start, Airborne where they end. `sim legal` lists these attacks;
    # the command refused them up front.
    g = game(AIRBORNE_ON_ARRIVAL)
    command = {"command": "move_and_attack", "player": "p2", "unit": unit, "path": path, "attack": target}
    listed = [c.model_dump(exclude_none=True) for c in g.legal_commands()]
    assert command in listed
    events = g.issue(command)
    assert any(e.name == "AttackDeclared" and e.attacker == unit and e.target == target for e in events)


def test_an_attacker_not_airborne_where_its_move_ends_is_still_refused_up_front() -> None:
    g = game(AIRBORNE_ON_ARRIVAL.replace("Cloud Spirit", "Bosk Troll"))
    with pytest.raises(IllegalCommand, match="Airborne"):
        g.issue({"command": "move_and_attack", "player": "p2", "unit": "spirit", "path": ["12"], "attack": "eagle"})


@pytest.mark.parametrize(("field", "command"), [
    ("attack", {"command": "move_and_attack", "unit": "spirit", "path": ["12"], "attack": "eagel"}),
    ("split", {"command": "move_and_attack", "unit": "spirit", "path": ["12"], "attack": "eagle", "split": {"eagel": 2}}),
])
def test_an_unknown_unit_named_as_the_attacks_target_or_in_its_split_is_bad_input_on_that_field(field: str, command: dict[str, object]) -> None:
    # a one-line error pointing at the field that holds the bad name, not at "unit"
    g = game(AIRBORNE_ON_ARRIVAL)
    with pytest.raises(BadInput, match="unknown unit 'eagel'; did you mean 'eagle'") as caught:
        g.issue({**command, "player": "p2"})
    assert caught.value.where == field
