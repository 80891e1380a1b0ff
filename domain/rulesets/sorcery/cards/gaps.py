"""What the simulator does not model of a card's text, where several cards share the words: each
is reported with the card (coverage.py), never silently dropped."""

from __future__ import annotations

#: a grant of Stealth is modelled; what Stealth itself does is only partly (coverage.KEYWORD_GAPS)
STEALTH_GAP = "Stealth is simulated only as 'can't be intercepted' and 'projectiles can't hit it' (its keyword gap)"
#: what granted Stealth still lacks, as for the printed keyword
STEALTH_MARKS = (
    "Stealth's mark, lost after the minion interacts with the realm, is not simulated: "
    "the Stealth stays; only 'can't be intercepted' and 'projectiles can't hit it' are"
)
#: Stealth gained by a card's text is kept like the keyword's: never lost by interacting
STEALTH_KEPT = "the Stealth gained is not lost when it interacts with the realm (Stealth tokens are not simulated)"
#: what "at rest" still lacks (codex: At Rest, Ordering Ongoing Effects)
AT_REST_GAPS = (
    "a unit is not at rest only while a move of its own or its carrier's resolves: casting, "
    "abilities used and the whole attack sequence (a defender that moved in) are not followed; two "
    "such minions at rest side by side switch each other off instead of the codex's timestamp order"
)
#: thresholds (mana) are not the subject of the simulator
NO_THRESHOLDS = "thresholds (mana) are not simulated"
#: "including voids": what a flooded void is, the codex does not say
VOIDS = "the voids are not flooded (what a flooded void is, the codex does not say)"
ARTIFACTS_NOT_SUBMERGED = "artifacts are not submerged"
ONE_AFTER_ANOTHER = "they are pushed one after another, in square order"
