"""Activated abilities that move units: the ``activate`` command (codex: Activated Ability).

An ability is used by the controller of its card, on their turn, in the main phase, with an
empty storyline; a "Tap →" ability taps its unit (recorded as ``UnitTapped``), so the unit must
be untapped and not summoning sick; a "Once on your turn" ability is recorded in the state
(``SorceryState.activations``) and refused a second time that turn. A silenced or disabled
unit, or a site that lost its abilities, has none to use. Its movement is declared as paths that
resolve step by step (own steps judged by the unit's own keywords; forced moves by
``ForcedMovement``); what follows the movement ("on arrival", "tap that enemy", "to burrow it")
is an ``ActivationItem`` behind it on the storyline.

The card texts live in ``abilities_activated.py``; what each kind of ability takes as
``targets`` is in README's Sorcery commands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from domain.errors import BadInput, IllegalCommand, SimError
from domain.rulesets.sorcery import constrict, shackles, spear
from domain.rulesets.sorcery.abilities import (
    Ability,
    Activation,
    FloodSite,
    LureCloser,
    PushOnRivers,
    ReleaseShackled,
    RollingBoulder,
    StepsInDirection,
    StepThenConstrict,
    StepTowardEvil,
    TeleportNearbyTapOthers,
    TeleportToTappedBurrow,
    ThrowSpear,
)
from domain.rulesets.sorcery.abilities import LureHere as LureHereSpec
from domain.rulesets.sorcery.cards import ABILITIES, abilities_of
from domain.rulesets.sorcery.catalog import card, slug
from domain.rulesets.sorcery.commands import Activate
from domain.rulesets.sorcery.events import (
    AbilityActivated,
    ActivationPlanned,
    ActivationResolved,
    ArtifactMoved,
    EffectEnded,
    UnitTapped,
)
from domain.rulesets.sorcery.events_combat import DamageTaken, LifeGained
from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement, SorceryMovement
from domain.rulesets.sorcery.realm import COLUMNS, DIRECTIONS, ROWS, Loc, Region, distance, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import ActivationItem, SorceryState, SorceryUnit
from domain.rulesets.sorcery.view import RealmView

if TYPE_CHECKING:
    from domain.rulesets.sorcery.engine import SorceryCommands

OWN_ABILITIES = rule("codex: Activated Ability", "only the controller of a card uses its activated abilities")
ONCE = rule("codex: Activated Ability", "an ability limited to once on your turn is used once on each of your turns")
NO_ABILITIES = rule("codex: Activated Ability", "a card without abilities (silenced, disabled, lost) can't use them")
#: the subtypes that make a minion Evil (codex: Evil)
EVIL = ("Undead", "Demon", "Monster")
#: the life a player starts with and heals up to (digest gap: life totals are not the subject)
MAX_LIFE = 20


@dataclass
class Plan:
    """What an activation does: paths to declare (first resolves first), then items."""

    moves: list[tuple[str, list[str], str, list[str] | None]] = field(default_factory=list)
    after: list[ActivationItem] = field(default_factory=list)
    #: effects it starts at once (spec, duration, label), then the effects it ends (flooding:
    #: the new flood starts as the old one ends, Waveshaper FAQ), then the units it taps
    effects: list[tuple[dict[str, Any], str, str]] = field(default_factory=list)
    ended: list[str] = field(default_factory=list)
    taps: list[str] = field(default_factory=list)


@dataclass
class Source:
    id: str
    card: str
    controller: str | None
    location: str
    unit: SorceryUnit | None


def activated_of(card_name: str) -> list[Ability]:
    return [
        a for a in abilities_of(card_name)
        if a.activated is not None and a.activated.granted is None
    ]


def granted_here(state: SorceryState, location: str | None) -> list[tuple[str, Ability]]:
    """Activated abilities that the units at ``location`` have from artifacts on the ground
    there (Rolling Boulder: "Units here have ..."), with each artifact's id."""
    found: list[tuple[str, Ability]] = []
    for feature in sorted(state.features.values(), key=lambda f: f.id):
        if feature.kind == "artifact" and feature.bearer is None and location is not None and feature.location == location:
            found.extend((feature.id, a) for a in abilities_of(feature.card) if a.activated and a.activated.granted == "here")
    return found


def abilities_for(state: SorceryState, source_id: str) -> list[Ability]:
    """The activated abilities a unit or site has now (its own, then those granted where it is)."""
    unit = state.units.get(source_id)
    if unit is not None:
        found = activated_of(unit.card) + [a for _, a in granted_here(state, unit.location)]
        found += [a for _, a in shackles.granted_adjacent(state, unit.id)]  # Shackled Demon's release
        found += [a for _, a in spear.granted_bearer(state, unit.id)]  # "Bearer has ..." (Spear of Destiny)
    else:
        found = activated_of(state.features[source_id].card)
    return list({a.name: a for a in found}.values())


