"""Replaying and verifying logs.

Replay folds the logged events (facts) into state: it never re-runs a rule or rolls a die.
Verification goes further: it re-issues the logged commands to a fresh game under the rules
and compares, event by event, what the rules produce with what the log says happened,
reporting the first divergence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import is_, itemgetter
from typing import Annotated, Any, Literal, NamedTuple, get_args, get_origin

from pydantic import BaseModel

from domain.dice import Roll, rolls_of
from domain.errors import SimError
from domain.event_base import ENVELOPE, GameEvent
from domain.events import CommandIssued, GameStarted
from domain.game import PLAIN_APPLY, Game
from domain.legacy import upcast_log
from domain.logged import reissuing_logged_commands
from domain.ruleset import get_ruleset
from domain.state import GameState
from domain.wordings import as_today
from projections.state_hash import fold, state_hash
from sim.runner import recorded


@dataclass
class Replayed:
    state: GameState
    hash: str
    events: int


def replay(events: list[GameEvent]) -> Replayed:
    state = fold(events)
    return Replayed(state=state, hash=state_hash(state), events=len(events))


@dataclass
class Verdict:
    ok: bool
    checked: int
    message: str
    #: what of the log today's rules refuse and verification took as an older version accepted
    #: and recorded it: first the reading its start verified under, when not what an option it
    #: leaves out means ("the start does not record NAME; the game verifies as played under
    #: VALUE (recorded by versions A..B)", ``RuleOptions.ABSENT_MAY_MEAN``), then the start's
    #: options (``RuleOptions.outside_a_new_game``, worded "the game's start uses option
    #: NAME = VALUE, ..."; a start is no command), then each
    #: command (``domain.logged``), "EVENT (COMMAND): why". A log can't say which version wrote
    #: it, so a verdict never passes them in silence (README, "--json shapes")
    notes: tuple[str, ...] = ()
    #: the options the log verified under that its start leaves out and that mean other than
    #: what their absence means (``RuleOptions.ABSENT_MAY_MEAN``; its first note says so):
    #: name -> value. Whatever re-issues the log's commands again (``sim explore``'s branches)
    #: reads its start so (``as_verified``). Empty for almost every log
    read_as: tuple[tuple[str, Any], ...] = ()


def as_verified(events: list[GameEvent], verdict: Verdict) -> list[GameEvent]:
    """The log as it verified (``verdict``): its start recording each option it was read as
    (``Verdict.read_as``), so that a game started from it re-issues the commands under the
    reading the log's events agree with; the log itself when read as it says."""
    for name, value in verdict.read_as:
        events = as_read(events, name, value)
    return events


def verify(events: list[GameEvent], prefix: VerifiedPrefix | None = None) -> Verdict:
    """Re-run the log's commands under the rules; the log is valid when every event matches.

    Records of older schemas are compared as today's events (``domain.legacy``), on the fields
    they recorded: a field added to an event since the log was written is not compared.
    A log that begins with a ``prefix`` already checked under the rules (``VerifiedPrefix``)
    continues from its facts instead of re-running its commands: same verdict, less work.
    """
    return _verify(events, cheap=True, prefix=prefix)


def verify_exactly(events: list[GameEvent]) -> Verdict:
    """``verify`` with every event compared by its JSON fields, never by the cheap test first:
    what the tests hold ``verify`` to (the same verdict and message on any log)."""
    return _verify(events, cheap=False, prefix=None)


