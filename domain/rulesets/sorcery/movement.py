"""Sorcery's movement model: which steps a unit may take from a location, and why not.

This is the one place Sorcery movement rules live (digest 2.2 step kinds, 2.3 entering, 2.4
keywords and restrictions, 2.5 Moves Freely, 1.5 edges, 2.9 as-if-adjacent, 2.10 borders). The
aggregate asks it about each declared step just before the step happens; the lookahead searches
over it; forced movement is judged by ``ForcedMovement`` over the same view. Triggered abilities
are not consulted here, ever.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TypeVar

from domain.movement import StepOption, StepsFrom
from domain.rules import RuleRef
from domain.rulesets.sorcery.realm import (
    COLUMNS,
    ROWS,
    SQUARES,
    Loc,
    Region,
    diagonal,
    orthogonal,
    parse_loc,
    square_at,
)
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules import shared
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState

NOT_ADJACENT = rule("codex: Path", "a step must go to an adjacent location")
#: every location of the realm, for the allowance at each
_LOCATIONS = tuple(Loc(sq, region) for sq in SQUARES for region in Region)
_TEXTS = tuple(at.text for at in _LOCATIONS)
T = TypeVar("T")
AVATAR_SURFACE = rule("codex: Characteristics", "an Avatar occupies only surface locations")


def _needs_rule(kind: str, needs: tuple[str, ...]) -> RuleRef:
    words = " and ".join(needs)
    return rule(f"codex: {needs[0]}", f"{kind} steps need {words}")


def _best_per_destination(options: list[StepOption]) -> list[StepOption]:
    """Where two kinds of step lead to one location (an orthogonal step barred by a Wall of Ice,
    and an as-if-adjacent one that crosses no border), the mover takes the one it may take,
    the cheapest first (codex: As If Adjacent: the mover picks how the step counts). Every
    refusal is kept when none may be taken, so "why not" can name them all."""
    best: dict[str, StepOption] = {}
    refused: list[StepOption] = []
    for option in options:
        if option.blocked is not None:
            refused.append(option)
            continue
        kept = best.get(option.to)
        if kept is None or option.cost < kept.cost:
            best[option.to] = option
    found = list(best.values())
    found.extend(o for o in refused if o.to not in best)
    return found


class SharedSteps(StepsFrom):
    """A unit's step table as one view reads it: a location another state with the same key
    already asked is read from the shared table (``rules.shared``); one nobody asked yet is
    asked of this view, and kept for the others only while this view is still its state's (a
    model held past the next event answers for its own moment and shares nothing)."""

    def __init__(self, ask: Callable[[str], Sequence[StepOption]], known: dict[str, Sequence[StepOption]], current: Callable[[], bool]) -> None:
        super().__init__(ask)
        self._known = known
        self._current = current

    def shared(self, location: str) -> Sequence[StepOption] | None:
        """The steps out of ``location`` if some state with the same key asked already."""
        found = self._known.get(location)
        if found is not None:
            self[location] = found
        return found

    def __missing__(self, location: str) -> Sequence[StepOption]:
        found = self._known.get(location)
        if found is None:
            found = self._ask(location)
            if self._current():
                self._known[location] = found
        self[location] = found
        return found


class SorceryMovement:
    """``MovementModel`` for one game state (see domain.movement). ``basic`` says whether the
    steps judged are basic movement (Move and Attack, Defend): only those move freely."""

    allowance_rule = rule("codex: Move and Attack", "a basic move has 1 step plus Movement +X, in steps")
    #: Movement +X is read again before each step: it may be lost or regained on the way
    #: (codex: Path, the Silence example)
    live_allowance = True

    def __init__(self, state: GameState, basic: bool = True) -> None:
        self.view = RealmView.of(state)
        self.state = state  # answers asked of it settle before it changes
        self.basic = basic

    # --- MovementModel ----------------------------------------------------------------------

    def no_movement(self, unit_id: str) -> RuleRef | None:
        unit = self.view.unit(unit_id)
        location = unit.location
        if not unit.alive or location is None:
            return rule("codex: Range of Motion", "the unit is not in the realm")
        if not self._current():
            return self.view.disabled(unit_id, parse_loc(location))
        return shared.table(  # what its step table is read from, and where it stands
            self.state, (*shared.unit_key(self.state, unit_id), "disabled", location),
            lambda: self.view.disabled(unit_id, parse_loc(location)),
        )

    def allowance(self, unit_id: str) -> int:
        """1 step plus every Movement +X (codex: Move and Attack, Movement +X), where the unit is."""
        location = self.view.unit(unit_id).location
        if location is None:
            return 1 + self.view.movement_bonus(unit_id)
        return self._allowances(unit_id)[location]

    def allowance_at(self, unit_id: str, location: str) -> int:
        """The allowance for a step starting at ``location``: Movement +X may be lost there (a
        Silence aura) or regained (codex: Path: each step is judged as it is taken)."""
        return self._allowances(unit_id)[location]

    def max_allowance(self, unit_id: str) -> int:
        """The most the allowance can be at any location of the realm: the search never needs to
        look past it (a step is judged against the allowance where it starts)."""
        return max(self._allowances(unit_id).values())

    def _allowances(self, unit_id: str) -> dict[str, int]:
        """The unit's allowance at each of the realm's locations, worked out once per view."""
        found: dict[str, int] | None = self.view.allowances.get(unit_id)
        if found is None:
            view = self.view
            bonus = view.movement_bonus

            def build() -> dict[str, int]:
                if not view.movement_grants and not view.unit(unit_id).movement_bonus:
                    return dict.fromkeys(_TEXTS, 1)  # no Movement +X anywhere: 1 step everywhere
                return {at.text: 1 + bonus(unit_id, at) for at in _LOCATIONS}

            if not self._current():
                found = view.allowances[unit_id] = build()
            else:
                found = view.allowances[unit_id] = shared.table(
                    self.state, (*shared.unit_key(self.state, unit_id), "allowances"), build,
                )
        return found

    def allowance_varies(self, unit_id: str) -> bool:
        """Whether the allowance is not the same everywhere (a Silence aura on the way): only
        then is each step judged against the allowance where it starts."""
        varies: dict[str, bool] = self.view.__dict__.setdefault("_allowance_varies", {})
        found = varies.get(unit_id)
        if found is None:
            found = varies[unit_id] = len(set(self._allowances(unit_id).values())) > 1
        return found

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        return self.steps_from(unit_id)[frm]

    def kept_search(self, unit_id: str, asked: tuple[object, ...], search: Callable[[], T]) -> T:
        """A reach search (``domain.movement.search._searched``) shared as the step table is: it reads
        nothing but the unit's steps and allowances, both kept under the unit's key
        (``rules.shared``), and what it is asked (start, allowance, bound). A state met again
        (the replay that verifies a game's log, the next game from the same start, a unit
        shuttling back) finds its searches made. A kept search is only read: the steps it
        expanded are in its table already, so "why not" asks no new question of an old view."""
        if not self._current():
            return search()  # a model held past an event: its state is no longer the one it read
        return shared.table(self.state, (*shared.unit_key(self.state, unit_id), self.basic, "search", asked), search)

    def _current(self) -> bool:
        """Whether the state is still the one this model's view reads (no event since): only
        then are its answers shared with other states (``rules.shared``). ``shared.peek`` read
        in place: asked before every kept table of a unit's movement."""
        indexes = self.state.__pydantic_private__["_indexes"]  # type: ignore[index]  # set by PrivateAttr
        return indexes.get("sorcery.view") is self.view

    def steps_from(self, unit_id: str) -> StepsFrom:
        """Kept with the view of the state (``RealmView.of``): asked again, by a second search
        pass or another question about the same state, they are not worked out again; and
        shared with every later state where nothing they are read from has changed
        (``rules.shared``: a step of another unit, a turn passing)."""
        key = (unit_id, self.basic)
        found: StepsFrom | None = self.view.step_options.get(key)
        if found is None:
            ask = functools.partial(self._step_options, unit_id)
            if self._current():
                known: dict[str, Sequence[StepOption]] = shared.table(
                    self.state, (*shared.unit_key(self.state, unit_id), self.basic), dict,
                )
            else:
                known = {}  # a model held past an event: its state is no longer the one it read
            found = SharedSteps(ask, known, self._current)
            self.view.step_options[key] = found
        return found

    def step_option(self, unit_id: str, frm: str, to: str, kind: str | None) -> StepOption | None:
        """The step to ``to`` alone, for the judge of a declared step: only the candidates that
        lead there are worked out (the search, which wants them all, uses ``step_options``)."""
        steps = self.steps_from(unit_id)
        known = steps.get(frm)
        if known is None and isinstance(steps, SharedSteps):
            known = steps.shared(frm)  # asked already by a state with the same key
        if known is None and self._current():
            # the step alone, shared as the table is (its key names all it is read from): a
            # state met again (a unit shuttling between the same places) judges it from here
            known = shared.table(
                self.state, (*shared.unit_key(self.state, unit_id), self.basic, "step", frm, to),
                lambda: self._step_options(unit_id, frm, only=to),
            )
        if known is None:
            known = self._step_options(unit_id, frm, only=to)
        return next((o for o in known if o.to == to and (kind is None or o.kind == kind)), None)

    def _step_options(self, unit_id: str, frm: str, only: str | None = None) -> Sequence[StepOption]:
        at = parse_loc(frm)
        view = self.view
        unit = view.unit(unit_id)
        keywords = view.keywords(unit_id, at)
        stuck = view.disabled(unit_id, at) or view.immobile(unit_id, at)
        options: list[StepOption] = []
        for cand in self.view.step_candidates(at, unit.owner, unit_id):
            if only is not None and cand.loc.text != only:
                continue
            blocked = stuck
            if blocked is None:
                missing = tuple(k for k in cand.needs if k not in keywords)
                if missing:
                    blocked = view.why_lacking(unit_id, at, missing[0]) or _needs_rule(cand.kind, missing)
            if blocked is None and unit.kind == "avatar" and cand.loc.region is not Region.SURFACE:
                blocked = AVATAR_SURFACE
            if blocked is None:
                blocked = view.own_step_refusal(unit_id, at, cand.loc, cand.kind)
            if blocked is None:
                blocked = view.level_change_refusal(unit_id, at, cand.kind)
            if blocked is None:
                blocked = view.border_refusal(unit_id, at, cand.loc, cand.kind)
            if blocked is None:
                blocked = view.entry_refusal(unit_id, at, cand.loc, cand.kind)
            # a unit may step where it can't survive; it dies (or is banished) there (digest 1.6)
            stops = view.survival(unit_id, cand.loc) if blocked is None else None
            if stops is not None and cand.loc.region is Region.VOID and view.kept_in_void(unit_id, at):
                stops = None  # the Gate's Voidwalk goes with it into the void
            free = self.basic and blocked is None and view.free_step(unit_id, at, cand.loc, cand.kind) is not None
            options.append(StepOption(to=cand.loc.text, kind=cand.kind, cost=0 if free else 1, blocked=blocked, stops=stops))
        return _best_per_destination(options)

    # --- geometry: which locations count as one step away ----------------------------------

    def adjacent(self, frm: str, to: str, player: str, unit_id: str | None = None) -> bool:
        """Whether ``to`` is one step from ``frm`` (for ``unit_id``, or for some unit) under the
        effects in force."""
        at = parse_loc(frm)
        if unit_id is not None and self._current() and self.view.unit(unit_id).owner == player:
            # the unit's own candidates are what its step table is read from: shared under its key
            return shared.table(
                self.state, (*shared.unit_key(self.state, unit_id), "adjacent", frm, to),
                lambda: any(c.loc.text == to for c in self.view.step_candidates(at, player, unit_id)),
            )
        return any(c.loc.text == to for c in self.view.step_candidates(at, player, unit_id))


