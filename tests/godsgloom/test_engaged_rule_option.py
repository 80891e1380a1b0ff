"""Option ``engaged_rule`` (digest §10; docs/godsgloom.md, the options table): under
``mutual_adjacent`` any enemy next to a unit Engages it, whichever way either faces. The option
decides who is Engaged (what §8.2, Lockdown, the God's Push and Scout Deploy's end read); what
ends a move (seed 002 §8.3) is still entering a hex of an enemy's ``engagement_zone``."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import game

MUTUAL = "{engaged_rule: mutual_adjacent}"


def test_engaged_rule_mutual_adjacent_engages_a_unit_behind_an_enemy() -> None:
    units = "    - {id: a, owner: p1, at: '3,5', facing: N, speed: 3}\n    - {id: e, owner: p2, at: '3,4', facing: N}"
    engaged_by = {
        options: [e.engaged_by for e in activated(mat(units, options=options), "a").pending_events if e.name == "UnitActivated"]
        for options in ("{}", MUTUAL)
    }
    assert engaged_by == {"{}": [[]], MUTUAL: [["e"]]}


def test_engaged_rule_mutual_adjacent_leaves_the_section_8_3_stop_to_the_engagement_zone() -> None:
    """Walking along an enemy's back enters no hex of its Front Arc zone: the move is not ended
    there, and the unit ends Engaged by it (adjacent)."""
    units = "    - {id: a, owner: p1, at: '3,7', facing: N, speed: 4}\n    - {id: e, owner: p2, at: '3,4', facing: N}"
    g = activated(mat(units, options=MUTUAL), "a")
    events = g.issue({"command": "move", "unit": "a", "path": ["3,6", "3,5", "2,5"]})
    assert not [e for e in events if e.name == "StepsCancelled"]
    assert [(e.at, e.by) for e in events if e.name == "UnitEngaged"] == [("2,5", ["e"])]


def test_engaged_rule_mutual_adjacent_is_what_lockdown_reads() -> None:
    units = "    - {id: a, owner: p1, at: '3,5', facing: N}\n    - {id: e, owner: p2, at: '3,4', facing: N, traits: [Lockdown]}"
    g = activated(mat(units, options=MUTUAL), "a")
    with pytest.raises(IllegalCommand, match="Lockdown"):
        g.issue({"command": "move", "unit": "a", "path": ["3,6"]})


def test_scout_deploy_end_refusal_says_who_would_engage_not_a_zone_under_mutual_adjacent() -> None:
    """Seed 001 Scout Deploy: the free move can't end where the unit would be Engaged. Behind an
    enemy under ``mutual_adjacent`` that is no hex of its Engagement Zone: the refusal said it
    was ("3,6 is in the Engagement Zone of e"); it says the unit would be Engaged there by e."""
    text = mat(
        "    - {id: s, owner: p1, at: '3,8', facing: N, speed: 3, traits: [Scout Deploy]}\n"
        "    - {id: e, owner: p2, at: '3,5', facing: N}",
        options=MUTUAL,
    ).replace("  width: 7", "  phase: pregame\n  width: 7")
    g = game(text)
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "scout_move", "unit": "s", "path": ["3,7", "3,6"]})
    said = str(refused.value)
    assert "Engagement Zone" not in said
    assert "s would be Engaged at 3,6 by e" in said
