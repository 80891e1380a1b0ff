"""``sim render``: one board picture, SVG or PNG, of a scenario, a log or a stored game after
any event, with a unit's range of motion and its path to a place."""

from __future__ import annotations

import click

from domain.errors import BadInput
from sim.clikit import err, escape, guarded, naming_options
from sim.outfile import STDOUT_HELP
from sim.pictures.output import picture_format, shown_output, to_png, write_output
from sim.pictures.picture import draw_game
from sim.pictures.source import load_game


def event_number(at: str | None) -> int | None:
    """``--at 42`` or ``--at e42``."""
    if at is None:
        return None
    text = at.strip().lower().removeprefix("e")
    if not text.isdecimal():  # isdigit() takes a superscript two, which int() does not read
        raise BadInput(f"--at names an event by number (42 or e42), not {at!r}", "--at")
    return int(text)


@click.command(name="render")
@click.argument("source", required=False, type=click.Path(dir_okay=False))
@click.option("--at", "at", default=None, help="Draw the state right after event N (42 or e42); default: the last.")
@click.option("--unit", default=None, help="Draw this unit's range of motion.")
@click.option("--to", "to", default=None, help="With --unit: the cheapest path to this place, or why it is out of reach.")
@click.option("--db", default=None, help="A store holding the game (with --game).")
@click.option("--game", "game_id", default=None, help="The stored game's id.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help=f"FILE.svg or FILE.png; {STDOUT_HELP}")
@click.option("--format", "kind", type=click.Choice(["svg", "png"]), default=None,
              help="The picture's format (default: from FILE's suffix; an SVG for -o -).")
@guarded
def render_command(source: str | None, at: str | None, unit: str | None, to: str | None, db: str | None, game_id: str | None,
           output: str, kind: str | None) -> None:
    """Draw the board of SCENARIO_OR_LOG (or --db --game) after event --at.

    The units, the last command's steps as arrows (a refused step crossed out with its rule),
    and with --unit its range of motion (with --to, the path there), as FILE.svg or FILE.png;
    -o - writes it on standard output (an SVG unless --format png, never a PNG to a terminal).
    SCENARIO_OR_LOG may be - (standard input)."""
    kind = picture_format(output, kind)
    number = event_number(at)
    game = load_game(source, db, game_id)
    with naming_options(unit="--unit", to="--to"):
        svg = draw_game(game.events, at=number, unit=unit, to=to, title=game.title)
    data = to_png(svg) if kind == "png" else svg.encode("utf-8")
    write_output(output, data)
    shown = number if number is not None else len(game.events)
    err.print(escape(f"{shown_output(output)}: the board after e{shown} of {len(game.events)}"))


#: the command under the name ``sim.cli.COMMANDS`` loads
render: click.Command = render_command
