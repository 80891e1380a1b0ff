"""The Sorcery card pool and what the simulator knows of each card.

Characteristics (type, power, affinity) come from the bundled copy of the official card data
(``cards.json``, see ../shared/data/README.md for its origin). Keywords are read from the card
text. Abilities beyond keywords are modelled card by card in ``cards/``, each with its
declared timing kind (DESIGN.md, principle 2); any other ability text is reported as not
modelled, never silently ignored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from importlib import resources
from typing import Literal

from pydantic import ConfigDict

from domain.attribute_reads import PlainModel
from domain.errors import BadInput, suggest

Timing = Literal["ongoing", "activated", "triggered"]

#: Keywords that are rules shorthand (codex: Keyword Abilities); matched case-sensitively.
KEYWORDS = {
    "Airborne",
    "Burrowing",
    "Submerge",
    "Voidwalk",
    "Waterbound",
    "Landbound",
    "Immobile",
    "Lethal",
    "Charge",
    "Stealth",
    "Ranged",
    "Spellcaster",
    "Ward",
    "Lance",
    "Flooded",  # a site's keyword: it is a water site (codex: Flooded)
}
MOVEMENT_KEYWORDS = ("Airborne", "Burrowing", "Submerge", "Voidwalk")
_MOVEMENT_X = re.compile(r"^Movement \+(\d+)$")
_RANGED_X = re.compile(r"^Ranged \d+$")
_SPELLCASTER = re.compile(r"^(?:(?:Air|Earth|Fire|Water|Non-fire|Non-Ordinary) )?Spellcaster$")
#: a line's parts: text up to a comma or a full stop (the separators keywords are printed with)
_PART = re.compile(r"[^,.]+[,.]?")


class Card(PlainModel):
    model_config = ConfigDict(frozen=True)

    name: str
    type: str
    subtypes: tuple[str, ...]
    attack: int | None
    defence: int | None
    water: bool
    text: str
    keywords: tuple[str, ...]
    movement_bonus: int
    #: the card's rules text that is not keywords: each line's rest after its leading keywords
    ability_lines: tuple[str, ...]
    #: the card's elemental thresholds ({"earth": 1, ...}): for a site, the affinity it provides
    #: (codex: Elemental Threshold and Affinity); for a spell, what it needs to be cast
    thresholds: tuple[tuple[str, int], ...] = ()
    #: Ordinary, Exceptional, Elite, Unique (Atlantean Fate floods non-Ordinary sites)
    rarity: str = ""
    #: a water affinity printed in its thresholds, the Flooded keyword aside (a site that loses
    #: its abilities loses Flooded: codex: Flooded)
    water_threshold: bool = False
    #: its mana cost (Payload Trebuchet deals the discarded card's)
    cost: int = 0

    @property
    def is_unit(self) -> bool:
        return self.type in ("Minion", "Avatar")

    @property
    def power(self) -> int:
        """Attack power: what the unit strikes for (codex: Strike)."""
        return self.attack or 0

    @property
    def check_power(self) -> int:
        """Power for checks such as Gnome Hollows: the average of split power, rounded down
        (codex: Split Power)."""
        return power_for_checks(self.attack or 0, self.defence if self.defence is not None else self.attack or 0)


def power_for_checks(attack: int, defence: int) -> int:
    """A unit's power when an effect asks for it: split power averaged, rounded down
    (codex: Split Power); power is never negative."""
    return max(0, (attack + defence) // 2)


def is_keyword(part: str) -> bool:
    return (
        part in KEYWORDS
        or bool(_MOVEMENT_X.match(part))
        or bool(_RANGED_X.match(part))
        or bool(_SPELLCASTER.match(part))
    )


def read_line(line: str) -> tuple[list[str], int, str]:
    """One line of rules text: its leading keywords (printed comma- or full-stop-separated),
    their Movement +X, and the rest of the line, which is ability text ("" when none).

    A part that is not a keyword ends the keywords; everything from it on is ability text, so
    "Airborne, Immune to fire damage" gives Airborne and "Immune to fire damage"."""
    keywords: list[str] = []
    bonus = 0
    position = 0
    for match in _PART.finditer(line):
        part = match.group().rstrip(",.").strip()
        if not part:
            position = match.end()
            continue
        if not is_keyword(part):
            break
        movement = _MOVEMENT_X.match(part)
        if movement:
            bonus += int(movement.group(1))
        else:
            keywords.append(part)  # copies kept as printed: Lance, Lance, Lance (codex: Lance)
        position = match.end()
    return keywords, bonus, line[position:].strip()


def _split_keywords(text: str) -> tuple[tuple[str, ...], int, tuple[str, ...]]:
    keywords: list[str] = []
    bonus = 0
    abilities: list[str] = []
    for raw in text.replace("UPDATED:", "").split("\n"):
        line = raw.strip()
        if not line:
            continue
        found, line_bonus, rest = read_line(line)
        keywords.extend(found)
        bonus += line_bonus
        if rest:
            abilities.append(rest)
    return tuple(keywords), bonus, tuple(abilities)


def _card_from_record(record: dict[str, object]) -> Card:
    text = str(record.get("rulesText") or "")
    keywords, bonus, lines = _split_keywords(text)
    thresholds = record.get("thresholds") or {}
    assert isinstance(thresholds, dict)
    subtypes = str(record.get("subTypes") or "")
    return Card(
        name=str(record["name"]),
        type=str(record["type"]),
        subtypes=tuple(s.strip() for s in subtypes.split(",") if s.strip()),
        attack=record.get("attack"),  # type: ignore[arg-type]  # the card data holds a whole number or null
        defence=record.get("defence"),  # type: ignore[arg-type]  # as attack
        # a Flooded site has at least one water affinity whatever its thresholds (codex: Flooded)
        water=int(thresholds.get("water", 0) or 0) > 0 or "Flooded" in keywords,
        text=text,
        keywords=keywords,
        movement_bonus=bonus,
        ability_lines=lines,
        thresholds=tuple((str(k), int(v or 0)) for k, v in thresholds.items() if int(v or 0) > 0),
        rarity=str(record.get("rarity") or ""),
        water_threshold=int(thresholds.get("water", 0) or 0) > 0,
        cost=int(record.get("cost") or 0),  # type: ignore[call-overload]  # a whole number or null
    )


class CardPool(Mapping[str, Card]):
    """The bundled pool by exact name, each card's characteristics worked out (its text split into
    keywords and ability lines, a validated ``Card``) when it is first looked up: a question about
    a handful of cards does not pay for all 1,104 (about 20 ms of a process's start-up)."""

    def __init__(self, records: dict[str, dict[str, object]]) -> None:
        self._records = records
        self._cards: dict[str, Card] = {}

    def __getitem__(self, name: str) -> Card:
        found = self._cards.get(name)
        if found is None:
            found = self._cards[name] = _card_from_record(self._records[name])
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._records)

    def __len__(self) -> int:
        return len(self._records)

    def __contains__(self, name: object) -> bool:
        return name in self._records


@lru_cache(maxsize=1)
def card_pool() -> CardPool:
    """Every card of the bundled pool, by exact name."""
    raw = resources.files("domain.rulesets.sorcery").joinpath("cards.json").read_text("utf-8")
    return CardPool({str(r["name"]): r for r in json.loads(raw)})


def _fold(name: str) -> str:
    return name.replace("’", "'").casefold()


@lru_cache(maxsize=1)
def _folded_names() -> dict[str, str]:
    return {_fold(name): name for name in card_pool()}


def card(name: str) -> Card:
    """Look a card up by name, forgiving case and apostrophe style; BadInput if unknown."""
    exact = card_pool().get(name)
    if exact is not None:
        return exact
    folded = _folded_names().get(_fold(name))
    if folded is not None:
        return card_pool()[folded]
    close = suggest(name, card_pool())
    raise BadInput(f"unknown card {name!r}{close}" if close else f"unknown card {name!r}: not in the Sorcery card pool")


def slug(name: str) -> str:
    """A card's name as an id: lower case, each other character a hyphen (Mariner's Curse:
    ``mariner-s-curse``): the ids of sites, spells and effects made from a card, and the purpose
    of the steps it makes a unit take (``step:questing-beast``)."""
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-").replace("--", "-")
