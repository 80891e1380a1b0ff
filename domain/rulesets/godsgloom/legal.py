"""The GODSGLOOM commands the player to act may issue now (``Game.legal_commands``).

By the step of the round:

- pre-game: each Scout Deploy unit's free move to each hex it can reach where it would not be
  Engaged, then ``start_round``;
- activations, no unit activated: ``activate`` for each unactivated unit of the player who
  nominates, then ``end_round`` (a round may end with units unactivated: those are the ones the
  God's Push step lets move);
- a unit activated: its Move Action to each hex of its range of motion by a cheapest path (and
  each hex an active movement trait would add, with ``use``), each with each final facing, while
  it has neither moved nor attacked (UAP.30: the Move Action comes first); a Melee Attack on each
  adjacent enemy while it may; ``end_activation``;
- the God's Push step: each eligible unit's one-hex move to each hex it may enter, then
  ``start_round``.

Not listed, though accepted: ``displace`` and ``teleport``, scripted effects of other sources
whose triggers are not public (docs/godsgloom.md); ``in`` says no for them, as the list does.

A move lists one command per final facing (N..NW) and no initial pivot: the final facing is the
one that decides the Engagement Zone the unit leaves behind.

The answer is a lazy collection (``domain.legal``), one part per command name and unit: a unit's
moves are counted from its reach (six per hex it can end in, then the pivots) and a move's path
is written only when that move is read, so a policy that picks one command builds one. The
reach itself is the unit's kept search (``GloomMovement.kept_search``): after an event that
changes no step it read (a unit far off moving, an attack, an activation), it carries over.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from pydantic import BaseModel

from domain.cached import cached_property
from domain.legal import LegalCommands, Outline, Part
from domain.movement import search_reach, search_within, walk_back
from domain.rulesets.godsgloom.catalog import TRAITS
from domain.rulesets.godsgloom.charge import no_charge
from domain.rulesets.godsgloom.commands import (
    Activate,
    EndActivation,
    EndRound,
    GodsPushMove,
    MeleeAttack,
    Move,
    ScoutMove,
    StartRound,
)
from domain.rulesets.godsgloom.engine import push_eligible
from domain.rulesets.godsgloom.hexgrid import FACINGS, neighbour_texts, parse_hex
from domain.rulesets.godsgloom.movement import STEP_MODES, GloomMovement, choose_mode
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView


def legal_commands(state: GloomState) -> LegalCommands:
    if state.phase == "pregame":
        return LegalCommands([*_scout_moves(state), _one("start_round", lambda: StartRound(player=state.active_player))])
    if state.phase == "gods_push":
        return LegalCommands([*_push_moves(state), _one("start_round", lambda: StartRound(player=state.active_player))])
    activation = state.activation
    if activation is None:
        player = state.active_player
        waiting = sorted([  # a list made in one call, not a generator resumed for each unit
            u.id for u in state.units.values() if u.alive and u.location and u.owner == player and not u.activated
        ])

        def nominate(i: int) -> BaseModel:
            return Activate(player=player, unit=waiting[i]) if i < len(waiting) else EndRound(player=player)

        def nominations() -> list[tuple[int, Outline]]:
            found = [(i, Outline("activate", uid, None, False)) for i, uid in enumerate(waiting)]
            return [*found, (len(waiting), Outline("end_round", None, None, False))]

        # of several units: filed under none; a command is built when read (a policy reads one)
        return LegalCommands([Part(None, size=lambda: len(waiting) + 1, item=nominate, outlines=nominations)])
    unit = state.units[activation.unit]
    parts: list[Part] = []
    if not activation.moved and not activation.attacked:  # UAP.30: the Move Action comes first
        parts.extend(_moves(state, unit.id))
    if not activation.attacked and not activation.melee:
        parts.append(_melee_part(state, unit.id))
    parts.append(_one("end_activation", lambda: EndActivation(player=unit.owner)))
    return LegalCommands(parts)


def _one(name: str, build: Callable[[], BaseModel]) -> Part:
    """A part of one command of no unit (``start_round``, ``end_activation``), filed under the
    key ``Part.of`` would read off it, and built only when read: most listings are asked for
    one command of another part."""
    return Part((name, None), size=lambda: 1, item=lambda i: build(), outlines=lambda: [(0, Outline(name, None, None, False))])


#: the mat's order of hexes: q, then r (a ``Hex`` is the tuple (q, r), parsed once per text)
_order = parse_hex
#: a unit's id (the order units are listed in)
_ID = attrgetter("id")


class Ends:
    """Each hex a unit can end a move in, in the mat's order (q, then r), with a cheapest path
    (the start excluded) written when first read: what a part of the legal commands counts and
    builds its commands from. ``leaving_out`` drops the hexes it also holds by the same path
    (an active trait's moves that the unit's own Move Action already lists)."""

    def __init__(self, state: GloomState, unit_id: str, mode: str, leaving_out: Ends | None = None) -> None:
        self.state, self.unit_id, self.mode = state, unit_id, mode
        self._leaving_out = leaving_out
        self._paths: dict[str, list[str]] = {}
        #: each hex's cheapest way in, when the paths are walked back along them (``walk_back``
        #: from the unit's hex: a small mat's search), read once ``_found`` is
        self.ways: dict[str, str] | None = None

    @cached_property
    def _found(self) -> tuple[list[str], Callable[[str], list[str]]]:
        """The hexes reached (any order) and how to write the path to one."""
        model = GloomMovement.of(self.state, self.mode)
        if self.mode == "flying":
            flight = model.flight_range(self.unit_id)
            teleports = [o.to for o in model.teleport_options(self.unit_id) if o.blocked is None and o.cost <= flight]
            return teleports, lambda h: [h]
        start = self.state.units[self.unit_id].location or ""
        if self.mode == "push" and model.allowance(self.unit_id) == 1 and model.no_movement(self.unit_id) is None:
            # the God's Push hex: one step, each costing 1 (a §8.2-style step), so the search
            # would reach exactly the hexes one step allows, and end there (a hex it may only
            # pass through is no end): ``GloomMovement.push_ends``
            return model.push_ends(self.unit_id, start), lambda h: [h]
        if self.mode in STEP_MODES and model.allowance(self.unit_id) == 1 and model.no_movement(self.unit_id) is None:
            # the §8.2 step of one hex (Engaged, or Trample used while Engaged): as the God's
            # Push hex, the search would end exactly where one step out of the start may end
            # (``GloomMovement.one_step_ends``), having asked the steps of the six hexes around
            return model.one_step_ends(self.unit_id, start), lambda h: [h]
        allowance = model.allowance(self.unit_id)
        if allowance >= 1 and model.view.options.difficult_cost >= 1 and model.no_movement(self.unit_id) is None:
            if model.view.small:  # the same search, over a small mat's steps in one loop
                ends, previous = model.ends_within(self.unit_id, start, allowance)
                self.ways = previous
                return ends, lambda h: walk_back(previous, start, h)[1:]
            return _within(model, self.unit_id, start, allowance)
        reach = search_reach(model, self.unit_id, start)
        return [h for h in reach.cost if h != start], lambda h: (reach.path_to(h) or [h])[1:]

    @cached_property
    def hexes(self) -> list[str]:
        found = sorted(self._found[0], key=_order)
        base = self._leaving_out
        if base is not None:
            # a path ends at its hex (the start is never one of them), so two paths are the
            # same only to the same hex: only the hexes both hold have their paths compared,
            # not every path of both written out
            listed = base.where
            same = self._same_paths(base)
            found = [h for h in found if h not in listed or not same(h)]
        return found

    def _same_paths(self, other: Ends) -> Callable[[str], bool]:
        """Whether this and ``other`` (of the same unit in the same state) have the same path
        to a hex. Both walked back along ways (``ways``), the paths are the same exactly when
        each hex on the way back was entered from the same hex, down to the start: each hex's
        answer is its way's, so a hex's way back is followed only as far as a hex already
        answered, not written out as a path for both (a trait's moves compared with the Move
        Action's hexes: every hex both reach). Otherwise the paths are compared."""
        mine, theirs = self.ways, other.ways
        if mine is None or theirs is None:
            return lambda h: self.path(h) == other.path(h)
        start = self.state.units[self.unit_id].location or ""
        known: dict[str, bool] = {start: True}

        def same(h: str) -> bool:
            passed: list[str] = []
            while h not in known:
                way = mine[h]
                if theirs.get(h) != way:
                    known[h] = False
                    break
                passed.append(h)
                h = way
            answer = known[h]
            for on_the_way in passed:
                known[on_the_way] = answer
            return answer

        return same

    @cached_property
    def where(self) -> dict[str, int]:
        """Each hex's place in ``hexes``."""
        return {h: i for i, h in enumerate(self.hexes)}

    def path(self, h: str) -> list[str]:
        found = self._paths.get(h)
        if found is None:
            found = self._paths[h] = self._found[1](h)
        return found


def _within(model: GloomMovement, unit_id: str, start: str, allowance: int) -> tuple[list[str], Callable[[str], list[str]]]:
    """The hexes a move may end in and a cheapest path to each, as ``search_reach`` finds them,
    from a search that expands no hex costing the whole allowance (bound ``allowance - 1``).

    Every GODSGLOOM step costs at least 1 (a plain hex 1, a Difficult one option
    difficult_cost, checked by the caller to be 1 or more), so a step out of a hex that costs
    the whole allowance leads past it: expanding that ring only learns what lies just beyond,
    which "why not" reads (``Reach.too_far``) and the legal moves never do. The hexes within
    the allowance are reached, in the same order, by the same steps out of the same cheaper
    hexes, so their costs, the steps that entered them (pass-only or not) and their paths are
    the bounded search's. The outer ring was a third of the hexes a game's searches expanded.
    The search is the engine's (``search_within``: kept by the model as any other).
    tests/godsgloom/test_move_ends.py compares the ends and paths with ``search_reach``."""
    found = search_within(model, unit_id, start, allowance - 1)
    pass_only, previous = found.pass_only, found.previous
    ends = [h for h, cost in found.cost.items() if cost <= allowance and h not in pass_only and h != start]

    def path(h: str) -> list[str]:
        return walk_back(previous, start, h)[1:]  # from the first step on: the start left out

    return ends, path


def _move_part(unit_id: str, owner: str, ends: Ends, use: str | list[str] | None, pivots: tuple[str, ...] = ()) -> Part:
    """Six moves per hex of ``ends`` (one per final facing), then the pivots in place."""
    def size() -> int:
        return 6 * len(ends.hexes) + len(pivots)

    def item(i: int) -> BaseModel:
        moves = 6 * len(ends.hexes)
        if i >= moves:
            return Move(player=owner, unit=unit_id, face=pivots[i - moves])
        return Move(player=owner, unit=unit_id, path=ends.path(ends.hexes[i // 6]), face=FACINGS[i % 6], use=use)

    def find(command: BaseModel) -> int | None:
        if not isinstance(command, Move) or command.use != use:
            return None
        if not command.path:
            return 6 * len(ends.hexes) + pivots.index(command.face) if command.face in pivots else None
        at = ends.where.get(command.path[-1])
        if at is None or command.face not in FACINGS:
            return None
        return 6 * at + FACINGS.index(command.face)

    def outlines() -> list[tuple[int, Outline]]:
        # a move's path ends at its hex (``Ends.path``), whatever its facing (the first facing's
        # stands for the six); a pivot in place has no path (the first stands for all)
        hexes = ends.hexes
        found = [(6 * i, Outline("move", unit_id, h, False)) for i, h in enumerate(hexes)]
        if pivots:
            found.append((6 * len(hexes), Outline("move", unit_id, None, False)))
        return found

    return Part(("move", unit_id), size=size, item=item, find=find, outlines=outlines)


def _moves(state: GloomState, unit_id: str) -> list[Part]:
    view = MatView.of(state)
    unit = state.units[unit_id]
    base_mode, denied = choose_mode(view, unit_id, None)
    parts: list[Part] = []
    base: Ends | None = None
    if denied is None and GloomMovement.of(state, base_mode).no_movement(unit_id) is None:
        base = Ends(state, unit_id, base_mode)
        # a Move Action that only pivots
        pivots = tuple(face for face in FACINGS if face != unit.facing)
        parts.append(_move_part(unit_id, unit.owner, base, None, pivots))
    alone: set[str] = set()  # the modes of the traits used alone
    for name in sorted(view.traits(unit_id)):
        trait = TRAITS.get(name)
        if trait is None or not trait.movement_option:
            continue
        mode, blocked = choose_mode(view, unit_id, name)
        if blocked is not None or mode == base_mode:
            continue
        if mode != "flying" and GloomMovement.of(state, mode).no_movement(unit_id) is not None:
            continue  # Flying teleports: Lockdown doesn't restrict it (seed 001, Lockdown)
        parts.append(_move_part(unit_id, unit.owner, Ends(state, unit_id, mode, base), name))
        alone.add(mode)
    for pair in trait_pairs(view, unit_id):
        mode, blocked = choose_mode(view, unit_id, pair)
        if blocked is not None or mode == base_mode or mode in alone or GloomMovement.of(state, mode).no_movement(unit_id) is not None:
            continue  # the pair moves as one of its traits alone, or not at all
        parts.append(_move_part(unit_id, unit.owner, Ends(state, unit_id, mode, base), list(pair)))
    return parts


def trait_pairs(view: MatView, unit_id: str) -> list[tuple[str, str]]:
    """The pairs of the unit's active movement traits a Move Action may use together and that
    move otherwise than either alone (``choose_mode``): Trample with Nimble (a unit that starts
    free) or with Breakaway (one that starts Engaged). None under option
    movement_traits_per_move: one. Names in the written order of a ``use`` list."""
    if view.options.movement_traits_per_move == "one":
        return []
    traits = view.traits(unit_id)
    return [pair for pair in (("Nimble", "Trample"), ("Breakaway", "Trample")) if pair[0] in traits and pair[1] in traits]


def _melee_targets(state: GloomState, unit_id: str) -> list[str]:
    """Each enemy in an adjacent hex, by id (``MeleeAttack`` asks ``direction_to``; the hexes
    around the unit's, as canonical text, name the same hexes)."""
    unit = state.units[unit_id]
    around = neighbour_texts(unit.location or "")  # a location is canonical hex text already
    found = [
        e.id for e in sorted(state.units.values(), key=_ID)
        if e.alive and e.location and e.owner != unit.owner and e.location in around
    ]
    if state.options.charge_definition != "not_enforced":
        found = [t for t in found if no_charge(state, unit_id, t) is None]
    return found


def _melee_part(state: GloomState, unit_id: str) -> Part:
    """A Melee Attack on each of ``_melee_targets``, counted by its targets and built only when
    read: a policy that picks one command of the listing builds no attack it did not pick."""
    targets: list[str] | None = None

    def listed() -> list[str]:
        nonlocal targets
        if targets is None:
            targets = _melee_targets(state, unit_id)
        return targets

    def item(i: int) -> BaseModel:
        return MeleeAttack(player=state.units[unit_id].owner, unit=unit_id, target=listed()[i])

    def find(command: BaseModel) -> int | None:
        if not isinstance(command, MeleeAttack) or command.target not in listed():
            return None
        return listed().index(command.target)

    def outlines() -> list[tuple[int, Outline]]:
        return [(0, Outline("melee_attack", unit_id, None, True))] if listed() else []  # one outline for every target

    return Part(("melee_attack", unit_id), size=lambda: len(listed()), item=item, find=find, outlines=outlines)


def _scout_moves(state: GloomState) -> list[Part]:
    view = MatView.of(state)
    parts: list[Part] = []
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if not unit.alive or unit.scouted or not view.has(unit.id, "Scout Deploy"):
            continue

        def listed(unit_id: str = unit.id, owner: str = unit.owner) -> list[BaseModel]:
            base = Ends(state, unit_id, "normal")
            found: list[BaseModel] = []
            if GloomMovement.of(state, "normal").no_movement(unit_id) is None:
                found += [ScoutMove(player=owner, unit=unit_id, path=base.path(h)) for h in base.hexes if not view.engaged_by(unit_id, parse_hex(h))]
            # the free Move Action with each Active movement trait the unit has, and the pairs
            # used together, where they move otherwise than the plain move (``_moves``)
            modes = {"normal"}
            uses: list[str | list[str]] = [n for n in sorted(view.traits(unit_id)) if (t := TRAITS.get(n)) is not None and t.movement_option]
            uses += [list(pair) for pair in trait_pairs(view, unit_id)]
            for use in uses:
                mode, blocked = choose_mode(view, unit_id, use, in_activation=False)
                if blocked is not None or mode in modes or (mode != "flying" and GloomMovement.of(state, mode).no_movement(unit_id)):
                    continue
                modes.add(mode)
                ends = Ends(state, unit_id, mode, base)
                found += [ScoutMove(player=owner, unit=unit_id, path=ends.path(h), use=use) for h in ends.hexes if not view.engaged_by(unit_id, parse_hex(h))]
            return found

        parts.append(Part(("scout_move", unit.id), items=listed))
    return parts


def _push_moves(state: GloomState) -> list[Part]:
    """One hex for each eligible unit, to each hex the push mode's judge lets it enter.

    The hexes are read here, unit by unit, not when a part is first counted (``Ends``): a God's
    Push hex is one step, read off the mat's steps and the units' places
    (``GloomMovement.push_ends``, as ``Ends`` reads it for a unit the push mode lets move), a
    few microseconds a unit, and a policy counts every part of the listing before it picks one
    (``len``): holding each unit's ends behind an ``Ends`` and its cached reads cost more than
    the ends. They are ``push_ends`` read in the mat's order (the mat's one-MP steps kept
    sorted: ``HexSteps.one_mp_ends_in_order``) less the hexes held, without the push model."""
    if state.options.gods_push_move == "disabled":
        return []
    view = MatView.of(state)
    held = view.held
    in_order = view.steps.one_mp_ends_in_order
    parts: list[Part] = []
    for unit in sorted(view.living, key=_ID):
        if not push_eligible(view, unit):
            continue
        # a living unit may always move in push mode (``no_movement``: Lockdown leaves the push
        # alone), one hex: ``Ends._found``'s push_ends case, sorted as ``Ends.hexes`` sorts it
        hexes = [to for to in in_order(unit.location or "") if to not in held]
        parts.append(_push_part(unit.id, unit.owner, hexes))
    return parts


def _push_part(unit_id: str, owner: str, hexes: list[str]) -> Part:
    """The God's Push moves of one unit, one per hex of ``hexes`` (a one-hex path ends where it goes)."""
    def item(i: int) -> BaseModel:
        return GodsPushMove(player=owner, unit=unit_id, to=hexes[i])

    def find(command: BaseModel) -> int | None:
        if not isinstance(command, GodsPushMove) or command.face is not None or command.to not in hexes:
            return None
        return hexes.index(command.to)

    def outlines() -> list[tuple[int, Outline]]:
        return [(i, Outline("gods_push_move", unit_id, h, False)) for i, h in enumerate(hexes)]  # one hex each

    return Part(("gods_push_move", unit_id), size=lambda: len(hexes), item=item, find=find, outlines=outlines)