def _source(engine: SorceryCommands, source_id: str) -> Source:
    state = engine.state
    unit = state.units.get(source_id)
    if unit is not None:
        if not unit.alive or unit.location is None:
            raise IllegalCommand(rule("codex: Die", "the unit is no longer in the realm"), f"{source_id} is dead")
        return Source(unit.id, unit.card, unit.owner, unit.location, unit)
    feature = state.features.get(source_id)
    if feature is not None and feature.kind == "site" and feature.location is not None:
        return Source(feature.id, feature.card, feature.controller, feature.location, None)
    names = sorted([u.id for u in state.living_units()] + [f.id for f in state.features.values() if f.kind == "site"])
    raise BadInput(f"unknown unit or site {source_id!r} (there are: {', '.join(names)})", "source")


def _ability(state: SorceryState, source: Source, name: str | None) -> Ability:
    found = abilities_for(state, source.id)
    if not found:
        raise BadInput(f"{source.id} ({source.card}) has no activated ability the simulator models", "source")
    if name is None:
        if len(found) > 1:
            raise BadInput(f"{source.id} has several activated abilities: name one ({'; '.join(a.name for a in found)})", "ability")
        return found[0]
    for ability in found:
        if name in (ability.name, _card_of(ability, source.card)):
            return ability
    raise BadInput(f"{source.card} has no ability {name!r} (it has: {'; '.join(a.name for a in found)})", "ability")


def _card_of(ability: Ability, default: str) -> str:
    """The card whose text gives ``ability`` (a granted one is its artifact's)."""
    return next((name for name, abilities in ABILITIES.items() if ability in abilities), default)


def check(engine: SorceryCommands, cmd: Activate) -> tuple[Source, Ability, str]:
    """Refuse an activation that the rules don't allow now, naming the rule."""
    source = _source(engine, cmd.source)
    player = engine.player(cmd.player, source.controller or engine.state.active_player)
    engine._check_main_phase(player)
    if source.controller != player:
        raise IllegalCommand(OWN_ABILITIES, f"{source.id} is controlled by {source.controller}, not {player}")
    ability = _ability(engine.state, source, cmd.ability)
    spec = _spec(ability)
    view = engine.view()
    if source.unit is not None:
        lost = view.silenced(source.id) or view.disabled(source.id)
        if lost is not None:
            raise IllegalCommand(lost, f"{source.id} can't use its abilities")
    elif source.id in view.suppressed_sites:
        raise IllegalCommand(view.suppressed_sites[source.id], f"{source.id} has lost its abilities")
    if spec.cost == "tap":
        assert source.unit is not None
        if source.unit.tapped:
            from domain.rulesets.sorcery.engine import TAP

            raise IllegalCommand(TAP, f"{source.id} is tapped")
        if engine.summoning_sick(source.unit):
            from domain.rulesets.sorcery.engine import SICK

            raise IllegalCommand(SICK, f"{source.id} entered the realm this turn")
    else:
        state = engine.state
        if any(u.source == source.id and u.ability == ability.name and u.turn == state.turn for u in state.activations):
            raise IllegalCommand(ONCE, f"{source.id} has used '{ability.name}' this turn")
    return source, ability, player


def activate(engine: SorceryCommands, cmd: Activate) -> None:
    source, ability, player = check(engine, cmd)
    plan = _plan(engine, source, ability, player, cmd.targets)
    engine.emit(AbilityActivated, source=source.id, card=source.card, ability=ability.name, player=player, targets=list(cmd.targets))
    if _spec(ability).cost == "tap":
        engine.emit(UnitTapped, unit=source.id, reason=f"{source.card}: {ability.name}")
    for spec, duration, label in plan.effects:
        engine.start_effect(source.id, source.controller, spec, duration, label)
    for effect_id in plan.ended:
        engine.emit(EffectEnded, effect_id=effect_id, reason=f"{source.id} used '{ability.name}' again")
    for unit_id in plan.taps:
        if not engine.state.units[unit_id].alive:
            continue  # died as the site was flooded under it
        engine.emit(UnitTapped, unit=unit_id, reason=f"{source.card}: {ability.name}")
        if getattr(_spec(ability), "tap_without_submerge", False):
            engine.start_effect(
                source.id, source.controller, {"kind": "stays_tapped", "unit": unit_id}, "until_untap",
                f"{source.card}: {unit_id} doesn't untap the next time it would",
            )
    for unit_id, path, purpose, kinds in reversed(plan.moves):  # each goes to the front: the first resolves first
        engine.resolver.declare_path(unit_id, path, purpose, None, kinds=kinds)
    for item in plan.after:
        engine.emit(ActivationPlanned, item=item)