@dataclass(frozen=True)
class VerifiedPrefix:
    """The first events of a log whose commands verification has re-run and found equal to what
    the rules give (a scenario's script, played once for many self-played games).

    Another log that begins with the same facts continues from them: its own game id, seed and
    timestamps aside, equal facts after an equal start are what the same commands give, because
    a game's seed decides nothing but its dice. A prefix that rolls is taken only for a log whose
    own seed draws each of its rolls as the prefix shows them (``domain.dice.draw``): re-run under
    that seed, the rules would roll those very results and so give those very facts; a log whose
    seed draws otherwise claims dice its seed never rolled, and is re-run whole. The facts are
    compared exactly as verification compares them; any difference, or a prefix that does not
    end where a command begins, and the whole log is re-run."""

    events: tuple[GameEvent, ...]
    #: the fold of ``events`` with no index built: copied for each log that starts with them
    state: GameState
    #: each roll among ``events`` (none when the prefix rolls no die)
    rolls: tuple[Roll, ...] = ()

    @classmethod
    def of(cls, events: list[GameEvent]) -> VerifiedPrefix | None:
        """The prefix, when ``events`` verify (under their own seed) as their start reads; else
        none (re-run in full). Verified only under another reading (``Verdict.read_as``), their
        fold is not the state the commands were re-run from: none either."""
        verdict = verify(events)
        if not verdict.ok or verdict.read_as:
            return None
        return cls(tuple(events), folded_start(events), rolls_of(events))

    def continued(self, events: list[GameEvent]) -> Game:
        """The game of a log that ``starts`` with this prefix, at the prefix's end: the log's own
        start (its id and seed) with a copy of the prefix's fold, and the log's prefix events
        pending as facts. Neither the start's options nor the prefix's commands are checked
        again: they equal the prefix's, which were (``of``)."""
        start = events[0]
        assert isinstance(start, GameStarted)  # ``starts`` compared it with the prefix's
        game = Game.continued(start, copy_of_start(self.state, start.seed))
        game.resume(game.state, events[1:len(self.events)])
        return game

    def starts(self, events: list[GameEvent], cheap: bool) -> bool:
        """True when ``events`` begin with this prefix's facts and the next event (if any) is a
        command's: the log's game may then start from its own ``GameStarted`` (equal to the
        prefix's but for the seed) and take the log's prefix as folded (``continued``)."""
        mine, count = self.events, len(self.events)
        if len(events) < count or (len(events) > count and not isinstance(events[count], CommandIssued)):
            return False
        theirs, ours = events[0], mine[0]
        try:
            if not isinstance(ours, GameStarted) or type(theirs) is not type(ours) or not _same_start(theirs, ours):
                return False
            parse = get_ruleset(ours.ruleset).parse_command  # theirs names the same ruleset
            for logged, kept in zip(events[1:count], mine[1:], strict=True):
                # the cheap test first, as ``_disagreement`` makes it, without a call for each
                # of a kept script's events, which every game of the script begins with
                if not (cheap and _same_values(logged, kept)) and _disagreement(logged, kept, parse, cheap) is not None:
                    return False
            seed = theirs.seed
            return all(roll.drawn(seed) == roll.results for roll in self.rolls)
        except Exception:  # noqa: BLE001  # a fact that can't even be compared: the whole re-run judges it
            return False


def _same_start(theirs: GameStarted, ours: GameStarted) -> bool:
    """Whether two starts of one class record the same game but for the seed: their payloads
    (``GameEvent.payload``) equal, the seed aside. Every field the same object is equal at
    once (an object serialises as itself), as a kept script's games' starts are (their start
    is the kept one re-seeded: ``GameStarted.reseeded``); writing both payloads out as JSON,
    about 10 us a game, is left for any other start."""
    names = _START_FIELDS.get(type(ours))
    if names is None:
        names = _START_FIELDS[type(ours)] = tuple(
            name for name, info in type(ours).model_fields.items() if name not in ENVELOPE and not info.exclude and name != "seed"
        )
    mine, other = theirs.__dict__, ours.__dict__
    if all(mine[name] is other[name] for name in names):
        return True
    return bool(theirs.payload() | {"seed": 0} == ours.payload() | {"seed": 0})


#: a start's class -> the payload fields ``_same_start`` compares (all but the seed)
_START_FIELDS: dict[type[GameStarted], tuple[str, ...]] = {}


def folded_start(events: list[GameEvent] | tuple[GameEvent, ...]) -> GameState:
    """The state a game's first ``events`` fold into, with no index built, to be copied
    (``copy_of_start``) for each game that starts with equal facts."""
    state = fold(events)
    state.changed()
    return state


