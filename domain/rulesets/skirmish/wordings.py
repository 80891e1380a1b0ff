"""Skirmish texts recorded in events, with the wordings older versions recorded for them
(``domain.wordings``), so that logs written before a rewording still verify."""

from __future__ import annotations

import re

from domain.wordings import clause_added, reworded

#: why a move ends at a failed climb up (seed 004, Move Phase, Climbing: next to the vertical
#: surface where the climb started; no Fall): the unit is at the foot of the wall
FAILED_CLIMB_UP = "failed Climb Check: the unit stays at the foot of the climb and its move ends (no fall)"
#: the same for a climb down: the unit is on top, where the climb started
FAILED_CLIMB_DOWN = "failed Climb Check: the unit stays on top, where its climb down started, and its move ends (no fall)"

#: the rule and text refusing a ladder the unit can't finish this turn (seed 004, Move Phase,
#: Ladders: no unit may end its movement halfway up one), given how far short it falls
#: (``short_of``): the move command's refusal and the lookahead's too-far reason alike
LADDER_TOO_FAR = ("Move Phase, Ladders", "too far: a unit may not end its movement halfway up a ladder, and this one {short}")

# Until the docs audit (branch docs-audit-skirmish) a failed climb down gave the climb up's text,
# "stays at the foot of the climb", while the unit stayed on top
reworded("sim.StepsCancelled", "reason", FAILED_CLIMB_UP, FAILED_CLIMB_DOWN)

#: what the d12 placing a fallen unit beside the one it landed on means (Move Phase, Falling: a
#: random direction), added to the roll's purpose so that a trace reads which way 4 is
SECTORS = " (12 sectors of 30 degrees, counterclockwise from 1 east: 4 north, 7 west, 10 south)"
#: the clause a fall's reason ends with when the unit was placed beside another: which way from it
BESIDE_CLAUSE = r"; placed beside [^;]*"

# Until the skirmish audit (branch audit-skirmish) the roll named no sector's bearing, and the
# fall's reason did not say where beside the other unit the faller was put
clause_added("sim.DiceRolled", "purpose", re.escape(SECTORS))
clause_added("skirmish.UnitFell", "reason", BESIDE_CLAUSE)
