"""Tiny Epic Tactics' movement models: a Move (seed 003) and a knock back (digest 4).

This is the one place the movement rules live. ``TetMovement`` says, from a space, which spaces a
unit may enter, what each costs and which rule blocks it; the engine's step judge applies the
unit's Movement to it, the lookahead searches over it and the Move command walks its declared
path over it. Nothing here knows the Villages: they are triggered abilities (``villages.py``),
so range of motion ignores them.

Costs (seed 003, "Effects of Terrain"): 1 per space entered, plus the terrain's surcharge
(Water, Peak and Ballista +1: option terrain_entry_surcharge), plus 1 for a step onto a higher
level whatever the height (option climb_cost_mode), plus option descend_cost for a step down.
From a portal's space every other portal's space is one step away (option
portal_transit_cost, plus the exit's surcharge, no climb).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from domain.cached import cached_property
from domain.movement import SharedSteps, StepGroup, StepJudge, StepOption, StepsFrom
from domain.rules import RuleRef
from domain.rulesets.tinyepic.grid import DIAGONALS, DIRECTIONS, Space, parse_space
from domain.rulesets.tinyepic.state import TetState, TetUnit, carried_off_ballista, reentry_bars
from domain.rulesets.tinyepic.view import GridView, rule
from domain.state import GameState

ENEMY = rule("seed 003, Enemies", "enemy in the way: a unit can't pass through or end its move on a space with an enemy")
BEHIND_ENEMY = rule("seed 003, Enemies", "enemy in the way: every path within Movement passes a space with an enemy")
ALLY_END = rule("seed 003, Allies", "a unit may pass through a space with an ally but may not end its move there")
ALLY_BLOCKS = rule("option ally_pass_through", "allies can't be passed through in this scenario")
PORTAL_BLOCKED = rule(
    "seed 003, Portals", "portal blocked by an enemy standing in front of it: enemy units can't pass through it"
)
BALLISTA_REENTRY = rule(
    "seed 003, Ballista", "a unit that started its turn on the Ballista may not move out and back into it this turn"
)
BALLISTA_KNOCKED_OFF = rule(
    "seed 003, Ballista; option ballista_reentry_after_knockback: barred",
    "a unit that started its turn on the Ballista may not move out and back into it this turn, "
    "nor back in after a knock back carried it off",
)
BEHIND_BALLISTA = rule(
    "seed 003, Ballista",
    "a unit that started its turn on the Ballista may not move out and back into it this turn: "
    "every path within Movement passes through it",
)
MOVEMENT = rule("seed 003, Movement", "not enough Movement")
CLIMB = rule("seed 003, Climbing", "not enough Movement for the climb")
GONE = rule("Tiny Epic Tactics", "the unit is no longer on the board")

EDGE = rule("digest 4 (Knock Back)", "the map edge stops a knock back")
WALL = rule("digest 4 (Knock Back)", "a cliff wall stops a knock back: a unit is never knocked back up a level")
INTO_PORTAL = rule("seed 003, Portals", "a unit can't be knocked back into or through a Portal")
UNIT_IN_WAY = rule("digest 4 (Knock Back)", "another unit stops a knock back")


def reentry_rule(state: TetState, unit_id: str) -> RuleRef:
    """The rule that keeps a unit out of the Ballista it started its turn on: the seed's, or,
    for a unit a knock back carried off (``carried_off_ballista``), the option's reading that
    bars it too under barred (under allowed the knock back lifted the bar: ``reentry_bars``
    leaves it out, so this is never asked of it; the option is read all the same, so that no
    reason names a value the game is not played under)."""
    if state.options.ballista_reentry_after_knockback == "barred" and carried_off_ballista(state, unit_id):
        return BALLISTA_KNOCKED_OFF
    return BALLISTA_REENTRY


class TetMovement:
    """``MovementModel`` of a Move action, for every unit of one game state."""

    allowance_rule = MOVEMENT
    # the engine's defaults, named on the class: the engine reads each with ``getattr`` and a
    # default for every step it judges (``StepJudge.of``, ``Resolver.judge``), and a name
    # missing from the object costs an exception raised and caught each time
    tolerance = 0.0
    first_step_guarantee: RuleRef | None = None
    live_allowance = False
    #: for "why" only: the Ballista the unit started its turn on may be entered, to tell what
    #: lies beyond it (set only on such a model: every other reads the class's)
    ballista_passable = False

    def __init__(
        self, state: GameState, enemies_passable: bool = False, view: GridView | None = None,
        ballista_passable: bool = False,
    ) -> None:
        known = self.__dict__
        # the judge ``StepJudge.of`` would make and keep on this model, made once per process:
        # it reads only the class's tolerance, guarantee and allowance rule (the resolver makes
        # a model per declared step, and asks each for its judge once)
        known["_step_judge"] = STEP_JUDGE
        if view is not None:
            known["view"] = view
        #: a Tiny Epic Tactics state, as the view's (every caller's is one: not checked per step)
        self.state: TetState = state  # type: ignore[assignment]  # answers asked of it settle before it changes
        self.options = self.state.options if view is None else view.options
        #: for "why" only: enemies' spaces become pass-only, to tell what lies behind them
        self.enemies_passable = enemies_passable
        if ballista_passable:
            self.ballista_passable = True

    @classmethod
    def for_step(cls, state: GameState) -> TetMovement:
        """The model ``__init__`` makes of ``state`` alone, made without its call (the one
        ``of_state`` keeps for the resolver's declared steps)."""
        model = _new(cls)
        _setattr(model, "__dict__", {"_step_judge": STEP_JUDGE, "state": state, "options": state.options, "enemies_passable": False})
        return model

    @classmethod
    def of_state(cls, state: GameState) -> TetMovement:
        """``for_step``'s model of ``state``, one per state object, kept across its events
        (``GameState.lasting_index``: a copy of the state, or a new board, starts without it):
        the resolver asks for a model per declared step, and what it asks of one
        (``step_option``) reads the state as it is then. Such a model never makes a view
        (``_occupied`` compares owners itself): a view is of the state at one moment."""
        kept = state.__pydantic_private__["_lasting"].get(STEP_MODEL)  # type: ignore[index]  # set by PrivateAttr
        if kept is not None:
            found: TetMovement = kept[1]
            return found
        return state.lasting_index(STEP_MODEL, None, lambda: cls.for_step(state))

    @cached_property
    def view(self) -> GridView:
        """The state's view, made when first read: a declared step's judge (a model made per
        step, ``step_option``) reads the state and the board's steps directly instead."""
        return GridView(self.state)

    def no_movement(self, unit_id: str) -> RuleRef | None:
        unit = self.view.unit(unit_id)
        return GONE if not unit.alive or unit.location is None else None

    def allowance(self, unit_id: str) -> int:
        return self.state.units[unit_id].movement  # ``view.unit``, read without a call or a view

    def steps_from(self, unit_id: str) -> StepsFrom:
        """The unit's steps out of each space, kept while no unit moves, dies or changes side
        (``GridView.places``): every search and declared step until then asks the same."""
        return self.state.lasting_index(
            f"tinyepic.steps.{unit_id}.{self.enemies_passable}{'.ballista' if self.ballista_passable else ''}", self.view.places,
            lambda: StepsFrom(functools.partial(self.step_options, unit_id)),
            lambda old_key, old: self._still_steps(unit_id, old_key, old),
        )

    def _still_steps(self, unit_id: str, old_key: tuple[object, ...], old: StepsFrom) -> StepsFrom | None:
        """A move moves one unit: the steps worked out before are kept, less those out of a
        space next to one a unit left or entered (a space's steps read the spaces around it,
        and every portal from a portal). None (all anew) when more than places changed."""
        new_key = self.view.places
        if old_key[1:] != new_key[1:]:
            return None
        changed = GridView.spaces_changed(old_key[0], new_key[0], same=2)  # a unit replaced: all anew
        if changed is None:
            return None
        # the spaces whose steps lead into a changed space are those its own steps lead to:
        # adjacency goes both ways, and so does a portal's way to every other portal
        steps = board_steps(self.view)
        near = set(changed)
        for space in changed:
            near.update(option.to for option in steps[space])
        found = StepsFrom(functools.partial(self.step_options, unit_id))
        found.update((frm, steps) for frm, steps in old.items() if frm not in near)
        return found

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        """The board's steps out of ``frm`` (``board_steps``: geometry and costs, the same for
        every unit), each judged against who stands where it leads and the Ballista the unit
        started on: the only facts of a step that change between states."""
        options = board_steps(self.view)[frm]
        if type(options) is SharedSteps:  # a portal: its own steps, and the portals' judged once
            return SharedSteps(tuple(self._judged(unit_id, options.own)), self._judged_portals(unit_id), options.skip)
        return self._judged(unit_id, options)

    def _judged_portals(self, unit_id: str) -> StepGroup:
        """The board's way into each portal (``BoardSteps.portal_group``) judged for the unit as
        ``step_options`` judges a step: once per unit and view, shared by every portal's steps."""
        known: dict[str, StepGroup] = self.view.__dict__.setdefault(
            f"tinyepic.judged_portals.{self.enemies_passable}.{self.ballista_passable}", {}
        )
        found = known.get(unit_id)
        if found is None:
            found = known[unit_id] = StepGroup(tuple(self._judged(unit_id, board_steps(self.view).portal_group.ways)))
        return found

    def _judged(self, unit_id: str, options: Sequence[StepOption]) -> list[StepOption]:
        """``options`` judged against who stands where each leads and the Ballista the unit
        started on (``step_options``)."""
        occupant_at = self.view.occupant_at
        starters = reentry_bars(self.view.state)  # empty on most turns: nothing looked up then
        started_on = starters.get(unit_id) if starters and not self.ballista_passable else None
        found: list[StepOption] = []
        for option in options:  # as ``step_option`` judges one: searches ask this most
            to = option.to
            occupant = occupant_at.get(to)
            if started_on == to and (occupant is None or occupant.owner == self.state.units[unit_id].owner):
                # passing through is entering it too, an ally there or not (``_option``)
                found.append(option._replace(blocked=reentry_rule(self.state, unit_id)))
            elif occupant is not None and occupant.id != unit_id:
                found.append(self._occupied(self.view.unit(unit_id), occupant, option))
            else:
                found.append(option)
        return found

    def step_option(self, unit_id: str, frm: str, to: str, kind: str | None = None) -> StepOption | None:
        """The one step from ``frm`` to ``to`` (of ``kind`` when given), as ``step_options``
        lists it, without judging the others (``find_option``: a declared step, judged twice:
        by the command's walk and when the step resolves). Judged against who stands where it
        leads and the Ballista the unit started on. The occupant is the one the occupancy index
        holds (the last living unit in the units' order standing there, as it is built); a
        state that has not built that index (one after each event of a declared move) has its
        few units read instead of the index built for one step. A model made for the step (the
        resolver makes one per step) has made no view: the board's steps are the state's board
        index, read directly (``state_board_steps``)."""
        state = self.state
        known = self.__dict__  # the view, made only when something read it: looked at by operators
        view: GridView | None = known["view"] if "view" in known else None
        if view is not None:
            steps = board_steps(view)
        else:  # ``state_board_steps``, read off the board's indexes directly: every declared step asks
            steps = state.__pydantic_private__["_board"].get(BOARD_STEPS)  # type: ignore[index]  # ``board_index``'s dict
            if steps is None:
                steps = state_board_steps(state)
        option = steps.by_end[frm].get(to)  # one step per space it leads to
        if option is None or (kind is not None and option.kind != kind):
            return None
        if view is not None and "occupant_at" in view.__dict__:  # looked at by operators: a fresh view has built nothing
            occupant = view.__dict__["occupant_at"].get(to)
        else:
            occupant = None
            for unit in state.units.values():  # the living ones, in order (``GridView.living``)
                if unit.location == to and unit.alive:
                    occupant = unit
        starters = reentry_bars(state)  # empty on most turns: nothing looked up then
        if starters and starters.get(unit_id) == to and not self.ballista_passable and (occupant is None or occupant.owner == state.units[unit_id].owner):
            return option._replace(blocked=reentry_rule(state, unit_id))  # an ally there or not (``_option``)
        if occupant is not None and occupant.id != unit_id:
            return self._occupied(state.units[unit_id], occupant, option)
        return option

    def _occupied(self, unit: TetUnit, occupant: TetUnit, option: StepOption) -> StepOption:
        """A step into a space another unit holds: an enemy blocks it (or lets it pass, for
        "why" only), an ally lets the unit pass without stopping there (option
        ally_pass_through)."""
        if unit.owner != occupant.owner:  # not allies (``GridView.allied``), read without a view
            if self.enemies_passable:
                return option._replace(pass_only=ENEMY)
            return option._replace(blocked=PORTAL_BLOCKED if option.kind == "portal" else ENEMY)
        if not self.options.ally_pass_through:
            return option._replace(blocked=ALLY_BLOCKS)
        return option._replace(pass_only=ALLY_END)

    def cost_parts(self, frm: Space, to: Space, kind: str) -> list[tuple[str, int]]:
        """What entering ``to`` from ``frm`` costs, part by part (the parts are named for "why")."""
        parts = [("portal", self.options.portal_transit_cost)] if kind == "portal" else [("space", 1)]
        surcharge = self.view.surcharge(to)
        if surcharge:
            parts.append((self.view.terrain(to), surcharge))
        if kind != "portal":
            rise = self.view.level(to) - self.view.level(frm)
            if rise > 0:
                parts.append(("climb", 1 if self.options.climb_cost_mode == "per_step_up" else rise))
            elif rise < 0 and self.options.descend_cost:
                parts.append(("descent", self.options.descend_cost))
        return parts

    def _option(self, unit: TetUnit, frm: Space, to: Space, kind: str) -> StepOption:
        """One step as the rules read it from scratch (``_option``): what it costs, then an
        enemy standing there, the Ballista the unit started on, an ally standing there (the plain reading ``board_steps`` and
        ``step_options`` must agree with; tests compare them)."""
        cost = sum(c for _, c in self.cost_parts(frm, to, kind))
        occupant = self.view.occupants.get(to)
        plain = StepOption(to=to.text, kind=kind, cost=cost)
        if occupant is not None and occupant.owner != unit.owner:
            return self._occupied(unit, occupant, plain)  # an enemy keeps it out first
        if reentry_bars(self.view.state).get(unit.id) == to.text and not self.ballista_passable:
            # seed 003, Ballista: "cannot move out and back into the Ballista space"; passing
            # through it is entering it, so an ally standing there does not lift the ban
            return plain._replace(blocked=reentry_rule(self.state, unit.id))
        if occupant is not None and occupant.id != unit.id:
            return self._occupied(unit, occupant, plain)
        return plain

    def plain_step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        """``step_options`` worked out from the rules alone, nothing kept: every adjacent space
        (and every portal from a portal), the cheaper of two ways into one space."""
        here = parse_space(frm)
        unit = self.view.unit(unit_id)
        deltas = list(DIRECTIONS.values())
        if self.options.adjacency == "king8":
            deltas += list(DIAGONALS)
        found: dict[str, StepOption] = {}
        for i, (dx, dy) in enumerate(deltas):
            to = here.plus(dx, dy)
            if self.view.on_board(to):
                _keep_better(found, self._option(unit, here, to, "step" if i < 4 else "diagonal"))
        if here in self.view.portals:
            for portal in self.view.portals:
                if portal != here:
                    _keep_better(found, self._option(unit, here, portal, "portal"))
        return list(found.values())


#: ``StepJudge.of`` of every ``TetMovement`` (a test compares it with the judge made for one)
STEP_JUDGE = StepJudge(TetMovement.tolerance, TetMovement.first_step_guarantee, TetMovement.allowance_rule)


#: a legal moves' search on one board (``moves.searched_moves``): where the unit starts, its
#: Movement and the spaces it may not enter among those it could reach (``moves.unblocked``)
SearchKey = tuple[str, int, frozenset[str]]
#: what that search found: the spaces it could afford to leave, its cheapest way into each
#: space, and the spaces it could afford to leave in reading order
Search = tuple[frozenset[str], dict[str, str], list[str]]
#: a search with nothing blocked (``moves.unblocked``): the spaces it could afford to enter but
#: its start, the spaces that ever gave another its way in, and the search
Unblocked = tuple[frozenset[str], frozenset[str], Search]


class Searches(dict[SearchKey, Search]):
    """A board's kept searches (``moves.keep_search``), and how many spaces they hold."""

    def __init__(self) -> None:
        super().__init__()
        #: the spaces the kept searches could afford to leave, summed (what bounds the table)
        self.spaces = 0
        #: (start, Movement) -> the search from there with no space blocked, what it reached
        #: and the spaces that gave a way in (``moves.unblocked``): what a search's key holds
        #: of the blocked spaces, and the search that serves when those gave no way in
        self.reachable: dict[tuple[str, int], Unblocked] = {}


class BoardSteps(dict[str, Sequence[StepOption]]):
    """The steps out of each space that the board alone decides (seed 003, Movement and
    "Effects of Terrain"): each adjacent space on the board, every other portal from a portal,
    with what entering it costs, none blocked. Who stands where is judged per state
    (``TetMovement.step_options``). Worked out per space when first asked."""

    def __init__(self, model: TetMovement) -> None:
        super().__init__()
        self.model = model
        #: the same steps as (space, cost) pairs, for the legal moves' search (``moves.py``)
        self.pairs = StepPairs(self)
        #: the same steps by where each leads, for a declared step (``step_option``) and path
        #: (``path_is_clear``)
        self.by_end = StepsByEnd(self)
        #: the legal moves' searches over these steps (``moves.keep_search``)
        self.searches = Searches()
        #: whether any space of the board is a Ballista (``turns.has_ballista``), for the legal
        #: commands, which read these steps anyway
        self.has_ballista = any("ballista" in row for row in model.state.terrain)
        #: the Village spaces (``villages.village_spaces``), for the legal moves' search, which
        #: asks of every unit whether it stands on one (``moves.back_counts``)
        self.villages = frozenset(
            f"{x},{y}" for y, row in enumerate(model.state.terrain) for x, terrain in enumerate(row) if terrain == "village"
        )
        #: the spaces a unit may Melee from each space (``combat.in_melee_reach``)
        self.melee = MeleeReach(model.state)
        #: the least a step may cost on this board, 0 or 1 (``moves._by_buckets``): entering a
        #: space costs 1 and more (``cost_parts``), a portal's way its transit cost and more
        self.least = min(1, model.options.portal_transit_cost)

    def __missing__(self, frm: str) -> Sequence[StepOption]:
        model = self.model
        view = model.view
        here = parse_space(frm)
        deltas = list(DIRECTIONS.values())
        if model.options.adjacency == "king8":
            deltas += list(DIAGONALS)
        found: dict[str, StepOption] = {}

        def offer(to: Space, kind: str) -> None:
            cost = sum(c for _, c in model.cost_parts(here, to, kind))
            _keep_better(found, StepOption(to=to.text, kind=kind, cost=cost))

        for i, (dx, dy) in enumerate(deltas):
            to = here.plus(dx, dy)
            if view.on_board(to):
                offer(to, "step" if i < 4 else "diagonal")
        if here.text not in self.portal_ways:
            steps: Sequence[StepOption] = tuple(found.values())
        else:
            # a neighbouring portal: the cheaper of the step and the portal's way, in the
            # step's place (``_keep_better``); every other portal by the board's one way into
            # it, shared by every portal (``SharedSteps``), as ``offer`` would append them
            for to_text in found:
                way = self.portal_ways.get(to_text)
                if way is not None:
                    _keep_better(found, way)
            steps = SharedSteps(tuple(found.values()), self.portal_group, frozenset([here.text, *found]))
        self[frm] = steps
        return steps

    @cached_property
    def portal_group(self) -> StepGroup:
        """The way into each portal from any other (seed 003, Portals: option
        portal_transit_cost plus the exit's surcharge, no climb), in reading order: one way per
        portal for the whole board, where a list per portal would hold every other (P*P)."""
        model = self.model
        view = model.view
        ways = []
        for portal in view.portals:
            cost = sum(c for _, c in model.cost_parts(portal, portal, "portal"))  # the exit's alone
            ways.append(StepOption(to=portal.text, kind="portal", cost=cost))
        return StepGroup(tuple(ways))

    @cached_property
    def portal_ways(self) -> dict[str, StepOption]:
        """The portal group's way into each portal, by the portal's space."""
        return {way.to: way for way in self.portal_group.ways}


class MeleeReach(dict[str, frozenset[str]]):
    """Each space's orthogonal neighbours on the board at its own level, as the board writes
    them (``Space.text``): where an enemy may be Melee attacked from a unit standing on the
    space (digest 4), which the board alone decides. The legal commands ask it for every unit
    that may attack, of every enemy; a set looked up per enemy rather than its space read and
    compared. Worked out per space when first asked (a test compares it with ``melee_refusal``)."""

    def __init__(self, board: TetState) -> None:
        super().__init__()
        self.board = board

    def __missing__(self, location: str) -> frozenset[str]:
        board = self.board
        x, y = parse_space(location)
        level = board.level(x, y)
        found = self[location] = frozenset(
            Space(x + dx, y + dy).text for dx, dy in DIRECTIONS.values()
            if board.on_board(x + dx, y + dy) and board.level(x + dx, y + dy) == level
        )
        return found


class StepPairs(dict[str, Sequence[tuple[str, float]]]):
    """Each space's board steps as (where it leads, what it costs), in the same order: the
    two fields a search for the legal moves reads, unpacked in C instead of read by name. A
    portal's are its own and the portals' shared ones (``SharedSteps``), as its steps are."""

    def __init__(self, steps: BoardSteps) -> None:
        super().__init__()
        self.steps = steps

    def __missing__(self, frm: str) -> Sequence[tuple[str, float]]:
        options = self.steps[frm]
        found: Sequence[tuple[str, float]]
        if type(options) is SharedSteps:
            found = SharedSteps(tuple((o.to, o.cost) for o in options.own), self.group, options.skip)
        else:
            found = tuple((option.to, option.cost) for option in options)
        self[frm] = found
        return found

    @cached_property
    def group(self) -> StepGroup:
        """The portals' shared ways as pairs (``BoardSteps.portal_group``)."""
        return StepGroup(tuple((way.to, way.cost) for way in self.steps.portal_group.ways))


class StepsByEnd(dict[str, dict[str, StepOption]]):
    """Each space's board steps by the space each leads to: one step per space (the cheaper of
    two ways in is kept, ``_keep_better``), so the step into a space is looked up rather than
    searched for among the space's steps (every declared step, judged twice, asks)."""

    def __init__(self, steps: BoardSteps) -> None:
        super().__init__()
        self.steps = steps

    def __missing__(self, frm: str) -> dict[str, StepOption]:
        options = self.steps[frm]
        found: dict[str, StepOption]
        if type(options) is SharedSteps:
            found = PortalEnds(self.steps.portal_ways, frm)
            found.update((option.to, option) for option in options.own)
        else:
            found = {option.to: option for option in options}
        self[frm] = found
        return found


class PortalEnds(dict[str, StepOption]):
    """A portal's steps by where each leads (``StepsByEnd``): its own, and for any other portal
    the board's one way into it, looked up there (``portal_ways``) rather than copied here."""

    def __init__(self, ways: dict[str, StepOption], frm: str) -> None:
        super().__init__()
        self.ways = ways
        self.frm = frm

    def get(self, to: str, default: StepOption | None = None) -> StepOption | None:  # type: ignore[override]  # dict.get, with the shared ways behind it
        found = super().get(to)
        if found is not None:
            return found
        if to != self.frm:
            return self.ways.get(to, default)
        return default


#: the boards' steps shared between games: a board of the same rows and costs has the same steps
#: (self-play plays many games on one scenario's board, and verifying each replays it). A few
#: boards are kept, the oldest dropped first.
_SHARED_STEPS: dict[tuple[object, ...], BoardSteps] = {}
_SHARED_BOARDS = 32


def board_steps(view: GridView) -> BoardSteps:
    """The board's steps (``BoardSteps``), kept with the board's indexes: a board changes only
    when it is laid, and its options are fixed when the game starts (a state with other options
    is a new state, with new board indexes). Both ways into one space (a step and a portal) lead
    to one occupant, so the cheaper one is kept here as ``_keep_better`` would keep it later.
    Boards with the same rows and the options that price a step share one (``_SHARED_STEPS``).
    Kept with the view too (a view is of one state, whose board an event can't change while
    the view is read): a walk's steps and a state's legal moves ask it again and again."""
    known = view.__dict__
    if "board_steps" in known:
        found: BoardSteps = known["board_steps"]
        return found
    state = view.state  # ``state_board_steps``, inline: a view reads it once
    found = known["board_steps"] = state.board_index(BOARD_STEPS, lambda: _shared_steps(state))
    return found


def state_board_steps(state: TetState) -> BoardSteps:
    """``board_steps`` without a view: the same board index of the state (a view keeps it too,
    for the many readings of one view; a declared step's judge reads it once)."""
    found: BoardSteps = state.board_index(BOARD_STEPS, lambda: _shared_steps(state))
    return found


#: the board index of ``board_steps``
BOARD_STEPS = "tinyepic.board_steps"
#: the lasting index of ``TetMovement.of_state``
STEP_MODEL = "tinyepic.step_model"
_new = object.__new__
_setattr = object.__setattr__


def _shared_steps(state: TetState) -> BoardSteps:
    """The steps of this board: those of an equal board already worked out, else new ones over
    a state holding the board alone (no units: the steps it keeps read only the board)."""
    options = state.options
    key = (
        state.width, state.height, tuple(map(tuple, state.levels)), tuple(map(tuple, state.terrain)),
        options.adjacency, options.climb_cost_mode, options.descend_cost, options.portal_transit_cost,
        tuple(sorted(options.terrain_entry_surcharge.items())),
    )
    found = _SHARED_STEPS.get(key)
    if found is None:
        board = TetState(
            ruleset=state.ruleset, players=list(state.players), active_player=state.active_player,
            options=options.model_copy(deep=True), width=state.width, height=state.height,
            levels=[list(row) for row in state.levels], terrain=[list(row) for row in state.terrain],
        )
        found = BoardSteps(TetMovement(board))
        while len(_SHARED_STEPS) >= _SHARED_BOARDS:
            oldest = next(iter(_SHARED_STEPS), None)
            if oldest is not None:
                _SHARED_STEPS.pop(oldest, None)  # another thread may have dropped it already
        _SHARED_STEPS[key] = found
    return found


def path_is_clear(state: TetState, unit: TetUnit, start: str, steps: Sequence[str]) -> bool:
    """Whether a Move's declared path is one ``walk_path`` over ``TetMovement`` takes whole
    (``clear_path``, which also gives each step's option)."""
    return clear_path(state, unit, start, steps) is not None


def clear_path(state: TetState, unit: TetUnit, start: str, steps: Sequence[str]) -> list[StepOption] | None:
    """Each step's option, as ``TetMovement.step_option`` gives it on this state, when a Move's
    declared path is one ``walk_path`` over ``TetMovement`` takes whole: each step one of the
    board's steps out of the space before it, into a space no enemy holds (nor an ally, unless
    allies may be passed through: the option is pass-only then) and not the Ballista the unit
    started its turn on, the steps' costs within the unit's Movement, and the last space not
    an ally's. None says only that the path must be walked (``walk_path`` then names the
    refusal, or takes it after all).

    The same judgement as ``TetMovement.step_option`` and the step judge, read once per path
    from the units and the board's steps instead of a judgement built per step: a move command
    checks its whole path before anything is recorded, and nearly every path is one a search
    listed; the options are what its steps are taken with (``engine.take_checked_steps``).
    The occupants are read as ``GridView.occupant_at`` reads them (the last living unit
    standing on a space), off the units for each step entered: the command's event has just
    dropped the state's view, nothing else reads it before the path is declared, and a path
    enters a space or two (a map of every unit's space would cost more). Tests compare it with
    the walk on every state and many paths, and each option with ``step_option``'s."""
    # the board's steps, read off the board's indexes directly (``state_board_steps``)
    steps_out = state.__pydantic_private__["_board"].get(BOARD_STEPS)  # type: ignore[index]  # ``board_index``'s dict
    if steps_out is None:
        steps_out = state_board_steps(state)
    units = state.units.values()
    me, side = unit.id, unit.owner
    passes = state.options.ally_pass_through
    starters = reentry_bars(state)  # empty on most turns: nothing looked up then
    started_on = starters.get(me) if starters else None
    left: float = unit.movement
    here = start
    crossing = False
    by_end = steps_out.by_end  # one step per space it leads to
    found: list[StepOption] = []
    for to in steps:
        option = by_end[here].get(to)
        if option is None:
            return None  # not a step: the walk names it
        occupant = None
        for u in units:  # ``occupant_at.get(to)``: the last living unit standing there
            if u.location == to and u.alive:
                occupant = u
        if to == started_on:
            return None  # back into (or through, an ally there or not) the Ballista
        if occupant is not None and occupant.id != me:
            if occupant.owner != side or not passes:
                return None  # an enemy, or an ally that can't be passed: blocked
            crossing = True  # an ally passed: pass-only (``_occupied``)
            option = option._replace(pass_only=ALLY_END)
        else:
            crossing = False
        left -= option.cost
        if left < 0:
            return None  # over the Movement: the walk says by how much
        found.append(option)
        here = to
    return None if crossing else found


def _keep_better(found: dict[str, StepOption], option: StepOption) -> None:
    """One option per space: two portals side by side are reached by a step and by the portal;
    the unblocked, cheaper one is kept (a step at equal cost), so that a declared path follows
    the very option the search chose."""
    held = found.get(option.to)
    if held is None or (held.blocked is not None and option.blocked is None) or (
        (held.blocked is None) == (option.blocked is None) and option.cost < held.cost
    ):
        found[option.to] = option


def describe_parts(parts: list[tuple[str, int]]) -> str:
    """``1 + climb 1 + peak 1 = 3``"""
    shown = " + ".join(str(c) if name in ("space", "portal") else f"{name} {c}" for name, c in parts)
    return f"{shown} = {sum(c for _, c in parts)}"


def shortfall(model: TetMovement, unit_id: str, frm: str, to: str, kind: str, spent: float) -> RuleRef:
    """The rule a step over the allowance breaks, saying what the step costs and what is left:
    "not enough Movement for the climb" when a climb is part of it (seed 003, Climbing)."""
    parts = model.cost_parts(parse_space(frm), parse_space(to), kind)
    left = model.allowance(unit_id) - spent
    base = CLIMB if any(name == "climb" for name, _ in parts) else MOVEMENT
    detail = f"entering {to} from {frm} costs {describe_parts(parts)}, {left:g} left there"
    return base.model_copy(update={"message": f"{base.message}: {detail}"})


class KnockBackMovement:
    """``MovementModel`` of a knock back (digest 4): one straight line, each step free, never up a
    level, down where the ground drops, stopped by a cliff wall, the map edge, another unit or
    (option portal_model portal_space) a portal. Terrain gives no benefit or penalty."""

    # the engine's defaults, named on the class (see ``TetMovement``)
    tolerance = 0.0
    first_step_guarantee: RuleRef | None = None
    live_allowance = False

    def __init__(self, state: GameState, direction: tuple[int, int]) -> None:
        self.view = GridView(state)
        self.state = state  # answers asked of it settle before it changes
        self.direction = direction

    def no_movement(self, unit_id: str) -> RuleRef | None:
        unit = self.view.unit(unit_id)
        return GONE if not unit.alive or unit.location is None else None

    def allowance(self, unit_id: str) -> float:
        return float("inf")

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        here = parse_space(frm)
        to = here.plus(*self.direction)
        view = self.view
        if not view.on_board(to):
            return [StepOption(to=to.text, kind="knock back", cost=0, blocked=EDGE)]
        if view.level(to) > view.level(here):
            return [StepOption(to=to.text, kind="knock back", cost=0, blocked=WALL)]
        if view.options.portal_model == "portal_space" and view.terrain(to) == "portal":
            return [StepOption(to=to.text, kind="knock back", cost=0, blocked=INTO_PORTAL)]
        occupant = view.occupants.get(to)
        if occupant is not None and occupant.id != unit_id:
            return [StepOption(to=to.text, kind="knock back", cost=0, blocked=UNIT_IN_WAY)]
        kind = "fall" if view.level(to) < view.level(here) else "knock back"
        return [StepOption(to=to.text, kind=kind, cost=0)]
