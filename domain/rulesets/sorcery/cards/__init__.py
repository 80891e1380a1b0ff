"""The cards the simulator models, as data, by card type: each card's abilities (sites,
minions, artifacts, auras, avatars) and each spell (magic). Wired here into one registry, which
the engine, the coverage report and the tests read; nothing in cards/ imports the engine.

Adding a card is one entry in the module of its type (docs/design.md, "Adding a card").
"""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.cards import artifacts, auras, avatars, magic, minions_a_to_l, minions_m_to_z, sites
from domain.rulesets.sorcery.spell_kinds import Spell

#: card name -> its modelled abilities, each with its declared timing kind
ABILITIES: dict[str, tuple[Ability, ...]] = {}
for _module in (sites, minions_a_to_l, minions_m_to_z, artifacts, auras, avatars):
    for _name, _abilities in _module.CARDS.items():
        assert _name not in ABILITIES, f"{_name} is declared twice"
        ABILITIES[_name] = _abilities
#: spell name -> what the simulator models of it
SPELLS: dict[str, Spell] = dict(magic.SPELLS)


def abilities_of(card_name: str) -> tuple[Ability, ...]:
    return ABILITIES.get(card_name, ())


def placement(card_name: str, rule: str) -> str | None:
    """The text of a card's own rule of where it enters (``Placement``), if it has that rule."""
    return next((a.placement.text for a in abilities_of(card_name) if a.placement and a.placement.rule == rule), None)


def unmovable(card_name: str) -> bool:
    """Whether the card declares that nothing moves it by force (Iron Man Talus, Talamh Dreig)."""
    return any(a.unmovable for a in abilities_of(card_name))