def _plan(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    return PLANNERS[type(_spec(ability))](engine, source, ability, player, targets)


def _spec(ability: Ability) -> Activation:
    assert ability.activated is not None, f"{ability.name} is not an activated ability"
    return ability.activated


# --- what each kind of ability does with its targets ----------------------------------------------


def _rule(source: Source, ability: Ability) -> Any:
    return rule(source.card, ability.covers[0])


def _count(targets: list[str], allowed: tuple[int, ...], what: str) -> None:
    if len(targets) not in allowed:
        raise BadInput(f"{what}; got {len(targets)} target(s)", "targets")


def _own_step(engine: SorceryCommands, source: Source, ability: Ability, unit_id: str, to: str) -> None:
    frm = engine.state.units[unit_id].location or ""
    if all(o.to != to for o in SorceryMovement(engine.state, basic=False).step_options(unit_id, frm)):
        raise IllegalCommand(
            _rule(source, ability), f"{unit_id} can't step from {engine.label(frm)} to {engine.label(to)}: not one of its steps",
        )


def _closest_step(engine: SorceryCommands, source: Source, ability: Ability, unit_id: str, to: str, toward: int) -> None:
    """"A step closer" / "toward": to a square fewer squares from ``toward``, and the closest its
    own steps can reach (Sturmgeist FAQ: an Airborne unit steps diagonally straight there). When
    no unblocked step of it gets closer (it is Immobile, disabled), any closer square is
    declared and the step is refused as it comes."""
    frm = parse_loc(engine.state.units[unit_id].location or "")
    here = distance(frm.square, toward)
    there = distance(parse_loc(to).square, toward)
    if there >= here:
        raise IllegalCommand(_rule(source, ability), f"{engine.label(to)} is not closer to {engine.label(str(toward))} than {engine.label(frm.text)}")
    options = SorceryMovement(engine.state, basic=False).step_options(unit_id, frm.text)
    closer = [distance(parse_loc(o.to).square, toward) for o in options if o.blocked is None]
    best = min((d for d in closer if d < here), default=None)
    if best is not None and there != best:
        raise IllegalCommand(
            _rule(source, ability), f"{engine.label(to)} is not the closest {unit_id} can step to ({best} square(s) away; Sturmgeist FAQ)",
        )
    _own_step(engine, source, ability, unit_id, to)


def _forced(engine: SorceryCommands, source: Source, ability: Ability, how: str, unit_id: str, to: str) -> None:
    frm = engine.state.units[unit_id].location or ""
    if all(o.to != to for o in ForcedMovement(engine.state, how).step_options(unit_id, frm)):
        raise IllegalCommand(
            _rule(source, ability), f"{unit_id} can't be moved from {engine.label(frm)} to {engine.label(to)} by {source.card}",
        )


def _teleport_nearby_tap_others(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    """Thundering Giant: to another location nearby, in its region (codex: Teleport: "nearby"
    keeps the region); on arrival every other unit there taps."""
    _count(targets, (1,), f"{source.card} needs one target: the nearby location it teleports to")
    to = engine._parse_in_region(targets[0], source.location, "targets")
    _forced(engine, source, ability, "teleport_nearby", source.id, to)
    return Plan(
        moves=[(source.id, [source.location, to], "forced:teleport_nearby", [FORCED_KINDS["teleport_nearby"]])],
        after=[ActivationItem(source=source.id, then="tap_others", unit=source.id, to=to)],
    )


def _teleport_to_tapped_burrow(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    """Draco Corvus: teleports to the location of a tapped minion in its region (codex: Target),
    then burrows it if able (codex: Burrowing: the verb, from the surface of a land site)."""
    _count(targets, (1,), f"{source.card} needs one target: the tapped minion")
    target = engine.known_unit(targets[0], "targets", living=True)
    at, there = parse_loc(source.location), parse_loc(target.location or "")
    if target.id == source.id or target.kind != "minion" or not target.tapped:
        raise IllegalCommand(_rule(source, ability), f"{target.id} is not another tapped minion")
    if there.region is not at.region:
        raise IllegalCommand(rule("codex: Target", "targets are in the source's region"), f"{target.id} is not in {source.id}'s region")
    moves: list[tuple[str, list[str], str, list[str] | None]] = []
    if there.text != at.text:  # already there: no movement (codex: Teleport)
        _forced(engine, source, ability, "teleport_anywhere", source.id, there.text)
        moves.append((source.id, [at.text, there.text], "forced:teleport_anywhere", [FORCED_KINDS["teleport_anywhere"]]))
    return Plan(moves=moves, after=[ActivationItem(source=source.id, then="burrow", unit=target.id, to=there.text)])


def _optional_step(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    """Tringh Constrictor: it may take a step (its own: digest 2.1), or not (no target)."""
    _count(targets, (0, 1), f"{source.card} takes no target (no step) or one: where it steps")
    if not targets:
        return Plan()
    to = engine._parse_in_region(targets[0], source.location, "targets")
    _own_step(engine, source, ability, source.id, to)
    return Plan(moves=[(source.id, [source.location, to], f"step:{slug(source.card)}", None)])


def _steps_in_direction(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    """Bull Demons of Adum: its own steps, one square at a time in the direction named, in its
    region, as far as the realm goes (up to three); each is judged as it comes."""
    _count(targets, (1,), f"{source.card} needs one target: a direction ({', '.join(DIRECTIONS)})")
    if targets[0] not in DIRECTIONS:
        raise BadInput(f"{targets[0]!r} is not a cardinal direction: {', '.join(DIRECTIONS)}", "targets")
    d_row, d_col = DIRECTIONS[targets[0]]
    columns, rows = engine.view().wrap
    at = parse_loc(source.location)
    row, column = divmod(at.square - 1, COLUMNS)
    path = [at.text]
    spec = _spec(ability)
    assert isinstance(spec, StepsInDirection)
    for _ in range(spec.steps):
        row, column = row + d_row, column + d_col
        row, column = (row % ROWS if rows else row), (column % COLUMNS if columns else column)
        if not (0 <= row < ROWS and 0 <= column < COLUMNS):
            break
        path.append(Loc(row * COLUMNS + column + 1, at.region).text)
    if len(path) == 1:
        raise IllegalCommand(_rule(source, ability), f"{source.id} is at the {targets[0]} edge of the realm: no step that way")
    return Plan(moves=[(source.id, path, f"step:{slug(source.card)}", None)])


def _lure_closer(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    """Coy Nixie (a nearby enemy; then it taps), Abaddon Succubus (an adjacent enemy minion; on
    arrival it takes 2 damage and its controller heals 2): a lure is the enemy's own step
    (digest 2.7) to the closest square to the source's it can step to. An enemy already at the source's location
    takes no step, and what follows still happens (Abaddon Succubus FAQ)."""
    spec = _spec(ability)
    assert isinstance(spec, LureCloser)
    _count(targets, (1, 2), f"{source.card} needs the enemy, then where it steps (none when it is already at {source.id}'s location)")
    enemy = engine.known_unit(targets[0], "targets", living=True)
    at, there = parse_loc(source.location), parse_loc(enemy.location or "")
    view = engine.view()
    if spec.who == "nearby_enemy":
        squares, what = set(view.nearby(at.square)), "an enemy nearby"
    else:
        squares, what = {at.square, *view.orthogonal(at.square)}, "an enemy minion adjacent to"
    if (
        enemy.owner == player or (spec.who == "adjacent_enemy_minion" and enemy.kind != "minion")
        or there.region is not at.region or there.square not in squares  # digest 1.4: in its region
    ):
        raise IllegalCommand(_rule(source, ability), f"{enemy.id} is not {what} {source.id} (digest 1.4)")
    then = ActivationItem(
        source=source.id, then=spec.then, unit=enemy.id,
        amount=spec.damage, heal=spec.heal, player=player,
    )
    if there.text == at.text:
        if len(targets) != 1:
            raise IllegalCommand(_rule(source, ability), f"{enemy.id} is already at {source.id}'s location: it takes no step")
        return Plan(after=[then.model_copy(update={"to": there.text})])
    if there.square == at.square or len(targets) != 2:
        raise IllegalCommand(_rule(source, ability), f"{enemy.id} can't take a step closer to {source.id} from {engine.label(there.text)}")
    to = engine._parse_in_region(targets[1], there.text, "targets")
    _closest_step(engine, source, ability, enemy.id, to, at.square)
    return Plan(moves=[(enemy.id, [there.text, to], f"step:{slug(source.card)}", None)], after=[then.model_copy(update={"to": to})])


def _lure_here(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    """Innsmouth Dock: a minion (anyone's) on a square orthogonally next to the Dock takes its
    own step to the Dock (its location there in the minion's region unless another is named)."""
    _count(targets, (1, 2), f"{source.card} needs the minion, then (optionally) its location to step to")
    minion = engine.known_unit(targets[0], "targets", living=True)
    square = parse_loc(source.location).square
    there = parse_loc(minion.location or "")
    if minion.kind != "minion" or there.square not in engine.view().orthogonal(square):
        raise IllegalCommand(_rule(source, ability), f"{minion.id} is not a minion adjacent to {source.id} (on a square next to it)")
    to = engine._parse_in_region(targets[1] if len(targets) == 2 else str(square), there.text, "targets")
    if parse_loc(to).square != square:
        raise IllegalCommand(_rule(source, ability), f"{engine.label(to)} is not at {source.id}")
    _own_step(engine, source, ability, minion.id, to)
    return Plan(moves=[(minion.id, [there.text, to], f"step:{slug(source.card)}", None)])


def connected_rivers(view: RealmView, square: int) -> set[int]:
    """River Rapids FAQ: "a contiguous group of adjacent sites with River in their name,
    regardless of who controls them, and which contains River Rapids" (itself included)."""
    found: set[int] = {square}
    frontier = [square]
    while frontier:
        for sq in view.orthogonal(frontier.pop()):
            site = view.site_at(sq)
            if sq not in found and site is not None and "River" in site.card:
                found.add(sq)
                frontier.append(sq)
    return found


def _push_on_rivers(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    """River Rapids: a minion on a connected River, atop it or submerged (River Rapids FAQ), is
    pushed one step (forced: it stays in its region, and may leave the Rivers; digest 2.7)."""
    _count(targets, (2,), f"{source.card} needs the minion, then where it is pushed")
    minion = engine.known_unit(targets[0], "targets", living=True)
    there = parse_loc(minion.location or "")
    rivers = connected_rivers(engine.view(), parse_loc(source.location).square)
    if minion.kind != "minion" or there.region is Region.VOID or there.square not in rivers:
        raise IllegalCommand(_rule(source, ability), f"{minion.id} is not a minion atop a River connected to {source.id}")
    to = engine._parse_in_region(targets[1], there.text, "targets")
    _forced(engine, source, ability, "push", minion.id, to)
    return Plan(moves=[(minion.id, [there.text, to], "forced:push", [FORCED_KINDS["push"]])])


def evil_minions(state: SorceryState) -> list[SorceryUnit]:
    return [
        u for u in sorted(state.living_units(), key=lambda u: u.id)
        if isinstance(u, SorceryUnit) and u.kind == "minion" and u.location and set(EVIL) & set(card(u.card).subtypes)
    ]


def _step_toward_evil(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    """Persecutor: its own step toward the closest Evil minion (codex: Evil: Undead, Demon,
    Monster), counted in squares; a tie is the player's choice (the first target)."""
    _count(targets, (2,), f"{source.card} needs the closest Evil minion, then where it steps")
    evil = engine.known_unit(targets[0], "targets", living=True)
    at = parse_loc(source.location)
    distances = {u.id: distance(at.square, parse_loc(u.location or "").square) for u in evil_minions(engine.state) if u.id != source.id}
    if evil.id not in distances:
        raise IllegalCommand(rule("codex: Evil", "any minion that is an Undead, Demon, or Monster is Evil"), f"{evil.id} is not an Evil minion")
    closest = min(distances.values())
    if distances[evil.id] != closest:
        nearest = ", ".join(u for u, d in distances.items() if d == closest)
        raise IllegalCommand(_rule(source, ability), f"{evil.id} is not the closest Evil ({nearest})")
    to = engine._parse_in_region(targets[1], at.text, "targets")
    _closest_step(engine, source, ability, source.id, to, parse_loc(evil.location or "").square)
    return Plan(moves=[(source.id, [at.text, to], f"step:{slug(source.card)}", None)])


def _rolling_boulder(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    """Rolling Boulder: a unit at its location taps; the boulder rolls in the cardinal direction
    named, in its region, square by square while the next location exists, stopping before it
    would repeat a step (Rolling Boulder FAQ: Magellan Globe); each other unit at each location
    of its path, its start included, takes 4 damage (FAQ: once per location). It is not a unit:
    no border ban stops it. The roll happens at once, as the ability resolves."""
    _count(targets, (2,), f"{source.card}: name the Rolling Boulder here, then a direction ({', '.join(DIRECTIONS)})")
    here = dict(granted_here(engine.state, source.location))
    if targets[0] not in here or here[targets[0]].name != ability.name:
        raise IllegalCommand(_rule_of("Rolling Boulder", ability), f"{targets[0]} is not a Rolling Boulder at {source.id}'s location")
    if targets[1] not in DIRECTIONS:
        raise BadInput(f"{targets[1]!r} is not a cardinal direction: {', '.join(DIRECTIONS)}", "targets")
    path = _roll(engine.view(), parse_loc(source.location), targets[1])
    if len(path) == 1:
        raise IllegalCommand(_rule_of("Rolling Boulder", ability), f"{targets[0]} can't roll {targets[1]} from {engine.label(source.location)}")
    return Plan(after=[ActivationItem(
        source=source.id, then="roll", unit=source.id, feature=targets[0], path=path,
        amount=_spec(ability).damage,  # type: ignore[attr-defined]  # RollingBoulder
    )])


def _roll(view: RealmView, start: Loc, direction: str) -> list[str]:
    d_row, d_col = DIRECTIONS[direction]
    columns, rows = view.wrap
    path, steps = [start.text], set()
    row, column = divmod(start.square - 1, COLUMNS)
    while True:
        row, column = row + d_row, column + d_col
        row, column = (row % ROWS if rows else row), (column % COLUMNS if columns else column)
        if not (0 <= row < ROWS and 0 <= column < COLUMNS):
            return path
        to = Loc(row * COLUMNS + column + 1, start.region)
        if not view.location_exists(to) or (path[-1], to.text) in steps:
            return path
        steps.add((path[-1], to.text))
        path.append(to.text)


def _rule_of(card_name: str, ability: Ability) -> Any:
    return rule(card_name, ability.covers[0])


def flood_targets(view: RealmView, source: Source, where: str) -> set[int]:
    """The sites a flooding ability may choose: adjacent to the site (Floodplain), adjacent to or
    nearby the body of water its Avatar occupies (Avatar of Water, Waveshaper: none when it
    occupies none, FAQ: "a fish out of water"). Adjacent = the square and its orthogonal
    neighbours, nearby = and the diagonal ones (digest 1.4); the body's own sites count (FAQ)."""
    at = parse_loc(source.location)
    if where == "adjacent":
        squares = {at.square, *view.orthogonal(at.square)}
    else:
        body = view.body_of_water(at.square) if at.region is not Region.VOID else set()
        around = view.orthogonal if where == "adjacent_to_body" else view.nearby
        squares = {n for sq in body for n in (sq, *around(sq))}
    return {sq for sq in squares if view.site_at(sq) is not None}


def _flood_site(engine: SorceryCommands, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
    """Floodplain, Avatar of Water, Waveshaper: flood the chosen site for the ability's duration
    ("until you do so again": the source's earlier flood ends as the new one starts, Waveshaper
    FAQ); Avatar of Water may teleport to the site's surface ("teleport" as a second target: the
    player's choice); Waveshaper taps the minions there, either level, without Submerge."""
    spec = _spec(ability)
    assert isinstance(spec, FloodSite)
    may_teleport = spec.may_teleport
    shape = "one target, the site to flood" + (", and 'teleport' to teleport there" if may_teleport else "")
    _count(targets, (1, 2) if may_teleport else (1,), f"{source.card} needs {shape}")
    view = engine.view()
    square = parse_loc(engine.location(targets[0], "targets")).square
    allowed = flood_targets(view, source, spec.where)
    if not allowed and spec.where != "adjacent":
        raise IllegalCommand(
            rule(f"{source.card} FAQ", "'your body of water' is the one your Avatar occupies: none, no flooding"),
            f"{source.id} occupies no body of water",
        )
    if square not in allowed:
        raise IllegalCommand(_rule(source, ability), f"square {square} is not a site it may flood (those: {sorted(allowed)})")
    duration = spec.duration
    label = f"{source.card}: the site at {engine.label(str(square))} is flooded ({duration.replace('_', ' ')})"
    plan = Plan(effects=[({"kind": "flooded", "squares": [square]}, duration, label)])
    if duration == "until_used_again":
        plan.ended = [e.id for e in engine.state.effects.values() if e.source == source.id and e.duration == duration]
    if len(targets) == 2:
        if targets[1] != "teleport":
            raise BadInput(f"{targets[1]!r}: the second target is 'teleport' (or leave it out not to teleport)", "targets")
        to = Loc(square, Region.SURFACE).text
        if to != source.location:  # already there: no movement (codex: Teleport)
            _forced(engine, source, ability, "teleport_site", source.id, to)
            plan.moves.append((source.id, [source.location, to], "forced:teleport_site", [FORCED_KINDS["teleport_site"]]))
    if spec.tap_without_submerge:
        plan.taps = [
            u.id for u in sorted(engine.state.units.values(), key=lambda u: u.id)
            if u.alive and u.kind == "minion" and not u.tapped and u.location and parse_loc(u.location).square == square
            and parse_loc(u.location).region is not Region.VOID and "Submerge" not in view.keywords(u.id)
        ]
    return plan


PLANNERS: dict[type[Activation], Any] = {
    FloodSite: _flood_site,
    TeleportNearbyTapOthers: _teleport_nearby_tap_others,
    TeleportToTappedBurrow: _teleport_to_tapped_burrow,
    StepsInDirection: _steps_in_direction,
    LureCloser: _lure_closer,
    LureHereSpec: _lure_here,
    PushOnRivers: _push_on_rivers,
    StepTowardEvil: _step_toward_evil,
    RollingBoulder: _rolling_boulder,
    ReleaseShackled: shackles.plan_release,
    StepThenConstrict: constrict.plan,
    ThrowSpear: spear.plan,
}


# --- what follows the movement ----------------------------------------------------------------------


def resolve(engine: SorceryCommands, item: ActivationItem) -> None:
    if item.then.startswith("react:"):  # what follows a react spell's steps (react.py)
        from domain.rulesets.sorcery import react

        react.resolve_item(engine, item)
        return
    state = engine.state
    unit = state.units[item.unit]
    name = engine.state.units[item.source].card if item.source in state.units else item.source
    here = unit.alive and unit.location == item.to
    if item.then == "tap_others":  # Thundering Giant: "Tap all other units there on arrival."
        if not here:
            engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} did not arrive at {engine.label(item.to or '')}: no unit taps")
            return
        others = sorted(
            u.id for u in state.units_at(item.to or "") if isinstance(u, SorceryUnit) and u.id != unit.id and not u.tapped
        )
        engine.emit(ActivationResolved, source=item.source, outcome=f"arrived at {engine.label(item.to or '')}: taps {', '.join(others) or 'no other unit'}")
        for other in others:
            engine.emit(UnitTapped, unit=other, reason=f"{name}: tapped on its arrival")
        return
    if item.then == "tap":  # Coy Nixie: "Tap that enemy."
        if not unit.alive:
            engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} is no longer in the realm")
            return
        engine.emit(ActivationResolved, source=item.source, outcome=f"taps {unit.id}")
        if not unit.tapped:
            engine.emit(UnitTapped, unit=unit.id, reason=f"{name}: tap that enemy")
        return
    if item.then == "damage_heal":  # Abaddon Succubus: "When it arrives, it takes 2 damage and you heal 2."
        if not here:
            engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} did not arrive: no damage, no healing")
            return
        _damage_and_heal(engine, item, unit, name)
        return
    if item.then == "roll":  # Rolling Boulder
        _roll_boulder(engine, item)
        return
    if item.then == "burrow":  # Draco Corvus: "... to burrow it."
        _burrow(engine, item, unit)
        return
    if item.then == "spear":  # Spear of Destiny
        spear.resolve(engine, item)
        return
    if item.then == "constrict":  # Tringh Constrictor
        constrict.resolve(engine, item)
        return
    if item.then == "release":  # Shackled Demon: the disabled effect ends
        shackles.resolve_release(engine, item)
        return
    if item.then == "cage_lock":  # Cage of Sidrak: the teleported minion is locked in the cage
        from domain.rulesets.sorcery.triggers_things import cage_lock

        cage_lock(engine, item)
        return
    raise ValueError(f"unknown activation item {item.then!r}")


def _damage_and_heal(engine: SorceryCommands, item: ActivationItem, unit: Any, name: str) -> None:
    from domain.rulesets.sorcery.combat import kill

    player = item.player or ""
    life = engine.state.life.get(player, MAX_LIFE)
    engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} arrived: it takes {item.amount} damage and {player} heals {item.heal}")
    event = engine.emit(DamageTaken, unit=unit.id, amount=item.amount, total=unit.damage + item.amount, source=item.source)
    engine.took_damage(unit.id, item.amount, event.event_id)
    if unit.kind == "minion" and engine.state.units[unit.id].damage >= unit.defence:
        kill(engine, unit.id, rule(name, f"{item.amount} damage to the lured minion on arrival", "activated"), event.event_id)
    engine.emit(LifeGained, player=player, amount=item.heal, total=min(MAX_LIFE, life + item.heal), source=item.source)


def _roll_boulder(engine: SorceryCommands, item: ActivationItem) -> None:
    from domain.rulesets.sorcery.combat import kill

    path = item.path
    boulder = item.feature or ""
    engine.emit(ActivationResolved, source=item.source, outcome=f"{item.source} pushes {boulder}: it rolls to {engine.label(path[-1])}")
    engine.emit(ArtifactMoved, feature=boulder, path=path, reason=f"pushed by {item.source}")
    state = engine.state
    hit = [state.units[u.id] for loc in dict.fromkeys(path) for u in sorted(state.units_at(loc), key=lambda u: u.id) if u.id != item.source]
    for unit in hit:
        event = engine.emit(DamageTaken, unit=unit.id, amount=item.amount, total=unit.damage + item.amount, source=boulder)
        engine.took_damage(unit.id, item.amount, event.event_id)
    for unit in hit:
        if unit.kind == "minion" and unit.alive and unit.damage >= unit.defence:
            kill(engine, unit.id, rule("Rolling Boulder", f"{item.amount} damage to each other unit along its path", "activated"), engine.cause)


def _burrow(engine: SorceryCommands, item: ActivationItem, unit: Any) -> None:
    source = engine.state.units[item.source]
    if not (source.alive and source.location == item.to):
        engine.emit(ActivationResolved, source=item.source, outcome=f"{source.id} did not arrive at {engine.label(item.to or '')}: {unit.id} is not burrowed")
        return
    if not unit.alive or unit.location != item.to:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} is no longer at {engine.label(item.to or '')}: not burrowed")
        return
    at = parse_loc(unit.location)
    below = Loc(at.square, Region.UNDERGROUND)
    if at.region is not Region.SURFACE or not engine.view().location_exists(below):
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} can't be burrowed: not atop a land site (digest 2.4)")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"burrows {unit.id}")
    engine.resolver.declare_path(unit.id, [at.text, below.text], "forced:burrow", None, kinds=[FORCED_KINDS["burrow"]])


# --- what may be activated now (legal commands) ------------------------------------------------------


class _Dry:
    """A resolver that records nothing: the planners check targets against it."""

    def __init__(self, state: SorceryState) -> None:
        self.state = state
        self.cause = "dry"

    def emit(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a dry run records nothing")


def legal(state: SorceryState) -> list[BaseModel]:
    """Each activation the active player may make now with targets the planners accept, as
    commands: every destination and target, the lookahead's own steps only where unblocked."""
    from domain.rulesets.sorcery.engine import SorceryCommands

    engine = SorceryCommands(_Dry(state))  # type: ignore[arg-type]  # reads only .state
    player = state.active_player
    sources = [u.id for u in sorted(state.living_units(), key=lambda u: u.id) if u.owner == player and abilities_for(state, u.id)]
    sources += [f.id for f in sorted(state.features.values(), key=lambda f: f.id) if f.kind == "site" and f.controller == player and activated_of(f.card)]
    found: list[BaseModel] = []
    for source_id in sources:
        for ability in abilities_for(state, source_id):
            probe = Activate(player=player, source=source_id, ability=ability.name)
            try:
                source, _, _ = check(engine, probe)
            except SimError:
                continue
            for targets in _candidates(engine, source, ability, player):
                try:
                    _plan(engine, source, ability, player, targets)
                except SimError:
                    continue
                found.append(probe.model_copy(update={"targets": targets}))
    return found


def _candidates(engine: SorceryCommands, source: Source, ability: Ability, player: str) -> list[list[str]]:
    state = engine.state
    spec = _spec(ability)
    units = sorted(state.living_units(), key=lambda u: u.id)
    own = SorceryMovement(state, basic=False)

    def steps(unit_id: str) -> list[str]:
        unit = state.units[unit_id]
        return [o.to for o in own.step_options(unit_id, unit.location or "") if o.blocked is None]

    if isinstance(spec, FloodSite):
        sites = sorted(flood_targets(engine.view(), source, spec.where))
        extra = [[str(sq), "teleport"] for sq in sites] if spec.may_teleport else []
        return [[str(sq)] for sq in sites] + extra
    if isinstance(spec, TeleportNearbyTapOthers):
        return [[o.to] for o in ForcedMovement(state, "teleport_nearby").step_options(source.id, source.location) if o.blocked is None]
    if isinstance(spec, TeleportToTappedBurrow):
        return [[u.id] for u in units]
    if isinstance(spec, ThrowSpear):
        return spear.candidates(state, source.id)
    if isinstance(spec, StepThenConstrict):
        return constrict.candidates(state, source.id, steps(source.id))
    if isinstance(spec, RollingBoulder):
        return [[feature, d] for feature, _ in granted_here(state, source.location) for d in DIRECTIONS]
    if isinstance(spec, StepsInDirection):
        return [[d] for d in DIRECTIONS]
    if isinstance(spec, StepTowardEvil):
        return [[u.id, to] for u in evil_minions(state) for to in steps(source.id)]
    if isinstance(spec, PushOnRivers):
        push = ForcedMovement(state, "push")
        return [[u.id, o.to] for u in units for o in push.step_options(u.id, u.location or "") if o.blocked is None]
    found: list[list[str]] = []
    for u in units:  # lures: the unit alone (already there), or each of its steps
        if u.owner == player and isinstance(spec, LureCloser):
            continue
        found.append([u.id])
        found.extend([u.id, to] for to in steps(u.id))
    return found
