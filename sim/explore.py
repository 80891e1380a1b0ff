"""Exploring the other ways a game could have gone: each order of a trigger batch, each answer to
a choice, each result of a die.

A **choice point** is a moment of a logged game where something other than the rules decided:
a player's answer to ``ChoiceRequested``, a trigger batch the ordering policy put in declaration
order, or (asked for with ``dice=True``) a die roll. ``explore`` re-plays the logged commands
from the start once for each alternative at that point, continues each branch to the end of the
logged commands, and groups the branches by their outcome (positions, deaths, damage, life).

A branch is a game of its own that the rules can verify: trigger orders are played as player
choices (the game runs with ``trigger_order: ask`` and each choice is answered by an
``order_triggers`` command: the explored alternative at the point, the logged answer or the
declaration order elsewhere). A die cannot be chosen by a command: dice branches are
hypothetical, answered from an override, and are never stored.

Beyond ``CAP`` alternatives (all orders of six triggers are 720) a seeded sample is explored,
and the result says so.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from domain.commands import OrderTriggers
from domain.errors import BadInput, SimError
from domain.event_base import GameEvent
from domain.events import ChoiceMade, ChoiceRequested, CommandIssued, DiceRolled, GameStarted, TriggersOrdered
from domain.game import Game
from domain.legacy import upcast_log
from domain.logged import reissuing_logged_commands
from domain.ruleset import get_ruleset
from projections.state_hash import fold, state_hash
from sim.replay import Verdict, as_verified, verify

CAP = 120


@dataclass(frozen=True)
class ChoicePoint:
    """A moment where a player, the ordering policy or a die decided."""

    event: int
    kind: str  # "trigger_order", "choice" (a player's answer to a "may", a target) or "dice"
    player: str | None
    options: tuple[str, ...]
    text: str
    #: for trigger orders: the position of this batch among the game's trigger batches;
    #: for dice: the number of the roll (1 for the game's first)
    index: int
    dice: tuple[int, int] = (0, 0)  # (count, sides)
    #: for a choice: the option the logged game's player chose
    chosen: str | None = None

    @property
    def alternatives(self) -> int:
        if self.kind == "dice":
            count, sides = self.dice
            return int(sides**count)
        if self.kind == "choice":
            return len(self.options)
        return math.factorial(len(self.options))

    @property
    def logged(self) -> tuple[Any, ...]:
        """The alternative the logged game took."""
        if self.kind == "dice":
            return tuple(int(r) for r in self.options)
        if self.kind == "choice":
            return (self.chosen,)
        return tuple(self.options)

    def as_json(self) -> dict[str, Any]:
        return {
            "event": self.event, "kind": self.kind, "player": self.player, "options": list(self.options),
            "alternatives": self.alternatives, "text": self.text,
        }


def choice_points(events: list[GameEvent], dice: bool = False) -> list[ChoicePoint]:
    """Every choice point of a logged game, in event order. A die's text says what its result
    meant where the ruleset can say (``Ruleset.roll_verdict``: a missed Trample die causes no
    event, so the bare result would leave the reader to know the success face)."""
    found: list[ChoicePoint] = []
    batch = roll = asked = 0
    meaning = _roll_meaning(events) if dice else None
    answers = {e.choice_id: e.option for e in events if isinstance(e, ChoiceMade)}
    for event in events:
        if isinstance(event, ChoiceRequested) and event.kind != "order_triggers":
            asked += 1  # every choice answered with ``choose`` is counted, so that a branch finds its answer
            if event.choice_id in answers and len(event.options) > 1:
                found.append(ChoicePoint(
                    event.originator_version, "choice", event.player, tuple(event.options),
                    f"{event.player} chooses {answers[event.choice_id]!r} of {', '.join(event.options)}: {event.prompt}",
                    asked, chosen=answers[event.choice_id],
                ))
        elif isinstance(event, ChoiceRequested) and event.kind == "order_triggers":
            batch += 1
            found.append(ChoicePoint(
                event.originator_version, "trigger_order", event.player, tuple(event.options),
                f"{event.player} chooses the order of {', '.join(event.options)}", batch,
            ))
        elif isinstance(event, TriggersOrdered) and event.decided_by.startswith("policy") and len(event.order) > 1:
            batch += 1
            found.append(ChoicePoint(
                event.originator_version, "trigger_order", event.player, tuple(event.order),
                f"the policy ordered {', '.join(event.order)} for {event.player}", batch,
            ))
        elif isinstance(event, DiceRolled):
            roll += 1
            count, _, sides = event.dice.partition("d")
            if dice:
                found.append(ChoicePoint(
                    event.originator_version, "dice", None, tuple(str(r) for r in event.results),
                    f"rolled {event.dice} for {event.purpose}: {event.results}{_verdict_text(meaning, event)}", roll,
                    (int(count), int(sides)),
                ))
    return found


RollMeaning = Callable[[DiceRolled], str | None]


def _roll_meaning(events: list[GameEvent]) -> RollMeaning | None:
    """What a roll of this game meant, read against the game's last state (every unit the game
    ever had is in it, dead or alive, and its rule options): none for a log too short to have one."""
    if not events or not isinstance(events[0], GameStarted):
        return None
    state = fold(events)
    rules = get_ruleset(state.ruleset)
    return lambda event: rules.roll_verdict(state, event)


def _verdict_text(meaning: RollMeaning | None, event: DiceRolled) -> str:
    verdict = meaning(event) if meaning is not None else None
    return f" -> {verdict}" if verdict else ""


@dataclass
class Branch:
    """One alternative, played to the end of the logged commands."""

    alternative: list[Any]
    game: Game
    events: list[GameEvent]
    refused: str | None = None
    logged: bool = False

    def outcome(self) -> dict[str, Any]:
        """What the branch ended with: every unit's position and condition, players' life."""
        state = self.game.state
        rules = get_ruleset(state.ruleset)
        units = {}
        for unit in state.units.values():
            data = unit.model_dump(mode="json", exclude={"id", "card", "owner", "kind"})
            data["location"] = rules.label(state, unit.location) if unit.location else None
            units[unit.id] = data
        return {"units": units, "life": dict(getattr(state, "life", {}))}


@dataclass
class Group:
    """Branches that ended the same way."""

    outcome: dict[str, Any]
    branches: list[Branch] = field(default_factory=list)
    parts_at: int | None = None
    parts_with: str | None = None
    #: the first differing event that is not a command or an order: what the difference did
    then: str | None = None
    #: at a die roll, what the group's results meant (``Ruleset.roll_verdict``), each once
    verdicts: list[str] = field(default_factory=list)


@dataclass
class Exploration:
    point: ChoicePoint
    groups: list[Group]
    explored: int
    sampled: bool
    seed: int
    #: what of the log today's rules take only as logged (``require_verified``)
    notes: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "point": self.point.as_json(),
            "notes": list(self.notes),
            "explored": self.explored,
            "sampled": self.sampled,
            "seed": self.seed,
            "groups": [
                {
                    "alternatives": [b.alternative for b in g.branches],
                    "logged": any(b.logged for b in g.branches),
                    "outcome": g.outcome,
                    "deaths": _deaths(g.outcome),
                    "state_hash": state_hash(g.branches[0].game.state),
                    "parts_at": g.parts_at,
                    "parts_with": g.parts_with,
                    "then": g.then,
                    "refused": g.branches[0].refused,
                    "verdicts": g.verdicts,
                }
                for g in self.groups
            ],
        }


def _deaths(outcome: dict[str, Any]) -> list[str]:
    return sorted(u for u, data in outcome["units"].items() if data.get("alive") is False)


def _alternatives(point: ChoicePoint, cap: int, seed: int) -> tuple[list[list[Any]], bool]:
    if point.kind == "choice":
        return [[option] for option in point.options], False  # a few options: never sampled
    if point.kind == "dice":
        count, sides = point.dice
        every: Iterator[tuple[Any, ...]] = itertools.product(range(1, sides + 1), repeat=count)
    else:
        every = itertools.permutations(point.options)
    if point.alternatives <= cap:
        return [list(a) for a in every], False
    rng = random.Random(seed)
    logged = list(point.options) if point.kind == "trigger_order" else [int(r) for r in point.options]
    picked: list[list[Any]] = [logged]
    seen = {tuple(logged)}
    while len(picked) < cap:
        if point.kind == "dice":
            count, sides = point.dice
            candidate: list[Any] = [rng.randint(1, sides) for _ in range(count)]
        else:
            candidate = list(point.options)
            rng.shuffle(candidate)
        if tuple(candidate) not in seen:
            seen.add(tuple(candidate))
            picked.append(candidate)
    return picked, True


def require_verified(events: list[GameEvent], name: str = "the log", where: str = "log") -> tuple[str, ...]:
    """Refuse a log the rules disagree with: its branches could not be re-played, so neither
    exploring nor counting its alternatives means anything. The message names the game
    (``name``: "game ID in STORE", given by ``where``: ``--game``) and the first event where
    the rules disagree, as ``sim replay --verify`` does. Its notes otherwise: what of the log
    today's rules take only as logged (``Verdict.notes``), for the output to say, as the
    branches, started and re-issued as logged, take it too."""
    return _verified(events, name, where).notes


def _verified(events: list[GameEvent], name: str, where: str) -> Verdict:
    """``require_verified``'s verdict: its notes, and the reading of the start it verified
    under (``Verdict.read_as``), which the branches are re-played under."""
    verdict = verify(upcast_log(events))
    if not verdict.ok:
        raise BadInput(f"{name} does not verify, so it can't be re-played: {verdict.message}", where)
    return verdict


def explore(
    events: list[GameEvent], at: int, dice: bool = False, cap: int = CAP, seed: int = 0, depth: int | None = None,
    name: str = "the log", where: str = "log",
) -> Exploration:
    """Re-play the game once per alternative at the choice point that is event ``at``; each
    branch goes on to the end of the logged commands, or ``depth`` commands past the point's.
    ``name`` and ``where`` say which game a log that does not verify is (``require_verified``)."""
    events = upcast_log(events)
    if not 1 <= at <= len(events):
        raise BadInput(f"event {at} is out of range: the game has {len(events)} events", "--at")
    points = {p.event: p for p in choice_points(events, dice=True)}
    point = points.get(at)
    if point is None or (point.kind == "dice" and not dice):
        listed = ", ".join(f"e{p.event}" for p in choice_points(events, dice=dice)) or "none"
        what = "a die roll: add --dice to explore it" if point is not None else "not a choice point"
        raise BadInput(f"e{at} is {what} (choice points: {listed})", "--at")
    verdict = _verified(events, name, where)
    notes = verdict.notes
    # a start that verified only under another reading than its absent options' (its first
    # note says which): the branches are re-played under that reading, as the log was played
    events = as_verified(events, verdict)
    if depth is not None and depth < 0:
        raise BadInput(f"--depth must be 0 or more, not {depth}", "--depth")
    last = None
    if depth is not None:
        commands = [e.originator_version for e in events if isinstance(e, CommandIssued)]
        at_command = max(i for i, n in enumerate(commands) if n < at)
        last = commands[at_command + depth] if at_command + depth < len(commands) else None
    alternatives, sampled = _alternatives(point, cap, seed)
    branches = [_play_branch(events, point, alternative, last) for alternative in alternatives]
    logged = point.logged
    baseline = next((b for b in branches if tuple(b.alternative) == logged), None)
    if baseline is not None:
        baseline.logged = True
    groups: list[Group] = []
    for branch in branches:
        outcome = branch.outcome()
        group = next((g for g in groups if g.outcome == outcome), None)
        if group is None:
            group = Group(outcome)
            groups.append(group)
        group.branches.append(branch)
    if baseline is not None:
        for group in groups:
            if not any(b.logged for b in group.branches):
                group.parts_at, group.parts_with, group.then = _parting(baseline, group.branches[0])
    if point.kind == "dice":
        for group in groups:
            group.verdicts = _branch_verdicts(group.branches, at)
    return Exploration(point, groups, len(branches), sampled, seed, notes)


def _branch_verdicts(branches: list[Branch], at: int) -> list[str]:
    """What the die at event ``at`` meant in each branch, each meaning once, in branch order."""
    found: list[str] = []
    for branch in branches:
        rolled = branch.events[at - 1] if len(branch.events) >= at else None
        if isinstance(rolled, DiceRolled):
            verdict = get_ruleset(branch.game.state.ruleset).roll_verdict(branch.game.state, rolled)
            if verdict and verdict not in found:
                found.append(verdict)
    return found


def _parting(baseline: Branch, branch: Branch) -> tuple[int | None, str | None, str | None]:
    """The first event where a branch differs from the logged game's re-play, what it was, and
    the first differing event past the answer itself (what the different choice did)."""
    rules = get_ruleset(branch.game.state.ruleset)
    state = branch.game.state

    def text(event: GameEvent) -> str:
        return event.describe(lambda loc: rules.label(state, loc))

    # each branch's GameStarted names its own branch in the title: the game itself starts alike
    differing = [
        b for a, b in zip(baseline.events, branch.events, strict=False)
        if not isinstance(b, GameStarted) and (a.name != b.name or a.payload() != b.payload())
    ]
    if not differing:
        if len(baseline.events) != len(branch.events):
            return min(len(baseline.events), len(branch.events)) + 1, None, None
        return None, None, None
    then = next((b for b in differing if not isinstance(b, (CommandIssued, TriggersOrdered, DiceRolled, ChoiceMade))), None)
    return differing[0].originator_version, text(differing[0]), text(then) if then is not None else None


def _play_branch(events: list[GameEvent], point: ChoicePoint, alternative: list[Any], last: int | None) -> Branch:
    """One branch: the logged commands re-issued, up to the command logged as event ``last``."""
    start = events[0]
    assert isinstance(start, GameStarted)
    options = get_ruleset(start.ruleset).recorded_options(start.options)  # as the log means them
    if point.kind == "trigger_order" and "trigger_order" in options:
        options["trigger_order"] = "ask"
    # the branch says what it is, so that a stored branch (``--save``) is told from its game
    title = f"{start.title} (branch at e{point.event}: {', '.join(str(a) for a in alternative)})"
    game = Game.start(start.ruleset, start.players, start.active_player, options, start.aliases, title, None, start.seed, logged=True)
    if point.kind == "dice":
        game.override_dice({point.index: [int(r) for r in alternative]})
    logged_answers = [
        e.command["order"] for e in events if isinstance(e, CommandIssued) and e.command.get("command") == "order_triggers"
    ]
    branch = Branch(alternative, game, [e for e in game.pending_events if isinstance(e, GameEvent)])
    batch = 0
    for event in events:
        if last is not None and event.originator_version > last:
            break
        if not isinstance(event, CommandIssued) or event.command.get("command") == "order_triggers":
            continue
        command = event.command
        if point.kind == "choice" and command.get("command") == "choose" and _answers_point(game, branch.events, point):
            command = {**command, "option": alternative[0]}
        try:
            with reissuing_logged_commands():  # the log's command as it was recorded (domain.logged)
                branch.events.extend(game.issue(command))
            while game.state.choice is not None and game.state.choice.kind == "order_triggers":
                choice = game.state.choice
                batch += 1
                if batch == point.index and point.kind == "trigger_order":
                    order = list(alternative)
                elif logged_answers and sorted(_ids(game, logged_answers[0])) == sorted(choice.options):
                    order = _ids(game, logged_answers.pop(0))
                else:
                    order = list(choice.options)  # what the declaration-order policy would do
                branch.events.extend(game.issue(OrderTriggers(player=choice.player, order=order)))
        except SimError as exc:
            branch.refused = f"{event.command_id} ({event.command.get('command')}) is refused in this branch: {exc}"
            break
    return branch


def _answers_point(game: Game, played: list[GameEvent], point: ChoicePoint) -> bool:
    """Whether the choice pending in a branch is the explored one: the same number among the
    game's choices answered with ``choose``, asked of the same player with the same options."""
    choice = game.state.choice
    if choice is None or choice.kind == "order_triggers":
        return False
    asked = sum(1 for e in played if isinstance(e, ChoiceRequested) and e.kind != "order_triggers")
    return asked == point.index and choice.player == point.player and tuple(choice.options) == point.options


def _ids(game: Game, order: list[str]) -> list[str]:
    """A logged answer's trigger references (ids, or the subjects' unit ids) as trigger ids."""
    state = game.state
    found = []
    for ref in order:
        if ref in state.triggers:
            found.append(ref)
        else:
            found.extend(t.id for t in state.triggers.values() if t.subject == ref and t.id in state.unordered)
    return found
