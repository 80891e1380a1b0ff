"""The application around the rules: persistence, scenarios, replay, rendering and the CLI."""

from sim.api import Simulator

__all__ = ["Simulator"]
