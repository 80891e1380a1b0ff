"""Option zero_damage_ranged_attacks: a Missile or Spell Attack by a unit whose ``ranged_damage`` is 0.

Seed 003 and the Tiny Epic Tactics digest say nothing of a 0-damage shot. ``refused`` (the default
for a new game) reads the rulebook's Action: Missile Attack (a Missile deals the damage its stat
lists; digest 5's source) and its FAQ (only a damaging spell is an attack): such a unit has neither
attack, nor a Counter made with one. ``allowed`` is how the engine played it before that reading:
the shot is an attack dealing 0 (plus Water's +1). A log whose ``GameStarted`` lacks the option was
recorded either before the refusal (143e7e0, played allowed) or from it until the option came
(e63ff03, played refused): it reads as ``allowed`` (``RuleOptions.ABSENT_MEANS``), and as
``refused`` when it verifies only so (``RuleOptions.ABSENT_MAY_MEAN``; docs/design.md, "Logs are
forever")."""

from __future__ import annotations

from typing import Any

import pytest

from domain.events import GameStarted
from domain.game import Game
from domain.rulesets.tinyepic.combat import in_shot, may_shoot, ranged_refusal
from domain.rulesets.tinyepic.options import TetOptions
from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.view import grid_view
from projections.state_hash import fold
from sim.explore import choice_points, explore
from sim.logfile import read_jsonl
from sim.pictures.source import load_game
from sim.replay import VerifiedPrefix, replay, verify, verify_exactly
from tests.test_legacy_logs import FIXTURES
from tests.tiny_epic_tactics.support import health, of, refused, tet, unit

OPTION = "zero_damage_ranged_attacks"
#: recorded by commit 7e16698, before the refusal (tests/fixtures/README.md)
OLD_LOG = FIXTURES / "logs-later" / "tinyepic-zero-damage-missile.jsonl"


def _game(option: str | None) -> Game:
    """A decoy with range, Ammo and Mana but ranged_damage 0 faces an enemy standing in Water
    (seed 003: +1 damage each time it is attacked), whose own ranged_damage is 0 too."""
    options: dict[str, Any] = {"miss_die_faces": ["hit"]}
    if option is not None:
        options[OPTION] = option
    units = [
        unit("decoy", "p1", "0,0", "Wizard", missile=3, ammo=2, spell=3, mana=2, ranged_damage=0, melee=0),
        unit("target", "p2", "2,0", "Rogue", missile=3, ammo=2, ranged_damage=0, melee=0),
    ]
    return tet([". . ~"], units=units, options=options).game


def _ranged(game: Game, unit_id: str) -> list[tuple[str, str]]:
    return [
        (c.command, c.target) for c in game.legal_commands()  # type: ignore[attr-defined]
        if getattr(c, "unit", "") == unit_id and getattr(c, "command", "") in ("missile_attack", "spell_attack")
    ]


@pytest.mark.parametrize("option", [None, "refused"])
def test_zero_damage_ranged_attacks_refused_by_default_names_the_option_and_lists_no_shot(option: str | None) -> None:
    """Refused (a new game's default): the decoy's Missile and Spell are refused with one line
    naming the rule and the option, nothing recorded, and neither is listed."""
    game = _game(option)
    assert game.state.options.model_dump()[OPTION] == "refused"  # type: ignore[attr-defined]
    for kind in ("missile", "spell"):
        error = refused(game, {"command": f"{kind}_attack", "unit": "decoy", "target": "target"}, "no ranged damage")
        assert f"{OPTION}: refused" in str(error), str(error)
    assert _ranged(game, "decoy") == []


