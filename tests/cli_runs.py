"""Running the ``sim`` command line inside a test, and what every bad-input answer must look like.

Shared because twenty test files each had their own copy of the same two functions."""

from __future__ import annotations

from click.testing import CliRunner, Result

from sim.cli import main


def sim(*args: str) -> Result:
    """``sim ARGS`` in this process; an exception the CLI does not turn into a message is raised."""
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def one_line_exit_2(result: Result) -> str:
    """The one line of a bad-input answer (exit 2, no traceback), for the test to read."""
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]
