"""The Sorcery commands the player to act may issue now (``Game.legal_commands``).

Listed: in the main phase with an empty storyline, Move and Attack for each untapped unit of the
active player to each location of its range of motion by a cheapest path, without an attack and
with each attack that is possible there now (an enemy unit standing there, the enemy site's
surface), each ``activate`` of a modelled activated ability with targets it accepts now
(activations/), then ``end_turn``; while an attack awaits defenders, ``defend`` for each untapped unit of
the defending player that has the attack's location in its range, then ``pass``.

Not listed, though the codex allows them (docs/design.md, "Legal commands"): paths other than a
cheapest one, and paths that fail part-way (codex: Path: legality is checked per step as it is
taken); casting spells, playing sites, summoning minions and conjuring artifacts (`cast`,
`play_site`, `summon`, `conjure`: scripted commands, since a hand of cards is not modelled).
"""

from __future__ import annotations

import functools
import itertools

from pydantic import BaseModel

from domain.errors import SimError
from domain.legal import LegalCommands, Part
from domain.movement import search_reach
from domain.rulesets.sorcery import mandatory, oversized, turning
from domain.rulesets.sorcery.activations import registry
from domain.rulesets.sorcery.activations.sources import abilities_for, activated_of, check
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.commands import Activate, Defend, Drop, EndTurn, Intercept, MoveAndAttack, Pass, PickUp
from domain.rulesets.sorcery.engine.artifacts import borne_by, on_ground
from domain.rulesets.sorcery.engine.attack import comes_to, own_target_refusal
from domain.rulesets.sorcery.engine.carry import artifact_drop_refusal, artifact_refusal, carry_refusal
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.movement import SorceryMovement
from domain.rulesets.sorcery.oversized import OversizedMovement
from domain.rulesets.sorcery.realm import Region, parse_loc
from domain.rulesets.sorcery.rules.live import LiveIndex, live
from domain.rulesets.sorcery.rules.shared import realm_key, table
from domain.rulesets.sorcery.state import SorceryState, SorceryUnit
from domain.rulesets.sorcery.view import RealmView

#: the engine's movement model (engine/reader.py ``movement``)
Movement = SorceryMovement | OversizedMovement


def _movement(state: SorceryState) -> Movement:
    """The model the engine judges a Move and Attack, a Defend and an Intercept by
    (``Reader.movement``): an oversized unit's steps judged part by part (codex: Oversized
    Units), so a listed path is one whose every step the engine takes (docs/design.md "Legal
    commands"); the plain model would list the steps of its square alone."""
    found: Movement = oversized.movement(SorceryMovement(state), state)
    return found


def to_act(state: SorceryState) -> str:
    """The defending player while an attack awaits defenders, else the active player."""
    if state.choice is not None:
        return state.choice.player
    attack = state.attack
    if attack is not None and attack.window_open:
        return state.opponent_of(state.units[attack.attacker].owner)
    if state.intercept is not None:
        return state.opponent_of(state.units[state.intercept.unit].owner)
    return state.active_player


def legal_commands(state: SorceryState) -> list[BaseModel]:
    attack = state.attack
    if attack is not None and attack.window_open:
        return _defence(state)
    if state.intercept is not None:
        return _intercepts(state)
    if attack is not None or state.storyline:
        return []
    found = mandatory.duties(state)
    if found:  # mandatory attacks first (codex: Mandatory Actions)
        moves: list[BaseModel] = [m for m in _moves(state) if isinstance(m, MoveAndAttack) and _meets(state, found, m)]
        return moves
    ready, sources = main_phase(state)
    carrying = _carrying(state)
    if not sources:  # no activated ability among the player's cards (most states)
        return [*ready, *carrying, _end_turn(state.active_player)]
    return [*ready, *_activations(state, sources), *carrying, _end_turn(state.active_player)]


