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
    "a unit that casts a spell or uses an ability is still judged at rest while it resolves (only "
    "moving, entering the realm and the attack sequence are followed)"
)
#: what an oversized unit still lacks (codex: Oversized Units; oversized.py)
OVERSIZED_GAPS = (
    "its location is the top-left square of its area; a teleport does not turn it (its "
    "orientation is kept); grid damage, carried artifacts' positions, projectiles, intercepts and "
    "the cards that read 'its location' use that square only"
)
#: what Magellan Globe still lacks: its FAQ lets oversized units span the edges it connects
#: (digest 1.5, 4), but an oversized unit's shape is kept within the edges (oversized.py)
GLOBE_OVERSIZED = (
    "oversized units never span the edges it connects: a step or teleport that would take a part "
    "across is refused as leaving the realm, and The Rack stretches an Avatar only within the edges"
)
#: what a growing oversized unit still lacks (Megamoeba, Aethermoeba; oversized.py)
GROWING_GAPS = (
    "its location is where it last grew; its range of motion counts a step back onto a location "
    "its move has just grown into as entering it; the cards that read 'its location' use that one"
)
#: what Yog-Sothoth's area still lacks (oversized.py)
YOG_SOTHOTH_GAPS = (
    "it occupies the surface level only (each site's surface and each void, not below the sites); "
    "its location is square 1, the realm's top-left; grid damage, projectiles, intercepts and the "
    "cards that read 'its location' use that square only"
)
#: why a text about an oversized unit is not modelled, by card: reported with the text
OVERSIZED_NOT_MODELLED = {
    "Yog-Sothoth": "a unit that ignores the abilities of sites is not modelled: the abilities of sites "
                   "(their passive effects, barriers and triggers) are not filtered per unit",
}
#: thresholds (mana) are not the subject of the simulator
NO_THRESHOLDS = "thresholds (mana) are not simulated"
#: "including voids": what a flooded void is, the codex does not say
VOIDS = "the voids are not flooded (what a flooded void is, the codex does not say)"
ARTIFACTS_NOT_SUBMERGED = "artifacts are not submerged"
ONE_AFTER_ANOTHER = "they are pushed one after another, in square order"
