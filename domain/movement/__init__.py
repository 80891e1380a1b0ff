"""The movement engine shared by every ruleset: step options and the reach search.

A ruleset describes movement as a ``MovementModel``: from a location, which steps a unit could
take, what each costs, and which rule blocks it. The aggregate uses the model to decide each
declared step as it is about to happen; the lookahead runs ``search_reach`` over the same model
to answer range-of-motion questions. Movement logic is therefore written once, per ruleset, in
the model (DESIGN.md, principle 1).

One job per module, each name re-exported here so that ``domain.movement`` reads as it always
did:

- ``steps``: step options and the movement model protocol (``StepOption``, ``MovementModel``,
  ``StepGroup``, ``SharedSteps``, ``StepsFrom``, ``steps_from``) and ``NO_PATH``;
- ``judging``: judging steps and declared paths (``Judgement``, ``StepJudge``, ``judge_option``,
  ``find_option``, ``judge_step``, ``PathWalk``, ``walk_path``, ``shortest_path``);
- ``search``: the reach search (``Reach``, ``walk_back``, ``search_reach``, ``search_within``,
  ``Found``, ``cheapest_ways``, ``INFINITY``);
- ``ranges``: ranges of motion as users see them (``RangeOfMotion``, ``GridRange``,
  ``range_from_reach``).

They import one way, steps <- judging <- search <- ranges, so none imports this package's
``__init__`` names back.
"""

from __future__ import annotations

from domain.movement.judging import (
    Judgement,
    PathWalk,
    StepJudge,
    find_option,
    judge_option,
    judge_step,
    shortest_path,
    walk_path,
)
from domain.movement.ranges import GridRange, RangeOfMotion, range_from_reach
from domain.movement.search import INFINITY, Found, Reach, cheapest_ways, search_reach, search_within, walk_back
from domain.movement.steps import (
    NO_PATH,
    MovementModel,
    SharedSteps,
    StepGroup,
    StepOption,
    StepsFrom,
    steps_from,
)
from domain.rules import RuleRef  # importable from here as it always was

__all__ = [
    "INFINITY",
    "NO_PATH",
    "Found",
    "GridRange",
    "Judgement",
    "MovementModel",
    "PathWalk",
    "RangeOfMotion",
    "Reach",
    "RuleRef",
    "SharedSteps",
    "StepGroup",
    "StepJudge",
    "StepOption",
    "StepsFrom",
    "cheapest_ways",
    "find_option",
    "judge_option",
    "judge_step",
    "range_from_reach",
    "search_reach",
    "search_within",
    "shortest_path",
    "steps_from",
    "walk_back",
    "walk_path",
]
