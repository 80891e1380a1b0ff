"""A triggered ability's choices, shared by every group of cards that asks one.

A trigger that needs a player's answer asks it once (``Resolver.ask``: the game stops with
``ChoiceRequested``), and resolves again with the answer in its ``choice`` parameter once the
player sends ``choose``. The most common question, where a unit takes a step of its own if it
may (Questing Beast, Gneissgnath Gnomes, Bladedancer), is answered here in one way for all.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.state import TriggerState

YES, NO = "yes", "no"


def answer(engine: Primitives, trigger: TriggerState, kind: str, options: list[str], prompt: str) -> str | None:
    """The player's answer to this trigger's choice, or None after asking for it."""
    found = trigger.params.get("choice")
    if found is not None:
        return str(found)
    player = trigger.controller or engine.state.active_player
    engine.resolver.ask(player, kind, options, f"{trigger.label}: {prompt}", about=trigger.id)
    return None


def pick(
    engine: Primitives, trigger: TriggerState, kind: str, options: list[str], prompt: str,
    nothing: str, declined: str, done: Callable[[str], str],
) -> str | None:
    """One of ``options`` or none, as the trigger's controller chose ("may ... where?"): the
    option, once chosen (the trigger resolves saying ``done(option)``); None when there is
    nothing to choose (saying ``nothing``), when the player declines (saying ``declined``) and
    while the question waits for its answer."""
    if not options:
        engine.resolver.resolved(trigger, nothing)
        return None
    chosen = answer(engine, trigger, kind, [*options, NO], prompt)
    if chosen is None:
        return None
    choice = f"({trigger.controller}'s choice)"
    if chosen == NO:
        engine.resolver.resolved(trigger, f"{declined} {choice}")
        return None
    engine.resolver.resolved(trigger, f"{done(chosen)} {choice}")
    return chosen


def may_step(engine: Primitives, trigger: TriggerState, unit_id: str) -> str | None:
    """Where ``unit_id`` takes a step of its own, as the trigger's controller chose (``pick``)."""
    return pick(
        engine, trigger, "may_step", engine.own_steps(unit_id), f"where does {unit_id} take a step, if anywhere?",
        f"{unit_id} can take no step: nothing to choose", f"{unit_id} takes no step",
        lambda to: f"{unit_id} takes a step to {engine.label(to)}",
    )


def may(engine: Primitives, trigger: TriggerState, prompt: str, done: str, declined: str) -> bool:
    """A yes-or-no "may" of the trigger's controller: True once they said yes (the trigger
    resolves saying ``done``), False when they said no (saying ``declined``) and while the
    question waits for its answer."""
    chosen = answer(engine, trigger, "may", [YES, NO], prompt)
    if chosen is None:
        return False
    said_yes = chosen != NO
    engine.resolver.resolved(trigger, f"{done if said_yes else declined} ({trigger.controller}'s choice)")
    return said_yes


def one_of(engine: Primitives, trigger: TriggerState, kind: str, options: list[str], prompt: str, only: str) -> tuple[str, str] | None:
    """One of ``options`` (two or more are asked; not a "may"), with how it was chosen: the only
    one (``only``), or the trigger's controller's choice; None while the question waits."""
    if len(options) == 1:
        return options[0], only
    chosen = answer(engine, trigger, kind, options, prompt)
    if chosen is None:
        return None
    return chosen, f"{trigger.controller}'s choice"