#: forced movements cards make, with the step kind each records (digest 2.7)
FORCED_KINDS = {
    "teleport_nearby": "teleport",
    "teleport_diagonal": "teleport",
    "teleport_knight": "teleport",
    "push": "push",
    "pull": "pull",  # one orthogonal step in its region, toward a place (Red Rock of Ravannis; digest 2.7)
    "submerge": "submerge",
    "burrow": "burrow",
    "pull_void": "pull",
    "teleport_site": "teleport",
    "teleport_anywhere": "teleport",
    "push_void": "push",  # a push into an adjacent void (Nightmare: "to an adjacent location or void")
    "fly": "fly",  # flown to a nearby site: Airborne at the borders it crosses (codex: Fly; Avatar of Air)
    "raise": "surface",  # surface or unburrow: below a site to its surface (Mudflow, Undertaker Engine)
    # Wills-o'-the-Wisp: "to another nearby location or void" (in its region, or any nearby void)
    "teleport_nearby_or_void": "teleport",
}
#: Brobdingnag Bullfrog FAQ (the golden rule): only a teleport moves a swallowed minion away
HELD = rule("Brobdingnag Bullfrog FAQ", "only a teleport moves a swallowed minion away from the Bullfrog")
_KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


class ForcedMovement:
    """``MovementModel`` for movement the unit doesn't make itself: pushes and teleports
    (codex: Forced Movement, Teleport; digest 2.7). Judged by the same view as every step: the
    unit needs no keyword and Immobile doesn't stop it; a push or a pull (a drag) stays in its
    region and is barred by on-the-ground border bans unless the unit is Airborne (digest 2.7;
    Wall of Ice, Great Wall, Perilous Bridge FAQs), and by Wall of Air as its text says; a teleport crosses no border and
    may change region unless its text keeps it ("nearby", "one diagonal step"); "can't enter"
    bars both, and a unit that "can't be moved by force" takes no forced step at all. A unit moved where it can't survive dies there (digest 1.6)."""

    allowance_rule = rule("codex: Forced Movement", "forced movement has no allowance")

    def __init__(self, state: GameState, how: str) -> None:
        self.view = RealmView.of(state)
        self.state = state  # answers asked of it settle before it changes
        self.how = how

    def no_movement(self, unit_id: str) -> RuleRef | None:
        unit = self.view.unit(unit_id)
        if not unit.alive or unit.location is None:
            return rule("codex: Forced Movement", "the unit is not in the realm")
        return None

    def allowance(self, unit_id: str) -> int:
        return 1

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        at = parse_loc(frm)
        view = self.view
        unit = view.unit(unit_id)
        kind = FORCED_KINDS[self.how]
        fixed = view.unmovable(unit_id)  # Talamh Dreig: every forced step is refused
        options = []
        for loc in self._destinations(at):
            blocked: RuleRef | None = fixed
            if blocked is None and unit.kind == "avatar" and loc.region is not Region.SURFACE:
                blocked = AVATAR_SURFACE
            if blocked is None and kind != "teleport" and (holder := view.held_by(unit_id)) is not None:
                blocked = HELD if holder in self.state.units else view.held_rule(holder)
            if blocked is None and kind in ("push", "pull", "fly"):  # a pull (= drag) as a push (digest 2.7, 5.1)
                blocked = view.border_refusal(unit_id, at, loc, kind)
            if blocked is None and kind in ("submerge", "surface"):
                blocked = view.level_change_refusal(unit_id, at, kind)
            if blocked is None and kind == "submerge":
                blocked = view.forced_submerge_refusal(unit_id, at)  # Driftwood Marrows
            if blocked is None:
                blocked = view.entry_refusal(unit_id, at, loc, kind)
            stops = view.survival(unit_id, loc) if blocked is None else None
            options.append(StepOption(to=loc.text, kind=kind, blocked=blocked, stops=stops))
        return options

    def _destinations(self, at: Loc) -> list[Loc]:
        view = self.view
        columns, rows = view.wrap
        if self.how == "submerge":  # the verb: surface to underwater of a water site (codex: Submerge)
            below = Loc(at.square, Region.UNDERWATER)
            return [below] if at.region is Region.SURFACE and view.location_exists(below) else []
        if self.how == "burrow":  # the verb: surface to underground of a land site (codex: Burrowing)
            below = Loc(at.square, Region.UNDERGROUND)
            return [below] if at.region is Region.SURFACE and view.location_exists(below) else []
        if self.how == "raise":  # the verbs surface and unburrow (codex: Submerge, Burrowing)
            above = Loc(at.square, Region.SURFACE)
            return [above] if at.region in (Region.UNDERGROUND, Region.UNDERWATER) else []
        if self.how in ("pull_void", "push_void"):  # into a void adjacent to the unit (Into the Abyss; digest 1.4)
            return [Loc(sq, Region.VOID) for sq in orthogonal(at.square, columns, rows) if view.site_at(sq) is None]
        if self.how == "teleport_anywhere":  # to any location of the realm (Recall: the caster's)
            return [
                loc for sq in range(1, COLUMNS * ROWS + 1)
                for region in (Region.SURFACE, Region.UNDERGROUND, Region.UNDERWATER, Region.VOID)
                if (loc := Loc(sq, region)) != at and view.location_exists(loc)
            ]
        if self.how == "teleport_nearby_or_void":  # Wills-o'-the-Wisp: nearby locations in its region, nearby voids
            places = [Loc(sq, at.region) for sq in view.nearby(at.square) if sq != at.square]
            places += [Loc(sq, Region.VOID) for sq in view.nearby(at.square) if sq != at.square and at.region is not Region.VOID]
            return [loc for loc in dict.fromkeys(places) if view.location_exists(loc)]
        if self.how == "fly":  # to the surface of a nearby site (codex: Fly)
            return [Loc(sq, Region.SURFACE) for sq in view.nearby(at.square) if sq != at.square and view.site_at(sq) is not None]
        if self.how == "teleport_site":  # to the surface of any site (Teleport)
            return [Loc(sq, Region.SURFACE) for sq in sorted(view.sites) if Loc(sq, Region.SURFACE) != at]
        if self.how in ("push", "pull"):
            squares = orthogonal(at.square, columns, rows)
        elif self.how == "teleport_nearby":
            squares = [sq for sq in view.nearby(at.square) if sq != at.square]
        elif self.how == "teleport_diagonal":
            squares = diagonal(at.square, columns, rows)
        else:
            row, column = divmod(at.square - 1, COLUMNS)
            squares = []
            for d_row, d_col in _KNIGHT:
                r, c = row + d_row, column + d_col
                if rows:
                    r %= ROWS
                if columns:
                    c %= COLUMNS
                if 0 <= r < ROWS and 0 <= c < COLUMNS:
                    squares.append(square_at(r, c))
            found = []
            for sq in squares:  # a teleport may change region unless its text says otherwise
                for region in (Region.SURFACE, Region.UNDERGROUND, Region.UNDERWATER, Region.VOID):
                    if view.location_exists(Loc(sq, region)):
                        found.append(Loc(sq, region))
            return found
        # pushes and region-keeping teleports stay in the unit's region
        return [Loc(sq, at.region) for sq in squares if view.location_exists(Loc(sq, at.region))]
