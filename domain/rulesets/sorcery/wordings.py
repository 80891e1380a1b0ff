"""Sorcery texts recorded in events, with what older versions recorded for them
(``domain.wordings``), so that logs written before a text changed still verify."""

from __future__ import annotations

import re

from domain.wordings import clause_added

#: the note The Rack's question and outcome end with when the Magellan Globe connects an edge
#: the Avatar would stretch across (not modelled: an oversized unit's parts stay within the
#: realm's edges), naming the locations left out
GLOBE_STRETCH_BEGINS = "; not modelled: stretching it across an edge Magellan Globe connects ("
GLOBE_STRETCH_ENDS = " left out: an oversized unit's parts stay within the realm's edges here)"


def globe_stretch_note(across: list[str]) -> str:
    return f"{GLOBE_STRETCH_BEGINS}{', '.join(across)}{GLOBE_STRETCH_ENDS}"


# Until commit dd1fd2f The Rack's question and outcome said nothing of the locations across the
# Globe's edges: a log of then holds them without the note
_NOTE = f"{re.escape(GLOBE_STRETCH_BEGINS)}.+?{re.escape(GLOBE_STRETCH_ENDS)}"
clause_added("sim.ChoiceRequested", "prompt", _NOTE)
clause_added("sim.TriggerResolved", "outcome", _NOTE)
