"""How states show themselves (``domain.state.StatePresenter``): the compact text board and the
picture, for ``str(state)``, ``print(game)`` and Jupyter."""

from __future__ import annotations

from domain.state import GameState
from sim.pictures.painter import painter_for
from sim.pictures.picture import draw_state


def text_board(state: GameState, title: str = "") -> str:
    """The board as text: a headline, the board, a line per unit, the notes."""
    painter = painter_for(state)
    head = f"{title}\n" if title else ""
    return f"{head}{painter.rules.title}: {painter.headline()}\n{painter.text()}"


class Pictures:
    """The presenter ``sim`` installs on ``GameState`` (``sim/api.py``)."""

    def text(self, state: GameState) -> str:
        return text_board(state)

    def svg(self, state: GameState) -> str:
        return draw_state(state)
