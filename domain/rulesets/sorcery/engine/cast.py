"""Casting a spell (codex: Casting Spells, Magic): the ``cast`` command, and the spells already in
effect at set-up. What each spell targets is checked and planned by its kind's class (spells/),
then carried out through the primitives; an enemy's Sturmgeist hears the magic, and a unit that
casts it may have a trigger waiting for the spell to resolve (Wind Sylph)."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.cards import SPELLS
from domain.rulesets.sorcery.commands import Cast
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import OWN_TURN
from domain.rulesets.sorcery.spells import registry
from domain.rulesets.sorcery.spells.casters import check_caster
from domain.rulesets.sorcery.spells.plan import Casting
from domain.rulesets.sorcery.spells.react import AttackedAllyMoving
from domain.rulesets.sorcery.triggers import match
from domain.rulesets.sorcery.turning import TURN_RULE


def cast(engine: Primitives, cmd: Cast) -> None:
    data = engine.lookup_card(cmd.card, "card")
    spell = SPELLS.get(data.name)
    if spell is not None and isinstance(targets := registry.of(spell.target), AttackedAllyMoving):  # Dodge Roll
        if cmd.turn:
            raise IllegalCommand(TURN_RULE, f"turn: {data.name} teleports no unit, so there is nothing to turn")
        targets.cast_when_attacked(engine, cmd, data, spell)
        return
    player = engine.player(cmd.player, engine.state.active_player)
    engine.check_main_phase(player, OWN_TURN)
    engine.refuse_unmodelled([data.name], f"casting {cmd.card}")
    by = check_caster(engine, data, player, cmd.by)
    cast_spell(engine, cmd.card, player, cmd.targets, "", cmd.turn)
    match.enemy_casts(engine.resolver, data, player, by, engine.cause)
    match.after_casting(engine.resolver, data, by)
    engine.mark_lasting_losses(engine.cause)


def cast_spell(engine: Primitives, name: str, caster: str, targets: list[str], where: str, turn: int = 0) -> None:
    """A spell cast by ``caster``, its targets checked and its plan carried out (``where``: empty
    for a command, whose fields are ``card`` and ``targets``, or a set-up's spell in effect;
    ``turn``: how a teleported oversized unit lands)."""
    card_field = where or "card"  # where a card not known, or not a modelled spell, is reported
    data = engine.lookup_card(name, card_field)
    spell = SPELLS.get(data.name)
    if spell is None:
        raise BadInput(f"{data.name} is not a spell the simulator models (modelled: {', '.join(sorted(SPELLS))})", card_field)
    registry.of(spell.target).cast(engine, Casting(data, spell, caster, list(targets), where, turn))
