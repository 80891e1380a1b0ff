"""Range of motion and the lookahead (codex: Range of Motion; digest 1.5, 2.2-2.4, 3.2)."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.helpers import game, reach

FIVE_IN_A_ROW = """
title: five sites in a row
ruleset: sorcery
aliases: {A: 11, B: 12, C: 13, D: 14, E: 15}
setup:
  sites:
    - {at: A, card: Valley, controller: p2}
    - {at: B, card: Steppe, controller: p2}
    - {at: C, card: Wasteland, controller: p2}
    - {at: D, card: Spire, controller: p2}
    - {at: E, card: Ruins, controller: p2}
  units:
%s
"""


def row(units: str, extra: str = "") -> str:
    return FIVE_IN_A_ROW % units + extra


def test_range_of_motion_includes_the_units_own_location() -> None:
    g = game(row("    - {id: wizard, card: Apprentice Wizard, owner: p2, at: C}"))
    assert reach(g, "wizard").reachable == ["B", "C", "D"]
    assert reach(g, "wizard").path_to("C") == ["C"]


def test_one_step_allowance_without_movement_bonus() -> None:
    g = game(row("    - {id: wizard, card: Apprentice Wizard, owner: p2, at: A}"))
    answer = reach(g, "wizard")
    assert "B" in answer and "C" not in answer
    assert "needs 2, has 1" in str(answer.why_not("C")[0])


def test_movement_plus_x_adds_steps_to_the_allowance() -> None:
    g = game(row("    - {id: nomads, card: Rimland Nomads, owner: p2, at: A}"))
    answer = reach(g, "nomads")
    assert answer.allowance == 2
    assert answer.path_to("C") == ["A", "B", "C"]
    assert "D" not in answer


def test_magellan_globe_connects_opposite_edges_both_ways() -> None:
    g = game(
        row(
            "    - {id: wizard, card: Apprentice Wizard, owner: p2, at: A}",
            "  artifacts:\n    - {id: globe, card: Magellan Globe, controller: p1, at: C}\n",
        )
    )
    assert reach(g, "wizard").path_to("E") == ["A", "E"]


def test_without_magellan_globe_edges_do_not_wrap() -> None:
    g = game(row("    - {id: wizard, card: Apprentice Wizard, owner: p2, at: A}"))
    assert "E" not in reach(g, "wizard")


def test_magellan_globe_connects_top_and_bottom_rows_too() -> None:
    g = game(
        """
        title: top and bottom
        ruleset: sorcery
        setup:
          sites:
            - {at: 3, card: Valley, controller: p1}
            - {at: 18, card: Steppe, controller: p1}
          units:
            - {id: wizard, card: Apprentice Wizard, owner: p1, at: 3}
          artifacts:
            - {id: globe, card: Magellan Globe, controller: p1, at: 18}
        """
    )
    assert "18" in reach(g, "wizard")


def test_waypoint_portal_lets_units_step_between_two_sites_as_if_adjacent() -> None:
    g = game(
        row(
            "    - {id: wizard, card: Apprentice Wizard, owner: p2, at: A}",
            "  spells:\n    - {card: Waypoint Portal, caster: p1, targets: [A, E]}\n",
        )
    )
    answer = reach(g, "wizard")
    assert answer.path_to("E") == ["A", "E"]
    assert "D" not in answer


def test_gnome_hollows_bans_units_with_3_or_more_power() -> None:
    text = """
    title: gnome hollows
    ruleset: sorcery
    aliases: {A: 11, B: 12}
    setup:
      sites:
        - {at: A, card: Valley, controller: p2}
        - {at: B, card: Gnome Hollows, controller: p2}
      units:
        - {id: troll, card: Bosk Troll, owner: p2, at: A}
        - {id: boars, card: Wild Boars, owner: p2, at: A}
    """
    g = game(text)
    assert "B" not in reach(g, "troll")
    assert "Gnome Hollows" in str(reach(g, "troll").why_not("B")[0])
    assert "B" in reach(g, "boars")  # power 2 may enter


def test_lookahead_ignores_triggered_abilities_bottomless_pit() -> None:
    g = game(
        """
        title: pit
        ruleset: sorcery
        aliases: {A: 11, B: 12}
        setup:
          sites:
            - {at: A, card: Valley, controller: p2}
            - {at: B, card: Bottomless Pit, controller: p1}
          units:
            - {id: troll, card: Bosk Troll, owner: p2, at: A}
        """
    )
    assert "B" in reach(g, "troll")


def test_bog_immobile_effect_is_ongoing_so_the_lookahead_applies_it() -> None:
    g = game(
        """
        title: bog
        ruleset: sorcery
        active_player: p2
        aliases: {A: 11, S: 12, N: 13}
        setup:
          sites:
            - {at: A, card: Valley, controller: p2}
            - {at: N, card: Steppe, controller: p2}
          units:
            - {id: nomads, card: Rimland Nomads, owner: p2, at: N}
        script:
          - {command: play_site, card: Bog, at: S, target: S}
        """
    )
    answer = reach(g, "nomads")
    assert "S" in answer and "A" not in answer
    assert "Immobile" in str(answer.why_not("A")[0])


def test_disabled_unit_has_no_range_of_motion() -> None:
    # Waterbound: a Giant Shark off water is disabled (codex: Waterbound, Disabled)
    g = game(
        """
        title: stranded shark
        ruleset: sorcery
        aliases: {A: 11, B: 12}
        setup:
          sites:
            - {at: A, card: Valley, controller: p1}
            - {at: B, card: Stream, controller: p1}
          units:
            - {id: shark, card: Giant Shark, owner: p1, at: A}
        """
    )
    answer = reach(g, "shark")
    assert answer.reachable == []
    assert answer.denied is not None and "Waterbound" in str(answer.denied)


def test_immobile_unit_can_still_stand_where_it_is() -> None:
    g = game(
        """
        title: immobile
        ruleset: sorcery
        active_player: p2
        aliases: {A: 11, S: 12}
        setup:
          sites:
            - {at: A, card: Valley, controller: p2}
          units:
            - {id: nomads, card: Rimland Nomads, owner: p2, at: A}
        script:
          - {command: play_site, card: Bog, at: S, target: A}
        """
    )
    assert reach(g, "nomads").reachable == ["A"]


def test_void_steps_need_voidwalk() -> None:
    g = game(
        """
        title: void
        ruleset: sorcery
        aliases: {A: 11}
        setup:
          sites:
            - {at: A, card: Valley, controller: p2}
          units:
            - {id: stalker, card: Spectral Stalker, owner: p2, at: A}
            - {id: boars, card: Wild Boars, owner: p2, at: A}
        """
    )
    assert "12/void" in reach(g, "stalker")
    assert "12/void" not in reach(g, "boars")
    assert "Voidwalk" in str(reach(g, "boars").why_not("12/void")[0])


def test_submerge_steps_down_into_a_water_site_and_along_it() -> None:
    g = game(
        """
        title: submerge
        ruleset: sorcery
        aliases: {A: 11, B: 12}
        setup:
          sites:
            - {at: A, card: Stream, controller: p2}
            - {at: B, card: Deep Sea, controller: p2}
          units:
            - {id: kelpie, card: Coral-Reef Kelpie, owner: p2, at: A}
            - {id: boars, card: Wild Boars, owner: p2, at: A}
        """
    )
    assert reach(g, "kelpie").path_to("A/underwater") == ["A", "A/underwater"]
    assert "A/underwater" not in reach(g, "boars")


def test_airborne_units_step_diagonally_on_the_surface() -> None:
    g = game(
        """
        title: airborne
        ruleset: sorcery
        setup:
          sites:
            - {at: 7, card: Valley, controller: p2}
            - {at: 13, card: Steppe, controller: p2}
          units:
            - {id: pegasus, card: Plumed Pegasus, owner: p2, at: 7}
            - {id: boars, card: Wild Boars, owner: p2, at: 7}
        """
    )
    assert reach(g, "pegasus").path_to("13") == ["7", "13"]
    assert "13" not in reach(g, "boars")


def test_carried_unit_has_its_carriers_movement_keywords() -> None:
    g = game(
        """
        title: carried
        ruleset: sorcery
        aliases: {N: 13}
        setup:
          sites:
            - {at: N, card: Steppe, controller: p2}
          units:
            - {id: steed, card: Phantom Steed, owner: p2, at: N}
            - {id: warriors, card: Amazon Warriors, owner: p2, at: N, carried_by: steed}
        """
    )
    assert "12/void" in reach(g, "warriors")  # Voidwalk, conferred by the Steed


def test_the_realm_board_measures_steps_and_wraps_with_magellan_globe() -> None:
    from domain.rulesets.sorcery import RULESET

    plain = game(row("    - {id: wizard, card: Apprentice Wizard, owner: p2, at: A}"))
    board = RULESET.board(plain.state)
    assert board.distance("11", "15") == 4 and board.distance("1", "20") == 7
    assert board.label(board.parse("E")) == "E" and "12" in board.neighbours("11")
    globe = game(
        row(
            "    - {id: wizard, card: Apprentice Wizard, owner: p2, at: A}",
            "  artifacts:\n    - {id: globe, card: Magellan Globe, controller: p1, at: C}\n",
        )
    )
    wrapped = RULESET.board(globe.state)
    assert wrapped.distance("11", "15") == 1 and wrapped.distance("1", "20") == 2
    assert "15" in wrapped.neighbours("11")


SILENCED_ON_THE_WAY = """
title: Movement +7 lost in a Silence aura on the way, Burrowing lost below it
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
    - {at: 8, card: Valley, controller: p2}
    - {at: 9, card: Valley, controller: p2}
  units:
    - {id: lampreys, card: Muck Lampreys, owner: p2, at: 7}
    - {id: boars, card: Wild Boars, owner: p1, at: 9}
  artifacts:
    - {id: boots, card: Seven-League Boots, controller: p2, bearer: lampreys}
  auras:
    - {id: silence, card: Silence, controller: p1, at: 3}
script:
  - {command: move_and_attack, unit: boars, attack: site}
"""


def test_a_location_past_an_allowance_lost_on_the_way_is_out_of_range_not_an_error() -> None:
    # seed 000 (Range of Motion: the lookahead applies ongoing effects, Silence among them);
    # digest 2.2 (each step judged with the allowance where it starts) and 1.6 (a minion below a
    # land site without Burrowing dies: a stop). The way to 9 runs through the Silence aura at 8,
    # where Movement +7 is lost: 9 is out of range, and explaining why must not fail on a
    # location the search reached only past that smaller allowance.
    g = game(SILENCED_ON_THE_WAY)
    answer = reach(g, "lampreys")
    assert "8" in answer and "9" not in answer
    assert "more than the allowance where a step on the way starts" in str(answer.why_not("9")[0])
    with pytest.raises(IllegalCommand, match="range of motion"):
        g.issue({"command": "defend", "player": "p2", "unit": "lampreys"})
