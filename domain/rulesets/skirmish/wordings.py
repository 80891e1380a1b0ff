"""Skirmish texts recorded in events, with the wordings older versions recorded for them
(``domain.wordings``), so that logs written before a rewording still verify."""

from __future__ import annotations

from domain.wordings import reworded

#: why a move ends at a failed climb up (seed 004, Move Phase, Climbing: next to the vertical
#: surface where the climb started; no Fall): the unit is at the foot of the wall
FAILED_CLIMB_UP = "failed Climb Check: the unit stays at the foot of the climb and its move ends (no fall)"
#: the same for a climb down: the unit is on top, where the climb started
FAILED_CLIMB_DOWN = "failed Climb Check: the unit stays on top, where its climb down started, and its move ends (no fall)"

# Until the docs audit (branch docs-audit-skirmish) a failed climb down gave the climb up's text,
# "stays at the foot of the climb", while the unit stayed on top
reworded("sim.StepsCancelled", "reason", FAILED_CLIMB_UP, FAILED_CLIMB_DOWN)
