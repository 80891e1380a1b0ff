"""The Tiny Epic Tactics commands the active player may issue now (``Game.legal_commands``).

For each of the player's units, each action the turn structure allows it (``turns.py``): a Move
to each space of its range of motion by a cheapest path; a Melee Attack on each adjacent enemy
at its level, with and without knock back; a Missile and a Spell Attack on each enemy in range;
firing the Ballista at each enemy in range, in each direction allowed. Then paying to remove a
Weakened token where allowed, and ``end_turn``. Other paths to the same space are allowed but
not listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from operator import attrgetter

from pydantic import BaseModel

from domain.legal import LegalCommands, Outline, Part, distinct_outlines
from domain.movement import Reach, search_reach, walk_back
from domain.rulesets.tinyepic.combat import (
    ballista_directions,
    ballista_refusal,
    in_melee_reach,
    in_shot,
    on_ballista_to_fire,
)
from domain.rulesets.tinyepic.commands import (
    EndTurn,
    FireBallista,
    MeleeAttack,
    MissileAttack,
    Move,
    PayToRemoveWeakened,
    SpellAttack,
)
from domain.rulesets.tinyepic.kept import UnitMoves, reading_order
from domain.rulesets.tinyepic.movement import BOARD_STEPS, TetMovement, state_board_steps
from domain.rulesets.tinyepic.moves import SIDE_OCCUPIED, back_counts, searched_moves
from domain.rulesets.tinyepic.state import TetState, TetUnit
from domain.rulesets.tinyepic.turns import ACTIONS, ACTIONS_PER_TURN, allowed_actions, pay_refusal
from domain.rulesets.tinyepic.view import GridView


def legal_commands(
    state: TetState, moves: Callable[[GridView, TetUnit], Sequence[Move]] | None = None
) -> LegalCommands:
    """The commands, part by part (``domain.legal``): each unit's moves counted from its
    search, kept with the board (``unit_moves``), and built when read, so that ``command in legal`` looks at one
    unit's moves and a random pick builds one; the other commands are cheap and listed. In the
    order of the plain list. ``moves`` lists a unit's moves instead (the tests' search from
    scratch).

    The living units are split by side in one pass off the state's units, and no unit
    is asked anything once the turn's three actions are taken (``allowed_actions`` allows none
    then; only a Weakened unit's payment, not an action, is still listed). The attacks, the
    payments and the turn's end are frozen commands made once per process (``_commands``)."""
    # a view of its own (not the state's shared one: nothing else reads this state before the
    # command chosen changes it); its living units (``GridView.living``) are read only by the
    # rarer checks (a Ballista's shot, a bar on entering one), which work them out then
    view = _new(GridView)  # ``GridView(state)`` without its call
    _setattr(view, "__dict__", {"state": state, "options": state.options})
    player = state.active_player
    parts: list[Part | ListedPart] = []
    mine: list[TetUnit] = []
    enemies: list[TetUnit] = []
    for u in state.units.values():  # the living units, split by side in one pass
        if u.alive and u.location is not None:
            if u.owner == player:
                mine.append(u)
            else:
                enemies.append(u)
    if len(mine) > 1:
        mine.sort(key=_BY_ID)
    if len(enemies) > 1:
        enemies.sort(key=_BY_ID)
    units_left = len(mine)  # ``view.counts[player]``: counted once for every unit's turn checks
    acting = state.actions_taken < ACTIONS_PER_TURN  # else ``allowed_actions`` allows nothing
    if acting and mine and view.options.ally_pass_through:
        # the player's side's ``moves._side_occupied`` (where a move's search may not go, and
        # what it only crosses), from the split just made: the other sides' spaces and its own
        # (no two living units share a space), kept where the moves' searches read it
        view.__dict__[SIDE_OCCUPIED] = {player: (frozenset(map(_LOCATION, enemies)), frozenset(map(_LOCATION, mine)))}
    # most boards have no Ballista: no unit is asked then (``has_ballista``, kept with the
    # board's steps, which the moves' searches read from the view)
    ballista = False
    if acting:  # ``board_steps(view)``, read off the board's indexes directly and kept on the view
        steps = state.__pydantic_private__["_board"].get(BOARD_STEPS)  # type: ignore[index]  # ``board_index``'s dict
        if steps is None:
            steps = state_board_steps(state)
        view.__dict__["board_steps"] = steps
        ballista = steps.has_ballista
    for unit in mine:  # ``view.units_of``, in id order
        # ``allowed_actions``, asked only of a unit that has acted this turn or is Weakened: it
        # allows every action to any other of the player's units while fewer than three are taken
        allowed = (ACTIONS if not unit.actions and not unit.weakened else allowed_actions(state, unit, units_left)) if acting else ()
        if allowed:
            if "move" in allowed:
                parts.append(MovePart(view, unit) if moves is None else Part.of(list(moves(view, unit))))
            # each attack is judged by its refusal; a unit that fails a check of its own (no dice,
            # no range, no Ammo, not on the Ballista) is refused against every enemy, and skipped
            if enemies:
                if "melee" in allowed and unit.melee > 0:
                    reached = in_melee_reach(view, unit, enemies)  # ``may_melee`` of each enemy
                    if reached:
                        melee: list[BaseModel] = []
                        for e in reached:
                            melee.extend(_melee(player, unit.id, e.id))
                        _add(parts, "melee_attack", unit, melee)
                if "missile" in allowed and unit.missile > 0 and unit.ammo >= 1:
                    _add(parts, "missile_attack", unit, [
                        _command(MissileAttack, player, unit.id, e.id) for e in in_shot(view, unit, enemies, "missile")
                    ])
                if "spell" in allowed and unit.spell > 0 and unit.mana >= 1:
                    _add(parts, "spell_attack", unit, [
                        _command(SpellAttack, player, unit.id, e.id) for e in in_shot(view, unit, enemies, "spell")
                    ])
                if ballista and "ballista" in allowed and on_ballista_to_fire(view, unit):
                    _add(parts, "fire_ballista", unit, [
                        FireBallista(player=player, unit=unit.id, target=e.id, direction=d)
                        for e in enemies if ballista_refusal(view, unit, e, None) is None
                        for d in ballista_directions(view, unit, e)
                    ])
        if unit.weakened and pay_refusal(state, unit) is None:  # only a Weakened unit pays (most are not)
            _add(parts, "pay_to_remove_weakened", unit, [_command(PayToRemoveWeakened, player, unit.id)])
    end = _END_TURN_PARTS.get(player)  # ``_end_turn_part``, looked up here first
    parts.append(end if end is not None else _end_turn_part(player))
    return LegalCommands(parts)  # type: ignore[arg-type]  # a ListedPart answers as a Part does


