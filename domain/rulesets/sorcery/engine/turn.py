"""The end of a turn and the start of the next (codex: Turn Sequence; digest 2.11): what
triggers at the end resolves first, then effects of the turn end, the next player's cards untap
and what triggers at the start of their turn is queued."""

from __future__ import annotations

from collections.abc import Collection

from domain.rulesets.sorcery.activations import constrict
from domain.rulesets.sorcery.commands import EndTurn
from domain.rulesets.sorcery.engine.flood import kept_tapped
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import OWN_TURN
from domain.rulesets.sorcery.events import EffectEnded, EndOfTurnQueued, TurnEnded, TurnStarted
from domain.rulesets.sorcery.state import SorceryState, TurnPassItem
from domain.rulesets.sorcery.triggers.turns import at_turn

#: Thing in the Ice: "Disabled for three of your turns" (the turn it entered counts: docs/sorcery.md)
YOUR_TURNS = "your_turns_"


def counted_turns_over(duration: str, started_turn: int, turn: int) -> bool:
    """Whether an effect lasting N of its controller's turns is over as that player's turn
    ``turn`` ends: the turn it started counts as the first (players alternate turns)."""
    count = int(duration[len(YOUR_TURNS):])
    return turn >= started_turn + 2 * (count - 1)


def end_turn(engine: Primitives, cmd: EndTurn) -> None:
    """The end of the turn: what triggers then resolves first (a ``TurnPassItem`` waits
    behind it); then the turn passes (``pass_turn``) and what triggers at the start of the
    next one is queued (codex: Turn Sequence; digest 2.11)."""
    player = engine.player(cmd.player, engine.state.active_player)
    engine.check_main_phase(player, OWN_TURN)
    if at_turn(engine.resolver, player, engine.cause, "end"):
        engine.emit(EndOfTurnQueued, player=player, turn=engine.state.turn)
        return
    pass_turn(engine, player)


def resolve_turn_pass(engine: Primitives, item: TurnPassItem) -> None:
    pass_turn(engine, item.player)


def pass_turn(engine: Primitives, player: str) -> None:
    state = engine.state  # the game's one state object, which each event changes in place
    if not state.effects:
        _pass_plainly(engine, state, player)
        return
    for effect in list(state.effects.values()):
        if effect.duration == "this_turn":
            engine.emit(EffectEnded, effect_id=effect.id, reason="this turn ended")
        elif effect.duration.startswith(YOUR_TURNS) and effect.controller == player and counted_turns_over(
            effect.duration, effect.started_turn, state.turn,
        ):
            engine.emit(EffectEnded, effect_id=effect.id, reason=f"{player}'s last turn of it ended")
    engine.emit(TurnEnded, player=player, turn=state.turn)
    upcoming = state.opponent_of(player)
    for effect in list(state.effects.values()):
        if effect.duration == "until_next_turn" and effect.controller == upcoming:
            engine.emit(EffectEnded, effect_id=effect.id, reason=f"{upcoming}'s next turn began")
    held = kept_tapped(engine, upcoming)
    untapped = _untapping(state, upcoming, held)
    constricting = constrict.kept_tapped(state, untapped)  # Tringh Constrictor kills instead
    engine.emit(TurnStarted, player=upcoming, turn=state.turn + 1, untapped=[u for u in untapped if u not in constricting])
    constrict.on_untap(engine, untapped, None)
    at_turn(engine.resolver, upcoming, engine.cause, "start")


def _pass_plainly(engine: Primitives, state: SorceryState, player: str) -> None:
    """``pass_turn`` with no effect recorded, as most turns of most games pass: no effect ends,
    none keeps a unit tapped (Waveshaper's ``StaysTapped``, a Constrictor's constriction: both
    effects), so the turn ends and the next one starts with every tapped unit of its player
    untapping. No event of a turn passing records an effect, so none is recorded on the way."""
    engine.emit(TurnEnded, player=player, turn=state.turn)
    upcoming = state.opponent_of(player)
    engine.emit(TurnStarted, player=upcoming, turn=state.turn + 1, untapped=_untapping(state, upcoming, ()))
    at_turn(engine.resolver, upcoming, engine.cause, "start")


def _untapping(state: SorceryState, player: str, held: Collection[str]) -> list[str]:
    """The units of ``player`` that untap as their turn begins, in id order: tapped, in play,
    and not kept tapped (``held``); the tapped mark read first, as most units are untapped."""
    return sorted([u.id for u in state.units.values() if u.tapped and u.owner == player and u.alive and u.id not in held])
