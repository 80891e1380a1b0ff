"""The application around the rules: persistence, scenarios, replay, rendering and the CLI.

``from sim import Simulator`` is the Python API; it is imported on first use (PEP 562), so that
the command line, which lives in this package too, starts without loading every ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sim.api import Simulator

__all__ = ["Simulator"]


def __getattr__(name: str) -> Any:
    if name == "Simulator":
        from sim.api import Simulator

        return Simulator
    raise AttributeError(f"module 'sim' has no attribute {name!r}")
