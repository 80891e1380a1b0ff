"""What the simulator derives from each card, and what of its rules text it does not model.

Every card of the pool is read into keywords (``catalog.read_line``) and ability text; each
piece of ability text is either covered by a modelled ability or spell (declared in ``cards/``,
each with its timing kind) or reported as not modelled, word for word. Keywords whose rules are
only partly simulated are reported too (``KEYWORD_GAPS``). Nothing is dropped: the derivation of
a card is a partition of its rules text, and a test checks that over the whole pool.

The engine uses the derivation to say, for every card in a game, what it does not model
(``NotModelled`` on the event that brings the card in), and to refuse such cards under the
rule option ``unmodelled: refuse``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from domain.rulesets.sorcery.cards import SPELLS, abilities_of
from domain.rulesets.sorcery.cards.gaps import OVERSIZED_NOT_MODELLED
from domain.rulesets.sorcery.catalog import Card, card, card_pool

#: keywords whose rules the simulator applies only in part, or not at all: what is missing.
#: A keyword not listed here is fully modelled (movement keywords, Immobile, Lethal, Ranged's
#: strike: activations/projectiles.py).
KEYWORD_GAPS: dict[str, str] = {
    "Spellcaster": "units casting spells are not simulated",
    "Ward": "Ward marks are not simulated",
    "Lance": "the Lance token (first strike, +1 damage) is not simulated",
    "Stealth": "only 'can't be intercepted' and 'projectiles can't hit it' are simulated: Stealth marks, and the limits on targeting and defending, are not",
}

#: how a modelled ability is reported (the ability's declared timing kind, or a spell's)
Kind = Literal["keyword", "ongoing", "activated", "triggered", "spell"]


class Modelled(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    timing: Kind
    text: str


class Derivation(BaseModel):
    """One card as the simulator reads it."""

    model_config = ConfigDict(frozen=True)

    name: str
    type: str
    subtypes: tuple[str, ...]
    attack: int | None
    defence: int | None
    #: power for checks (Gnome Hollows, "weaker"): split power averaged, rounded down
    check_power: int | None
    water: bool
    keywords: tuple[str, ...]
    movement_bonus: int
    modelled: tuple[Modelled, ...]
    #: the card's text the simulator does not model, word for word (keywords: with what is missing)
    unmodelled: tuple[str, ...]

    @property
    def status(self) -> Literal["full", "partial", "none"]:
        if not self.unmodelled:
            return "full"
        return "partial" if self.modelled else "none"


def _keyword_name(keyword: str) -> str:
    if keyword.endswith("Spellcaster"):
        return "Spellcaster"
    if keyword.startswith("Ranged"):
        return "Ranged"
    return keyword


_LEFTOVER = re.compile(r"[\w\"“”()]")


def _uncovered(line: str, covers: list[str]) -> str:
    """What is left of ``line`` once the covered texts are taken out; "" when nothing is."""
    rest = line
    for text in covers:
        rest = rest.replace(text, " ")
    rest = re.sub(r"\s+", " ", rest).strip(" ,;")
    return rest if _LEFTOVER.search(rest) else ""


@cache
def derive(name: str) -> Derivation:
    data = card(name)
    modelled: list[Modelled] = []
    unmodelled: list[str] = []
    for keyword in dict.fromkeys(data.keywords):
        gap = KEYWORD_GAPS.get(_keyword_name(keyword))
        if gap is None:
            modelled.append(Modelled(name=keyword, timing="keyword", text=keyword))
        else:
            unmodelled.append(f"{keyword} (keyword: {gap})")
    if data.movement_bonus:
        modelled.append(Modelled(name=f"Movement +{data.movement_bonus}", timing="keyword", text="Movement +X"))
    covers: list[str] = []
    for ability in abilities_of(data.name):
        for text in ability.covers:
            modelled.append(Modelled(name=ability.name, timing=ability.timing, text=text))
            if ability.gaps:
                unmodelled.append(f"{text} ({ability.gaps})")
        covers.extend(ability.covers)
    spell = SPELLS.get(data.name)
    if spell is not None:
        for text in spell.covers:
            modelled.append(Modelled(name=data.name, timing="spell", text=text))
            if spell.gaps:
                unmodelled.append(f"{text} ({spell.gaps})")
        covers.extend(spell.covers)
    why = OVERSIZED_NOT_MODELLED.get(data.name)
    for line in data.ability_lines:
        rest = _uncovered(line, covers)
        if rest:
            unmodelled.append(f"{rest} ({why})" if why else rest)
    return Derivation(
        name=data.name, type=data.type, subtypes=data.subtypes, attack=data.attack, defence=data.defence,
        check_power=data.check_power if data.attack is not None else None, water=data.water,
        keywords=data.keywords, movement_bonus=data.movement_bonus,
        modelled=tuple(modelled), unmodelled=tuple(unmodelled),
    )


def derive_card(data: Card) -> Derivation:
    return derive(data.name)


def pool_coverage() -> dict[str, list[str]]:
    """Card names by status: fully modelled, partly, not at all."""
    found: dict[str, list[str]] = {"full": [], "partial": [], "none": []}
    for name in card_pool():
        found[derive(name).status].append(name)
    return found


#: what a piece of text the simulator does not model is, for the figures in docs/sorcery.md
MissingKind = Literal["keyword", "gap", "genesis", "deathrite", "activated", "triggered", "passive"]

#: how a triggered ability's text begins (other than Genesis and Deathrite)
_TRIGGER_OPENINGS = re.compile(r"^(When|Whenever|At the|At start|At end|After|Each time|Immediately after)\b")


def missing_kind(derivation: Derivation, text: str) -> MissingKind:
    """Sorted by the text's first words: a keyword with a gap, a modelled ability's stated gap,
    "Genesis", "Deathrite", a cost before an arrow (activated), a trigger's opening words; the
    rest is passive text, spells and casting rules."""
    if " (keyword: " in text:
        return "keyword"
    if any(text.startswith(f"{m.text} (") for m in derivation.modelled):
        return "gap"
    if text.startswith("Genesis"):
        return "genesis"
    if text.startswith("Deathrite"):
        return "deathrite"
    if "→" in text:
        return "activated"
    if _TRIGGER_OPENINGS.match(text):
        return "triggered"
    return "passive"


class Figures(BaseModel):
    """The pool's coverage as docs/sorcery.md and the README state it (a test holds them to it)."""

    by_status: dict[str, int]
    #: card type -> status -> cards
    by_type: dict[str, dict[str, int]]
    #: kind of missing text -> pieces; keywords also by name
    missing: dict[str, int]
    missing_keywords: dict[str, int]


