"""What every ``sim`` command shares: the consoles, the error guard and exit codes, and reading a
scenario file into a played game.

Exit codes: 0 success; 1 a check did not hold (a scenario's expectation, a log's verification,
an unreachable place for ``why``, two games that part for ``diff``); 2 bad input (malformed file,
unknown unit/card/location, illegal command, an unusable output path); 3 an internal error (a
bug); 4 the store could not be reached or failed on its side (``StoreError``).

Kept apart from ``sim.cli`` so that ``sim --help`` imports none of it (commands load lazily).
"""

from __future__ import annotations

import errno
import json
import os
import re
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, NoReturn, TypeVar, cast

import click

from domain.errors import BadInput, SimError
from domain.ruleset import get_ruleset
from sim import logs
from sim.console import console, err, escape
from sim.rule_option import command_line_options
from sim.runner import Played, ScriptRefused, play
from sim.scenario import parse_scenario, refuse_a_log
from sim.store import StoreError, redact
from sim.yamlfile import Located, read_yaml

__all__ = ["console", "err", "escape", "Failed", "guarded", "naming_options", "play_file", "labeler", "emit", "JSON_OPTION", "ctrl_c_held", "INTERRUPTED"]

F = TypeVar("F", bound=Callable[..., Any])

JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Machine-readable output (shapes in the README).")


#: the exit code of a command stopped by Ctrl-C (128 + SIGINT), after it reported what finished
#: (``sim compare``, ``sim play --games``)
INTERRUPTED = 130


@contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Ctrl-C held back while a finished game is stored and counted (``sim play --games``,
    ``sim compare --db``), and raised once both are done: raised where it lands, it could fall
    between the two, and the run would report one game fewer than it stored. Anywhere else (a
    game being played, a result awaited) it is raised at once."""
    if threading.current_thread() is not threading.main_thread():  # only there may a handler be set
        yield
        return
    pressed = threading.Event()
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.set())
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed.is_set():
        raise KeyboardInterrupt


class Failed(Exception):
    """An expectation or verification failed: exit code 1."""


class Verbosity:
    """How much the run asked to be told (``-v``); set once by the ``sim`` group."""

    level = 0


def emit(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _where_path(where: str) -> list[Any]:
    return [int(p) if p.isdigit() else p for p in re.findall(r"[^.\[\]]+", where)]


def locate(located: Located | None, exc: BadInput) -> str:
    """A bad-input message with the file, line and column it points at, when it names a field."""
    if located is not None and exc.where and not exc.where.startswith(located.name):
        return f"{located.where(_where_path(exc.where))}: {exc.where}: {exc.message}"
    return str(exc)


@contextmanager
def naming_options(whole: str | None = None, **fields: str) -> Iterator[None]:
    """Messages about what the user typed name the option typed: a ``BadInput`` raised inside
    about one of ``fields`` (the library's ``unit``) names its option instead (``--unit``); with
    ``whole``, every ``BadInput`` raised inside does (a place read from ``--to``, however the
    ruleset's reading of places words it)."""
    try:
        yield
    except BadInput as exc:
        option = whole if whole is not None else fields.get(exc.where or "")
        if option is None:
            raise
        raise BadInput(exc.message, option) from None


def guarded(func: F) -> F:
    """Turn the simulator's errors into one line on stderr and an exit code; no tracebacks."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except Failed as exc:
            err.print(f"[red]failed:[/red] {escape(str(exc))}")
            sys.exit(1)
        except StoreError as exc:
            err.print(f"[red]store error:[/red] {escape(redact(str(exc)))}", soft_wrap=True)
            logs.log_refusal(redact(str(exc)), fatal=True)
            sys.exit(4)
        except SimError as exc:
            err.print(f"[red]error:[/red] {escape(redact(str(exc)))}", soft_wrap=True)
            logs.log_refusal(redact(str(exc)), fatal=True)
            sys.exit(2)
        except BrokenPipeError:
            broken_pipe()
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except Exception as exc:  # a bug: say so in one line; -vv shows the traceback
            if unwritable_output(exc):
                output_failed(exc)
            err.print(f"[red]internal error:[/red] {type(exc).__name__}: {escape(redact(str(exc)))}", soft_wrap=True)
            if Verbosity.level >= 2:
                err.print(escape(redact(traceback.format_exc())))  # its lines as they are, never markup
            sys.exit(3)

    return cast(F, wrapper)


def broken_pipe() -> None:
    """The reader of stdout went away (``sim ... | head``): bad input, one line, exit 2 (README
    "Exit codes"), whichever command was printing (``guarded``, and the ``sim`` group for any
    command it runs: click would exit 1 with nothing said, as rich would)."""
    _silence_stdout()
    err.print("[red]error:[/red] the output was closed before everything was written (broken pipe)")
    sys.exit(2)


#: what writing the output may fail with that is the machine's, not a bug: a full disk or quota,
#: a file grown past its limit, a device that fails (``sim schema > /dev/full``)
WRITE_FAILURES = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def unwritable_output(exc: BaseException) -> bool:
    """Whether ``exc`` is the output failing to be written (``WRITE_FAILURES``); every file the
    commands write themselves says so in its own words before it gets here."""
    return isinstance(exc, OSError) and exc.errno in WRITE_FAILURES


def output_failed(exc: BaseException) -> NoReturn:
    """The output could not be written: bad input as README "Exit codes" counts it (exit 2), one
    line, as for a closed pipe; stdout is silenced so the interpreter's last flush fails no more."""
    _silence_stdout()
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    err.print(f"[red]error:[/red] can't write the output: {escape(reason)}")
    sys.exit(2)


def _silence_stdout() -> None:
    """After the reader of stdout went away, point stdout at /dev/null so that the interpreter's
    final flush does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def play_file(path: str, strict: bool = True, seed: int | None = None) -> tuple[Played, Located]:
    """Read, validate and play a scenario file; bad input names the file, line and column."""
    try:
        located = read_yaml(path)
    except BadInput:
        refuse_a_log(path)
        raise
    try:
        scenario = parse_scenario(located)
    except BadInput as exc:
        refuse_a_log(path)
        raise BadInput(locate(located, exc)) from None
    scenario = command_line_options(scenario)  # the command's --option NAME=VALUE (sim.rule_option)
    try:
        return play(scenario, strict=strict, seed=seed), located
    except ScriptRefused as exc:
        where = located.where(["script", exc.index])
        raise BadInput(f"script[{exc.index}] refused: {exc.error}", where) from None
    except BadInput as exc:
        raise BadInput(locate(located, exc)) from None


def labeler(played: Played) -> Callable[[str], str]:
    """How the played game's ruleset writes a location."""
    state = played.game.state
    rules = get_ruleset(state.ruleset)
    return lambda loc: rules.label(state, loc)


def check_seed(seed: int | None) -> None:
    """A ``--seed`` is 0 or more: ``random.Random(-n)`` draws what ``Random(n)`` draws, so a
    negative seed would replay the dice and choices of its opposite (as a scenario's ``seed``)."""
    if seed is not None and seed < 0:
        raise BadInput(f"--seed must be 0 or more, not {seed}", "--seed")