def _carrying(state: SorceryState) -> list[BaseModel]:
    """Pick Up and Drop, basic abilities used once each on the player's turn (digest 2.1, 2.6;
    codex: Pick Up, Drop): for each of the active player's carriers, a ``pick_up`` naming each
    set of units it may carry now (``carry_refusal``, the command's own check, each of them at
    its location; no more than it has room for), and, unless it has interacted with the realm
    this turn, a ``drop`` naming each set of the units it carries that may be dropped (not one
    held by an effect: Brobdingnag Bullfrog). Targets in sorted order, each set once; every set
    while few may be named, else each alone and all together (``_sets``). Every unit of the
    player, carrier or not, also picks up the artifacts lying at its location and drops those it
    bears, as the command accepts (``artifact_refusal``, ``artifact_drop_refusal``): each set of
    them, and, beside units, all of both together (``_mixed``)."""
    carriers = state.characteristics_index(_CARRIERS, lambda: any(u.carries > 0 for u in state.units.values()))
    artifacts = any(f.kind == "artifact" for f in state.features.values())
    if not carriers and not artifacts:
        return []  # no unit of the game carries and no artifact is in the realm (most games)
    player = state.active_player
    used = set(state.used_this_turn)
    reader = Reader(state)
    view = reader.view()
    found: list[BaseModel] = []
    for unit in sorted(state.living_units(), key=lambda u: u.id):
        if not isinstance(unit, SorceryUnit) or unit.owner != player or unit.location is None:
            continue
        if unit.carries <= 0 and not artifacts:
            continue
        carried = view.passengers(unit.id) if unit.carries > 0 else []
        if f"pick_up:{unit.id}" not in used:
            room = unit.carries - len(carried)
            may = sorted(
                u.id for u in state.units_at(unit.location)
                if isinstance(u, SorceryUnit) and carry_refusal(reader, unit, u) is None
            ) if unit.carries > 0 else []
            lying = [f.id for f in on_ground(reader, unit.location) if artifact_refusal(reader, unit, f) is None] if artifacts and unit.location else []
            found += [PickUp(player=player, unit=unit.id, targets=list(s)) for s in _mixed(may, room, lying)]
        if f"drop:{unit.id}" not in used and f"interacted:{unit.id}" not in used:
            free = [u for u in carried if view.held_by(u) is None]
            borne = [f.id for f in borne_by(state, unit.id) if artifact_drop_refusal(reader, unit, f) is None] if artifacts else []
            found += [Drop(player=player, unit=unit.id, targets=list(s)) for s in _mixed(free, len(free), borne)]
    return found


def _mixed(units: list[str], room: int, artifacts: list[str]) -> list[tuple[str, ...]]:
    """The target sets of a Pick Up or Drop naming ``units`` (no more than ``room``) and
    ``artifacts`` (any number): the sets of units (``_sets``) as before artifacts were listed,
    then the sets of artifacts, then, when there are both, the most units with every artifact."""
    found = _sets(units, room)
    if not artifacts:
        return found
    found += _sets(artifacts, len(artifacts))
    if found and units and room > 0:
        found.append(tuple(sorted([*units[:room], *artifacts])))
    return found


#: the name the "some unit of the game carries" flag is kept under, with the characteristics
_CARRIERS = "sorcery.carriers"


#: up to this many units that may be named, every set of them is listed; beyond, each alone and
#: as many together as there is room for (a Beast of Burden carries any number: 2^n sets)
EVERY_SET = 4


def _sets(units: list[str], most: int) -> list[tuple[str, ...]]:
    """The sets of ``units`` (sorted) a Pick Up or Drop is listed with, none larger than
    ``most``, smaller sets first: every one while the units are few (``EVERY_SET``), otherwise
    each alone and the first ``most`` together."""
    most = min(most, len(units))
    if len(units) <= EVERY_SET:
        return [s for n in range(1, most + 1) for s in itertools.combinations(units, n)]
    alone = [(u,) for u in units] if most >= 1 else []
    return alone + ([tuple(units[:most])] if most > 1 else [])


@functools.lru_cache(maxsize=16)
def _end_turn(player: str) -> EndTurn:
    """The one ``end_turn`` of ``player``: a command is a frozen value, so every listing may hold
    the same one (a listing is made before most commands of a game)."""
    return EndTurn(player=player)


@functools.lru_cache(maxsize=16)
def _pass(player: str) -> Pass:
    """The one ``pass`` of ``player`` (``_end_turn``)."""
    return Pass(player=player)


def _meets(state: SorceryState, found: list[mandatory.Duty], move: MoveAndAttack) -> bool:
    unit = state.units[move.unit]
    end = move.path[-1] if move.path else unit.location or ""
    return any(mandatory.satisfies(state, d, move.unit, end, move.attack) for d in found)


def _ready(state: SorceryState, player: str, movement: Movement) -> list[str]:
    """Untapped units able to tap: not disabled, not summoning sick (codex: Summoning Sickness)."""
    return [u for u in sorted(state.units) if _is_ready(state, movement, u, player)]