def copy_of_start(state: GameState, seed: int) -> GameState:
    """A game's own copy of a ``folded_start``, under its own seed. The seed is the only fact of
    the start that differs between the games that share one (``VerifiedPrefix.starts`` compares
    the rest, a kept script's games differ in nothing else), and it decides only their dice.
    The copy shares the board's indexes (``BoardIndexes``), as a rollback point's does."""
    copied = state.model_copy(deep=True)
    copied.seed = seed
    return copied


def _verify(events: list[GameEvent], cheap: bool, prefix: VerifiedPrefix | None) -> Verdict:
    verdict = _verify_once(events, cheap, prefix)
    if verdict.ok or not events or not isinstance(events[0], GameStarted):
        return verdict
    return _verify_as_read_otherwise(events, cheap, verdict)


def _verify_once(events: list[GameEvent], cheap: bool, prefix: VerifiedPrefix | None) -> Verdict:
    # the log's commands are read as they were recorded (domain.logged) wherever verification
    # reads them: re-issued, compared with the prefix's, compared with the ones the rules make
    with reissuing_logged_commands() as notes:
        return _verify_logged(events, cheap, prefix, notes)


def _verify_as_read_otherwise(events: list[GameEvent], cheap: bool, failed: Verdict) -> Verdict:
    """A log that fails under what its start means (``RuleOptions.recorded``) verified again
    under each other value an option it leaves out may mean (``RuleOptions.ABSENT_MAY_MEAN``:
    some versions played it before the option existed, and recorded no more than the others).
    The first reading the log's events agree with is its verdict, with a note naming it; if none
    does, the failure under the first reading stands, saying the others failed too. Only a
    failing log whose start is ambiguous pays for this."""
    start = events[0]
    assert isinstance(start, GameStarted)
    others = []
    for name, value, versions in readings_otherwise(start):
        verdict = _verify_once(as_read(events, name, value), cheap, None)
        if verdict.ok:
            note = (
                f"the start does not record {name}; the game verifies as played under {_shown(value)} "
                f"(recorded by versions {versions})"
            )
            return Verdict(True, verdict.checked, f"{verdict.message}; {note}", (note, *verdict.notes), ((name, value),))
        others.append(f"under {name} = {_shown(value)} too (as versions {versions} recorded it): {verdict.message}")
    if not others:
        return failed
    return Verdict(False, failed.checked, f"{failed.message}; it fails {'; '.join(others)}", failed.notes)


def readings_otherwise(start: GameStarted) -> list[tuple[str, Any, str]]:
    """The other readings of a logged start than what it means (``RuleOptions.absent_may_mean``):
    (option, value, the versions that recorded a start without it while playing that value)."""
    return get_ruleset(start.ruleset).Options.absent_may_mean(start.options)


def as_read(events: list[GameEvent], name: str, value: Any) -> list[GameEvent]:
    """The log with its start recording option ``name`` at ``value``: the game it would be if
    that value had been recorded, which is what re-issuing its commands under it means."""
    start = events[0]
    assert isinstance(start, GameStarted)
    return [start.model_copy(update={"options": {**start.options, name: value}}), *events[1:]]


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else repr(value)


