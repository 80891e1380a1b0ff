"""The ``sim`` command line. ``--json`` output is the stable machine interface; exit codes are
listed in ``sim.clikit``.

Commands load lazily: ``COMMANDS`` names the module of each, and a command's module (with the
rulesets, stores and libraries it needs) is imported only when that command runs, so that
``sim --help`` and a question about one game pay for nothing else. The short help shown by
``sim --help`` is written here beside the module; a test checks it against each command's own.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from sim.console import err, escape

#: command name -> ("module:attribute", the short help ``sim --help`` shows)
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("sim.log_cli:run", "Play SCENARIO's script, print its events, store the game and print its id."),
    "check": ("sim.scenario_cli:check", "Play each scenario and check its expectations."),
    "reach": ("sim.scenario_cli:reach", "Range of motion of UNIT after the scenario's script (ongoing effects only, no triggers)."),
    "why": ("sim.scenario_cli:why", "Whether UNIT can reach a location: a path with its steps, or the rule blocking each way."),
    "schema": ("sim.scenario_cli:schema", "Print the scenario file JSON Schema."),
    "timeline": ("sim.scenario_cli:timeline", "Which event triggered what, in which order, decided by whom."),
    "diff": ("sim.scenario_cli:diff", "Where two games part: compare state hashes event by event (scenarios or JSON Lines logs)."),
    "legal": ("sim.play_cli:legal", "The commands the player to act may issue after SCENARIO's script (python-chess's legal_moves)."),
    "play": ("sim.play_cli:play_command", "Play whole turns for both players: the script first, then POLICY chooses among the legal commands."),
    "trace": ("sim.trace_cli:trace", "The causation tree of a game."),
    "explore": ("sim.trace_cli:explore_command", "Every way a moment could have gone."),
    "cards": ("sim.cards_cli:cards", "What the Sorcery ruleset derives from each card, and what of its text it does not model."),
    "log": ("sim.log_cli:log", "Game logs as JSON Lines."),
    "replay": ("sim.log_cli:replay_command", "Rebuild a game from a JSON Lines log; print its final state and state hash."),
    "games": ("sim.log_cli:games", "The stored games: id, ruleset, title, number of events and the time of the last one."),
    "db": ("sim.log_cli:db", "Game stores."),
    "demo": ("sim.log_cli:demo", "Play a bundled Sorcery scenario: steps, triggers and fights, then a range-of-motion answer."),
    "render": ("sim.pictures.render_cli:render", "Draw the board of SCENARIO_OR_LOG (or --db --game) after event --at."),
    "view": ("sim.pictures.view_cli:view", "Write SCENARIO_OR_LOG (or --db --game) as one HTML file that replays it."),
    "compare": ("sim.compare.cli:compare", "Play GAMES seeded games of SCENARIO under each --variant and compare their outcomes."),
}


def load_command(name: str) -> click.Command:
    """The command ``name`` stands for, its module imported now."""
    module, _, attribute = COMMANDS[name][0].partition(":")
    command = getattr(importlib.import_module(module), attribute)
    if not isinstance(command, click.Command):
        raise TypeError(f"{COMMANDS[name][0]} is not a click command")
    return command


def _broken_pipe() -> None:
    """A closed stdout is bad input, as ``guarded`` says it (click would exit 1, saying nothing)."""
    from sim.clikit import broken_pipe

    broken_pipe()


class _Commands(click.Group):
    """The ``sim`` group: commands from ``COMMANDS``, loaded when run. Values click refuses itself
    (not a number, an option that does not exist) are bad input like any other: one line on
    stderr naming the option and where help is, exit 2, instead of a usage screen around the
    message."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        return load_command(cmd_name) if cmd_name in COMMANDS else None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from ``COMMANDS``' short help, without importing any command."""
        rows = [(name, COMMANDS[name][1] if name in COMMANDS else self.commands[name].get_short_help_str())
                for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except BrokenPipeError:  # ``sim --help | true``
            _broken_pipe()
            raise

    def invoke(self, ctx: click.Context) -> Any:
        try:
            try:
                return super().invoke(ctx)
            finally:
                # what is still buffered fails here, not unseen at the interpreter's exit (exit
                # 120, "Exception ignored"): after a failed check's exit 1 too
                if sys.stdout is not None:
                    sys.stdout.flush()
        except BrokenPipeError:  # a command without ``guarded`` (``sim schema``), a command's help
            _broken_pipe()
            raise
        except OSError as exc:  # the output can't be written (a full disk): one line, as a closed pipe
            from sim.clikit import output_failed, unwritable_output

            if unwritable_output(exc):
                output_failed(exc)
            raise

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("standalone_mode", True) is False:
            return super().main(*args, **kwargs)
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:  # ``sim`` alone: the help it asked for
            exc.show()
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            err.print(f"[red]error:[/red] {escape(exc.format_message())}{where}", soft_wrap=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            err.print("aborted")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--log-json", is_flag=True, help="Structured log records as JSON lines on stderr.")
@click.option("-v", "--verbose", count=True, help="-v: info-level log records (commands, steps, triggers); -vv: debug (every event).")
def main(log_json: bool, verbose: int) -> None:
    """Simulate tabletop movement rules with every change recorded as an event."""
    # imported when a command runs, never for ``sim --help``
    from sim import logs
    from sim.clikit import Verbosity

    Verbosity.level = verbose
    logs.configure(json_lines=log_json, verbosity=verbose)


if __name__ == "__main__":
    main()
