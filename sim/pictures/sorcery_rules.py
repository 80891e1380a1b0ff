"""Everything the pictures take from the Sorcery package, in one place.

The Sorcery package is being reshaped; the painter imports nothing of it but through this module,
so that after the reshaping only these lines are repointed. What is used: the state's models, the
realm's geometry (5x4 squares, regions) and one question the rules answer about a state (whether
a square's site is a water site now, flooding and drought included).
"""

from __future__ import annotations

from domain.rulesets.sorcery.realm import COLUMNS, ROWS, Loc, Region, parse_loc
from domain.rulesets.sorcery.state import CardState, EffectState, SorceryState, SorceryUnit
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState

__all__ = [
    "COLUMNS", "ROWS", "CardState", "EffectState", "Loc", "Region", "SorceryState", "SorceryUnit",
    "is_water", "parse_loc", "sorcery_state",
]


def sorcery_state(state: GameState) -> SorceryState:
    assert isinstance(state, SorceryState), "the Sorcery painter draws Sorcery states"
    return state


def is_water(state: SorceryState, square: int) -> bool:
    """Whether the site on ``square`` is a water site now (printed, flooded or dried)."""
    return RealmView.of(state).is_water(square)