def _verify_logged(events: list[GameEvent], cheap: bool, prefix: VerifiedPrefix | None, notes: list[str]) -> Verdict:
    events = upcast_log(events)
    start = events[0]
    if not isinstance(start, GameStarted):
        return Verdict(False, 0, "the log does not begin with GameStarted")
    if prefix is not None and prefix.starts(events, cheap):
        # facts equal to ones the rules gave: taken as the prefix's fold, not re-run or folded again
        game, begin = prefix.continued(events), len(prefix.events)
    else:
        game, begin = Game.start_as(start, start.originator_id), 1
    if cheap:  # the exact comparison is the reference: it makes and compares every event
        game.__dict__["record_fields"] = _LoggedRecorder(game, events)  # shadows the method on this game only
    # the start is no command: what of it a new game refuses is said apart (an option outside
    # today's bounds, ``RuleOptions.outside_a_new_game``), read from the state it folded into
    started = game.state.options.outside_a_new_game()
    taken: list[str] = []
    try:
        for event in events[begin:]:
            if not isinstance(event, CommandIssued):
                continue
            before = len(notes)
            try:
                # no rollback: a refusal ends verification, so the game is never used again
                # at the moment the log says it was issued: the clock is not read, and the
                # events the rules make again carry the logged command's timestamp
                game.issue(event.command, rollback=False, issued_at=event.timestamp)
            except SimError as exc:
                return Verdict(False, event.originator_version, f"{event.event_id}: the rules refuse {event.command_id}: {exc}")
            # the notes of this command's re-issue, named by its event (the logged command read
            # again for the comparison below notes the same again: not kept)
            if len(notes) > before:  # most commands are read as today's model reads them: no note
                taken.extend(f"{event.event_id} ({event.command_id}): {note}" for note in dict.fromkeys(notes[before:]))
    finally:
        # the recorder holds the game: left on it, the two would wait for the cyclic collector
        # instead of being freed when verification drops them (a game's whole state, each game)
        game.__dict__.pop("record_fields", None)
        game.state.dropped()  # nor its state and its indexes (``GameState.dropped``)
    produced = recorded(game)
    for logged, made in zip(events, produced, strict=False):  # a folded prefix is its own events: equal at once
        if logged is made:  # a prefix's own events, and each logged event the recorder took
            continue
        assert isinstance(made, GameEvent)
        found = _disagreement(logged, made, game.parse_command, cheap)
        if found is not None:
            return Verdict(False, logged.originator_version, found)
    if len(produced) != len(events):
        return Verdict(False, min(len(produced), len(events)), f"the log has {len(events)} events, the rules give {len(produced)}")
    said = [f"all {len(events)} events match the rules", *started]
    if taken:
        said.append(f"{len(taken)} command(s) accepted only as an older version recorded them: {'; '.join(taken)}")
    return Verdict(True, len(events), "; ".join(said), (*started, *taken))


class _LoggedRecorder:
    """``Game.record_fields`` for the game that re-runs a log: where the event the rules make
    would be the logged one (``_takes``), the logged event itself is folded and recorded instead
    of a new one validated from the same fields, and the comparison that follows finds them one
    object. Validating an event costs more than comparing its fields, and in a log that verifies
    every event is so.

    Sound because validation is deterministic and, for the classes this takes, gives a field an
    equal value when given one equal to a valid value: no event class has a validator of its
    own, and ``_COMPARED`` vouches for the rest as it does for the cheap comparison (equal values
    of these fields serialise alike). The logged event must be the next of this game (its id
    and version), of the class made, recorded in full, and every field the rules give equal to
    its value, the omitted ones to their defaults; anything else is made and compared as
    before. Folding a logged event changes nothing in it: events are facts
    (``tests/test_verify_logged_events.py`` holds every fold to that)."""

    __slots__ = ("_game", "_known", "_log")

    def __init__(self, game: Game, log: list[GameEvent]) -> None:
        self._game = game
        #: the game's own fields, past its properties (the same map for the game's life)
        self._known = game.__dict__
        self._log = log

    def __call__(self, event_class: type[GameEvent], fields: dict[str, Any]) -> GameEvent:
        known = self._known
        version = known["_version"] + 1
        log = self._log
        if version <= len(log):
            logged = log[version - 1]
            held = logged.__dict__  # the logged event's fields, read once each below
            if (
                type(logged) is event_class and held["originator_version"] == version
                and ((game_id := held["originator_id"]) is known["_id"] or game_id == known["_id"])
                and _takes(logged, fields)
            ):
                try:
                    if event_class.apply is PLAIN_APPLY:  # as ``Game.record_fields``: id and version are checked above
                        logged.fold_into(known["state"])
                        known["_version"] = version
                        known["_modified_on"] = logged.timestamp
                    else:
                        logged.mutate(self._game)
                except BaseException:
                    known["_torn"] = True  # as ``Game.record_fields`` marks a fold that failed part-way
                    raise
                known["_pending_events"].append(logged)
                return logged
        return Game.record_fields(self._game, event_class, fields)