#: units in id order
_BY_ID = attrgetter("id")
#: a living unit's space
_LOCATION = attrgetter("location")
_new = object.__new__
_setattr = object.__setattr__


def _add(parts: list[Part | ListedPart], command: str, unit: TetUnit, listed: list[BaseModel]) -> None:
    """A part of commands already listed, when there are any, filed as ``Part.of`` files them
    (the command's name and its unit) without reading them back off the first command."""
    if listed:
        part = ListedPart(listed)  # made in C: a list's own constructor
        part.key = (command, unit.id)
        parts.append(part)


class ListedPart(list[BaseModel]):
    """A part of the legal commands listed whole when it is made (a unit's attacks, its
    payment, the turn's end): the list of its commands itself, which answers what the
    collection asks of a part (``domain.legal.Part``: its count, a command by its index,
    iteration) in C, with no Python call: the collection counts every part at each reading
    (its truth, its length, each pick), and there is no count to keep nor closure to call.
    ``key`` is the part's, set when it is made; ``holds`` and ``settle`` answer as ``Part``'s.
    A part of the same commands made by ``Part.of`` answers the same (a test compares them)."""

    __slots__ = ("key",)

    key: tuple[str, str | None]

    #: a command by its index, as ``Part.get``: the list's own indexing
    get = list.__getitem__

    def settle(self) -> None:
        """Listed when made: nothing is left to work out."""

    def holds(self, command: BaseModel) -> bool:
        return any(command == listed for listed in self)