def test_zero_damage_ranged_attacks_allowed_the_shot_is_an_attack_dealing_only_waters_one() -> None:
    """Allowed (the engine's play before the reading): the Missile is made, costs its Ammo and
    deals 0, plus Water's +1 to the target standing in it; it is listed with the Spell. The target,
    ranged_damage 0 too, Counters with a Missile (an attack like any other), dealing 0 on plains."""
    game = _game("allowed")
    assert set(_ranged(game, "decoy")) == {("missile_attack", "target"), ("spell_attack", "target")}
    events = game.issue({"command": "missile_attack", "unit": "decoy", "target": "target"})
    assert of(events, "AttackMade", attacker="decoy", target="target", attack="missile")
    assert of(events, "ResourceSpent", unit="decoy", resource="ammo", amount=1, left=1)
    assert of(events, "DamageDealt", unit="target", base=0, amount=1)
    assert health(game, "target") == 6 - 1
    assert of(events, "AttackMade", attacker="target", target="decoy", attack="missile", counter=True)
    assert health(game, "decoy") == 6


@pytest.mark.parametrize("option", ["refused", "allowed"])
def test_zero_damage_ranged_attacks_listing_agrees_with_the_refusal(option: str) -> None:
    """The legal commands' shortcuts (``in_shot``, ``may_shoot``) read the option as the refusal
    does, for both kinds, both ways round."""
    game = _game(option)
    view = grid_view(game.state)
    units = game.state.units  # type: ignore[attr-defined]
    for a, b in (("decoy", "target"), ("target", "decoy")):
        for kind in ("missile", "spell"):
            allowed = ranged_refusal(view, units[a], units[b], kind) is None  # type: ignore[arg-type]
            assert may_shoot(view, units[a], units[b], kind) == allowed  # type: ignore[arg-type]
            assert (in_shot(view, units[a], [units[b]], kind) == [units[b]]) == allowed  # type: ignore[arg-type]
    shot = ranged_refusal(view, units["decoy"], units["target"], "missile")  # type: ignore[arg-type]
    assert (shot is None) == (option == "allowed")


def test_zero_damage_ranged_attacks_a_new_game_records_refused_and_a_record_without_it_means_allowed() -> None:
    """A new game records refused; allowed is left out of a record, so a game under it records
    and hashes as those played before the option; a record without it reads as allowed."""
    assert TetOptions().model_dump()[OPTION] == "refused"
    assert OPTION not in TetOptions(**{OPTION: "allowed"}).model_dump()
    assert TetOptions.recorded({})[OPTION] == "allowed"
    started = _game(None).pending_events[0]
    assert isinstance(started, GameStarted) and started.options[OPTION] == "refused"


def test_zero_damage_ranged_attacks_a_log_recorded_before_the_refusal_verifies_as_played() -> None:
    """Logs are forever: a game recorded by commit 7e16698 (before the refusal), in which a unit
    with ranged_damage 0 made a Missile and a Spell Attack, has no such option in its start: it
    reads as allowed, replays and verifies as it was played, the shots accepted."""
    events = read_jsonl(OLD_LOG)
    assert isinstance(events[0], GameStarted) and OPTION not in events[0].options
    shots = [e for e in events if e.name == "AttackMade" and e.payload().get("attacker") == "decoy"]
    assert [e.payload()["attack"] for e in shots] == ["missile", "spell"]
    state = fold(events)
    assert isinstance(state, TetState) and state.options.zero_damage_ranged_attacks == "allowed"
    assert replay(events).events == len(events)
    verdict = verify(events)
    assert verdict.ok, verdict.message


WINDOW_LOG = FIXTURES / "logs-later" / "tinyepic-zero-damage-counter-refused-window.jsonl"


def _window_note() -> str:
    """The note a window log's verdict carries, worded as the brief of the fix words it."""
    return (
        f"the start does not record {OPTION}; the game verifies as played under refused "
        "(recorded by versions 143e7e0..e63ff03)"
    )


def test_zero_damage_ranged_attacks_a_log_recorded_between_the_refusal_and_the_option_verifies_as_refused() -> None:
    """Logs are forever: commits 143e7e0..e63ff03 refused a 0-damage shot, Counters too, before
    the option existed, so their starts lack it. In this one (commit 5077c2f) the decoy (ranged
    damage 0, in missile range of the archer) survives the archer's Missile and makes no
    Counter (after p1's fighter's Melee Attack, a die roll). Read as allowed (``ABSENT_MEANS``) the rules give a 0-damage Counter the log never
    had; verification tries the other reading such a start may mean (``ABSENT_MAY_MEAN``),
    which gives the log's events, and says so."""
    events = read_jsonl(WINDOW_LOG)
    assert isinstance(events[0], GameStarted) and OPTION not in events[0].options
    assert not any(e.name == "AttackMade" and e.payload().get("attacker") == "decoy" for e in events)
    verdict = verify(events)
    assert verdict.ok, verdict.message
    assert verdict.notes == (_window_note(),)
    assert _window_note() in verdict.message
    exact = verify_exactly(events)
    assert (exact.ok, exact.message, exact.notes) == (verdict.ok, verdict.message, verdict.notes)