def _takes(logged: GameEvent, fields: dict[str, Any]) -> bool:
    """True when validating ``fields`` as ``logged``'s class would give an event equal to it:
    no field the class does not have, none it requires missing, and each value equal to the
    logged one (or the same object). The tests run in C (a view of the names, one tuple of
    values each side) rather than field by field: every event a verification re-makes asks."""
    cls = type(logged)
    spec = _FIELD_SPECS.get(cls)
    if spec is None:
        spec = _FIELD_SPECS[cls] = _field_spec(cls)
    allowed, defaults, values = spec
    if values is None or logged.not_recorded or not fields.keys() <= allowed:
        return False
    try:
        given = values(fields)  # most events are made with every field given: no defaults to merge
    except KeyError:
        if not defaults:
            return False  # a field the class requires, not given
        try:
            given = values({**defaults, **fields})
        except KeyError:  # a field the class requires, not given
            return False
    return bool(given == values(logged.__dict__))  # a tuple's comparison takes the same object as equal first


class _FieldSpec(NamedTuple):
    #: the names a caller may give: the compared fields and the envelope's
    allowed: frozenset[str]
    #: the defaults of the compared fields a caller may omit
    defaults: dict[str, Any]
    #: the compared fields' values of a map of fields, as one tuple; none when none may be trusted
    values: Callable[[dict[str, Any]], tuple[Any, ...]] | None


def _field_spec(cls: type[GameEvent]) -> _FieldSpec:
    """What ``_takes`` compares for ``cls``: nothing (``values`` none) when it may trust no
    field (an event class with a validator, or one the cheap comparison does not vouch for)."""
    if cls in _COMPARED:
        readers, plain = _COMPARED[cls]
    else:
        readers, plain = _COMPARED[cls] = _readers(cls)
    decorators = cls.__pydantic_decorators__
    names = tuple(name for name in cls.model_fields if name not in ENVELOPE)
    if readers is None or not plain or decorators.field_validators or decorators.model_validators or not names:
        return _FieldSpec(ENVELOPE, {}, None)
    defaults = {
        name: info.get_default(call_default_factory=True)
        for name, info in cls.model_fields.items() if name in names and not info.is_required()
    }
    return _FieldSpec(frozenset(names) | ENVELOPE, defaults, _tuple_of(names))