def pool_figures() -> Figures:
    by_status = {"full": 0, "partial": 0, "none": 0}
    by_type: dict[str, dict[str, int]] = {}
    missing: dict[str, int] = dict.fromkeys(("passive", "genesis", "deathrite", "triggered", "activated", "keyword", "gap"), 0)
    keywords: dict[str, int] = {}
    for name in card_pool():
        derivation = derive(name)
        by_status[derivation.status] += 1
        counts = by_type.setdefault(derivation.type, {"full": 0, "partial": 0, "none": 0})
        counts[derivation.status] += 1
        for text in derivation.unmodelled:
            kind = missing_kind(derivation, text)
            missing[kind] += 1
            if kind == "keyword":
                word = _keyword_name(text.split(" (keyword: ", 1)[0])
                keywords[word] = keywords.get(word, 0) + 1
    ordered = dict(sorted(keywords.items(), key=lambda item: (-item[1], item[0])))
    return Figures(by_status=by_status, by_type=by_type, missing=missing, missing_keywords=ordered)


#: the words that make a piece of card text about movement (issue 22): moving, stepping,
#: teleporting, flying, burrowing, submerging, pushing, pulling, dragging, carrying, untapping
#: (who may move, defend and intercept), the movement keywords, and projectiles and ranged strikes
_MOVEMENT_WORDS = re.compile(
    r"\b(?:mov(?:e|es|ed|ing|ement)|steps?|stepped|teleport\w*|fl(?:y|ies|ew|own|ying)|"
    r"burrow\w*|unburrow\w*|submerg\w*|emerg\w*|push\w*|pull\w*|drag\w*|carr(?:y|ies|ied|ying)|"
    r"untap\w*|airborne|voidwalk|projectile\w*|ranged|immobile|intercept\w*|swap\w*)\b",
    re.IGNORECASE,
)


def _card_words(text: str) -> str:
    """The card's own words of a piece of unmodelled text: a keyword without the simulator's
    explanation of what is missing (Stealth's explanation mentions projectiles; Stealth does not)."""
    return text.split(" (keyword: ", 1)[0]


def movement_texts(derivation: Derivation) -> tuple[str, ...]:
    """The pieces of a card's unmodelled text that are about movement."""
    return tuple(text for text in derivation.unmodelled if _MOVEMENT_WORDS.search(_card_words(text)))


def movement_missing() -> list[str]:
    """The cards with movement text the simulator does not model (issue 22's figure, before and after)."""
    return [name for name in card_pool() if movement_texts(derive(name))]
