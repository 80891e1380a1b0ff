"""Judging steps: the one judge of a step's legality and cost, and declared paths walked with it.

The aggregate judges each declared step just before it happens (``judge_step``), a declared
path is followed step by step (``walk_path``), and effects that move a unit "to" somewhere take
the fewest unblocked steps (``shortest_path``); the reach search (``domain.movement.search``)
asks the same judge (``StepJudge``), so a step is legal or not in one place only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from domain.movement.steps import NO_PATH, MovementModel, StepOption
from domain.rules import RuleRef


class Judgement(NamedTuple):
    """The step judge's verdict on one step: the option it takes (None when no step leads
    there), what the move has spent once it is taken, and the rule that refuses it, if any.
    ``over_allowance`` marks a refusal by the allowance alone (the step itself is legal).
    Immutable as ``StepOption`` is, and made as cheaply: one is made for every step judged,
    in a game and again in its verification (a frozen dataclass sets each field through
    ``object.__setattr__``, twice the time)."""

    option: StepOption | None
    spent: float
    refusal: RuleRef | None = None
    over_allowance: bool = False

    @property
    def ok(self) -> bool:
        return self.option is not None and self.refusal is None


@dataclass(frozen=True, slots=True)
class StepJudge:
    """The one judge of a step's legality and cost, given what the move has spent so far.

    The lookahead's search, declared paths resolving on the storyline and forced movement all
    call it, so no ruleset does budget arithmetic of its own: a blocked option is refused by its
    rule; a step that would spend more than the allowance is refused by the model's allowance
    rule, except a first step under a first-step guarantee (it is always allowed, and uses the
    whole allowance: GODSGLOOM §8.3). An allowance of None means no cap ("moves to" effects).
    A search asks the judge about the steps out of its start, where a guarantee may apply, and
    relaxes every later step against ``limit``: a step that is not blocked is within the
    allowance exactly when what the move has spent with it is no more than the limit.
    """

    tolerance: float = 0.0
    guarantee: RuleRef | None = None
    rule: RuleRef = NO_PATH

    @staticmethod
    def of(model: object) -> StepJudge:
        """The model's judge, made once per model and kept on it: a model's tolerance,
        first-step guarantee and allowance rule are fixed when it is made (``MovementModel``),
        and every step judged and every search asks for its judge."""
        kept = getattr(model, "__dict__", None)
        if kept is not None:
            found: StepJudge | None = kept.get("_step_judge")
            if found is None:
                found = kept["_step_judge"] = StepJudge._made(model)
            return found
        return StepJudge._made(model)

    @staticmethod
    def _made(model: object) -> StepJudge:
        return StepJudge(
            getattr(model, "tolerance", 0.0), getattr(model, "first_step_guarantee", None),
            getattr(model, "allowance_rule", None) or NO_PATH,
        )

    def limit(self, allowance: float | None) -> float:
        """The most a move may have spent after a step, for an allowance (None: no cap)."""
        return math.inf if allowance is None else allowance + self.tolerance

    @staticmethod
    def refusal(option: StepOption) -> RuleRef | None:
        """The rule refusing a step whatever the move has spent: the one blocking it."""
        return option.blocked

    def judge(self, option: StepOption, spent: float, allowance: float | None, first: bool) -> Judgement:
        refusal = self.refusal(option)
        if refusal is not None:
            return Judgement(option, spent, refusal)
        total = spent + option.cost
        if total <= self.limit(allowance):
            return Judgement(option, total)
        if first and self.guarantee is not None and allowance is not None:
            return Judgement(option, allowance)  # the whole allowance is used
        return Judgement(option, total, self.rule, over_allowance=True)


def judge_option(model: MovementModel, option: StepOption, spent: float, allowance: float | None, first: bool) -> Judgement:
    """The step judge (``StepJudge``) of ``model`` on one step."""
    return StepJudge.of(model).judge(option, spent, allowance, first)


def find_option(model: MovementModel, unit_id: str, frm: str, to: str, kind: str | None = None) -> StepOption | None:
    """The step from ``frm`` to ``to`` (of the declared ``kind`` when given), if geometry has one.
    A model on continuous space plans that one step directly (``step_option``)."""
    direct = getattr(model, "step_option", None)
    if direct is not None:
        return direct(unit_id, frm, to, kind)
    return next((o for o in model.step_options(unit_id, frm) if o.to == to and (kind is None or o.kind == kind)), None)


def judge_step(
    model: MovementModel, unit_id: str, frm: str, to: str, spent: float, allowance: float | None, first: bool,
    kind: str | None = None,
) -> Judgement:
    """``find_option`` then ``judge_option``, with a direct model's step asked of it here and
    the judge taken off the model here: every declared step of every ruleset is judged so, and
    the two calls saved are half a percent of a Tiny Epic Tactics game's instructions."""
    direct = getattr(model, "step_option", None)
    option = direct(unit_id, frm, to, kind) if direct is not None else find_option(model, unit_id, frm, to, kind)
    if option is None:
        return Judgement(None, spent)
    return StepJudge.of(model).judge(option, spent, allowance, first)


