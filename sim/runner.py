"""Playing a scenario: set the board up, run its script, and check its expectations.

Playing happens on an in-memory ``Game``; nothing is stored until the whole script has run, so
a scenario that fails half-way leaves no partial game in any store.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import repeat
from typing import Any, get_args
from uuid import UUID

from pydantic import BaseModel

from domain.errors import BadInput, IllegalCommand, SimError, suggest
from domain.event_base import GameEvent
from domain.game import Game
from domain.ruleset import get_ruleset
from domain.validation import path_text
from projections.lookahead import Lookahead
from sim.scenario import EventExpectation, ScenarioBase, split_entry


@dataclass
class StepOutcome:
    index: int
    command: dict[str, Any]
    expected: str
    refusal: SimError | None = None
    events: list[GameEvent] = field(default_factory=list)
    problem: str | None = None
    events_after: int = 0


@dataclass
class Played:
    scenario: ScenarioBase
    game: Game
    outcomes: list[StepOutcome]
    setup_events: int = 0
    #: every event of the game, captured before anything stores (and so drains) the aggregate
    events: list[GameEvent] = field(default_factory=list)

    def lookahead(self, after: int | None = None) -> Lookahead:
        """The lookahead after the whole script, or after its first ``after`` commands."""
        events = self.events
        if after is not None:
            cut = self.setup_events if after == 0 else self.outcomes[min(after, len(self.outcomes)) - 1].events_after
            events = events[:cut]
        return Lookahead.from_events(events)


class ScriptRefused(SimError):
    """A script command was refused that the scenario did not expect to be."""

    def __init__(self, index: int, error: SimError) -> None:
        self.index = index
        self.error = error
        super().__init__(f"script[{index}]: {error}")


def start_game(scenario: ScenarioBase, game_id: UUID | None = None, seed: int | None = None) -> Game:
    game = Game.start(
        scenario.ruleset,
        scenario.players,
        scenario.active_player,
        scenario.options,
        scenario.aliases,
        scenario.title,
        game_id,
        scenario.seed if seed is None else seed,
    )
    try:
        game.issue(scenario.setup)
    except BadInput as exc:
        where = exc.where or ""
        raise BadInput(exc.message, where if where.startswith("setup") else f"setup.{where}".rstrip(".")) from None
    except IllegalCommand as exc:
        raise BadInput(str(exc), "setup") from None
    return game


def play(scenario: ScenarioBase, strict: bool = True, game_id: UUID | None = None, seed: int | None = None) -> Played:
    """Play the script. With ``strict``, a refusal the script did not expect raises
    ``ScriptRefused``; otherwise it is recorded as a failed expectation and play goes on."""
    game = start_game(scenario, game_id, seed)
    setup_events = len(game.pending_events)
    outcomes = play_script(scenario, game, strict)
    check_expected_units(scenario, game)
    return Played(scenario, game, outcomes, setup_events, recorded(game))


def check_expected_units(scenario: ScenarioBase, game: Game) -> None:
    """Every unit ``expect.units`` names is one the game has had, or one a script command names
    as the unit it makes (its summon may be refused: that is a failed expectation), or one a
    rule of the ruleset would have created (a token whose trigger did not fire: failed too,
    ``Ruleset.created_by``). Any other is a typo, bad input naming the field: checked against
    the played game, since units may enter during the script, before anything is stored. So is
    a field the ruleset's units don't have."""
    state = game.state
    units = state.units
    rules = get_ruleset(state.ruleset)
    made = {getattr(entry, "id", None) for entry in scenario.script}
    fields = unit_fields(state)
    for unit_id, want in scenario.expect.units.items():
        if unit_id not in units and unit_id not in made and rules.created_by(state, unit_id) is None:
            raise BadInput(f"unknown unit {unit_id!r}{suggest(unit_id, units, 'units')}", path_text(["expect", "units", unit_id]))
        named = [(n, path_text(["expect", "units", unit_id, n])) for n in _FIXED if getattr(want, n) is not None]
        named += [(n, path_text(["expect", "units", unit_id, "extra", n])) for n in want.extra]
        for name, where in named:
            if name not in fields:
                raise BadInput(f"{state.ruleset} units have no field {name!r}{suggest(name, fields)}", where)


#: the unit fields ``expect.units`` names outside ``extra`` (``at`` is every unit's location)
_FIXED = ("alive", "tapped", "damage", "carried_by")


def unit_fields(state: Any) -> frozenset[str]:
    """The fields of the ruleset's units (the type its state narrows ``units`` to), whether or
    not the game has a unit yet."""
    annotation = type(state).model_fields["units"].annotation
    args = get_args(annotation)
    unit_class = args[1] if len(args) == 2 else None
    return frozenset(unit_class.model_fields) if unit_class is not None else frozenset()


def play_script(scenario: ScenarioBase, game: Game, strict: bool = True, first: int = 0) -> list[StepOutcome]:
    """Issue the script's commands from number ``first`` on into ``game`` (set up, and where
    the commands before ``first`` left it), each checked against what the script expects."""
    outcomes: list[StepOutcome] = []
    for index, entry in enumerate(scenario.script[first:], start=first):
        command, meta = split_entry(entry)
        outcome = StepOutcome(index=index, command=command, expected=meta.expect)
        try:
            outcome.events = game.issue(command)
        except BadInput as exc:
            where = f"script[{index}].{exc.where}" if exc.where else f"script[{index}]"
            raise BadInput(exc.message, where) from None
        except SimError as exc:
            # kept without its traceback: its frames hold this game and these outcomes, a cycle that
            # would keep a whole self-played game for the cyclic collector
            outcome.refusal = exc.with_traceback(None)
            if meta.expect == "ok":
                if strict:
                    raise ScriptRefused(index, exc) from None
                outcome.problem = f"script[{index}] was refused: {exc}"
            elif meta.rule and meta.rule.lower() not in str(exc).lower():
                outcome.problem = f"script[{index}] was refused for another reason than {meta.rule!r}: {exc}"
        else:
            if meta.expect == "refused":
                outcome.problem = f"script[{index}] ({command['command']}) was expected to be refused, and was not"
        outcome.events_after = len(game.pending_events)
        outcomes.append(outcome)
    return outcomes


def recorded(game: Game) -> list[GameEvent]:
    """The events a game has recorded and not yet stored.

    The library types ``pending_events`` as its own event protocol; every event a ``Game``
    records is a ``GameEvent``, and this checks it rather than assuming it."""
    events = list(game.pending_events)
    if not all(map(isinstance, events, repeat(GameEvent))):  # each checked in C: a game holds hundreds
        stranger = next(event for event in events if not isinstance(event, GameEvent))
        raise TypeError(f"{type(stranger).__name__} is not a game event")
    return events  # type: ignore[return-value]  # checked above


# --- expectations ---------------------------------------------------------------------------

LOCATION_FIELDS = {"at", "frm", "to", "location"}


def check_expectations(played: Played) -> list[str]:
    """Every expectation that does not hold, as one line each."""
    problems = [o.problem for o in played.outcomes if o.problem]
    problems += _check_reach(played)
    problems += _check_events(played)
    problems += _check_units(played)
    problems += _check_players(played)
    return problems


def _check_reach(played: Played) -> list[str]:
    problems: list[str] = []
    state = played.game.state
    rules = get_ruleset(state.ruleset)
    for item in played.scenario.expect.reach:
        try:
            target = rules.label(state, rules.parse_location(state, item.location))
            answer = played.lookahead(item.after).range_of_motion(item.unit)
        except BadInput as exc:
            raise BadInput(exc.message, f"expect.reach: {item.unit} -> {item.location}") from None
        name = f"reach {item.unit} -> {item.location}"
        reachable = target in answer
        if reachable != item.reachable:
            was = "reachable" if reachable else f"not reachable ({'; '.join(str(r) for r in answer.why_not(target))})"
            problems.append(f"{name}: expected {'reachable' if item.reachable else 'not reachable'}, was {was}")
            continue
        if not reachable and item.rule:
            reasons = " ".join(str(r) for r in answer.why_not(target))
            if item.rule.lower() not in reasons.lower():
                problems.append(f"{name}: reason {reasons!r} does not mention {item.rule!r}")
        if reachable and item.path is not None:
            path = [rules.label(state, rules.parse_location(state, p)) for p in item.path]
            if answer.path_to(target) != path:
                problems.append(f"{name}: path {answer.path_to(target)} is not {path}")
    return problems


def _check_events(played: Played) -> list[str]:
    problems = _unreadable_locations(played)
    if problems:  # an expectation naming no place would match no event: "did not occur" would mislead
        return problems
    events, game = played.events, played.game
    position = 0
    for wanted in played.scenario.expect.events:
        found = next((i for i in range(position, len(events)) if _matches(game, events[i], wanted)), None)
        if found is None:
            problems.append(f"event {_describe(wanted)} did not occur (after event {position})")
        else:
            position = found + 1
    for unwanted in played.scenario.expect.no_events:
        hit = next((e for e in events if _matches(game, e, unwanted)), None)
        if hit is not None:
            problems.append(f"event {_describe(unwanted)} occurred ({hit.event_id}) but must not")
    return problems


def _unreadable_locations(played: Played) -> list[str]:
    """The expected events' locations that name no place on this board. Under ``no_events`` such
    an expectation matched no event, so it held whatever the rules did."""
    state = played.game.state
    rules = get_ruleset(state.ruleset)
    problems: list[str] = []
    expect = played.scenario.expect
    for section, entries in (("events", expect.events), ("no_events", expect.no_events)):
        for index, wanted in enumerate(entries):
            for key, value in (wanted.model_extra or {}).items():
                texts = value if key == "path" and isinstance(value, list) else [value] if key in LOCATION_FIELDS else []
                for text in texts:
                    if isinstance(text, (str, int)) and not isinstance(text, bool):
                        try:
                            rules.parse_location(state, str(text))
                        except BadInput as exc:
                            problems.append(f"expect.{section}.{index}.{key}: {exc.message}")
    return problems


def _check_units(played: Played) -> list[str]:
    problems: list[str] = []
    state = played.game.state
    rules = get_ruleset(state.ruleset)
    for unit_id, want in played.scenario.expect.units.items():
        unit = state.units.get(unit_id)
        if unit is None:
            maker = rules.created_by(state, unit_id)
            why = f": {maker} did not fire" if maker is not None else ""
            problems.append(f"units.{unit_id}: no such unit{why}")
            continue
        if want.at is not None:
            expected_at = rules.label(state, rules.parse_location(state, want.at))
            actual_at = rules.label(state, unit.location) if unit.location else "nowhere"
            if expected_at != actual_at:
                problems.append(f"units.{unit_id}.at: expected {want.at}, is {actual_at}")
        fields = {name: getattr(want, name) for name in ("alive", "tapped", "damage", "carried_by")}
        fields.update(want.extra)
        for name, value in fields.items():
            if value is None and name not in want.extra:
                continue
            if name not in type(unit).model_fields:
                problems.append(f"units.{unit_id}.{name}: {state.ruleset} units have no field {name!r}")
                continue
            actual = getattr(unit, name)
            if isinstance(actual, BaseModel):
                actual = actual.model_dump(mode="json")
            if actual != value:
                problems.append(f"units.{unit_id}.{name}: expected {value!r}, is {actual!r}")
    return problems


def _check_players(played: Played) -> list[str]:
    problems: list[str] = []
    state = played.game.state
    expect = played.scenario.expect
    lives: dict[str, int] = getattr(state, "life", {})
    for player, life in expect.life.items():
        if lives.get(player) != life:
            problems.append(f"life.{player}: expected {life}, is {lives.get(player)}")
    if expect.pending_choice is not None:
        choice = state.choice
        if choice is None or choice.player != expect.pending_choice:
            found = choice.player if choice else "none"
            problems.append(f"pending choice: expected one for {expect.pending_choice}, found {found}")
    return problems


def _describe(wanted: EventExpectation) -> str:
    extra = {k: v for k, v in (wanted.model_extra or {}).items()}
    inner = ", ".join(f"{k}={v}" for k, v in extra.items())
    return f"{wanted.type}({inner})"


def _matches(game: Game, event: GameEvent, wanted: EventExpectation) -> bool:
    if event.name != wanted.type:
        return False
    payload = event.payload()
    return all(_field_matches(game, key, payload.get(key, _MISSING), value) for key, value in (wanted.model_extra or {}).items())


_MISSING = object()


def _field_matches(game: Game, key: str, actual: Any, wanted: Any) -> bool:
    if actual is _MISSING:
        return False
    if isinstance(wanted, dict) and isinstance(actual, dict):
        return all(_field_matches(game, k, actual.get(k, _MISSING), v) for k, v in wanted.items())
    if isinstance(wanted, int) and not isinstance(wanted, bool) and isinstance(actual, str) and key in LOCATION_FIELDS:
        wanted = str(wanted)
    if isinstance(wanted, str) and isinstance(actual, str) and key in LOCATION_FIELDS:
        rules = get_ruleset(game.state.ruleset)
        try:
            return rules.parse_location(game.state, wanted) == actual
        except BadInput:
            return False
    if isinstance(wanted, str) and isinstance(actual, str) and key in ("source", "message", "outcome", "reason", "label"):
        return wanted.lower() in actual.lower()
    if isinstance(wanted, list) and isinstance(actual, list) and key == "path":
        rules = get_ruleset(game.state.ruleset)
        return [rules.parse_location(game.state, str(w)) for w in wanted] == actual
    return bool(actual == wanted)
