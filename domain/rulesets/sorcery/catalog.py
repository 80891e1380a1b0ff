"""The Sorcery card pool and what the simulator knows of each card.

Characteristics (type, power, affinity) come from the bundled copy of the official card data
(``cards.json``, see ../shared/data/README.md for its origin). Keywords are read from the card
text. Abilities beyond keywords are modelled card by card in ``abilities.py``, each with its
declared timing kind (DESIGN.md, principle 2); any other ability text is reported as not
modelled, never silently ignored.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict

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
}
MOVEMENT_KEYWORDS = ("Airborne", "Burrowing", "Submerge", "Voidwalk")
_MOVEMENT_X = re.compile(r"^Movement \+(\d+)$")
_SPELLCASTER = re.compile(r"Spellcaster$")


class Card(BaseModel):
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
    ability_lines: tuple[str, ...]

    @property
    def is_unit(self) -> bool:
        return self.type in ("Minion", "Avatar")

    @property
    def power(self) -> int:
        return self.attack or 0


def _split_keywords(text: str) -> tuple[tuple[str, ...], int, tuple[str, ...]]:
    keywords: list[str] = []
    bonus = 0
    abilities: list[str] = []
    for line in text.replace("UPDATED:", "").split("\n"):
        line = line.strip()
        if not line:
            continue
        parts = [p.strip() for p in line.split(",")]
        parsed: list[str] = []
        line_bonus = 0
        for part in parts:
            match = _MOVEMENT_X.match(part)
            if match:
                line_bonus += int(match.group(1))
            elif part in KEYWORDS or part.startswith("Ranged ") or _SPELLCASTER.search(part):
                parsed.append(part)
            else:
                break
        else:
            keywords.extend(parsed)
            bonus += line_bonus
            continue
        abilities.append(line)
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
        attack=record.get("attack"),  # type: ignore[arg-type]
        defence=record.get("defence"),  # type: ignore[arg-type]
        water=int(thresholds.get("water", 0) or 0) > 0,
        text=text,
        keywords=keywords,
        movement_bonus=bonus,
        ability_lines=lines,
    )


@lru_cache(maxsize=1)
def card_pool() -> dict[str, Card]:
    """Every card of the bundled pool, by exact name."""
    raw = resources.files("domain.rulesets.sorcery").joinpath("cards.json").read_text("utf-8")
    return {str(r["name"]): _card_from_record(r) for r in json.loads(raw)}


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
