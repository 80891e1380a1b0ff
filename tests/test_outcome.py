"""What a game is for: each ruleset's score per player and result, and the movement counters per
player, each checked against a count made here from the game's own events."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from domain.event_base import GameEvent
from domain.events import StepRefused, StepTaken, TriggerQueued, TriggerResolved, UnitDied, UnitPlaced
from domain.outcome import Outcome, OutcomeRules, Standing
from domain.ruleset import get_ruleset
from projections.tally import Tally
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.helpers import EXAMPLES, played

GAMES = [
    ("sorcery/08-a-whole-turn.yaml", "random", 1),
    ("sorcery/07a-phantom-steed-shark-fights-steed-first.yaml", "greedy", 2),
    ("godsgloom/20-trample-two-rolls.yaml", "random", 3),
    ("godsgloom/19-a-whole-round.yaml", "greedy", 1),
    ("skirmish/20-a-whole-turn.yaml", "random", 4),
    ("skirmish/17-fall-from-a-free-standing-building.yaml", "random", 5),
    ("tiny-epic-tactics/15-missiles-misses-counters-and-death.yaml", "random", 2),
    ("tiny-epic-tactics/06-villages-twice-in-a-turn-and-a-second-village.yaml", "greedy", 1),
]


def _owners(events: list[GameEvent]) -> dict[str, str]:
    return {e.unit.id: e.unit.owner for e in events if isinstance(e, UnitPlaced)}


@pytest.mark.parametrize(("path", "policy", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_counters_per_player_are_the_games_own_events_counted_by_owner(path: str, policy: str, seed: int) -> None:
    game = self_play(load_scenario(EXAMPLES / path), 2, policy, seed)
    events = game.events
    owners = _owners(events)
    counters = game.report.counters
    controllers = {e.trigger.id: e.trigger.controller for e in events if isinstance(e, TriggerQueued)}
    for player in game.game.state.players:
        steps = [e for e in events if isinstance(e, StepTaken) and owners[e.unit] == player]
        refused = [e for e in events if isinstance(e, StepRefused) and owners[e.unit] == player]
        assert counters[player]["steps"] == len(steps)
        assert counters[player]["places"] == len({e.to for e in steps})
        assert counters[player]["refused"] == len(refused)
        assert game.report.refusals[player] == dict(Counter(str(e.rule) for e in refused))
        assert counters[player]["deaths"] == sum(isinstance(e, UnitDied) and owners[e.unit] == player for e in events)
        assert counters[player]["triggers"] == sum(
            isinstance(e, TriggerResolved) and controllers.get(e.trigger_id) == player for e in events
        )


def test_skirmish_counts_checks_by_kind_and_falls_with_their_heights() -> None:
    from domain.rulesets.skirmish.events import CheckMade, UnitFell

    game = self_play(load_scenario(EXAMPLES / "skirmish" / "20-a-whole-turn.yaml"), 2, "random", 4)
    owners = _owners(game.events)
    counters = game.report.counters
    for player in ("p1", "p2"):
        checks = [e for e in game.events if isinstance(e, CheckMade) and owners[e.unit] == player]
        falls = [e for e in game.events if isinstance(e, UnitFell) and owners[e.unit] == player]
        assert counters[player].get("checks_passed", 0) == sum(c.passed for c in checks)
        assert counters[player].get("checks_failed", 0) == sum(not c.passed for c in checks)
        for kind in {c.check for c in checks}:
            failed = sum(not c.passed for c in checks if c.check == kind)
            assert counters[player].get(f"checks_failed.{kind.replace(' ', '_')}", 0) == failed
        assert counters[player].get("falls", 0) == len(falls)
        assert counters[player].get("fall_inches", 0) == pytest.approx(sum(f.height for f in falls))
    # the script's acrobat fails a jump across and falls 3": p2's tally has it
    assert counters["p2"]["falls"] >= 1 and counters["p2"]["checks_failed.jump_across"] >= 1


def test_skirmish_distance_is_the_horizontal_inches_of_the_legs_taken() -> None:
    from domain.rulesets.skirmish.table import parse_spot

    game = self_play(load_scenario(EXAMPLES / "skirmish" / "20-a-whole-turn.yaml"), 1, "random", 6)
    owners = _owners(game.events)
    for player in ("p1", "p2"):
        legs = [e for e in game.events if isinstance(e, StepTaken) and owners[e.unit] == player]
        inches = sum(((parse_spot(e.frm).x - parse_spot(e.to).x) ** 2 + (parse_spot(e.frm).y - parse_spot(e.to).y) ** 2) ** 0.5 for e in legs)
        assert game.report.counters[player]["distance"] == pytest.approx(inches)


def test_sorcery_score_is_life_less_minions_lost_and_a_struck_site_shows_at_once() -> None:
    from domain.rulesets.sorcery.events_combat import SiteStruck

    scenario = load_scenario(EXAMPLES / "sorcery" / "01-wizard-cannot-reach.yaml")
    game = self_play(scenario, 1, "scripted", 0)
    struck = [e for e in game.events if isinstance(e, SiteStruck)]
    assert struck
    life = {p: 20 - sum(e.amount for e in struck if e.controller == p) for p in ("p1", "p2")}
    outcome = game.report.outcome
    assert outcome is not None
    assert {p: s.parts["life"] for p, s in outcome.standings.items()} == life
    assert {p: s.score for p, s in outcome.standings.items()} == life  # no minion died
    assert outcome.results() == {"p1": "win", "p2": "loss"} and not outcome.ended


def test_sorcery_minions_lost_are_the_dead_minions_of_each_owner() -> None:
    game = self_play(load_scenario(EXAMPLES / "sorcery" / "08-a-whole-turn.yaml"), 2, "random", 1)
    kinds = {e.unit.id: (e.unit.owner, e.unit.kind) for e in game.events if isinstance(e, UnitPlaced)}
    dead = [kinds[e.unit] for e in game.events if isinstance(e, UnitDied)]
    outcome = game.report.outcome
    assert outcome is not None
    for player in ("p1", "p2"):
        lost = sum(1 for owner, kind in dead if owner == player and kind == "minion")
        standing = outcome.standings[player]
        assert standing.parts["minions_lost"] == lost
        assert standing.score == standing.parts["life"] - lost


def test_sorcery_ends_when_a_players_life_reaches_zero() -> None:
    state = played(_text("sorcery/01-wizard-cannot-reach.yaml")).game.state
    rules = get_ruleset("sorcery")
    state.life["p2"] = 0  # type: ignore[attr-defined]  # a Sorcery state, typed as the base
    outcome = rules.outcome(state, {})
    assert outcome.ended and outcome.winner == "p1" and outcome.results() == {"p1": "win", "p2": "loss"}
    state.life["p1"] = -3  # type: ignore[attr-defined]  # a Sorcery state, typed as the base
    both = rules.outcome(state, {})
    assert both.ended and both.winner is None and both.results() == {"p1": "draw", "p2": "draw"}


def test_godsgloom_wounds_dealt_are_the_wounds_the_enemy_suffered() -> None:
    from domain.rulesets.godsgloom.events import WoundsSuffered

    game = self_play(load_scenario(EXAMPLES / "godsgloom" / "20-trample-two-rolls.yaml"), 1, "scripted", 0)
    owners = _owners(game.events)
    wounds = [e for e in game.events if isinstance(e, WoundsSuffered)]
    assert wounds
    outcome = game.report.outcome
    assert outcome is not None
    for player in ("p1", "p2"):
        dealt = sum(e.wounds for e in wounds if owners[e.unit] != player)
        lost = sum(1 for e in game.events if isinstance(e, UnitDied) and owners[e.unit] == player)
        assert outcome.standings[player].parts == {"wounds_dealt": dealt, "units_lost": lost}
        assert outcome.standings[player].score == dealt - lost


def test_tiny_epic_tactics_scores_ten_per_village_held_and_the_health_left() -> None:
    text = """
    title: villages
    ruleset: tinyepic
    setup:
      terrain:
        - "v . v"
        - ". . ."
      units:
        - {id: a, owner: p1, class: Rogue, at: "0,0", movement: 3, health: 4}
        - {id: b, owner: p1, class: Fighter, at: "1,1", movement: 3, health: 5}
        - {id: c, owner: p2, class: Beast, at: "2,1", movement: 3, health: 6}
    """
    state = played(text).game.state
    outcome = get_ruleset("tinyepic").outcome(state, {})
    assert outcome.standings["p1"] == Standing(10 * 1 + 4 + 5, {"villages": 1.0, "health": 9.0, "units_lost": 0.0})
    assert outcome.standings["p2"] == Standing(6.0, {"villages": 0.0, "health": 6.0, "units_lost": 0.0})
    assert not outcome.ended


def test_skirmish_scores_the_wounds_of_units_not_incapacitated_and_ends_when_a_side_has_none() -> None:
    state = played(_text("skirmish/20-a-whole-turn.yaml")).game.state
    rules = get_ruleset("skirmish")
    for unit in state.units.values():
        unit.wounds = 2
    state.units["sentry"].states = ["incapacitated"]  # type: ignore[list-item]  # a skirmish unit, typed as the base
    outcome = rules.outcome(state, {})
    assert outcome.standings["p1"].score == 2 * 3
    assert outcome.standings["p2"].score == 2 and outcome.standings["p2"].parts["incapacitated"] == 1
    assert not outcome.ended
    state.units["acrobat"].states = ["incapacitated"]  # type: ignore[list-item]  # a skirmish unit, typed as the base
    ended = rules.outcome(state, {})
    assert ended.ended and ended.winner == "p1"


def test_results_are_by_the_rulesets_end_when_reached_else_by_score() -> None:
    level = {"p1": Standing(3.0), "p2": Standing(3.0)}
    assert Outcome(level).results() == {"p1": "draw", "p2": "draw"}
    assert Outcome({"p1": Standing(4.0), "p2": Standing(3.0)}).results() == {"p1": "win", "p2": "loss"}
    assert Outcome(level, ended=True, winner="p2").results() == {"p1": "loss", "p2": "win"}
    assert Outcome({"p1": Standing(9.0), "p2": Standing(3.0)}, ended=True).results() == {"p1": "draw", "p2": "draw"}
    assert Outcome({"p1": Standing(9.0), "p2": Standing(3.0)}).margin("p2") == -6.0


def test_a_tally_built_from_the_whole_log_is_the_one_self_play_fed_command_by_command() -> None:
    game = self_play(load_scenario(EXAMPLES / "godsgloom" / "19-a-whole-round.yaml"), 2, "random", 7)
    again = Tally.of(game.events, game.game.state)
    assert again.counters() == game.report.counters


def _text(path: str) -> str:
    return Path(EXAMPLES / path).read_text()


def _named(scoring: object, event: GameEvent) -> bool:
    named = getattr(scoring, "fact_events")  # noqa: B009  # read as the tally reads it
    return named is None or any(isinstance(event, cls) for cls in named)


@pytest.mark.parametrize("ruleset", ["sorcery", "godsgloom", "skirmish", "tinyepic"])
def test_a_rulesets_movement_facts_are_only_in_the_events_it_names(ruleset: str) -> None:
    """The tally asks ``facts`` only of the classes ``fact_events`` names: every event of every
    example of the ruleset, and of the self-played games above, holds no fact otherwise, and at
    least one named class gives one (the declaration is not simply empty where facts exist)."""
    from sim.runner import play

    scoring = get_ruleset(ruleset).scoring()
    events: list[GameEvent] = []
    for path in sorted(EXAMPLES.rglob("*.yaml")):
        scenario = load_scenario(path)
        if scenario.ruleset == ruleset:
            events.extend(play(scenario, strict=False).events)
    for path, policy, seed in GAMES:
        if load_scenario(EXAMPLES / path).ruleset == ruleset:
            events.extend(self_play(load_scenario(EXAMPLES / path), 3, policy, seed).events)
    assert events
    unnamed = [e for e in events if not _named(scoring, e) and list(scoring.facts(e))]
    assert not unnamed, f"{type(unnamed[0]).__name__} holds facts its ruleset's fact_events does not name"
    if type(scoring).facts is not OutcomeRules.facts:
        assert any(list(scoring.facts(e)) for e in events), "the examples show none of the ruleset's facts"


def test_outcome_rules_with_facts_of_their_own_and_no_classes_named_are_asked_of_every_event() -> None:
    """A ruleset that counts facts but names no class loses none: the tally asks every event."""

    class Counting(OutcomeRules):
        def facts(self, event: GameEvent) -> list[tuple[str, str, float]]:
            return [(event.unit, "seen", 1.0)] if isinstance(event, StepTaken) else []

    assert Counting.fact_events is None
    assert OutcomeRules.fact_events == frozenset()

    class Naming(Counting):
        fact_events = frozenset({StepTaken})

    assert Naming.fact_events == frozenset({StepTaken})


def test_a_game_played_until_its_end_stops_after_the_first_command_whose_outcome_has_ended() -> None:
    """``until_end`` (``sim compare``) asks the ruleset's end alone after each command; the
    reference is the whole outcome of the state after each command of the log, refolded here."""
    from projections.state_hash import fold
    from tests import boards

    ended = 0
    for ruleset in ("tinyepic", "sorcery"):
        for seed in range(8):
            played = self_play(boards.scenario(ruleset, seed), 20, "greedy", seed, until_end=True, verify_log=False)
            rules = get_ruleset(ruleset)
            events = played.events
            commands = [i for i, e in enumerate(events) if type(e).__name__ == "CommandIssued"]
            played_from = len(commands) - played.report.commands  # the script's commands come first
            first_end = None
            for number, start in enumerate(commands[played_from:], start=played_from):
                upto = commands[number + 1] if number + 1 < len(commands) else len(events)
                state = fold(events[:upto])
                if rules.outcome(state, Tally.of(events[:upto], state).counters()).ended:
                    first_end = number
                    break
                assert start < upto
            if played.report.stopped.startswith("the game ended"):
                ended += 1
                assert first_end == len(commands) - 1, f"{ruleset} {seed}: stopped after the command that ended it"
                assert played.report.outcome is not None and played.report.outcome.ended
                assert played.report.stopped.endswith(played.report.outcome.reason or "")
            else:
                assert first_end is None, f"{ruleset} {seed}: played on past its end"
    assert ended >= 3  # some of these games do end


def test_a_tallys_copy_is_its_deep_copy_and_shares_nothing_it_changes() -> None:
    """``Tally.copy`` (the lookahead policy's, for every command tried) against ``copy.deepcopy``:
    the same attributes and values, and adding a game's events to the copy leaves the tally as
    it was."""
    import copy

    for path, policy, seed in GAMES[:6]:
        events = self_play(load_scenario(EXAMPLES / path), 2, policy, seed, verify_log=False).events
        half = len(events) // 2
        from projections.state_hash import fold

        tally = Tally.of(events[:half], fold(events[:half]))
        copied, deep = tally.copy(), copy.deepcopy(tally)
        assert vars(copied).keys() == vars(tally).keys()
        for name, value in vars(deep).items():
            assert getattr(copied, name) == value, name
        before = copy.deepcopy(tally)
        copied.add(events[half:], fold(events))
        deep.add(events[half:], fold(events))
        assert copied.counters() == deep.counters() and copied.refusals == deep.refusals
        assert tally.counters() == before.counters() and tally.refusals == before.refusals
        assert vars(tally) == vars(before)
