"""``sim why --defend`` and ``--intercept``: the question a judge asks is whether a unit may
Defend (or Intercept), and every rule that refuses it, not only whether it can reach the place
(codex: Defend, Intercept, Summoning Sickness, Tap)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from domain.errors import IllegalCommand
from sim.cli import main
from tests.helpers import game

SICK = """title: a summoning-sick unit reaches the attack and still may not defend
ruleset: sorcery
active_player: p1
aliases: {A: 11, B: 12, C: 13}
setup:
  sites:
    - {at: A, card: Valley, controller: p2}
    - {at: B, card: Valley, controller: p2}
    - {at: C, card: Valley, controller: p2}
    - {at: 1, card: Valley, controller: p2}
  units:
    - {id: troll, card: Bosk Troll, owner: p2, at: A, summoned: true}
    - {id: nomads, card: Rimland Nomads, owner: p2, at: A}
    - {id: far, card: Bosk Troll, owner: p2, at: 1, summoned: true}
    - {id: raider, card: Wild Boars, owner: p1, at: B}
script:
  - {command: move_and_attack, unit: raider, attack: site}
"""


def why(tmp_path: Path, *args: str) -> Result:
    path = tmp_path / "sick.yaml"
    path.write_text(SICK)
    return CliRunner().invoke(main, ["why", str(path), *args])


def test_a_unit_that_reaches_the_attack_may_still_be_refused_defending_and_why_says_so(tmp_path: Path) -> None:
    assert why(tmp_path, "--unit", "troll", "--to", "B").exit_code == 0  # it can reach B
    result = why(tmp_path, "--unit", "troll", "--defend")
    assert result.exit_code == 1
    assert "troll may not defend against attack a1:" in result.output
    assert "Summoning Sickness" in result.output


def test_why_defend_lists_every_reason_not_only_the_first(tmp_path: Path) -> None:
    data = json.loads(why(tmp_path, "--unit", "far", "--defend", "--json").output)
    sources = [r["rule"]["source"] for r in data["reasons"]]
    assert data["allowed"] is False and data["attack"] == "a1"
    assert "codex: Summoning Sickness" in sources and "codex: Range of Motion" in sources


def test_the_first_reason_is_the_one_the_command_is_refused_with() -> None:
    g = game(SICK)
    first = g.refusals({"command": "defend", "unit": "far"})[0]
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "defend", "unit": "far"})
    assert str(refused.value) == str(first)


def test_a_unit_that_may_defend_is_told_so_and_the_command_then_lands(tmp_path: Path) -> None:
    result = why(tmp_path, "--unit", "nomads", "--defend")
    assert result.exit_code == 0 and "nomads may defend against attack a1" in result.output
    g = game(SICK)
    assert g.refusals({"command": "defend", "unit": "nomads"}) == []
    g.issue({"command": "defend", "unit": "nomads"})


def test_an_attack_named_that_is_not_the_pending_one_is_a_reason(tmp_path: Path) -> None:
    result = why(tmp_path, "--unit", "nomads", "--defend", "a9")
    assert result.exit_code == 1 and "attack a9 is not the one to defend now: the attack awaiting defenders is a1" in result.output


def test_why_intercept_gives_every_reason_too(tmp_path: Path) -> None:
    result = why(tmp_path, "--unit", "raider", "--intercept")
    assert result.exit_code == 1
    assert "no enemy may be intercepted now" in result.output and "raider is tapped" in result.output


def test_one_question_at_a_time_and_defend_only_where_the_ruleset_has_it(tmp_path: Path) -> None:
    assert why(tmp_path, "--unit", "troll").exit_code == 2
    assert why(tmp_path, "--unit", "troll", "--to", "B", "--intercept").exit_code == 2
    from tests.helpers import EXAMPLES

    other = CliRunner().invoke(main, ["why", str(EXAMPLES / "godsgloom" / "09-ignore-difficult.yaml"), "--unit", "militia", "--defend"])
    assert other.exit_code == 2 and "--defend is a Sorcery question" in other.output


AIRBORNE_MOVER = """title: an Airborne mover, a troll and a pegasus where it stops
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p2}
    - {at: 8, card: Valley, controller: p2}
  units:
    - {id: pegasus, card: Plumed Pegasus, owner: p1, at: 8}
    - {id: troll, card: Bosk Troll, owner: p2, at: 7}
    - {id: other, card: Plumed Pegasus, owner: p2, at: 7}
    - {id: far, card: Bosk Troll, owner: p2, at: 8}
script:
  - {command: move_and_attack, unit: pegasus, path: [7]}
"""


def test_an_interceptor_refused_for_an_airborne_mover_is_told_the_airborne_rule() -> None:
    # codex: Airborne (digest 2.4, 3.4): an Airborne unit can be intercepted only by Airborne or
    # Ranged units. The troll stands there untapped, and the other pegasus may intercept: the
    # refusal names the Airborne rule, not "no unit there may intercept it".
    g = game(AIRBORNE_MOVER)
    refusal = g.refusals({"command": "intercept", "player": "p2", "unit": "troll"})[0]
    assert refusal.rule.source == "codex: Airborne" and "Airborne or Ranged" in str(refusal)
    assert g.refusals({"command": "intercept", "player": "p2", "unit": "other"}) == []
    far = g.refusals({"command": "intercept", "player": "p2", "unit": "far"})[0]
    assert far.rule.source == "codex: Intercept" and "already be there" in str(far)


WISPS = """title: a defender asked about while a choice is pending
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p2}
    - {at: 8, card: Valley, controller: p2}
  units:
    - {id: troll, card: Bosk Troll, owner: p1, at: 7}
    - {id: wisps, card: "Wills-o'-the-Wisp", owner: p2, at: 7}
    - {id: nomads, card: Rimland Nomads, owner: p2, at: 8}
script:
  - {command: move_and_attack, unit: troll, attack: wisps}
"""


def test_while_a_choice_is_pending_why_defend_names_it_first_as_the_command_is_refused_with_it() -> None:
    """Codex: Storyline (a player's choice is answered before anything else is done): the troll's
    attack on the Wisps asks p2 whether they evade; until p2 answers, a Defend is refused with
    that, so ``Game.refusals`` (``sim why --defend``) names it first, never "may defend". Found
    by tests/sorcery/fuzz_realms.py (seed 50021, --heavy): the reasons were the defend rules'
    alone, and said none."""
    g = game(WISPS)
    assert g.state.choice is not None and g.state.choice.player == "p2"
    reasons = g.refusals({"command": "defend", "unit": "nomads"})
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "defend", "unit": "nomads"})
    assert reasons and str(reasons[0]) == str(refused.value)
    assert g.refusals({"command": "intercept", "unit": "nomads"})[0].rule == refused.value.rule