def _is_ready(state: SorceryState, movement: Movement, unit_id: str, player: str) -> bool:
    """One unit of ``_ready``; keywords where it stands are read from the live index (rules/live.py)."""
    u = state.units.get(unit_id)
    return (
        u is not None and u.owner == player and u.alive and u.location is not None and not u.tapped
        and movement.no_movement(u.id) is None
        and not (u.entered_turn == state.turn and "Charge" not in live(state).keywords[u.id])
    )


def _intercepts(state: SorceryState) -> list[BaseModel]:
    window = state.intercept
    assert window is not None
    player = to_act(state)
    movement = _movement(state)
    found: list[BaseModel] = [
        Intercept(player=player, unit=unit_id) for unit_id in sorted(state.units)
        if _may_intercept_now(state, movement, unit_id, player)
    ]
    found.append(_pass(player))
    return found


def _may_intercept_now(state: SorceryState, movement: Movement, unit_id: str, player: str) -> bool:
    window = state.intercept
    assert window is not None
    if not _is_ready(state, movement, unit_id, player):
        return False
    if unit_id in window.interceptors or state.units[unit_id].location != window.location or unit_id in window.carried_along:
        return False
    return _may_intercept(state, unit_id, window.unit)


def _may_intercept(state: SorceryState, unit_id: str, mover_id: str) -> bool:
    view = RealmView.of(state)
    if view.restriction(unit_id, "no_intercept") is not None or view.disabled(unit_id) is not None:
        return False
    if "Stealth" in view.keywords(mover_id) or view.uninterceptable(mover_id) is not None:
        return False
    if view.airborne(mover_id):
        keywords = view.keywords(unit_id)
        return "Airborne" in keywords or any(k.startswith("Ranged") for k in keywords)
    return True


def _moves(state: SorceryState) -> tuple[BaseModel, ...]:
    """The Move and Attack commands of every ready unit of the active player (``main_phase``)."""
    return main_phase(state)[0]


def main_phase(state: SorceryState) -> tuple[tuple[BaseModel, ...], tuple[str, ...]]:
    """The Move and Attack commands of every ready unit of the active player, and the player's
    sources of activated abilities (``_sources``), kept per realm and places
    (``rules.shared.realm_key``) and what readiness reads besides: each of the player's units'
    tapped mark and whether it entered this turn (the rest, its being disabled and its Charge,
    is the realm's; the other player's marks are read by none of it, and who owns each unit is
    the realm's, so the marks line up with the same units). A turn passing and coming back, or
    the next game from the same start, finds the listing made; the sources, all the realm's,
    are kept beside it so that a listing looks one table up, not two."""
    player = state.active_player
    turn = state.turn
    marks = tuple([(u.tapped, u.entered_turn == turn) for u in state.units.values() if u.owner == player])
    return table(
        state, (*realm_key(state), "ready moves", player, marks), lambda: (_ready_moves(state, player), _sources(state, player)),
    )


def _ready_moves(state: SorceryState, player: str) -> tuple[BaseModel, ...]:
    movement = _movement(state)
    found: list[BaseModel] = []
    for unit_id in _ready(state, player, movement):
        found += kept_moves(state, movement, unit_id, player)
    return tuple(found)


def kept_moves(state: SorceryState, movement: Movement, unit_id: str, player: str) -> tuple[BaseModel, ...]:
    """``_moves_of`` for every destination, kept in a table shared by every state of the same
    realm (``rules.shared.realm_key``: the realm's facts and where every unit stands), since
    that is all it reads once the unit is ready (its reach, its own "can't", who stands where
    with which keywords, who controls each site): a state met again (the same places later in
    the game, the next game from the same start) lists them without a search. The commands are
    only read: a listing copies the tuple into its own list."""
    return table(
        state, (*realm_key(state), "moves", unit_id, player), lambda: tuple(_moves_of(state, movement, unit_id, player)),
    )


