"""``sim view``: a game as one self-contained HTML replay viewer (``viewer.py``)."""

from __future__ import annotations

import click

from sim.clikit import err, escape, guarded
from sim.outfile import STDOUT_HELP, is_stdout
from sim.pictures.output import check_target, shown_output, write_output
from sim.pictures.source import load_game
from sim.pictures.viewer import build_page, page_data, size_note


@click.command(name="view")
@click.argument("source", required=False, type=click.Path(dir_okay=False))
@click.option("--db", default=None, help="A store holding the game (with --game).")
@click.option("--game", "game_id", default=None, help="The stored game's id.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help=f"FILE.html to write; {STDOUT_HELP}")
@guarded
def view_command(source: str | None, db: str | None, game_id: str | None, output: str) -> None:
    """Write SCENARIO_OR_LOG (or --db --game) as one HTML file that replays it.

    The board at each event, the event list, the causation tree, the range of motion of each unit
    of the player to act. It needs no network and no other file: open it in a browser, or share it.
    SCENARIO_OR_LOG may be - (standard input)."""
    if not is_stdout(output):
        check_target(output, (".html", ".htm"))
    game = load_game(source, db, game_id)
    data = page_data(game)
    page = build_page(game, data).encode("utf-8")
    write_output(output, page)
    err.print(escape(f"{shown_output(output)}: {len(game.events)} events, {len(page) / 1e6:.2f} MB"))
    for reason in data["unworked"]:  # the page shows the game, without the ranges of motion refused
        err.print(escape(f"note: no range of motion on the page: {reason}"))
    note = size_note(len(page), data)
    if note is not None:
        err.print(escape(note))


#: the command under the name ``sim.cli.COMMANDS`` loads
view: click.Command = view_command
