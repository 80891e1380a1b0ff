"""GODSGLOOM texts recorded in events, with the wordings older versions recorded for them
(``domain.wordings``), so that logs written before a rewording still verify."""

from __future__ import annotations

from domain.wordings import reworded

#: why an Unstoppable unit's zone stop isn't Unstoppable's to lift: seed 001 Lockdown takes its
#: Move Action, and what Trample leaves it is the §8.2 step (seed 002), which Unstoppable doesn't pass
UNSTOPPABLE_LOCKED = (
    "Unstoppable does not pass it: Lockdown leaves the unit no Move Action, only Trample's §8.2 step"
)
#: the same under option engaged_trample: full_move, or for a unit free when its activation began
UNSTOPPABLE_LOCKED_TRAMPLE = (
    "Unstoppable does not pass it: Lockdown leaves the unit no Move Action, only Trample's movement"
)
#: why a move cost the Melee Attack (``MeleeBarred.rule``): seed 001 Nimble and Unstoppable
NIMBLE_BAN = "Nimble: it moved through an enemy Engagement Zone"
UNSTOPPABLE_BAN = "Unstoppable: it used the trait to move"

# Until commit e8714bd a locked-down Unstoppable unit's §8.2 step, stopped in a zone, gave as its
# reason that Unstoppable would let it through: the only stop whose hint named Unstoppable alone
reworded("sim.StepsCancelled", "reason", "; Unstoppable would let it through", f"; {UNSTOPPABLE_LOCKED}")
# Until commit 3f4122f a unit with Nimble and Unstoppable that used Nimble through a zone had
# its Melee Attack barred naming Nimble alone
reworded("godsgloom.MeleeBarred", "rule", NIMBLE_BAN, f"{NIMBLE_BAN}; {UNSTOPPABLE_BAN}")
