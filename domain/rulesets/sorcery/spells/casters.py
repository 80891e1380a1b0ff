"""Who casts a spell (codex: Casting Spells, Spellcaster): the unit a cast names as casting it
(``by``), checked, and required when an enemy Sturmgeist would hear the magic (its FAQ: it steps
toward the unit casting it)."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.catalog import Card
from domain.rulesets.sorcery.engine.reader import SPELLCASTERS, Reader
from domain.rulesets.sorcery.triggers.match import listeners


def check_caster(engine: Reader, data: Card, caster: str, by: str | None) -> str | None:
    """The unit named as casting the spell (``by``): a living Avatar or Spellcaster of the
    caster's (codex: Casting Spells, Spellcaster). Required when an enemy Sturmgeist would hear
    the magic: it steps toward that unit (Sturmgeist FAQ)."""
    if by is None:
        if data.type == "Magic" and listeners(engine.state, caster):
            names = ", ".join(u for u, _ in listeners(engine.state, caster))
            raise BadInput(f"name the unit casting {data.name} ('by'): {names} step(s) closer to it (Sturmgeist)", "by")
        return None
    unit = engine.known_unit(by, "by", living=True)
    keywords = engine.view().keywords(unit.id)
    if unit.owner != caster or not (unit.kind == "avatar" or any(k.endswith("Spellcaster") for k in keywords)):
        raise IllegalCommand(SPELLCASTERS, f"by: {by} is not a Spellcaster of {caster}'s")
    return str(unit.id)
