"""Steps and the movement model: the words every ruleset's movement is written in.

A ruleset tells the engine, as a ``MovementModel``, which steps a unit could take from a
location (``StepOption``: where to, what it costs, which rule blocks, stops or only lets it
pass); the judge (``domain.movement.judging``) and the reach search
(``domain.movement.search``) read nothing else. ``StepsFrom`` keeps each location's steps as
they are first asked, and a group of locations one step from each other shares its ways
(``StepGroup``, ``SharedSteps``). ``NO_PATH`` is the rule named when no legal steps lead
somewhere, by the judge, the search and the range of motion alike.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

from domain.rules import RuleRef

NO_PATH = RuleRef(ruleset="engine", source="range of motion", message="no path of legal steps leads there")


class StepOption(NamedTuple):
    """One step a unit could take from a location (a named tuple: searches build and read
    many, and a tuple is built and read in C).

    ``cost`` is what the step uses of the allowance (0 for a free step). ``blocked`` is the rule
    that forbids the step, if any; a blocked option is still listed so that "why not" can name
    the rule. ``stops`` is a rule that ends the move on entering (the step itself is legal).
    ``pass_only`` is a rule that lets the unit move through the location but never end there
    (an occupied hex it may cross).
    """

    to: str
    kind: str
    cost: float = 1
    blocked: RuleRef | None = None
    stops: RuleRef | None = None
    pass_only: RuleRef | None = None


class MovementModel(Protocol):
    """What a ruleset tells the engine about one unit's movement in one game state."""

    def no_movement(self, unit_id: str) -> RuleRef | None:
        """The rule that denies this unit any range of motion at all (e.g. Disabled), if any."""

    def allowance(self, unit_id: str) -> float:
        """How much of the step budget the unit's basic move has (steps, MP or inches)."""

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        """Every step geometry allows from ``frm``, with its cost and any rule blocking it."""


# A model may also define, and the search reads them with getattr:
#   allowance_rule: RuleRef        the rule named when a location needs more than the allowance
#   first_step_guarantee: RuleRef  a first step is always allowed, whatever it costs (it then
#                                  uses the whole allowance): GODSGLOOM's Minimum Move Guarantee
#   tolerance: float               how far over the allowance a move may still be (rounding)
#   kept_search(unit, asked, search)  a bounded search kept from an earlier state where nothing
#                                  it read has changed (``_searched``), else ``search()``
# The first three are fixed when the model is made: its judge is made once and kept on it
# (``StepJudge.of``).


class StepGroup:
    """A group of locations each of which reaches every other by the same step (Tiny Epic
    Tactics' portals, seed 003: every portal is one step from every other): ``ways`` holds the
    one way into each member, in the group's order, whatever member it is taken from. Kept once
    per board (or per unit and state, once judged), so that P members cost P steps, not P*P.
    A way is a ``StepOption`` or any tuple whose first item is where it leads (the legal moves'
    (location, cost) pairs)."""

    __slots__ = ("ways", "_blocked")

    def __init__(self, ways: tuple[Any, ...]) -> None:
        self.ways = ways
        self._blocked: list[Any] | None = None

    def blocked(self) -> list[Any]:
        """The ways a rule blocks (``StepsFrom.blocked``), worked out once."""
        if self._blocked is None:
            self._blocked = [way for way in self.ways if way.blocked is not None]
        return self._blocked


class SharedSteps(Sequence[Any]):
    """The steps out of a member of a ``StepGroup``: its own steps (``own``), then the group's
    way into every other member that its own steps do not already lead to (``skip``: itself and
    the ends of its own steps), in the group's order: the very list a ruleset would write out in
    full, held as the member's few steps and the group shared by all.

    A cheapest-cost search need relax the group's ways from the first member it expands only
    (``_relax_fixed``, and Tiny Epic Tactics' legal moves' search): every member's way into a
    member costs the same and is blocked the same (it depends on where it leads alone), a
    member's own step into a member never costs more than the group's way, and members are
    expanded cheapest first, so a later member's ways are never strictly cheaper than the first
    one's and change nothing (no cost, no way in, no bucket). Read whole, it is the full list."""

    __slots__ = ("own", "group", "skip")

    def __init__(self, own: tuple[Any, ...], group: StepGroup, skip: frozenset[str]) -> None:
        self.own = own
        self.group = group
        self.skip = skip

    def __iter__(self) -> Any:
        yield from self.own
        skip = self.skip
        for way in self.group.ways:
            if way[0] not in skip:
                yield way

    def __len__(self) -> int:
        return len(self.own) + len(self.group.ways) - sum(1 for way in self.group.ways if way[0] in self.skip)

    def __getitem__(self, index: Any) -> Any:
        return tuple(self)[index]  # for a test's random choice: searches iterate

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # compared as a list

    def blocked(self) -> list[Any]:
        """The steps a rule blocks, in this list's order, without reading the group's others."""
        skip = self.skip
        return [way for way in self.own if way.blocked is not None] + [
            way for way in self.group.blocked() if way[0] not in skip
        ]

    def __repr__(self) -> str:
        return f"SharedSteps(own={self.own!r}, {len(self.group.ways)} shared)"


class StepsFrom(dict[str, Sequence[StepOption]]):
    """The steps out of each location for one unit, each location asked of the model once: a
    search reads it for every location it expands, and explaining a refusal reads it again.
    Read as a dict (``steps[location]``), so a location already asked costs one look-up."""

    def __init__(self, ask: Callable[[str], Sequence[StepOption]]) -> None:
        super().__init__()
        self._ask = ask

    def __missing__(self, location: str) -> Sequence[StepOption]:
        found = self[location] = self._ask(location)
        return found

    def blocked(self, location: str) -> list[StepOption]:
        """The steps out of ``location`` that are blocked whatever the move has spent (what
        explaining "why not" looks at), kept with the steps."""
        known: dict[str, list[StepOption]] = self.__dict__.setdefault("_blocked", {})
        found = known.get(location)
        if found is None:
            options = self[location]
            found = known[location] = (
                options.blocked() if type(options) is SharedSteps else [o for o in options if o.blocked is not None]
            )
        return found


def steps_from(model: MovementModel, unit_id: str) -> StepsFrom:
    """The unit's steps under ``model``: the model's own (``steps_from``, kept as long as its
    state lasts) when it has them, else asked of ``step_options`` for this search."""
    own = getattr(model, "steps_from", None)
    if own is not None:
        return own(unit_id)
    return StepsFrom(functools.partial(model.step_options, unit_id))