def test_zero_damage_ranged_attacks_the_window_reading_is_tried_only_when_allowed_fails() -> None:
    """A start without the option read as allowed first: the log recorded before the refusal
    verifies under it, with no note (the other reading is never tried on it)."""
    verdict = verify(read_jsonl(OLD_LOG))
    assert verdict.ok and verdict.notes == (), verdict.message


def test_zero_damage_ranged_attacks_a_tampered_window_log_still_fails_under_every_reading() -> None:
    """The other reading does not excuse a wrong fact: the window log with the decoy's damage
    edited fails under refused too, and the verdict is allowed's failure, naming refused's."""
    events = read_jsonl(WINDOW_LOG)
    at = next(i for i, e in enumerate(events) if e.name == "DamageDealt" and e.payload()["unit"] == "decoy")
    events[at] = events[at].model_copy(update={"amount": events[at].payload()["amount"] + 1})
    verdict = verify(events)
    assert not verdict.ok and verdict.notes == ()
    assert f"under {OPTION} = refused too" in verdict.message
    # allowed's failure first (the edited damage), then refused's, as the log recording
    # refused fails on its own
    assert verdict.message.startswith(f"e{at + 1}: the log has DamageDealt")
    refused_ = verify(_as(events, "refused"))
    assert not refused_.ok and refused_.message.startswith(f"e{at + 1}: ")
    assert verdict.message.endswith(refused_.message)


def _as(events: list[Any], value: str) -> list[Any]:
    """The log with its start recording the option at ``value`` (a value its absence does not
    mean: a new game records it so), its other fields as logged: an independent reading of
    what the verdict tried."""
    start = events[0]
    return [start.model_copy(update={"options": {**start.options, OPTION: value}}), *events[1:]]


def test_zero_damage_ranged_attacks_explore_replays_a_window_log_under_the_reading_it_verified_under() -> None:
    """``sim explore`` re-issues a log's commands in each branch: a window log's are re-played
    under refused, the reading it verified under, and the output says so (its notes). The
    logged branch at the fighter's roll gives the log's own events, no Counter; read as
    allowed it would give the decoy's 0-damage Counter the log never had."""
    events = read_jsonl(WINDOW_LOG)
    point = next(p for p in choice_points(events, dice=True) if p.kind == "dice")
    explored = explore(events, point.event, dice=True)
    assert explored.notes == (_window_note(),)
    logged = next(b for g in explored.groups for b in g.branches if b.logged)
    assert [(e.name, e.payload()) for e in logged.events[1:]] == [(e.name, e.payload()) for e in events[1:]]
    assert logged.game.state.options.zero_damage_ranged_attacks == "refused"


def test_zero_damage_ranged_attacks_sim_view_draws_a_window_log_under_the_reading_it_verified_under() -> None:
    """``sim view`` draws a game's legal moves from its options: a window log is drawn under
    refused (the decoy shows no shot), and its verified line names the reading."""
    source = load_game(str(WINDOW_LOG))
    assert source.start.options[OPTION] == "refused"
    assert _window_note() in source.verified
    assert load_game(str(OLD_LOG)).start.options.get(OPTION, "allowed") == "allowed"


def test_zero_damage_ranged_attacks_a_window_log_is_no_verified_prefix() -> None:
    """A verified prefix is continued from its fold, which reads the start as allowed: a log
    that verified only as refused is none (its games re-run in full, and verify as refused)."""
    events = read_jsonl(WINDOW_LOG)
    assert VerifiedPrefix.of(events) is None
    assert VerifiedPrefix.of(read_jsonl(OLD_LOG)) is not None
