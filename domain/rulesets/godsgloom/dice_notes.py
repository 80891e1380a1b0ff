"""What a GODSGLOOM die roll meant, in words, for ``sim trace``.

Trample (seed 001, §18.2) rolls one Attack Die per enemy passed; a success is a Wound, a
failure causes nothing. The log keeps the failure only as a ``DiceRolled`` whose result a reader
must compare with the success face (a rule option), so the trace says it outright. Read from
the recorded event and the game's options: no event is added or changed, so logs stay as they are.
"""

from __future__ import annotations

from domain.events import DiceRolled
from domain.rulesets.godsgloom.options import GloomOptions
from domain.state import GameState

TRAMPLE = "Trample: "


def trampled_unit(state: GameState, purpose: str) -> str | None:
    """The unit a Trample die was rolled against ("Trample: knights through pikemen"), matched
    against the game's unit ids so that an id holding " through " is still read right."""
    if not purpose.startswith(TRAMPLE):
        return None
    for victim in state.units:
        mover = purpose[len(TRAMPLE):].removesuffix(f" through {victim}")
        if mover != purpose[len(TRAMPLE):] and mover in state.units:
            return victim
    return None


def roll_verdict(state: GameState, options: GloomOptions, event: DiceRolled) -> str | None:
    """"success: pikemen suffers 1 Wound" or "miss (a success is 4+): pikemen suffers no Wound"."""
    victim = trampled_unit(state, event.purpose)
    if victim is None or len(event.results) != 1:
        return None
    needed = options.attack_die_success
    if event.results[0] >= needed:
        return f"success ({needed}+): {victim} suffers 1 Wound"
    return f"miss (a success is {needed}+): {victim} suffers no Wound"
