"""Rules added for issue 9 beyond the scenarios: what each records and why (digest 2.3, 2.7,
3.4-3.6)."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.helpers import EXAMPLES, game

SPLIT = (EXAMPLES / "sorcery" / "43-damage-split.yaml").read_text()


def test_without_a_declared_split_the_policy_gives_all_to_the_first_and_says_so() -> None:
    """codex: Strike; docs/design.md: a choice is always an event saying who decided."""
    text = SPLIT.replace(", split: {boars: 2, troll: 3}", "")
    g = game(text)
    split = next(e for e in g.pending_events if e.name == "DamageSplit")
    assert split.decided_by == "policy:all-to-first"  # type: ignore[attr-defined]
    assert split.split == {"boars": 5, "troll": 0}  # type: ignore[attr-defined]
    assert not g.state.units["boars"].alive and g.state.units["troll"].alive


def test_a_split_must_give_the_whole_strike() -> None:
    from domain.errors import BadInput

    with pytest.raises(BadInput, match="all its 5 damage"):
        game(SPLIT.replace("split: {boars: 2, troll: 3}", "split: {boars: 2, troll: 2}"))


def test_a_single_opponent_records_no_split() -> None:
    import yaml

    scenario = yaml.safe_load((EXAMPLES / "sorcery" / "05-giant-shark.yaml").read_text())
    g = game(yaml.safe_dump({key: scenario[key] for key in ("title", "ruleset", "active_player", "aliases", "setup")}))
    assert "DamageSplit" not in [e.name for e in g.pending_events]


def test_entering_by_a_level_change_triggers_no_site_entry() -> None:
    g = game((EXAMPLES / "sorcery" / "42-entering-a-site-or-a-location.yaml").read_text())
    names = [(e.name, getattr(e, "to", None)) for e in g.pending_events]
    submerge = names.index(("StepTaken", "13/underwater"))
    assert names[submerge + 1][0] != "TriggerQueued"


def test_intercept_is_refused_to_a_unit_not_at_the_final_location() -> None:
    text = (EXAMPLES / "sorcery" / "37-intercept.yaml").read_text()
    text = text.replace("  - {command: intercept, player: p2, unit: troll}\n  - {command: pass, player: p2}\n", "")
    text = text.replace("    - {id: troll, card: Bosk Troll, owner: p2, at: C}\n",
                        "    - {id: troll, card: Bosk Troll, owner: p2, at: C}\n    - {id: far, card: Bosk Troll, owner: p2, at: A}\n")
    text = text[: text.index("expect:")]
    g = game(text)
    assert g.state.intercept is not None  # type: ignore[attr-defined]
    with pytest.raises(IllegalCommand, match="must already be there"):
        g.issue({"command": "intercept", "player": "p2", "unit": "far"})
    with pytest.raises(IllegalCommand, match="intercept or pass"):
        g.issue({"command": "end_turn"})
    g.issue({"command": "pass", "player": "p2"})
    assert g.state.intercept is None  # type: ignore[attr-defined]


def test_legal_commands_under_a_mandatory_attack_are_the_attacks_that_meet_it() -> None:
    text = (EXAMPLES / "sorcery" / "39-the-green-knight.yaml").read_text()
    text = text[: text.index("  - {command: end_turn")]
    g = game(text)
    legal = g.legal_commands()
    assert legal and all(getattr(c, "unit", None) == "troll" and getattr(c, "attack", None) == "knight" for c in legal)


@pytest.mark.parametrize(("command", "cited"), [
    ({"command": "end_turn", "player": "p2"}, "codex: Turn Sequence"),
    ({"command": "play_site", "player": "p2", "card": "Valley", "at": "14"}, "codex: Turn Sequence"),
    ({"command": "move_and_attack", "player": "p2", "unit": "nomads", "path": ["12"]}, "codex: Activated Ability"),
])
def test_acting_out_of_turn_cites_the_rule_of_what_was_tried(command: dict, cited: str) -> None:  # type: ignore[type-arg]
    """Ending the turn or playing a site out of turn is refused by the turn sequence, not by the
    rule of activated abilities, which is what a unit's Move and Attack out of turn breaks."""
    import yaml

    scenario = yaml.safe_load((EXAMPLES / "sorcery" / "05-giant-shark.yaml").read_text())
    g = game(yaml.safe_dump({key: scenario[key] for key in ("title", "ruleset", "active_player", "aliases", "setup")}))
    with pytest.raises(IllegalCommand) as refused:
        g.issue(command)
    assert refused.value.rule.source == cited, refused.value