def _melee(player: str, unit: str, target: str) -> tuple[BaseModel, BaseModel]:
    """The two Melee Attacks of ``unit`` on ``target``, with and without knock back, in that
    order (``_commands``)."""
    key = (MeleeAttack, player, unit, target)
    found = _COMMANDS.get(key)
    if found is None:
        found = (
            MeleeAttack(player=player, unit=unit, target=target),
            MeleeAttack(player=player, unit=unit, target=target, knock_back=False),
        )
        _keep(key, found)
    return found  # type: ignore[return-value]  # kept under a melee key: the pair made above


def _command(kind: type[BaseModel], player: str, unit: str, target: str | None = None) -> BaseModel:
    """The command ``kind`` (a Missile or Spell Attack on ``target``, or a payment when
    ``target`` is None) of ``player``'s ``unit`` (``_commands``)."""
    key = (kind, player, unit, target)
    found = _COMMANDS.get(key)
    if found is None:
        found = kind(player=player, unit=unit) if target is None else kind(player=player, unit=unit, target=target)
        _keep(key, found)
    return found  # type: ignore[return-value]  # kept under ``kind``'s key: the command made above


def _keep(key: tuple[object, ...], found: object) -> None:
    if len(_COMMANDS) >= _COMMANDS_MOST:
        _COMMANDS.clear()  # unit and player names come from scenarios: a few hundred are kept
    _COMMANDS[key] = found


#: (command class, player, unit, target or None) -> the command, or a Melee Attack's pair: the
#: listed commands whose fields are all names. Each is frozen (no field can change, and a copy
#: is a new command), so one command made per process serves every state and game that lists
#: it, as the turn's end does (``_end_turn_part``); made anew per listing they were most of a
#: listing's cost (a pydantic model each), and a random pick reads one command of the list
_COMMANDS: dict[tuple[object, ...], object] = {}
_COMMANDS_MOST = 4_096


def _end_turn_part(player: str) -> ListedPart:
    """The part of the player's ``end_turn``, one per player and process: the one frozen
    command (no field can change), the same in every listing, not made once per state."""
    found = _END_TURN_PARTS.get(player)
    if found is None:
        found = ListedPart([EndTurn(player=player)])
        found.key = ("end_turn", None)
        if len(_END_TURN_PARTS) >= _END_TURN_MOST:
            _END_TURN_PARTS.clear()  # player names come from scenarios: a few are kept
        _END_TURN_PARTS[player] = found
    return found


#: player -> their ``end_turn`` part (``_end_turn_part``)
_END_TURN_PARTS: dict[str, ListedPart] = {}
_END_TURN_MOST = 64