@dataclass
class PathWalk:
    """A declared path followed over a model: the steps it takes, the stop that ends it early,
    or the first step it can't take (its 1-based number and the rule)."""

    taken: list[tuple[str, str, StepOption]] = field(default_factory=list)
    spent: float = 0
    stop: RuleRef | None = None
    refused_at: int | None = None
    refusal: RuleRef | None = None
    detail: str = ""
    #: when the allowance refused a step: what the path needed up to it
    needed: float | None = None

    @property
    def end(self) -> StepOption | None:
        return self.taken[-1][2] if self.taken else None


def walk_path(
    model: MovementModel, unit_id: str, start: str, steps: Sequence[str], kinds: Sequence[str | None] | None = None,
    until: Callable[[StepOption], bool] | None = None,
) -> PathWalk:
    """Follow ``steps`` from ``start`` with the step judge: each step must be a legal option
    within the allowance, a stopping step ends the walk, and a walk may not end on a pass-only
    location. ``until`` ends the walk, unchecked from there on, before the first step it
    accepts (a skirmish Jump Across is measured only when it is made)."""
    walk = PathWalk()
    allowance = model.allowance(unit_id)
    judge = StepJudge.of(model)  # the model's judge, read once for the whole path
    here = start
    for number, to in enumerate(steps, start=1):
        kind = kinds[number - 1] if kinds is not None else None
        option = find_option(model, unit_id, here, to, kind)
        if option is not None and until is not None and until(option):
            return walk
        # ``judge_step`` on the option just found: the step is looked up once, not again
        verdict = Judgement(None, walk.spent) if option is None else judge.judge(option, walk.spent, allowance, number == 1)
        if verdict.option is None or (verdict.refusal is not None and not verdict.over_allowance):
            walk.refused_at, walk.refusal = number, verdict.refusal
            walk.detail = f"{here} -> {to}"
            return walk
        if verdict.over_allowance:
            walk.refused_at, walk.needed, walk.refusal = number, verdict.spent, verdict.refusal
            walk.detail = f"needs {walk.needed:g} to reach {to}, has {allowance:g}"
            return walk
        walk.spent = verdict.spent
        walk.taken.append((here, to, verdict.option))
        here = to
        if verdict.option.stops is not None and verdict.option.pass_only is None:
            walk.stop = verdict.option.stops
            break
    end = walk.end
    if end is not None and end.pass_only is not None:
        walk.refused_at, walk.refusal, walk.detail = len(walk.taken), end.pass_only, f"it would end at {here}"
    return walk


def shortest_path(model: MovementModel, unit_id: str, start: str, goal: str) -> list[str] | None:
    """Fewest steps from ``start`` to ``goal`` through unblocked steps, with no allowance cap.

    Used for effects that move a unit "to" something without a declared path. Ties go to the
    path met first, and the model lists options in a stable order.
    """
    if start == goal:
        return [start]
    previous: dict[str, str] = {start: start}
    layer = [start]
    while layer:
        next_layer: list[str] = []
        for here in layer:
            for option in model.step_options(unit_id, here):
                if option.to in previous or not judge_option(model, option, 0, None, False).ok:
                    continue
                previous[option.to] = here
                if option.to == goal:
                    path = [goal]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return path[::-1]
                if option.stops is None:
                    next_layer.append(option.to)
        layer = next_layer
    return None
