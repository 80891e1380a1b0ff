"""What a game's ruleset does not model, shown beside every answer about the game.

``sim run``, ``sim check``, ``sim reach``, ``sim why``, ``sim legal``, ``sim play`` and ``sim replay``
print these (and carry them in their JSON) so that an answer the ruleset cannot fully give is
never silently wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console

from domain.event_base import GameEvent
from domain.ruleset import Diagnostic, get_ruleset
from domain.state import GameState
from projections.state_hash import fold
from sim.console import escape


def diagnostics_of(state: GameState) -> list[Diagnostic]:
    return get_ruleset(state.ruleset).diagnostics(state)


def diagnostics_of_events(events: Iterable[GameEvent]) -> list[Diagnostic]:
    return diagnostics_of(fold(list(events)))


def as_json(found: list[Diagnostic]) -> list[dict[str, Any]]:
    return [d.as_json() for d in found]


def print_diagnostics(console: Console, found: list[Diagnostic], indent: str = "") -> None:
    for diagnostic in found:
        console.print(f"{indent}[yellow]warning:[/yellow] " + escape(str(diagnostic)), soft_wrap=True)