CAVE = """
title: t
ruleset: sorcery
active_player: p1
aliases: {A: 11, B: 12}
setup:
  sites:
    - {at: A, card: Valley, controller: p1}
    - {at: B, card: Valley, controller: p2}
  units:
    - {id: trolls, card: Cave Trolls, owner: p1, at: "A/underground"}
    - {id: kelpie, card: Bosk Troll, owner: p2, at: B}
    - {id: mole, card: Cave Trolls, owner: p2, at: "B/underground"}
"""


@pytest.mark.parametrize("attack", ["kelpie", "site"])
def test_a_move_and_attack_whose_attack_cant_be_made_may_be_intercepted(attack: str) -> None:
    """codex: Intercept (digest 3.4): an enemy that used Move and Attack, finished moving and
    did not attack may be intercepted at its final location. Cave Trolls move underground and
    name a target on the surface (or the site): the attack can't be declared there, so they
    did not attack, and the enemy trolls below may intercept."""
    g = game(CAVE)
    events = g.issue({"command": "move_and_attack", "unit": "trolls", "path": ["B/underground"], "attack": attack})
    assert [e.name for e in events if e.name in ("AttackRefused", "InterceptAwaited", "InterceptOffered")] == [
        "AttackRefused", "InterceptAwaited", "InterceptOffered",
    ]
    assert {"command": "intercept", "player": "p2", "unit": "mole"} in g.legal_commands()
    g.issue({"command": "intercept", "player": "p2", "unit": "mole"})


def test_why_intercept_names_a_units_own_ban_on_intercepting() -> None:
    """Lumbering Giant: "can't defend or intercept": the refusal names its text, not a place or
    a tap it does not have."""
    text = (EXAMPLES / "sorcery" / "37-intercept.yaml").read_text()
    text = text.replace("    - {id: troll, card: Bosk Troll, owner: p2, at: C}\n",
                        "    - {id: troll, card: Bosk Troll, owner: p2, at: C}\n    - {id: giant, card: Lumbering Giant, owner: p2, at: C}\n")
    text = text[: text.index("script:")] + "script:\n  - {command: move_and_attack, unit: boars, path: [C]}\n"
    g = game(text)
    assert g.state.intercept is not None  # type: ignore[attr-defined]
    with pytest.raises(IllegalCommand, match="Lumbering Giant"):
        g.issue({"command": "intercept", "player": "p2", "unit": "giant"})


def test_why_intercept_names_a_units_own_ban_with_no_window_open() -> None:
    """Lumbering Giant: "can't defend or intercept" (its text; docs/sorcery.md, Intercept row:
    "a unit whose own text bars it (Lumbering Giant) is told so by `sim why --intercept`").
    Alone where the mover stops, it opens no intercept window, so the refusals said only "no enemy
    may be intercepted now", leaving its own ban unsaid, while ``defend_refusals`` names a
    "can't defend" with no attack pending. Every reason is listed: the window first (what the
    command says), then its text."""
    text = (EXAMPLES / "sorcery" / "37-intercept.yaml").read_text()
    text = text.replace("    - {id: troll, card: Bosk Troll, owner: p2, at: C}\n",
                        "    - {id: giant, card: Lumbering Giant, owner: p2, at: C}\n")
    text = text[: text.index("script:")] + "script:\n  - {command: move_and_attack, unit: boars, path: [C]}\n"
    g = game(text)
    assert g.state.intercept is None  # type: ignore[attr-defined]
    refusals = [str(r) for r in g.refusals({"command": "intercept", "player": "p2", "unit": "giant"})]
    assert "no enemy may be intercepted now" in refusals[0]
    assert any("Lumbering Giant" in r and "can't intercept" in r for r in refusals[1:]), refusals
