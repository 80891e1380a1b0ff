"""The steps out of each hex of a GODSGLOOM mat as terrain alone makes them (``HexSteps``), one
per mat shared by every game on it; the movement model patches the steps into the hexes units
hold or Engage (``MatView.marked``)."""

from __future__ import annotations

from functools import lru_cache

from domain.movement import StepOption
from domain.rules import RuleRef
from domain.rulesets.godsgloom.hexgrid import DIRECTIONS, Hex, parse_hex


@lru_cache(maxsize=8)
def shared_steps(width: int, height: int, impassable: frozenset[Hex], difficult: frozenset[Hex]) -> HexSteps:
    """One ``HexSteps`` per mat (its size and terrain), shared by every game on it: self-play
    plays many games on one scenario's mat, and verifying a log replays it on a new game.
    What it keeps is worked out from these four facts alone."""
    return HexSteps(width, height, impassable, difficult)


class HexSteps:
    """The six steps out of each hex of the mat as terrain alone makes them: off the mat and
    Impassable hexes blocked, Difficult ones costing their MP. Built per hex when first asked
    and kept with the mat (``GameState.board_index``, one per mat: ``shared_steps``): units only
    change the steps into the hexes they hold or Engage (``MatView.marked``), which the movement
    model patches."""

    def __init__(self, width: int, height: int, impassable: frozenset[Hex], difficult: frozenset[Hex]) -> None:
        self.width, self.height = width, height
        self.impassable, self.difficult = impassable, difficult
        #: MP a Difficult hex costs -> hex text -> (its steps, the hexes they lead to)
        self._out: dict[int, dict[str, tuple[tuple[StepOption, ...], tuple[str, ...]]]] = {}
        #: MP a Difficult hex costs -> hex text -> ``open_steps``
        self._open: dict[int, dict[str, tuple[tuple[str, float, StepOption], ...]]] = {}
        #: hex text -> ``one_mp_ends``
        self._one_mp: dict[str, tuple[str, ...]] = {}
        #: hex text -> ``one_mp_ends_in_order``
        self._one_mp_in_order: dict[str, tuple[str, ...]] = {}

    def out_of(self, frm: str, difficult_cost: int) -> tuple[tuple[StepOption, ...], tuple[str, ...]]:
        table = self._out.get(difficult_cost)
        if table is None:
            table = self.table(difficult_cost)
        found = table.get(frm)
        if found is None:
            found = table[frm] = self._build(frm, difficult_cost)
        return found

    def one_mp_ends(self, frm: str) -> tuple[str, ...]:
        """The hexes a step of at most 1 MP out of ``frm`` enters when a Difficult hex costs 1
        (a §8.2-style step): those not blocked, in ``out_of``'s order. Kept per hex: the God's
        Push listing asks it of every eligible unit after every push."""
        found = self._one_mp.get(frm)
        if found is None:
            plain, _ = self.out_of(frm, 1)
            found = self._one_mp[frm] = tuple([o.to for o in plain if o.blocked is None and o.cost <= 1])
        return found

    def one_mp_ends_in_order(self, frm: str) -> tuple[str, ...]:
        """``one_mp_ends`` in the mat's order (q, then r: ``parse_hex``), kept per hex: the God's
        Push listing lists each unit's hexes in that order after every push, and the hexes a
        unit may not enter (held ones) only drop out of it."""
        found = self._one_mp_in_order.get(frm)
        if found is None:
            found = self._one_mp_in_order[frm] = tuple(sorted(self.one_mp_ends(frm), key=parse_hex))
        return found

    def table(self, difficult_cost: int) -> dict[str, tuple[tuple[StepOption, ...], tuple[str, ...]]]:
        """The steps worked out so far for units to which a Difficult hex costs
        ``difficult_cost``, by hex (``out_of`` fills it): a search asks it once per hex it
        expands, read here without a call (``GloomMovement._small_stepper``)."""
        found = self._out.get(difficult_cost)
        if found is None:
            found = self._out[difficult_cost] = {}
        return found

    def open_table(self, difficult_cost: int) -> dict[str, tuple[tuple[str, float, StepOption], ...]]:
        """``open_steps`` worked out so far, by hex, read without a call by a search
        (``GloomMovement.ends_within``) for each hex it expands."""
        found = self._open.get(difficult_cost)
        if found is None:
            found = self._open[difficult_cost] = {}
        return found

    def open_steps(self, frm: str, difficult_cost: int) -> tuple[tuple[str, float, StepOption], ...]:
        """The steps of ``out_of`` that terrain does not block, in its order, each as (the hex
        it enters, its MP, the step): a search skips the blocked ones (off the mat, Impassable)
        of every hex it expands, and near an edge of a small mat that is most of them. Kept."""
        table = self.open_table(difficult_cost)
        found = table.get(frm)
        if found is None:
            plain, _ = self.out_of(frm, difficult_cost)
            found = table[frm] = tuple([(o.to, o.cost, o) for o in plain if o.blocked is None])
        return found

    def _build(self, frm: str, difficult_cost: int) -> tuple[tuple[StepOption, ...], tuple[str, ...]]:
        q, r = parse_hex(frm)
        options: list[StepOption] = []
        for dq, dr in DIRECTIONS:
            h = Hex(q + dq, r + dr)
            text = f"{h.q},{h.r}"
            if not (0 <= h.q < self.width and 0 <= h.r + h.q // 2 < self.height):
                options.append(StepOption(to=text, kind="hex", blocked=OFF_MAT))
            elif h in self.impassable:
                options.append(StepOption(to=text, kind="hex", blocked=IMPASSABLE))
            else:
                options.append(StepOption(to=text, kind="hex", cost=difficult_cost if h in self.difficult else 1))
        return tuple(options), tuple(o.to for o in options)


IMPASSABLE = RuleRef(ruleset="godsgloom", source="GODSGLOOM terrain", message="Impassable hexes can't be entered")
OFF_MAT = RuleRef(ruleset="godsgloom", source="GODSGLOOM", message="the hex is off the mat")