class MovePart(Part):
    """One unit's moves as a part of the legal commands (``domain.legal.Part``), read off its
    search (``searched_moves``) when first counted: a part of its own rather than a ``Part``
    of three closures (its size, an item, a find), made for each unit of the player to act in
    every state listed. Every reading a part answers is its own here (nothing of ``Part``'s
    is read but ``key``): the same answers as the closures' part (a test compares the two)."""

    __slots__ = ("_view", "_unit", "_moves", "_listed", "_length")

    def __init__(self, view: GridView, unit: TetUnit) -> None:  # Part.__init__ is not called: none of its fields is read
        self.key = ("move", unit.id)
        self._view, self._unit = view, unit
        self._moves: UnitMoves | None = None
        #: every move built, once the part is listed whole (``settle``, iterating)
        self._listed: list[BaseModel] | None = None
        #: how many moves, once counted (the collection counts its parts at each reading)
        self._length: int | None = None

    def _kept(self) -> UnitMoves:
        found = self._moves
        if found is None:
            found = self._moves = searched_moves(self._view, self._unit)
        return found

    def __len__(self) -> int:
        found = self._length
        if found is None:  # ``_kept``, inline: the collection counts every part of every listing
            moves = self._moves
            if moves is None:
                moves = self._moves = searched_moves(self._view, self._unit)
            found = self._length = moves.count
        return found

    def get(self, index: int) -> BaseModel:
        if self._listed is not None:
            return self._listed[index]
        moves = self._moves  # ``_kept``, inline: a random pick reads a move of one part
        if moves is None:
            moves = self._moves = searched_moves(self._view, self._unit)
        if not 0 <= index < moves.count:
            raise IndexError("legal command index out of range")
        return moves.move(index)

    def _all(self) -> list[BaseModel]:
        if self._listed is None:
            moves = self._kept()
            self._listed = [moves.move(i) for i in range(len(moves))]
        return self._listed

    def settle(self) -> None:
        self._all()

    def outlines(self) -> list[tuple[int, Outline]]:
        """The moves' outlines (``Part.outlines``): each its end (one move to a space), without
        its path."""
        if self._listed is not None:
            return distinct_outlines(self._listed)
        unit_id = self._unit.id
        return [(i, Outline("move", unit_id, end, False)) for i, end in enumerate(self._kept().ends)]

    def __iter__(self) -> Iterator[BaseModel]:
        return iter(self._all())

    def holds(self, command: BaseModel) -> bool:
        if self._listed is not None:
            return any(command == listed for listed in self._listed)
        path = getattr(command, "path", None)
        if not isinstance(command, Move) or not path:
            return False
        index = self._kept().index_of(str(path[-1]))
        return index is not None and self.get(index) == command


def unit_moves(view: GridView, unit: TetUnit) -> tuple[Move, ...]:
    """The unit's Move commands in this state, from the board's kept searches (``moves.py``)."""
    return searched_moves(view, unit).moves()


def moves_of(model: TetMovement, unit: TetUnit) -> UnitMoves:
    """A Move to each space of the unit's range of motion by a cheapest path (the engine's
    search over ``model``: what ``moves.searched_moves`` must agree with), and the spaces it
    could afford to step out of: where it stands, and each space it reached within its Movement."""
    start = unit.location or ""
    reach = search_reach(model, unit.id, start)
    left = frozenset({start, *reach.previous, *reach.cost}) if start else frozenset()
    ends = [loc for loc in reach.cost if loc != start]
    home = _way_home(model, unit, reach) if start and back_counts(model.view, unit) else None
    return UnitMoves(left, unit.owner, unit.id, start, reach.previous, ends, home=home)


def _way_home(model: TetMovement, unit: TetUnit, reach: Reach) -> list[str] | None:
    """The Move out and back to the unit's space, read off the engine's search (what
    ``moves.way_home`` must agree with): among the spaces reached within the Movement, those it
    may end on and those it may only cross (an ally's: seed 003, Allies, the move ends on the
    start, not there), one whose step back onto the start costs the least in all, first in
    reading order."""
    start = unit.location or ""
    allowance = model.allowance(unit.id)
    ways = []
    for near in {*reach.cost, *reach.pass_only}:
        if near == start or near not in reach.previous:
            continue
        path = walk_back(reach.previous, start, near)
        cost = sum(_step_cost(model, unit.id, a, b) for a, b in zip(path, path[1:], strict=False))
        if cost > allowance:
            continue
        backs = [o.cost for o in model.step_options(unit.id, near) if o.to == start and o.blocked is None]
        if backs and cost + min(backs) <= allowance:
            ways.append((cost + min(backs), reading_order(near), near))
    if not ways:
        return None
    near = min(ways)[2]
    return [*walk_back(reach.previous, start, near)[1:], start]


def _step_cost(model: TetMovement, unit_id: str, frm: str, to: str) -> float:
    """What the search's step from ``frm`` into ``to`` cost (the one step the model offers there)."""
    return min(o.cost for o in model.step_options(unit_id, frm) if o.to == to and o.blocked is None)