def _tuple_of(names: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """The values of ``names`` in a map, as a tuple even for one name (``itemgetter`` gives a
    lone value then, and comparing two lone values skips the same-object test a tuple makes)."""
    if len(names) > 1:
        return itemgetter(*names)
    only = names[0]
    return lambda fields: (fields[only],)


#: event class -> what ``_takes`` compares
_FIELD_SPECS: dict[type[GameEvent], _FieldSpec] = {}


def _disagreement(
    logged: GameEvent, made: GameEvent, parse: Callable[[dict[str, Any]], BaseModel], cheap: bool,
) -> str | None:
    """How a logged event differs from the one the rules made (``parse`` reads a logged command
    as today's model does), or none when they agree."""
    if cheap and _same_values(logged, made):
        return None
    in_log = logged.recorded_payload()
    same_fields = {k: v for k, v in made.payload().items() if k in in_log}
    if isinstance(made, CommandIssued) and isinstance(in_log.get("command"), dict):
        # a command is compared as today's model reads it: a field renamed since the log was
        # written (the skirmish ruleset's ``side``, now ``owner``) is read under its old name
        in_log = {**in_log, "command": parse(in_log["command"]).model_dump(mode="json")}
    if isinstance(made, GameStarted) and isinstance(in_log.get("options"), dict):
        # an option added since the log was written is not compared: its default is, by
        # rule, the behaviour the log was played under (docs/design.md, "Logs are forever")
        same_fields["options"] = {k: v for k, v in same_fields["options"].items() if k in in_log["options"]}
    # a text an older version worded otherwise for the same ruling is today's (``domain.wordings``)
    if logged.name != made.name or (in_log != same_fields and as_today(made.TOPIC, in_log, same_fields) != same_fields):
        return f"{logged.event_id}: the log has {logged.name} {in_log}, the rules give {made.name} {same_fields}"
    return None


def _same_values(logged: GameEvent, made: GameEvent) -> bool:
    """True only when the exact comparison (JSON fields) would find the two events equal too: one
    class, every field recorded, and equal Python values of the fields compared. Turning two
    events into JSON costs more than the rest of verifying them; equal values are the common
    case, and anything this test does not vouch for is compared exactly (False here is no
    verdict). Sound because, for the classes ``_compared_fields`` accepts, equal values give
    equal JSON (no sets, whose JSON order is their iteration order; no custom serializers; no
    untyped values), and a ``CommandIssued`` made by re-issuing the logged command is that
    command as today's model reads it, which is what the exact comparison reads it as."""
    if logged is made:  # a resumed prefix's own events
        return True
    cls = type(logged)
    if type(made) is not cls or logged.not_recorded:
        return False
    if cls in _COMPARED:
        values, plain = _COMPARED[cls]
    else:
        values, plain = _COMPARED[cls] = _readers(cls)
    if values is None:
        return False
    mine, theirs = values(logged.__dict__), values(made.__dict__)
    if plain:
        # one comparison of the fields' values in C, each pair taken as equal first when it is
        # one object (it serialises as itself: a kept start's events share their values)
        return bool(mine == theirs)
    # a class whose equal values might serialise differently: vouched for only when every field
    # is the very same object (a re-stamped kept event shares its original's values), which
    # serialises as itself whatever its type
    return logged.__pydantic_extra__ is None and made.__pydantic_extra__ is None and all(map(is_, mine, theirs))


def _readers(cls: type[GameEvent]) -> tuple[Callable[[dict[str, Any]], tuple[Any, ...]] | None, bool]:
    """What reads ``cls``'s payload fields as one tuple, and whether equal values of them give
    equal JSON (``_compared_fields``) rather than only the same objects."""
    compared = _compared_fields(cls)
    names = compared or tuple(name for name in cls.model_fields if name not in ENVELOPE)
    if not names:
        return None, False
    read = itemgetter(*names)
    if len(names) == 1:  # itemgetter of one name returns the value, not a tuple
        return (lambda fields: (read(fields),)), bool(compared)
    return read, bool(compared)


#: event class -> what reads the payload fields the cheap test compares, and whether equal values
#: suffice (else only the same objects do); None: always compared exactly
_COMPARED: dict[type[GameEvent], tuple[Callable[[dict[str, Any]], tuple[Any, ...]] | None, bool]] = {}


def _compared_fields(cls: type[GameEvent]) -> tuple[str, ...]:
    """The fields of ``cls`` that its JSON payload holds, or none when equal values of some field
    might still give different JSON."""
    fields = tuple(name for name, info in cls.model_fields.items() if name not in ENVELOPE and not info.exclude)
    if cls is CommandIssued:
        # ``command`` is untyped, but re-issuing made it from the logged one (see ``_same_values``)
        return fields
    if not _plain_model(cls, set()):
        return ()
    return fields


def _plain_model(model: type[BaseModel], seen: set[type[BaseModel]]) -> bool:
    """No custom serializer, extra field, set or untyped field anywhere in the model."""
    if model in seen:
        return True
    seen.add(model)
    found = model.__pydantic_decorators__
    if found.field_serializers or found.model_serializers or found.computed_fields:
        return False
    if model.model_config.get("extra") == "allow":  # extra fields are dumped, not in ``__dict__``
        return False
    return all(
        _plain_type(info.annotation, seen) for name, info in model.model_fields.items() if name not in ENVELOPE
    )


def _plain_type(annotation: Any, seen: set[type[BaseModel]]) -> bool:
    if annotation is Any or annotation in (set, frozenset, object):
        return False
    origin = get_origin(annotation)
    if origin is not None:
        if origin in (set, frozenset) or origin is Annotated:
            return False
        if origin is Literal:
            return all(type(arg) in _PLAIN_ATOMS for arg in get_args(annotation))
        return all(_plain_type(arg, seen) for arg in get_args(annotation) if arg is not Ellipsis)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _plain_model(annotation, seen)
    return annotation in _PLAIN_ATOMS


#: types whose equal values serialise alike
_PLAIN_ATOMS: frozenset[Any] = frozenset({str, int, float, bool, type(None), None})