def _moves_of(state: SorceryState, movement: Movement, unit_id: str, player: str, only: str | None = None) -> list[BaseModel]:
    """The Move and Attack commands of one ready unit: to each location of its range of motion
    (only to ``only`` when given) by a cheapest path, without an attack and with each attack
    possible there (none where its Waterbound or Landbound would disable it: codex: Disabled;
    other effects that disable are judged as the attack is declared, the realm changed by the move)."""
    view = RealmView.of(state)
    unit = state.units[unit_id]
    reach = search_reach(movement, unit_id, unit.location or "")
    if only is None:
        ends = sorted(reach.cost, key=lambda loc: (parse_loc(loc).square, loc))
    else:
        ends = [only] if only in reach.cost else []
    found: list[BaseModel] = []
    attacks = view.restriction(unit_id, "no_attack") is None  # the unit's own "can't", wherever it ends
    sites = view.restriction(unit_id, "no_attack_sites") is None
    index = live(state)  # who stands where, and their keywords where they stand
    for location in ends:
        path = (reach.path_to(location) or [location])[1:]
        found.append(MoveAndAttack(player=player, unit=unit_id, path=path))
        if not attacks:
            continue
        targets = _targets(state, view, index, unit, location)
        if targets and view.bound(unit_id, parse_loc(location)) is not None:
            continue  # disabled there by Waterbound or Landbound: its attack would be refused (engine/attack.py)
        for target in targets:
            if target == "site" and not sites:
                continue
            found.append(MoveAndAttack(player=player, unit=unit_id, path=path, attack=target))
    return found


def _targets(state: SorceryState, view: RealmView, index: LiveIndex, unit: SorceryUnit, location: str) -> list[str]:
    """What a unit ending its move at ``location`` could attack, as the realm stands now (an
    Airborne target only by an Airborne attacker: codex: Airborne)."""
    owner = unit.owner
    loc = parse_loc(location)
    units = state.units
    enemies = [u for u in index.units_at(location) if units[u].owner != owner]
    targets: list[str] = []
    if enemies:  # whether the attacker would be Airborne there matters only against someone
        surface = loc.region is Region.SURFACE
        airborne = surface and "Airborne" in view.keywords(unit.id, loc)
        targets = sorted(u for u in enemies if airborne or not (surface and "Airborne" in index.keywords[u]))
    site = view.site_at(loc.square)
    if loc.region is Region.SURFACE and site is not None and site.controller != owner:
        targets.append("site")
    return targets


def _defence(state: SorceryState) -> list[BaseModel]:
    defending = to_act(state)
    movement = _movement(state)
    found: list[BaseModel] = [
        Defend(player=defending, unit=unit_id) for unit_id in sorted(state.units)
        if _may_defend(state, movement, unit_id, defending)
    ]
    found.append(_pass(defending))
    return found


def _may_defend(state: SorceryState, movement: Movement, unit_id: str, defending: str) -> bool:
    attack = state.attack
    assert attack is not None
    if not _is_ready(state, movement, unit_id, defending) or own_target_refusal(attack, unit_id) is not None:
        return False
    view = RealmView.of(state)
    unit = state.units[unit_id]
    if view.restriction(unit_id, "no_defend") is not None:
        return False
    if view.restriction(unit_id, "defend_in_place") is not None and attack.location != unit.location:
        return False
    return comes_to(view, search_reach(movement, unit_id, unit.location or ""), unit, attack.location)


def _activations(state: SorceryState, sources: tuple[str, ...] | None = None) -> list[BaseModel]:
    """Each activation the active player may make now, as commands: each target its ability's
    class lists as a candidate (every destination and target, its own steps only where
    unblocked) that the class's own check accepts (activations/). ``sources``: the player's
    (``_sources``), when the caller has them."""
    player = state.active_player
    if sources is None:
        sources = _sources(state, player)
    if not sources:
        return []
    reader = Reader(state)
    found: list[BaseModel] = []
    for source_id in sources:
        for ability in abilities_for(state, source_id):
            probe = Activate(player=player, source=source_id, ability=ability.name)
            try:
                source, _, _ = check(reader, probe)
            except SimError:
                continue
            kind = registry.of(ability)
            for targets in kind.candidates(reader, source, ability, player):
                try:
                    plan = kind.plan(reader, source, ability, player, targets)
                except SimError:
                    continue
                found.append(probe.model_copy(update={"targets": targets}))
                found.extend(probe.model_copy(update={"targets": targets, "turn": t}) for t in _turns(state, plan.moves, source.card))
    return found


def _sources(state: SorceryState, player: str) -> tuple[str, ...]:
    """The player's living units and sites that have an activated ability, kept per realm and
    places (``rules.shared.realm_key``): who is alive, owns or controls what, and the abilities
    each has (``abilities_for``) are all the realm's. Most states have none, and then the
    activations are not looked for."""
    if not state.effects and state.characteristics_index(_NONE_ACTIVATED, lambda: _none_activated(state)):
        return ()  # no card of the game can give anything an activated ability (most games)
    return table(state, (*realm_key(state), "sources", player), lambda: _sources_now(state, player))


#: the name ``_none_activated`` is kept under, with the state's characteristics
_NONE_ACTIVATED = "sorcery.none_activated"


