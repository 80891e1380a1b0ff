"""Fuzzing the three doors input comes in by: scenario files, logs (read and imported), commands.

For any input the only acceptable failure is one of the simulator's own errors (``SimError``)
with a one-line message; anything else (a KeyError, a RecursionError...) is a bug. A refused
import leaves the store as it was.

The suite runs a modest number of cases; a longer run sets ``SIM_FUZZ_EXAMPLES``:

    SIM_FUZZ_EXAMPLES=10000 pytest tests/test_fuzz.py
"""

from __future__ import annotations

import io
import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import SimError
from domain.ruleset import get_ruleset
from sim.api import GameSession
from sim.app import open_store
from sim.logfile import parse_log, write_jsonl
from sim.logimport import import_log
from sim.runner import check_expectations, play
from sim.scenario import load_scenario, parse_scenario
from sim.yamlfile import load_yaml
from tests.helpers import EXAMPLES

EXAMPLES_RUN = int(os.environ.get("SIM_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES_RUN, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)

SOURCES = [
    EXAMPLES / "sorcery" / "07b-phantom-steed-shark-fights-warriors-first.yaml",
    EXAMPLES / "godsgloom" / "15-trample.yaml",
    EXAMPLES / "skirmish" / "08-ladders.yaml",
]
TEXTS = [path.read_text(encoding="utf-8") for path in SOURCES]
PLAYED = [play(load_scenario(path), strict=False) for path in SOURCES]


def logs_of(played: Any) -> str:
    out = io.StringIO()
    write_jsonl(played.events, out)
    return out.getvalue()


LOGS = [logs_of(p) for p in PLAYED]

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12), st.sampled_from(["p1", "p2", "11", "A", "S/underwater", "0,0", "2,-1", "6,14", "e1", "c1", "t1"]),
)
JSON_VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12
)


def assert_clear(exc: SimError) -> None:
    message = str(exc)
    assert message.strip() and "\n" not in message and "Traceback" not in message, repr(message)


# --- scenario files ---------------------------------------------------------------------------


def load_and_play(text: str) -> None:
    try:
        played = play(parse_scenario(load_yaml(text, "<fuzz>")), strict=False)
        check_expectations(played)
    except SimError as exc:
        assert_clear(exc)


@FUZZ
@given(st.sampled_from(TEXTS), st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 6), st.text(max_size=4)), min_size=1, max_size=4))
def test_a_scenario_file_with_characters_changed_is_played_or_refused_clearly(text: str, edits: list[tuple[int, int, str]]) -> None:
    for position, cut, insert in edits:
        at = position % (len(text) + 1)
        text = text[:at] + insert + text[at + cut :]
    load_and_play(text)


@FUZZ
@given(st.text(max_size=200))
def test_any_text_as_a_scenario_is_played_or_refused_clearly(text: str) -> None:
    load_and_play(text)


@FUZZ
@given(st.sampled_from(["sorcery", "godsgloom", "skirmish"]), st.dictionaries(
    st.sampled_from(["title", "setup", "script", "expect", "options", "players", "active_player", "aliases", "seed", "extra"]),
    JSON_VALUES, max_size=6,
))
def test_a_scenario_of_generated_values_is_played_or_refused_clearly(ruleset: str, fields: dict[str, Any]) -> None:
    load_and_play(json.dumps({"ruleset": ruleset, **fields}))  # JSON is YAML


# --- logs -------------------------------------------------------------------------------------


def rechain(records: list[dict[str, Any]]) -> str:
    from sim import hashchain

    bare = [{k: v for k, v in r.items() if k not in ("chain", "end")} for r in records]
    return "".join(json.dumps(r) + "\n" for r in hashchain.chained(bare))


@st.composite
def damaged_logs(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(LOGS))
    records = [json.loads(line) for line in text.splitlines()]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["field", "event-field", "delete", "duplicate", "swap"]))
        i = draw(st.integers(0, len(records) - 1))
        if kind == "field":
            records[i][draw(st.sampled_from(["topic", "schema", "game", "version", "timestamp", "event", "chain", "end"]))] = draw(JSON_VALUES)
        elif kind == "event-field" and isinstance(records[i].get("event"), dict) and records[i]["event"]:
            records[i]["event"][draw(st.sampled_from(sorted(records[i]["event"])))] = draw(JSON_VALUES)
        elif kind == "delete" and len(records) > 1:
            del records[i]
        elif kind == "duplicate":
            records.insert(i, dict(records[i]))
        elif kind == "swap":
            j = draw(st.integers(0, len(records) - 1))
            records[i], records[j] = records[j], records[i]
    how = draw(st.sampled_from(["rechained", "as edited", "unchained", "cut"]))
    if how == "rechained":  # a consistent chain, so the checks behind it are reached
        return rechain(records)
    if how == "unchained":
        return "".join(json.dumps({k: v for k, v in r.items() if k not in ("chain", "end")}) + "\n" for r in records)
    out = "".join(json.dumps(r) + "\n" for r in records)
    return out[: draw(st.integers(0, len(out)))] if how == "cut" else out


@FUZZ
@given(damaged_logs())
def test_a_damaged_log_is_read_and_imported_whole_or_refused_clearly_leaving_the_store_as_it_was(text: str) -> None:
    store = open_store(":memory:")
    try:
        log = parse_log(text, "<fuzz>")
    except SimError as exc:
        assert_clear(exc)
        return
    try:
        imported = import_log(log, store)
    except SimError as exc:
        assert_clear(exc)
        assert store.game_ids() == []
        return
    assert len(list(store.game_events(imported.game))) == imported.events


@FUZZ
@given(st.text(max_size=300))
def test_any_text_as_a_log_is_read_or_refused_clearly(text: str) -> None:
    try:
        parse_log(text, "<fuzz>")
    except SimError as exc:
        assert_clear(exc)


# --- the command API --------------------------------------------------------------------------


def command_names(ruleset: str) -> list[str]:
    rules = get_ruleset(ruleset)
    return sorted({str(cls.model_fields["command"].default) for cls in rules.script_commands})


@st.composite
def commands(draw: st.DrawFn, index: int) -> dict[str, Any]:
    state = PLAYED[index].game.state
    names = st.sampled_from(sorted(state.units) + sorted(state.aliases) + state.players + ["ghost", ""])
    value = st.one_of(names, JSON_VALUES, st.lists(names, max_size=4))
    command: dict[str, Any] = {"command": draw(st.sampled_from([*command_names(state.ruleset), "bogus"]))}
    keys = ["player", "unit", "path", "attack", "order", "card", "targets", "at", "target", "to", "by", "face", "pivot",
            "use", "states", "wounds", "reason", "first_player", "id"]
    for key in draw(st.lists(st.sampled_from(keys), max_size=5, unique=True)):
        command[key] = draw(value)
    return command


@FUZZ
@given(st.data())
def test_generated_commands_are_applied_or_refused_clearly_and_the_stream_stays_whole(data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(PLAYED) - 1))
    played = PLAYED[index]
    store = open_store(":memory:")
    store.record(played.events)
    session = GameSession(store, played.game.id, played.game.state)
    for _ in range(data.draw(st.integers(1, 4))):
        try:
            session.issue(data.draw(commands(index)))
        except SimError as exc:
            assert_clear(exc)
            session.state  # noqa: B018  (look again, as a caller would after a refusal)
    versions = [e.originator_version for e in store.game_events(played.game.id)]
    assert versions == list(range(1, len(versions) + 1))
