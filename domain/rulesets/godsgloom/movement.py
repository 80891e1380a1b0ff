"""GODSGLOOM's movement model: from a hex, which hexes a unit may enter, at what cost, and why not.

This is the one place the movement rules live (§8.1 moving through units, §8.2 Engaged, §8.3
Engagement Zones and the Minimum Move Guarantee, the §18.2 traits). The engine checks a declared
path against it; the lookahead searches over it. Triggered traits are not consulted here.

A ``mode`` says which way the unit moves: ``normal``; ``engaged_step`` (§8.2); ``breakaway``,
``nimble`` and ``trample`` (active traits chosen by the player); ``engaged_trample`` (Trample used
by a unit that starts Engaged, unless Unstoppable gives it its Move Action: the §8.2 step,
through Infantry and Swarm, and not restricted by Lockdown); ``locked_trample`` and
``locked_trample_nimble`` (a Trample move of an Unstoppable unit a Lockdown enemy Engages, in
which Unstoppable does nothing); ``push`` (the God's Push hex). Flying teleports instead of stepping: see
``teleport_options``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from domain.cached import cached_property
from domain.errors import BadInput
from domain.movement import StepJudge, StepOption, StepsFrom
from domain.rules import RuleRef
from domain.rulesets.godsgloom.hexgrid import Hex, distance, neighbour_texts, parse_hex
from domain.rulesets.godsgloom.mat_steps import IMPASSABLE
from domain.rulesets.godsgloom.placement import Placement
from domain.rulesets.godsgloom.state import GloomUnit
from domain.rulesets.godsgloom.view import MatView, moves_since, rule, touched_texts, zone_hexes
from domain.rulesets.godsgloom.wordings import UNSTOPPABLE_LOCKED, UNSTOPPABLE_LOCKED_TRAMPLE
from domain.state import GameState

MODES = (
    "normal", "engaged_step", "breakaway", "nimble", "trample", "engaged_trample", "push", "trample_nimble", "breakaway_trample",
    "locked_trample", "locked_trample_nimble",
)
#: modes held to the §8.2 step (seed 002): a fixed number of hexes, each costing 1, no guarantee
STEP_MODES = ("engaged_step", "engaged_trample", "push")
#: modes that move through Infantry and Swarm (seed 001, Trample)
TRAMPLE_MODES = ("trample", "engaged_trample", "trample_nimble", "breakaway_trample", "locked_trample", "locked_trample_nimble")
#: modes that need not stop on entering an enemy zone (seed 001, Nimble), Lockdown's aside
NIMBLE_MODES = ("nimble", "trample_nimble", "locked_trample_nimble")
#: modes of a unit making its normal Move Action though it starts Engaged (seed 001, Breakaway)
BREAKAWAY_MODES = ("breakaway", "breakaway_trample")
#: modes Lockdown leaves alone: seed 001, Lockdown "does not restrict movement from other sources",
#: Trample named among them; the God's Push hex is not a Move Action. A move using Trample with
#: Nimble is Trample's too (Nimble is negated where a Lockdown unit's zone is, ``_zone_stop``):
#: it is reached only by a unit not Engaged when its activation began that a Lockdown enemy
#: Engages where it stands (Scout Deploy's move, a unit reached after its activation), which
#: Trample alone lets move. ``breakaway_trample`` is Breakaway's Move Action, which Lockdown stops
NOT_LOCKED = ("trample", "engaged_trample", "push", "trample_nimble", "locked_trample", "locked_trample_nimble")
#: the Trample moves (alone or with Nimble) of an Unstoppable unit a Lockdown enemy Engages where
#: it stands (``choose_mode``): seed 001 Lockdown leaves it no Move Action and Trample's movement
#: (under option engaged_trample: full_move, or for a unit free when its activation began), and
#: Unstoppable, whose zone passing and lost Melee Attack go with the Move Action it gives, does
#: nothing in it (the newer rulebook: Lockdown cancels Unstoppable, digest §7)
LOCKED_MODES = ("locked_trample", "locked_trample_nimble")
#: modes in which Unstoppable passes no zone: the §8.2 step (Trample's, left to a unit Lockdown
#: Engages) and the Trample moves of a locked-down unit
NO_UNSTOPPABLE = ("engaged_step", "engaged_trample", *LOCKED_MODES)
THROUGH_UNITS = rule("GODSGLOOM §8.1", "a unit may not move through a hex occupied by another unit")
NEVER_END_OCCUPIED = rule("GODSGLOOM §8.1", "a unit may move through this occupied hex but never end its move there")
MINIMUM_MOVE = rule("GODSGLOOM §8.3", "Minimum Move Guarantee: a unit may always move 1 hex in a Move Action")
MOVEMENT_POINTS = rule("GODSGLOOM MOV.10", "a Move Action has Movement Points equal to Speed")
ENGAGED_STEP = rule("GODSGLOOM §8.2", "a unit that starts its activation Engaged may move at most 1 hex")
LOCKDOWN = rule("Lockdown (passive)", "an enemy Engaged by a Lockdown unit can't make a Move Action", "passive")
FLYING_ENGAGED = rule("Flying (active)", "Flying can't be used while Engaged", "active")
#: seed 001 Flying read off the activation, as seed 002 §8.2 is: Engaged when the activation began
FLYING_STARTED_ENGAGED = rule(
    "Flying (active); GODSGLOOM §8.2",
    "Flying can't be used by a unit Engaged when its activation began, though free now", "active",
)
FLYING_ALONE = rule("Flying (active)", "a Flying Move Action is a teleport: no other movement trait is used in it", "active")
ONE_TRAIT = rule("option movement_traits_per_move: one", "a Move Action uses at most one active movement trait")
HARASS_DISABLED = rule("option harass: disabled", "Harass is not read as Nimble, and no Move Action uses it")
T = TypeVar("T")
#: ``StepJudge.of`` a model of a §8.2-style mode and of any other (``GloomMovement.__init__``)
_STEP_MODE_JUDGE = StepJudge(0.0, None, ENGAGED_STEP)
_MOVE_ACTION_JUDGE = StepJudge(0.0, MINIMUM_MOVE, MOVEMENT_POINTS)
K = TypeVar("K")
#: the state index each mode's model is held under (``GloomMovement.of``), written once
_MODEL_NAMES = {mode: f"godsgloom.movement.{mode}" for mode in (*MODES, "flying")}
#: a step not yet kept (``step_option``: None is an answer, no step leads there)
_UNKNOWN = object()
_INFINITY = math.inf


class GloomMovement:
    """``MovementModel`` for one unit moving in one mode, in one game state."""

    @staticmethod
    def of(state: GameState, mode: str = "normal") -> GloomMovement:
        """The model of ``state`` in ``mode``, one for every reader of the state (as
        ``MatView.of``): the engine, the legal commands and the lookahead ask many times. On a
        small mat it is kept as long as its view is (``MatView.of``: while no unit moves, turns
        or dies), so a declared step resolving after the events that declared it, and the end
        of a move, find the model the walk or the step before made; what it keeps for a state
        (steps, searches) it keeps in the state's own indexes."""
        name = _MODEL_NAMES.get(mode) or f"godsgloom.movement.{mode}"
        private = state.__pydantic_private__
        indexes = private["_indexes"]  # type: ignore[index]  # set by PrivateAttr (``GameState.index``, read directly)
        found: GloomMovement | None = indexes.get(name)
        if found is not None and found.state is state:
            return found
        view: MatView | None = indexes.get("godsgloom.view")  # the state's view, when asked already
        if view is None or view.state is not state:
            view = MatView.of(state)
        kept_models = private["_characteristics"]  # type: ignore[index]  # set by PrivateAttr (``GameState.characteristics_index``)
        found = kept_models.get(name)
        if found is None or found.view is not view:
            found = GloomMovement(state, mode, view)
            if view.small and not found.spares:  # a sparing model reads the state's activation
                kept_models[name] = found
        indexes[name] = found
        return found

    def __copy__(self) -> None:
        """A copy of a state holds no model of it (as ``MatView``): the copy makes its own."""
        return None

    def __deepcopy__(self, memo: dict[int, object]) -> None:
        return None

    def __init__(self, state: GameState, mode: str = "normal", view: MatView | None = None) -> None:
        """``view`` is the state's own (``MatView.of``), when the caller has just found it."""
        self.view = MatView.of(state) if view is None else view
        self.state = state  # answers asked of it settle before it changes
        self.mode = mode
        step_mode = mode in STEP_MODES
        self.allowance_rule = ENGAGED_STEP if step_mode else MOVEMENT_POINTS
        self.first_step_guarantee: RuleRef | None = None if step_mode else MINIMUM_MOVE
        #: the judge ``StepJudge.of`` makes of a model and keeps on it: what it reads (no
        #: tolerance, the guarantee, the allowance rule) is one of two pairs, so it is made once
        #: per pair, not for each of the models a game makes (one per mode and placement)
        self._step_judge = _STEP_MODE_JUDGE if step_mode else _MOVE_ACTION_JUDGE
        #: option breakaway_zone_stop: other_enemies_only: a Breakaway move passes the zones of
        #: the enemies it broke away from (``spared``). What such a model finds depends on the
        #: unit's activation as well as on the mat, so it keeps its steps and searches for its
        #: own state only, and keys what placements keep by the enemies it spares (``kept_as``)
        self.spares = mode in BREAKAWAY_MODES and self.view.options.breakaway_zone_stop == "other_enemies_only"

    @cached_property
    def _into(self) -> dict[tuple[str, StepOption], StepOption]:
        """(unit, the mat's plain step into a marked hex) -> the step as units make it. Read
        when a step into a marked hex is first worked out, not when the model is made: a model
        made to judge one declared step (``step_option``) reads no index of the mat."""
        if self.view.small:
            return {}
        if self.spares:
            return self.state.index(f"godsgloom.into.{self.mode}", dict)
        return self.state.lasting_index(
            f"godsgloom.into.{self.mode}", self.view.movers, dict,
            lambda old_key, old: self._still_into(old_key, old),
        )

    def spared(self, unit_id: str) -> tuple[str, ...]:
        """The enemies whose zones this unit's Breakaway move passes (``spares``): those that
        Engaged it when its activation began (``Activation.engaged_by``, which the lookahead folds
        too), wherever the command's walk, a step as it resolves, the legal moves or a range of
        motion find it; for a unit not being activated, those Engaging it where it stands, which
        an activation starting there would record. Empty for any other model."""
        if not self.spares:
            return ()
        activation = getattr(self.state, "activation", None)
        if activation is not None and activation.unit == unit_id:
            return tuple(sorted(activation.engaged_by))
        return tuple(sorted(self.view.engaged_by(unit_id)))

    def kept_as(self, unit_id: str) -> str:
        """The mode as the placements' kept steps and walks are keyed (``step_option``,
        ``engine.followed_path``): with the enemies spared, for a sparing model."""
        return self.mode if not self.spares else f"{self.mode} sparing {','.join(self.spared(unit_id))}"

    def no_movement(self, unit_id: str) -> RuleRef | None:
        unit = self.view.state.units[unit_id]  # ``MatView.unit``, without its call
        if not unit.alive or unit.location is None:
            return rule("GODSGLOOM", "the unit is no longer on the mat")
        if self.mode not in NOT_LOCKED and self.view.cast.lockdown:  # no Lockdown unit: who Engages is not read
            locking = [e for e in self.view.engaged_by(unit_id) if self.view.has(e, "Lockdown")]
            if locking:
                return LOCKDOWN.model_copy(update={"message": f"{LOCKDOWN.message} ({', '.join(locking)})"})
        return None

    def allowance(self, unit_id: str) -> int:
        if self.mode in STEP_MODES:
            return 1 if self.mode == "push" else self.view.options.engaged_step_hexes
        return self.view.speed(unit_id)

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        return self.steps_from(unit_id)[frm]

    def steps_from(self, unit_id: str) -> StepsFrom:
        """The unit's steps out of each hex, kept for this mode while no unit moves, turns,
        dies or changes type or traits (``MatView.movers``): every search and every declared
        step until then asks the same questions."""
        if self.view.small or self.spares:
            return self.state.index(f"godsgloom.steps.{self.mode}.{unit_id}", lambda: StepsFrom(self._stepper(unit_id)))
        return self.state.lasting_index(
            f"godsgloom.steps.{self.mode}.{unit_id}", self.view.movers, lambda: StepsFrom(self._stepper(unit_id)),
            lambda old_key, old: self._still_steps(unit_id, old_key, old),
        )

    def kept_search(self, unit_id: str, asked: tuple[object, ...], search: Callable[[], T]) -> T:
        """A reach search of this unit in this mode (``domain.movement.search._searched``), kept across
        events as its steps are (``steps_from``): an event that changes no step out of a hex the
        search expanded leaves what it found as it was, so the search is not run again. A step
        elsewhere on the mat (an enemy far off moving, or turning) keeps it; one that moves a
        unit, or an Engagement Zone, next to a hex it expanded has it run anew."""
        kept: dict[tuple[object, ...], tuple[T, frozenset[str]]] = self.state.index(
            f"godsgloom.searches.{self.mode}.{unit_id}", dict
        ) if self.view.small or self.spares else self.state.lasting_index(
            f"godsgloom.searches.{self.mode}.{unit_id}", self.view.movers, dict,
            lambda old_key, old: self._still_searched(old_key, old),
        )
        found = kept.get(asked)
        if found is None:
            self.refuse_negative_cost(unit_id)
            result = search()
            found = kept[asked] = (result, frozenset(getattr(result, "expanded")))  # noqa: B009  # the search's own field
        return found[0]

    def _still_searched(self, old_key: tuple[object, ...], old: dict[K, tuple[T, frozenset[str]]]) -> dict[K, tuple[T, frozenset[str]]] | None:
        """The searches kept before, less those that expanded a hex next to one that changed
        (the steps out of a hex read only the six hexes around it, as ``_still_steps``)."""
        changed = self._changed_hexes(old_key)
        if changed is None:
            return None
        if not old:
            return {}
        around = self._next_to(changed)  # the hexes whose steps lead into a changed one
        return {asked: found for asked, found in old.items() if around.isdisjoint(found[1])}

    def _changed_hexes(self, old_key: tuple[object, ...]) -> frozenset[str] | None:
        """The hexes whose step into may differ since ``old_key`` (``MatView.movers``): those a
        unit left or entered and the zones before and after. None when more than places
        changed (types, traits, options, units added): everything is worked out anew."""
        new_key = self.view.movers
        if old_key[1:] != new_key[1:]:
            return None
        moved = moves_since(self.state, old_key[0], new_key[0])  # type: ignore[arg-type]  # movers starts with places
        if moved is None:
            return None
        return touched_texts(moved, self.view.options.engagement_zone)

    def _still_into(self, old_key: tuple[object, ...], old: dict[tuple[str, StepOption], StepOption]) -> dict[tuple[str, StepOption], StepOption] | None:
        """The steps into marked hexes worked out before, less those into a hex that changed."""
        changed = self._changed_hexes(old_key)
        if changed is None:
            return None
        return {key: option for key, option in old.items() if key[1].to not in changed}

    def _still_steps(self, unit_id: str, old_key: tuple[object, ...], old: StepsFrom) -> StepsFrom | None:
        """The unit's steps worked out before, less those out of a hex next to one that changed
        (a hex's steps read only the six hexes they lead to)."""
        changed = self._changed_hexes(old_key)
        if changed is None:
            return None
        found = StepsFrom(self._stepper(unit_id))
        found.update(old)
        for frm in self._next_to(changed):
            found.pop(frm, None)
        return found

    def _next_to(self, changed: frozenset[str]) -> frozenset[str]:
        """The hexes next to any of ``changed``: those whose steps lead into one of them (the
        six steps out of a hex lead to its six neighbours, and the other way round)."""
        known: dict[frozenset[str], frozenset[str]] = self.state.index("godsgloom.next_to", dict)
        found = known.get(changed)
        if found is None:
            around: set[str] = set()
            for h in changed:
                around.update(neighbour_texts(h))
            found = known[changed] = frozenset(around)
        return found

    def _stepper(self, unit_id: str) -> Callable[[str], Sequence[StepOption]]:
        """The unit's steps out of a hex (``_steps``), with what every hex asks read once for
        the unit (the mat's steps, what a Difficult hex costs it): a search asks this of every
        hex it expands. The marked hexes and the steps into them are read on the first ask."""
        out_of = self.view.steps.out_of
        cost = self._difficult_cost(unit_id)
        if self.view.small:
            return self._small_stepper(unit_id, out_of, cost)
        marked: frozenset[str] | None = None
        into: dict[tuple[str, StepOption], StepOption] = {}

        def ask(frm: str) -> Sequence[StepOption]:
            nonlocal marked, into
            plain, targets = out_of(frm, cost)
            if marked is None:
                marked, into = self.view.marked, self._into
            if marked.isdisjoint(targets):
                return plain
            found: list[StepOption] = []
            for option in plain:
                if option.blocked is None and option.to in marked:
                    key = (unit_id, option)
                    step = into.get(key)
                    if step is None:
                        step = into[key] = self._step_into(unit_id, option)
                    option = step
                found.append(option)
            return found

        return ask

    def _small_stepper(
        self, unit_id: str, out_of: Callable[[str, int], tuple[tuple[StepOption, ...], tuple[str, ...]]], cost: int,
    ) -> Callable[[str], Sequence[StepOption]]:
        """``_stepper`` on a small mat: the same steps, read off the placement (its occupants
        and zone cover, read on the first ask) with the patched step into each marked hex
        worked out once per hex. A unit's plain step into a hex is the same from every hex
        around it (its cost is the hex's, for this unit), so the hex alone keys it here: a
        search reaches a marked hex from several sides, and each hex's steps are asked once
        per search, of which a game makes a score (the per-hex asks are most of its cost)."""
        placing: Placement | None = None
        marked: frozenset[str] = frozenset()
        occupant: dict[str, str] = {}
        cover: dict[str, tuple[tuple[str, str], ...]] = {}
        owner = ""
        into: dict[str, StepOption] = {}
        judged = self._judged_into
        table = self.view.steps.table(cost)  # what ``out_of`` fills: read without a call

        def ask(frm: str) -> Sequence[StepOption]:
            nonlocal placing, marked, occupant, cover, owner
            known = table.get(frm)
            plain, targets = known if known is not None else out_of(frm, cost)
            if placing is None:
                placing = self.view.placing
                marked, occupant, cover = placing.marked, placing.occupant, placing.cover
                owner = self.view.unit(unit_id).owner
            if marked.isdisjoint(targets):
                return plain
            found: list[StepOption] = []
            for option in plain:
                to = option.to
                if to in marked and option.blocked is None:
                    step = into.get(to)
                    if step is None:  # ``_step_into``, with the placement and the side read once
                        held = occupant.get(to)
                        if held is not None and held != unit_id:
                            step = judged(unit_id, option, held, ())
                        else:
                            zoned = cover.get(to)
                            enemies = tuple([e for e, side in zoned if side != owner]) if zoned else ()
                            step = judged(unit_id, option, None, enemies) if enemies else option
                        into[to] = step
                    option = step
                found.append(option)
            return found

        return ask

    def ends_within(self, unit_id: str, start: str, allowance: int) -> tuple[list[str], dict[str, str]]:
        """The hexes a move of a small mat may end in (within the allowance, not only passed
        through, not the start) and each one's cheapest way in (``previous``): what the engine's
        search bounded at ``allowance - 1`` finds (``domain.movement.search_within``, as
        ``legal._within`` asks it), without the kept search and the ``Found`` around it: a
        small mat's searches are not kept across events (``kept_search``), and a game's legal
        moves ask one per activation.

        The loop is ``domain.movement.cheapest_ways`` (``_first_steps``, then ``_relax_fixed``
        honouring stops) for this model's judge, written out: every hex is expanded at most
        once (a hex reached again more cheaply is expanded at its new cost, the old entry
        skipped), so its steps are asked of ``_small_stepper`` directly, with no ``StepsFrom``
        keeping them for a second ask that never comes, and the first steps are judged inline
        (no tolerance: a step within the allowance spends its cost; past it the §8.3 guarantee
        spends the whole allowance; a model without it, a §8.2-style step, starts from the
        start's bucket as the engine does). Each search is a tenth of a game's legal listing.
        tests/godsgloom/test_move_ends.py compares the ends and paths with ``search_reach``."""
        view = self.view
        difficult = self._difficult_cost(unit_id)
        if difficult < 0:
            self.refuse_negative_cost(unit_id)
        open_steps = view.steps.open_table(difficult)  # hex -> its unblocked plain steps (``HexSteps.open_steps``)
        build_open = view.steps.open_steps
        placing = view.placing
        marked = placing.marked
        into = self._marked_into(unit_id, placing)
        #: each marked hex's step as this unit makes it, once judged (the same from every side)
        patched: dict[str, StepOption] = {}
        #: the marked hexes entered so far whose step ends the move there (a stop that is not
        #: only a pass), and those the unit may only pass
        halts: set[str] = set()
        passes: set[str] = set()

        def entering(to: str, plain: StepOption) -> StepOption:
            """The patched step into the marked hex ``to``, kept in ``patched`` and noted in
            ``halts``/``passes``: judged on the first step into it, read there after (a search
            steps into most marked hexes from several sides)."""
            step = patched[to] = into(to, plain)
            if step.blocked is None:
                if step.pass_only is not None:
                    passes.add(to)
                elif step.stops is not None:
                    halts.add(to)
            return step

        beyond = allowance - 1  # the ring costing the whole allowance is not expanded
        cost_of: dict[str, float] = {start: 0}
        previous: dict[str, str] = {}
        #: one list of hexes per cost up to ``beyond``, in the order they were reached (every
        #: step costs a whole MP or more, so a bucket only ever fills the ones after it)
        waiting: list[list[str]] = [[] for _ in range(max(allowance, 1))]
        get = cost_of.get
        if self.first_step_guarantee is None:
            waiting[0].append(start)
        else:
            steps = open_steps.get(start)
            for to, step_cost, plain in steps if steps is not None else build_open(start, difficult):
                if to in marked:
                    step = patched.get(to) or entering(to, plain)  # a step is a tuple: never false
                    if step.blocked is not None:
                        continue
                    step_cost = step.cost
                spent = step_cost if step_cost <= allowance else allowance  # §8.3: the whole allowance
                if spent < get(to, _INFINITY):
                    cost_of[to] = spent
                    previous[to] = start
                    if spent <= beyond:
                        waiting[spent].append(to)  # type: ignore[index]  # an int: every step costs whole MP
        if difficult == 1 or not view.steps.difficult:
            return self._rings(start, waiting, beyond, cost_of, previous, halts, passes, entering, patched, difficult)
        for cost in range(beyond + 1):
            for here in waiting[cost]:
                if cost > cost_of[here] or here in halts:
                    # reached more cheaply since, or the move ends on entering it (never the
                    # start: it is expanded, if at all, before any step into it is judged)
                    continue
                steps = open_steps.get(here)
                for to, step_cost, plain in steps if steps is not None else build_open(here, difficult):
                    if to in marked:
                        step = patched.get(to) or entering(to, plain)
                        if step.blocked is not None:
                            continue
                        step_cost = step.cost
                    new_cost = cost + step_cost
                    if new_cost < get(to, _INFINITY):
                        cost_of[to] = new_cost
                        if new_cost <= allowance:
                            previous[to] = here
                        if new_cost <= beyond:
                            waiting[new_cost].append(to)  # type: ignore[call-overload]  # as above
        ends = [h for h, found in cost_of.items() if found <= allowance and h not in passes and h != start]
        return ends, previous

    def _rings(
        self, start: str, waiting: list[list[str]], beyond: int, cost_of: dict[str, float], previous: dict[str, str],
        halts: set[str], passes: set[str], entering: Callable[[str, StepOption], StepOption],
        patched: dict[str, StepOption], difficult: int,
    ) -> tuple[list[str], dict[str, str]]:
        """``ends_within``'s loop where every step costs 1 MP (no Difficult hex on the mat, or
        one costing this unit 1: the steps units patch keep the plain step's cost), from the
        first ring its caller reached: a search by rings. A hex is first reached from the
        cheapest ring that reaches it, so a hex reached already is passed over by a look-up,
        with no cost added and compared (most of a search's steps lead back into hexes it
        has reached), and none is reached again more cheaply: the same hexes, in the same
        order, entered from the same hexes as by the general loop.
        tests/godsgloom/test_move_ends.py compares the ends and paths with ``search_reach``
        on mats with Difficult hexes and without."""
        steps_of = self.view.steps
        open_steps, build_open = steps_of.open_table(difficult), steps_of.open_steps
        marked = self.view.placing.marked
        for cost in range(beyond + 1):
            ring = cost + 1  # the cost of every hex a step out of this ring first reaches
            for here in waiting[cost]:
                if here in halts:  # the move ends on entering it (never the start)
                    continue
                steps = open_steps.get(here)
                for to, _, plain in steps if steps is not None else build_open(here, difficult):
                    if to in cost_of:
                        continue
                    if to in marked and (patched.get(to) or entering(to, plain)).blocked is not None:
                        continue
                    cost_of[to] = ring
                    previous[to] = here
                    if ring <= beyond:
                        waiting[ring].append(to)
        return [h for h in cost_of if h not in passes and h != start], previous

    def _marked_into(self, unit_id: str, placing: Placement) -> Callable[[str, StepOption], StepOption]:
        """The unit's step into a marked hex of ``placing`` (held, or in a zone), given the mat's
        plain step into it, as ``_small_stepper`` patches it (the caller keeps it per hex: the
        plain step into a hex is the same from every side)."""
        occupant, cover = placing.occupant, placing.cover
        owner = self.view.state.units[unit_id].owner  # ``MatView.unit``, without its call
        judged = self._judged_into

        def into(to: str, plain: StepOption) -> StepOption:
            held = occupant.get(to)
            if held is not None and held != unit_id:
                return judged(unit_id, plain, held, ())
            zoned = cover.get(to)
            enemies = tuple([e for e, side in zoned if side != owner]) if zoned else ()
            return judged(unit_id, plain, None, enemies) if enemies else plain

        return into

    def _steps(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        """The six hexes around ``frm``, each with its MP cost and what blocks, stops or only
        lets the unit pass. The mat's plain steps are kept with the mat (``HexSteps``); only
        steps into a hex held by a unit or in an Engagement Zone (``MatView.marked``) are
        looked at here (as ``_stepper``'s, which a unit's kept steps ask)."""
        return self._stepper(unit_id)(frm)

    def push_ends(self, unit_id: str, frm: str) -> list[str]:
        """The hexes the God's Push step out of ``frm`` may end in, as ``step_options`` would
        give them (not blocked, not pass-only, costing at most 1), read off the mat's plain
        steps and the living units' places. In push mode no Engagement Zone stops a step
        (``_zone_stop``) and a step into a held hex is blocked or only passes, so the ends
        are the plain steps into hexes no unit holds: the push legal commands are asked once
        per state of that step, and bringing the unit's kept steps, the occupancy and the
        zones up to date after each push costs more than reading the units once.
        tests/test_lasting_indexes.py checks the push moves listed against a search."""
        assert self.mode == "push"
        held = self.view.held
        # a §8.2-style step: a Difficult hex costs 1 (``_difficult_cost``)
        return [to for to in self.view.steps.one_mp_ends(frm) if to not in held]

    def one_step_ends(self, unit_id: str, frm: str) -> list[str]:
        """The hexes a move of one step out of ``frm`` may end in, in a §8.2-style mode
        (``STEP_MODES``: no first-step guarantee, every step costing 1) with an allowance of 1:
        the unit's steps out of ``frm`` that are not blocked, do not only pass and cost at most
        1. A search would reach exactly these (a step that stops still ends there) and, to
        know the ring past the allowance, ask the steps out of each of them too; the legal
        moves of an Engaged unit need only the ends.
        tests/godsgloom/test_one_step_ends.py checks them against the search."""
        assert self.mode in STEP_MODES
        if self.view.small:
            return self._small_one_step_ends(unit_id, frm)
        return [
            o.to for o in self.steps_from(unit_id)[frm] if o.blocked is None and o.pass_only is None and o.cost <= 1
        ]

    def _small_one_step_ends(self, unit_id: str, frm: str) -> list[str]:
        """``one_step_ends`` on a small mat: the six steps out of ``frm`` judged one by one, the
        zones over each hex read around it (``Placement.zones_over_text``, kept per hex by the
        placement), as ``_step_into_direct`` judges a declared step. The kept steps of the
        unit (``steps_from``) would first work out the zone cover of the whole mat
        (``Placement.cover``) to patch six steps, and an Engaged unit's placement is rarely
        searched otherwise: its move is one hex."""
        view = self.view
        placing = view.placing
        occupant = placing.occupant
        owner = view.state.units[unit_id].owner  # ``MatView.unit``, without its call
        judged = self._judged_into
        found: list[str] = []
        for to, _, plain in view.steps.open_steps(frm, self._difficult_cost(unit_id)):
            held = occupant.get(to)
            if held is not None and held != unit_id:
                step = judged(unit_id, plain, held, ())
            else:
                enemies = placing.zones_over_text(to, owner)
                step = judged(unit_id, plain, None, enemies) if enemies else plain
            if step.blocked is None and step.pass_only is None and step.cost <= 1:
                found.append(to)
        return found

    def step_option(self, unit_id: str, frm: str, to: str, kind: str | None = None) -> StepOption | None:
        """The one step from ``frm`` to ``to`` (of ``kind`` when given) as ``step_options``
        lists it, read off the units themselves (``find_option``: a declared step, judged by
        the engine's walk and again as it resolves). A declared step is asked of a state after
        each event of its move; bringing the mat's occupancy, zones and every kept step of the
        unit up to date for each would cost more than reading a dozen units once, and the
        next search brings them up to date from wherever they were kept. A small mat's answer
        is kept by its placement (``Placement.steps``): verifying a log judges every step of
        the game again on the placements the game met, and a move that starts without a pivot
        resolves its first step on the placement its walk judged.
        tests/test_lasting_indexes.py checks it against ``step_options`` after every event."""
        if self.view.small:
            kept = self.view.placing.steps
            key = (self.kept_as(unit_id), unit_id, frm, to)
            found = kept.get(key, _UNKNOWN)
            if found is _UNKNOWN:
                found = kept[key] = self._step_to(unit_id, frm, to)
        else:
            found = self._step_to(unit_id, frm, to)
        return found if found is None or kind is None or found.kind == kind else None

    def _step_to(self, unit_id: str, frm: str, to: str) -> StepOption | None:
        """``step_option`` of any kind, worked out: the mat's plain step, patched for the hex's
        occupant and zones (``_step_into_direct``)."""
        plain, _ = self.view.steps.out_of(frm, self._difficult_cost(unit_id))
        for option in plain:
            if option.to == to:
                return option if option.blocked is not None else self._step_into_direct(unit_id, option)
        return None

    def _step_into_direct(self, unit_id: str, plain: StepOption) -> StepOption:
        """``_step_into`` without the mat's indexes: the occupant is the one the occupancy
        index holds (the last living unit in the units' order standing there, as it is built),
        the zones are each living unit's own."""
        view = self.view
        held: str | None = None
        small = view.small
        if small:  # the placement's occupant and zones (``MatView.placing``), kept across states
            held = view.placing.occupant.get(plain.to)
        else:
            for unit in view.living:
                if unit.location == plain.to:
                    held = unit.id
        if held is not None and held != unit_id:
            return self._judged_into(unit_id, plain, held, ())
        owner = view.state.units[unit_id].owner  # ``MatView.unit``, without its call
        if small:
            enemies = view.placing.zones_over_text(plain.to, owner)
        else:  # ``zones_over`` read here once, unit by unit, and handed to the stop
            h = parse_hex(plain.to)
            option = view.options.engagement_zone
            enemies = tuple(sorted(u.id for u in view.living if u.owner != owner and h in zone_hexes(u.location or "", u.facing, option)))
        return self._judged_into(unit_id, plain, None, enemies) if enemies else plain

    def refuse_negative_cost(self, unit_id: str) -> None:
        """Refuse a search for the unit's moves under a negative option difficult_cost: each
        Difficult hex entered would give MP back, so there is no cheapest way anywhere and the
        search would never end. No new game takes such a cost (seed 002 §8.3); a log whose start
        recorded one (a version accepted any whole number: ``GloomOptions.NARROWED``) replays
        its declared steps as played, but no range of motion or legal move is worked out."""
        cost = self._difficult_cost(unit_id)
        if cost < 0:
            raise BadInput(
                f"range of motion is not worked out under difficult_cost {cost}: a negative cost gives MP back "
                "for each Difficult hex entered, so no move has a cheapest way (seed 002 §8.3)",
                "options.difficult_cost",
            )

    def _difficult_cost(self, unit_id: str) -> int:
        """MP to enter a Difficult hex: 1 in a §8.2 step or with Ignore Difficult (kept by the
        cast: ``Cast.difficult_cost``)."""
        return self.view.cast.difficult_cost(unit_id, self.mode in STEP_MODES)

    def _marked(self, unit_id: str, plain: StepOption) -> StepOption:
        """A step into a hex held by a unit (§8.1) or in an Engagement Zone (§8.3): the same
        from every hex around it, so worked out once per hex."""
        found = self._into.get((unit_id, plain))
        if found is None:
            found = self._into[(unit_id, plain)] = self._step_into(unit_id, plain)
        return found

    def _step_into(self, unit_id: str, plain: StepOption) -> StepOption:
        view = self.view
        if view.small:  # the placement's occupant and cover, not a state's index of them
            placing = view.placing
            held = placing.occupant.get(plain.to)
        else:
            occupant = view.occupant_at.get(plain.to)
            held = occupant.id if occupant is not None else None
        if held is not None and held != unit_id:
            return self._judged_into(unit_id, plain, held, ())
        owner = view.unit(unit_id).owner
        zoned = (placing.cover if view.small else view.cover_at).get(plain.to)
        if zoned:
            enemies = tuple([e for e, side in zoned if side != owner])  # ``zones_over``, off the cover just read
            if enemies:
                return self._judged_into(unit_id, plain, None, enemies)
        return plain

    def _judged_into(self, unit_id: str, plain: StepOption, held_by: str | None, enemies: tuple[str, ...]) -> StepOption:
        """The step into a hex held by another unit (``held_by``: §8.1) or else covered by the
        zones of ``enemies`` (§8.3), kept by the cast (``Cast.steps_into``): what else it reads
        (the mode, the units' traits, types and sides, the options) the cast and the key fix,
        and a search, a declared step and its verification ask the same few hexes again after
        each event. tests/godsgloom/test_kept_steps.py compares it with a cast that keeps nothing."""
        if enemies and self.spares:  # the enemies it broke away from stop it no more
            spared = self.spared(unit_id)
            enemies = tuple([e for e in enemies if e not in spared])
            if not enemies:
                return plain
        key = (self.mode, unit_id, plain, held_by, enemies)
        kept = self.view.cast.steps_into
        found: StepOption | None = kept.get(key)
        if found is None:
            found = kept[key] = self._judge_into(unit_id, plain, held_by, enemies)
        return found

    def _judge_into(self, unit_id: str, plain: StepOption, held_by: str | None, enemies: tuple[str, ...]) -> StepOption:
        """``_judged_into`` worked out: passed or blocked by the unit holding the hex, else
        stopped by the zones (unless a trait lets the unit through)."""
        if held_by is not None:
            return self._occupied(unit_id, plain.to, plain.cost, self.view.unit(held_by))
        stops = self._zone_stop(unit_id, parse_hex(plain.to), list(enemies)) if enemies else None
        if stops is not None:
            return StepOption(to=plain.to, kind=plain.kind, cost=plain.cost, stops=stops)
        return plain

    def _occupied(self, unit_id: str, text: str, cost: float, occupant: GloomUnit) -> StepOption:
        """§8.1: a hex held by another unit is passed only by an exception, never ended in."""
        view = self.view
        letting = self._may_pass(unit_id, occupant.id)
        if letting is not None:
            return StepOption(to=text, kind=f"through ({letting})", cost=cost, pass_only=NEVER_END_OCCUPIED)
        blocked = THROUGH_UNITS
        trample_types = self._trample_types()
        if self.mode in TRAMPLE_MODES:
            note = f"; {_trample_passes(trample_types)}, and {occupant.id} is {occupant.kind}"
            blocked = THROUGH_UNITS.model_copy(update={"message": THROUGH_UNITS.message + note})
        elif view.has(unit_id, "Trample") and occupant.kind in trample_types:
            blocked = THROUGH_UNITS.model_copy(update={"message": THROUGH_UNITS.message + "; Trample would let it through"})
        return StepOption(to=text, kind="hex", cost=cost, blocked=blocked)

    def _trample_types(self) -> tuple[str, ...]:
        return tuple(self.view.options.trample_passable)

    def _may_pass(self, unit_id: str, occupant_id: str) -> str | None:
        """Which exception of §8.1 lets the mover through the occupant's hex, if any."""
        view = self.view
        friendly = view.unit(occupant_id).owner == view.unit(unit_id).owner
        if friendly and view.has(unit_id, "Skirmish"):
            return "Skirmish"
        if friendly and view.has(occupant_id, "Skirmish"):
            return "the occupant's Skirmish"
        if self.mode in TRAMPLE_MODES and view.unit(occupant_id).kind in self._trample_types():
            return "Trample"
        return None

    def _zone_stop(self, unit_id: str, h: Hex, zones: list[str] | None = None) -> RuleRef | None:
        """§8.3: entering an empty hex in an enemy Engagement Zone ends the move, unless a trait
        lets the unit through (Nimble, negated by Lockdown; Unstoppable). ``zones`` are the
        enemies whose zones cover ``h`` (``MatView.zones_over``) when the caller has read them."""
        if zones is None:
            zones = self.view.zones_over(h, unit_id)
        if not zones or self.mode == "push":
            return None
        view = self.view
        if view.has(unit_id, "Unstoppable") and self.mode not in NO_UNSTOPPABLE:
            return None
        nimble = self.mode in NIMBLE_MODES
        if nimble and not any(view.has(e, "Lockdown") for e in zones):
            return None
        stepping = self.mode in NO_UNSTOPPABLE
        helpers = [
            t for t in ("Nimble", "Unstoppable")
            if view.has(unit_id, t) and (t != "Nimble" or self._nimble_could_help(zones)) and (t != "Unstoppable" or not stepping)
        ]
        hint = f"; {' or '.join(helpers)} would let it through" if helpers and not nimble else ""
        locked = UNSTOPPABLE_LOCKED_TRAMPLE if self.mode in LOCKED_MODES else UNSTOPPABLE_LOCKED
        if nimble:
            hint = "; Lockdown negates Nimble"
            if stepping and view.has(unit_id, "Unstoppable"):
                hint += f"; {locked}"
        elif stepping and view.has(unit_id, "Unstoppable"):
            # an Unstoppable unit that started Engaged has its Move Action (``choose_mode``) unless
            # a Lockdown enemy Engages it: the §8.2 step or Trample's movement it is left with is
            # not Unstoppable's to pass
            hint = f"; {locked}"
        return _zone_stop_rule(h.text, tuple(zones), hint)

    def _nimble_could_help(self, zones: list[str]) -> bool:
        """Whether using Nimble would have passed these zones: not those of a Lockdown unit, and
        not in a move of a unit that started its activation Engaged (the §8.2 step, Breakaway),
        which Nimble doesn't help (§18.2 Nimble), so a stop's reason must not suggest it. Read
        from the mode and the zones alone, as the kept steps are keyed."""
        if self.mode in STEP_MODES or self.mode in BREAKAWAY_MODES:
            return False
        return not any(self.view.has(e, "Lockdown") for e in zones)

    # --- Flying -------------------------------------------------------------------------------

    def flight_range(self, unit_id: str) -> int:
        """How many hexes a Flying move may teleport: Speed (seed 001 Flying), or at least the
        1 hex of §8.3's Minimum Move Guarantee under option flying_minimum_move: one_hex."""
        speed = self.view.speed(unit_id)
        return max(speed, 1) if self.view.options.flying_minimum_move == "one_hex" else speed

    def teleport_options(self, unit_id: str) -> list[StepOption]:
        """Flying: any empty, enterable hex within Speed hexes. Option teleport_destination says
        how the hexes are counted: the hex distance (``empty_within_speed``), or the fewest hexes
        of a way round Impassable ones (``path_within_speed``: units, Difficult costs and zones
        are flown over), a hex no such way reaches refused by its own rule."""
        view = self.view
        start = view.at(unit_id)
        ways = _ways_round(start, view.hexes, view.impassable) if view.options.teleport_destination == "path_within_speed" else None
        found: list[StepOption] = []
        for h in sorted(view.hexes):
            if h == start:
                continue
            d = distance(start, h) if ways is None else ways.get(h)
            if "Impassable" in view.keywords(h):
                found.append(StepOption(to=h.text, kind="teleport", cost=distance(start, h), blocked=IMPASSABLE))
            elif h in view.occupants:
                found.append(StepOption(to=h.text, kind="teleport", cost=d if d is not None else distance(start, h), blocked=NEVER_END_OCCUPIED))
            elif d is None:
                walled = rule(
                    "Flying (active); option teleport_destination: path_within_speed",
                    f"no way of hexes around Impassable ones reaches {h.text}", "active",
                )
                found.append(StepOption(to=h.text, kind="teleport", cost=distance(start, h), blocked=walled))
            else:
                found.append(StepOption(to=h.text, kind="teleport", cost=d))
        return found


def _trample_passes(types: Sequence[str]) -> str:
    """What Trample passes, as a sentence (option trample_passable): the types listed as a reader
    writes them ("Infantry, Swarm and Cavalry"), or that it passes none when the option is empty,
    not a list with nothing in it."""
    if not types:
        return "Trample passes no unit (option trample_passable is empty)"
    listed = types[0] if len(types) == 1 else f"{', '.join(types[:-1])} and {types[-1]}"
    return f"Trample passes only {listed}"


def _ways_round(start: Hex, hexes: set[Hex], impassable: frozenset[Hex]) -> dict[Hex, int]:
    """The fewest hexes from ``start`` to each hex of the mat a way entering no Impassable hex
    reaches (a breadth-first search: every hex counts one)."""
    far = {start: 0}
    ring = [start]
    while ring:
        beyond: list[Hex] = []
        for here in ring:
            for h in here.neighbours():
                if h in hexes and h not in impassable and h not in far:
                    far[h] = far[here] + 1
                    beyond.append(h)
        ring = beyond
    return far


@functools.lru_cache(maxsize=4096)
def _zone_stop_rule(text: str, zones: tuple[str, ...], hint: str) -> RuleRef:
    """§8.3's stop on entering ``text`` (kept: a rule is frozen, and a search asks the same
    few hexes' stops again after each event)."""
    return rule("GODSGLOOM §8.3", f"entering {text}, in the Engagement Zone of {', '.join(zones)}, ends the move{hint}")


def started_engaged(view: MatView, unit_id: str) -> bool:
    """Whether the unit started its activation Engaged (seed 002 §8.2; seed 001 Nimble,
    Breakaway, Unstoppable, and Flying's "if it is Engaged"): for the unit being activated, whether anyone Engaged it when it was
    nominated (``Activation.engaged_by``, as ``GloomCommands.bar_melee`` reads it), wherever it
    stands now (an enemy displaced away, or teleported in front of it, changes nothing); for
    any other unit, whether anyone Engages it where it stands, which its activation would
    record. The lookahead folds the activation too (``UnitActivated``), so the command, the
    legal moves and the range of motion read the same."""
    activation = getattr(view.state, "activation", None)
    if activation is not None and activation.unit == unit_id:
        return bool(activation.engaged_by)
    return view.engaged(unit_id)


def _locked_down(view: MatView, unit_id: str) -> bool:
    """Whether an enemy with Lockdown Engages the unit where it stands (seed 001 Lockdown: "is
    Engaged", now), as ``GloomMovement.no_movement`` reads it."""
    return view.cast.lockdown and any(view.has(e, "Lockdown") for e in view.engaged_by(unit_id))


def _flies_freed(view: MatView, unit_id: str) -> bool:
    """Whether a unit Engaged when its activation began, and free where it stands, may fly: the
    seeds don't say when Flying's "if it is Engaged" (seed 001) is read. Option
    flying_engaged_read: ``activation_start`` (default), never; ``when_flying``, when seed 001
    Unstoppable or Breakaway lets it make its Move Action though it started Engaged (without
    either, seed 002 §8.2 leaves it only the 1-hex step)."""
    if view.options.flying_engaged_read != "when_flying":
        return False
    return view.has(unit_id, "Unstoppable") or view.has(unit_id, "Breakaway")


def choose_mode(
    view: MatView, unit_id: str, use: str | Sequence[str] | None, in_activation: bool = True,
) -> tuple[str, RuleRef | None]:
    """How the unit moves in this Move Action, given the active traits it uses (none, one, or
    several together: a trait's name or a list of names), and the rule that forbids it, if one
    does (§8.2, Flying, Breakaway, Nimble, Lockdown, options movement_traits_per_move and harass).

    Traits used together combine as each says: Trample lets the move pass Infantry and Swarm
    whatever else is used; Nimble lets a unit that starts free pass zones and does nothing for
    one that starts Engaged (seed 001); Breakaway gives a unit that starts Engaged its normal
    Move Action and does nothing for one that starts free; Flying's Move Action is a teleport,
    used with no other trait.

    ``in_activation`` false: a Move Action outside an activation (Scout Deploy's, in the
    pre-game), to which what §8.2, Nimble and Breakaway say of a unit that *starts its
    activation* Engaged does not apply; Flying's "not while Engaged" still does."""
    used = (use,) if isinstance(use, str) else tuple(use or ())
    for name in used:
        if name not in view.traits(unit_id):
            return "normal", rule("GODSGLOOM §18.2", f"{unit_id} doesn't have the trait {name}")
    if len(used) > 1 and view.options.movement_traits_per_move == "one":
        return "normal", ONE_TRAIT
    if "Harass" in used and view.options.harass == "disabled":
        return "normal", HARASS_DISABLED
    if "Flying" in used:
        if len(used) > 1:
            return "flying", FLYING_ALONE
        if view.engaged(unit_id):
            return "flying", FLYING_ENGAGED
        # Engaged when the activation began (UnitActivated.engaged_by), though free now: Flying's
        # "if it is Engaged" and §8.2 are read off the activation, as everything else is, unless
        # option flying_engaged_read: when_flying and the unit has its Move Action (``_flies_freed``)
        if in_activation and started_engaged(view, unit_id) and not _flies_freed(view, unit_id):
            return "flying", FLYING_STARTED_ENGAGED
        return "flying", None
    engaged = in_activation and started_engaged(view, unit_id)
    trample = "Trample" in used
    if engaged:
        if "Breakaway" in used:
            return ("breakaway_trample" if trample else "breakaway"), None
        if trample and view.has(unit_id, "Unstoppable") and not _locked_down(view, unit_id):
            # seed 001 Unstoppable gives the unit its Move Action though it starts Engaged, and
            # Trample adds passing Infantry and Swarm: the Trample move of a unit that starts
            # free (zones passed by Unstoppable, the Melee Attack lost by it: ``bar_melee``).
            # Engaged by a Lockdown enemy it has no Move Action, and Trample's step is left it
            return "trample", None
        if trample:
            # option engaged_trample: by default seed 002 §8.2 still holds a unit that starts
            # Engaged to its step (Trample lifts §8.1 only; seed 001 Lockdown leaves that step
            # alone, see GloomMovement.no_movement); full_move reads Trample as a movement of its own
            step = view.options.engaged_trample == "engaged_step"
            return ("engaged_trample" if step else _locked_trample(view, unit_id, "trample")), None
        if view.has(unit_id, "Unstoppable"):
            return "normal", None
        return "engaged_step", None  # Nimble doesn't work for a unit that starts Engaged
    nimble = "Nimble" in used or "Harass" in used  # Harass: option harass alias_of_nimble (disabled refused above)
    if trample:
        return _locked_trample(view, unit_id, "trample_nimble" if nimble else "trample"), None
    return ("nimble" if nimble else "normal"), None


def _locked_trample(view: MatView, unit_id: str, mode: str) -> str:
    """``mode`` (a Trample move, with Nimble or not), or its ``LOCKED_MODES`` twin for an
    Unstoppable unit a Lockdown enemy Engages where it stands: Lockdown leaves it Trample's
    movement, in which Unstoppable passes no zone and costs no Melee Attack (seed 001)."""
    if view.has(unit_id, "Unstoppable") and _locked_down(view, unit_id):
        return f"locked_{mode}"
    return mode