def _none_activated(state: SorceryState) -> bool:
    """Whether, while no effect is recorded, ``_sources_now`` finds nothing for either player
    wherever the units stand: no card of a unit or feature (living or not) has an activated
    ability, its own or one it grants (all that ``abilities_for`` reads of cards), and no unit's
    own keywords hold Ranged (with no effect recorded none is granted: a passive ability is a
    recorded effect). Read from the cards and the units' keywords alone, so kept with the
    characteristics: a step, a tap or a turn passing changes none of it."""
    cards = {u.card for u in state.units.values()} | {f.card for f in state.features.values()}
    if any(a.activated is not None for name in cards for a in abilities_of(name)):
        return False
    return not any(k.startswith("Ranged") for u in state.units.values() for k in u.keywords)


def _sources_now(state: SorceryState, player: str) -> tuple[str, ...]:
    units = [u.id for u in sorted(state.living_units(), key=lambda u: u.id) if u.owner == player and abilities_for(state, u.id)]
    sites = [
        f.id for f in sorted(state.features.values(), key=lambda f: f.id)
        if f.kind == "site" and f.controller == player and activated_of(f.card)
    ]
    return (*units, *sites)


def _turns(state: SorceryState, moves: list[turning.PlannedMove], name: str) -> list[int]:
    """The quarter turns an activation's teleport may land an oversized unit in, besides its
    present orientation: those where the turned unit lands unblocked (codex: Teleporting
    Oversized Units); none when it teleports no unit a turn changes."""
    if not any(oversized.turnable(state.units[u]) for u, *_ in moves):
        return []
    found = []
    for turn in turning.QUARTER_TURNS[1:]:
        try:
            turning.turned_moves(state, moves, turn, name, legal=True)
        except SimError:
            continue
        found.append(turn)
    return found


def legal(state: SorceryState) -> LegalCommands:
    """The legal commands as the core's lazy collection (domain.legal): ``command in legal``
    decides that one command by itself (``is_legal``: one unit's search, one location), without
    listing the others; iterating lists them all, as ``legal_commands`` does (worked out once).
    Both give the same answers: a test compares them."""
    return LegalCommands([Part(None, items=lambda: legal_commands(state), decides=lambda command: is_legal(state, command))])


def is_legal(state: SorceryState, command: BaseModel) -> bool:
    """Whether ``command`` is among ``legal_commands(state)``, deciding it alone."""
    attack = state.attack
    if attack is not None and attack.window_open:
        defending = to_act(state)
        if isinstance(command, Defend):
            return command == Defend(player=defending, unit=command.unit) and _may_defend(
                state, _movement(state), command.unit, defending
            )
        return command == Pass(player=defending)
    if state.intercept is not None:
        player = to_act(state)
        if isinstance(command, Intercept):
            return command == Intercept(player=player, unit=command.unit) and _may_intercept_now(
                state, _movement(state), command.unit, player
            )
        return command == Pass(player=player)
    if attack is not None or state.storyline:
        return False
    player = state.active_player
    found = mandatory.duties(state)
    if isinstance(command, MoveAndAttack):
        movement = _movement(state)
        if command.player != player or not _is_ready(state, movement, command.unit, player):
            return False
        unit = state.units[command.unit]
        end = str(command.path[-1]) if command.path else unit.location or ""
        if command not in _moves_of(state, movement, command.unit, player, only=end):
            return False
        return not found or _meets(state, found, command)
    if found:
        return False  # mandatory attacks first: only moves that meet them
    if isinstance(command, EndTurn):
        return command == EndTurn(player=player)
    if isinstance(command, Activate):
        return command in _activations(state)  # the activations only, not every move
    if isinstance(command, (PickUp, Drop)):
        wanted = _target_set(state, command)
        return any(
            type(c) is type(command) and c == command.model_copy(update={"targets": c.targets}) and sorted(c.targets) == wanted
            for c in _carrying(state)
        )
    return False


def _target_set(state: SorceryState, command: PickUp | Drop) -> list[str]:
    """The targets of a Pick Up or Drop as the command reads them, sorted: a set, named in any
    order (engine/carry.py judges each whatever the order); a Drop naming none drops the units
    its unit carries (``drop``), so it is read as naming them."""
    targets = list(command.targets)
    if not targets and isinstance(command, Drop):
        unit = state.units.get(command.unit)
        if unit is not None and unit.location is not None:
            targets = list(Reader(state).view().passengers(unit.id))
    return sorted(targets)
