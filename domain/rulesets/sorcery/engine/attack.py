"""Move and Attack, Defend, Intercept and Pass: the commands of an attack, and the storyline items
that declare the attack and bring defenders into the fight (codex: Move and Attack, Attack,
Defend, Intercept; digest 2.11, 3.4)."""

from __future__ import annotations

from collections.abc import Collection

from domain.errors import BadInput, IllegalCommand
from domain.movement import Reach, search_reach
from domain.rules import RuleRef
from domain.rulesets.sorcery import oversized
from domain.rulesets.sorcery.commands import Defend, Intercept, MoveAndAttack, Pass
from domain.rulesets.sorcery.engine import combat
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import BUSY, Reader
from domain.rulesets.sorcery.events import UnitTapped
from domain.rulesets.sorcery.events_combat import (
    AttackDeclared,
    AttackPlanned,
    AttackRefused,
    DefenceClosed,
    DefendDeclared,
    DefenderJoined,
    DefenderMissed,
    InterceptAwaited,
    InterceptClosed,
    InterceptDeclared,
    InterceptLapsed,
    InterceptOffered,
    SplitDeclared,
)
from domain.rulesets.sorcery.movement import NOT_ADJACENT, SorceryMovement
from domain.rulesets.sorcery.oversized import OversizedMovement
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import AttackItem, AttackState, InterceptItem, JoinFightItem, SorceryUnit
from domain.rulesets.sorcery.view import RealmView

DEFEND_WINDOW = rule("codex: Defend", "Defend answers an enemy attack that awaits defenders")
DEFEND_OTHER = rule("codex: Defend", "Defend answers an enemy attack on another unit or site: the attack's target can't defend")
DEFEND_RANGE = rule("codex: Range of Motion", "the attack's location is not in this unit's range of motion")
NO_REPEAT = rule("codex: Path", "a path may not repeat a step (A -> B -> A is fine, A -> B twice is not)")
INTERCEPT = rule("codex: Intercept", "an enemy that used Move and Attack and didn't attack, at its final location")


def move_and_attack(engine: Primitives, cmd: MoveAndAttack) -> None:
    unit, player = engine.own_ready_unit(cmd.unit, cmd.player)
    engine.check_main_phase(player)
    movement = engine.movement()  # one model for the checks below: nothing is recorded before the tap
    denied = movement.no_movement(unit.id)
    if denied is not None:
        raise IllegalCommand(denied, f"{unit.id} can't use Move and Attack")
    full = declared_path(engine, unit, cmd.path, "path", movement)
    if cmd.attack is not None:
        view = engine.view()
        barred = view.restriction(unit.id, "no_attack") or (
            view.restriction(unit.id, "no_attack_sites") if cmd.attack == "site" else None
        )
        if barred is not None:
            raise IllegalCommand(barred, f"{unit.id} can't attack {'sites' if cmd.attack == 'site' else ''}".strip())
    if cmd.attack is not None and cmd.attack != "site":
        target = engine.known_unit(cmd.attack, "attack")
        if target.owner == player:
            raise IllegalCommand(rule("codex: Attack", "attacks target enemy units or sites"), f"{cmd.attack} is an ally")
        # a target it may not attack where its path ends is refused before the unit taps, its
        # keywords read there as the realm stands now (Airborne regained on reaching a surface
        # from the void, or on leaving a Silence aura; codex: Move and Attack declares the attack
        # at the final location); what changes on the way is judged again on arrival
        never = engine.view().attack_refusal(unit.id, target.id, parse_loc(full[-1]))
        if never is not None:
            raise IllegalCommand(never, f"{unit.id} can't attack {target.id}")
    if cmd.split is not None:
        if any(n < 0 for n in cmd.split.values()) or sum(cmd.split.values()) != unit.power:
            raise BadInput(f"a split of {unit.id}'s strike gives all its {unit.power} damage, none negative", "split")
        for named in cmd.split:
            engine.known_unit(named, "split")
    # the allowance read before the tap, by the model of the checks: tapping (and a split
    # declared) changes nothing Movement +X is read from (the unit's key, rules/shared.py, holds
    # no tapped mark), so the state after it would answer the same
    allowance = movement.allowance(unit.id) if len(full) > 1 else None
    engine.emit(UnitTapped, unit=unit.id, reason="Move and Attack")
    if cmd.split is not None:
        engine.emit(SplitDeclared, unit=unit.id, split=dict(cmd.split))
    if allowance is not None:
        engine.declare_path(unit.id, full, "move_and_attack", allowance)
    if cmd.attack is not None:
        engine.emit(AttackPlanned, unit=unit.id, target=cmd.attack, move_and_attack=True)
    elif len(full) == 1:
        await_intercept(engine, unit.id)  # used Move and Attack without moving or attacking


def declared_path(
    engine: Primitives, unit: SorceryUnit, path: list[str], field: str,
    movement: SorceryMovement | OversizedMovement | None = None,
) -> list[str]:
    """Parse a declared path; the unit's own location may lead it. Steps must be adjacent
    under the effects in force now; their legality is checked only as each one happens.
    ``movement``: the caller's model of the state as it is now, when it has one."""
    assert unit.location is not None
    steps = [engine.location(p, f"{field}[{i}]") for i, p in enumerate(path)]
    if steps and steps[0] == unit.location:
        steps = steps[1:]
    full = [unit.location, *steps]
    if not steps:
        return full  # no step to check: the unit uses Move and Attack where it stands
    if movement is None:
        movement = engine.movement()
    declared: set[tuple[str, str]] = set()
    for i, (frm, to) in enumerate(zip(full, full[1:], strict=False)):
        if frm == to:
            raise BadInput(f"step {i + 1} goes from {frm} to itself; every step changes location", field)
        if (frm, to) in declared:
            raise IllegalCommand(NO_REPEAT, f"step {i + 1} of {unit.id}'s path repeats {engine.label(frm)} -> {engine.label(to)}")
        declared.add((frm, to))
        if not movement.adjacent(frm, to, unit.owner, unit.id):
            raise IllegalCommand(NOT_ADJACENT, f"step {i + 1} of {unit.id}'s path: {frm} -> {to} are not adjacent")
    return full


def interceptors(engine: Reader, unit_id: str, carried_along: Collection[str] = ()) -> tuple[list[str], str]:
    """The enemy units that may intercept ``unit_id`` where it is now, and why none may.
    ``carried_along``: the units it carried to its final location, which weren't there before it
    came and so may not (digest 2.6, 3.4)."""
    unit = engine.state.units[unit_id]
    if not unit.alive or unit.location is None:
        return [], "it is no longer in the realm"
    view = engine.view()
    where = parse_loc(unit.location)
    if "Stealth" in view.keywords(unit_id):
        return [], "a unit with Stealth can't be intercepted"
    barred = view.uninterceptable(unit_id)
    if barred is not None:
        return [], f"{barred.source}: it can't be intercepted"
    airborne = view.airborne(unit_id)
    found = []
    for other in sorted(engine.state.units_at(unit.location), key=lambda u: u.id):
        assert isinstance(other, SorceryUnit)
        if other.owner == unit.owner or other.tapped or engine.summoning_sick(other) or other.id in carried_along:
            continue
        if view.disabled(other.id, where) is not None or view.restriction(other.id, "no_intercept") is not None:
            continue
        if airborne and not ({"Airborne"} & view.keywords(other.id) or any(k.startswith("Ranged") for k in view.keywords(other.id))):
            continue  # an Airborne unit only by Airborne or Ranged units (codex: Airborne)
        found.append(other.id)
    return found, "no untapped enemy unit there may intercept it"


CARRIED_ALONG = rule(
    "rule option carried_units_intercept: refused (inferred from digest 2.6/3.4)",
    "a unit carried along by the mover wasn't already at its final location: it can't intercept it",
)
AIRBORNE_INTERCEPT = rule("codex: Airborne", "an Airborne unit can be intercepted only by Airborne or Ranged units", "keyword")


def _grounded_interceptor(engine: Reader, unit: SorceryUnit, mover_id: str) -> IllegalCommand | None:
    """The refusal of an interceptor that stands where the mover stopped, untapped and able,
    and is kept out only by the mover's Airborne (``interceptors``' last test): the command and
    ``sim why --intercept`` name that rule rather than "no unit there may intercept it"."""
    mover = engine.state.units[mover_id]
    view = engine.view()
    if unit.location != mover.location or not mover.alive or mover.location is None or not view.airborne(mover_id):
        return None
    keywords = view.keywords(unit.id)
    if "Airborne" in keywords or any(k.startswith("Ranged") for k in keywords):
        return None
    return IllegalCommand(AIRBORNE_INTERCEPT, f"{unit.id} can't intercept {mover_id}: it is Airborne and {unit.id} is neither Airborne nor Ranged")


def await_intercept(engine: Primitives, unit_id: str, carried_along: list[str] | None = None) -> None:
    """Enemies at ``unit_id``'s final location may intercept it once the storyline has resolved,
    but not the units it carried there (``carried_along``, directly or through its passengers:
    carried units move with their carrier, digest 2.6, and interceptors are already there,
    digest 3.4); when it took no step, what it carries was there all along."""
    along = carried_along or []
    if _untapped_enemies_there(engine, unit_id) and interceptors(engine, unit_id, along)[0]:
        engine.emit(InterceptAwaited, unit=unit_id, carried_along=along)


def carried_along(engine: Reader, unit_id: str, came_with: Collection[str]) -> list[str]:
    """The units that may not intercept ``unit_id`` because they came with it: of ``came_with``
    (what moved with it on its move's last step, ``StepTaken.carried``: passengers of passengers
    too, digest 2.6), those still alive at its location, whether it still carries them or
    dropped them on arrival (a Silence aura there). A unit it carried out and back (A -> B -> A)
    came with it too, although it stood there before: it left and came back with the mover, no
    more waiting there than one carried in. None under ``carried_units_intercept: allowed`` (the
    rules are silent; logs recorded before the option were played so)."""
    if engine.state.options.carried_units_intercept == "allowed":
        return []
    units = engine.state.units
    location = units[unit_id].location
    return sorted({
        other for other in came_with
        if other != unit_id and other in units and units[other].alive and units[other].location == location
    })


def _untapped_enemies_there(engine: Reader, unit_id: str) -> bool:
    """Whether any untapped enemy unit shares the unit's location: every interceptor is one, so
    without one the keywords and effects ``interceptors`` reads need not be worked out (most
    moves end away from any enemy)."""
    units = engine.state.units
    unit = units[unit_id]
    location = unit.location
    if location is None:
        return False
    for other in units.values():  # a loop, not ``any`` over a generator: asked after most moves
        if other.location == location and other.alive and other.owner != unit.owner and not (isinstance(other, SorceryUnit) and other.tapped):
            return True
    return False


def resolve_intercept_item(engine: Primitives, item: InterceptItem) -> None:
    eligible, why = interceptors(engine, item.unit, item.carried_along)
    unit = engine.state.units[item.unit]
    if not eligible:
        engine.emit(InterceptLapsed, unit=item.unit, reason=why)
        return
    engine.emit(
        InterceptOffered, intercept_id=engine.state.next_id("i", "intercept"), unit=item.unit,
        location=unit.location or "", eligible=eligible, carried_along=list(item.carried_along),
    )


def intercept_refusals(engine: Reader, unit_id: str, player: str | None = None) -> list[IllegalCommand]:
    """Every reason ``unit_id`` may not Intercept now, in the order an Intercept is refused
    (codex: Intercept)."""
    window = engine.state.intercept
    unit = engine.unit(unit_id)
    acting = engine.player(player, unit.owner)
    if window is None:
        found = [IllegalCommand(INTERCEPT, "no enemy may be intercepted now"), *engine.not_ready(unit, acting)]
        barred = engine.view().restriction(unit.id, "no_intercept")
        if barred is not None:  # its own text (Lumbering Giant), said with no window open as Defend says it
            found.append(IllegalCommand(barred, f"{unit.id} can't intercept"))
        return found
    found = engine.not_ready(unit, acting)
    if acting == engine.state.units[window.unit].owner:
        found.append(IllegalCommand(INTERCEPT, f"{acting} can't intercept their own unit"))
    if unit.id in window.interceptors:
        found.append(IllegalCommand(INTERCEPT, f"{unit.id} already intercepts"))
    eligible, why = interceptors(engine, window.unit, window.carried_along)
    if unit.id not in eligible and unit.id not in window.interceptors:
        barred = engine.view().restriction(unit.id, "no_intercept")
        if unit.id in window.carried_along:
            found.append(IllegalCommand(CARRIED_ALONG, f"{unit.id} was carried to {engine.label(window.location)} by {window.unit} (or its passengers)"))
        elif barred is not None:  # its own text, not where it stands (Lumbering Giant)
            found.append(IllegalCommand(barred, f"{unit.id} can't intercept"))
        elif (grounded := _grounded_interceptor(engine, unit, window.unit)) is not None:
            found.append(grounded)
        else:
            at = engine.label(window.location)
            found.append(IllegalCommand(INTERCEPT, f"{unit.id} can't intercept {window.unit} at {at}: it must already be there, untapped; {why}"))
    return found


def intercept(engine: Primitives, cmd: Intercept) -> None:
    refusals = intercept_refusals(engine, cmd.unit, cmd.player)
    if refusals:
        raise refusals[0]
    window = engine.state.intercept
    assert window is not None
    unit = engine.unit(cmd.unit)
    engine.emit(UnitTapped, unit=unit.id, reason="Intercept")
    engine.emit(InterceptDeclared, intercept_id=window.id, unit=unit.id)


def close_intercept(engine: Primitives, player: str) -> None:
    window = engine.state.intercept
    assert window is not None
    intercepting = engine.state.opponent_of(engine.state.units[window.unit].owner)
    if player != intercepting:
        raise IllegalCommand(INTERCEPT, f"only {intercepting} decides on intercepting")
    engine.emit(InterceptClosed, intercept_id=window.id)
    mover = engine.state.units[window.unit]
    present = [u for u in window.interceptors if engine.state.units[u].alive and engine.state.units[u].location == mover.location]
    if present and mover.alive:
        combat.fight(engine, f"{window.id}-fight", [[mover.id], present], mover.location, f"intercept {window.id}", window.id)


def own_target_refusal(attack: AttackState, unit_id: str) -> IllegalCommand | None:
    """The refusal of a Defend by the unit the attack targets: Defend answers an attack on
    *another* unit or site in the defender's range of motion (codex: Defend). One check for the
    command, ``sim why --defend`` (``defend_refusals``) and the legal commands (legal.py)."""
    if attack.target_kind == "unit" and attack.target == unit_id:
        return IllegalCommand(DEFEND_OTHER, f"{unit_id} is the attack's target; it is in the fight already")
    return None


def comes_to(view: RealmView, reach: Reach, unit: SorceryUnit, location: str) -> bool:
    """Whether ``unit`` can come to occupy ``location`` within ``reach``, its range of motion: a
    defender must (codex: Defend), and an oversized one may do it at any of its locations (codex:
    Oversized Units, Attacking). One test for the command and the legal commands (legal.py)."""
    return location in reach or oversized.anchor_covering(view, unit, location, list(reach.cost)) is not None


def defend_refusals(engine: Reader, unit_id: str, player: str | None = None) -> list[IllegalCommand]:
    """Every reason ``unit_id`` may not Defend now, in the order a Defend is refused: the first
    is what the command says, all of them what ``sim why --defend`` says (codex: Defend)."""
    attack = engine.state.attack
    unit = engine.unit(unit_id)
    acting = engine.player(player, unit.owner)
    found: list[IllegalCommand] = []
    if attack is None or not attack.window_open:
        found.append(IllegalCommand(DEFEND_WINDOW, "no attack awaits defenders"))
    found += engine.not_ready(unit, acting)
    if attack is not None and attack.window_open:
        if acting != engine.state.opponent_of(engine.state.units[attack.attacker].owner):
            found.append(IllegalCommand(DEFEND_WINDOW, f"{acting} can't defend against their own attack"))
    view = engine.view()
    barred = view.restriction(unit.id, "no_defend")
    if barred is not None:
        found.append(IllegalCommand(barred, f"{unit.id} can't defend"))
    if attack is not None and attack.window_open and unit.alive and unit.location is not None:
        in_place = view.restriction(unit.id, "defend_in_place")
        if in_place is not None and attack.location != unit.location:
            found.append(IllegalCommand(in_place, f"{unit.id} can't move to defend"))
        reach = search_reach(engine.movement(), unit.id, unit.location)
        if not comes_to(view, reach, unit, attack.location):
            reasons = "; ".join(str(r) for r in reach.why_not(attack.location))
            found.append(IllegalCommand(DEFEND_RANGE, f"{unit.id} can't reach {engine.label(attack.location)}: {reasons}"))
    if attack is not None and attack.window_open:
        # last, so that a unit's own reasons (Iron Shackles, at rest, out of reach) keep their place first
        own = own_target_refusal(attack, unit.id)
        if own is not None:
            found.append(own)
    return found


def defend(engine: Primitives, cmd: Defend) -> None:
    refusals = defend_refusals(engine, cmd.unit, cmd.player)
    if refusals:
        raise refusals[0]
    attack = engine.state.attack
    assert attack is not None
    unit = engine.unit(cmd.unit)
    reach = search_reach(engine.movement(), unit.id, unit.location or "")
    if cmd.path is not None:
        full = declared_path(engine, unit, cmd.path, "path")
        there = oversized.footprint(engine.view(), unit, full[-1]) if unit.parts else None
        if full[-1] != attack.location and not (there and attack.location in {loc.text for loc in there}):
            raise IllegalCommand(rule("codex: Defend", "a defender's path ends at the attack's location"))
    else:
        goal = attack.location if not unit.parts else oversized.anchor_covering(engine.view(), unit, attack.location, list(reach.cost))
        full = reach.path_to(goal or attack.location) or [attack.location]
    engine.emit(UnitTapped, unit=unit.id, reason="Defend")
    engine.emit(DefendDeclared, attack_id=attack.id, defender=unit.id)
    if len(full) > 1:
        engine.declare_path(unit.id, full, "defend", engine.movement().allowance(unit.id))


def pass_defence(engine: Primitives, cmd: Pass) -> None:
    if engine.state.intercept is not None:
        if engine.state.storyline:
            raise IllegalCommand(BUSY)
        window = engine.state.intercept
        close_intercept(engine, engine.player(cmd.player, engine.state.opponent_of(engine.state.units[window.unit].owner)))
        return
    attack = engine.state.attack
    if attack is None or not attack.window_open:
        raise IllegalCommand(DEFEND_WINDOW, "no attack awaits defenders")
    defending = engine.state.opponent_of(engine.state.units[attack.attacker].owner)
    player = engine.player(cmd.player, defending)
    if player != defending:
        raise IllegalCommand(DEFEND_WINDOW, f"only {defending} declares defenders")
    if engine.state.storyline:
        raise IllegalCommand(BUSY)
    engine.emit(DefenceClosed, attack_id=attack.id)
    combat.resolve_attack(engine)


def resolve_join(engine: Primitives, item: JoinFightItem) -> None:
    attack = engine.state.attack
    unit = engine.state.units[item.unit]
    if attack is None:
        engine.emit(DefenderMissed, attack_id=item.attack_id, defender=unit.id, reason="the attack is over")
    elif not unit.alive:
        engine.emit(DefenderMissed, attack_id=attack.id, defender=unit.id, reason="it died on the way")
    elif attack.location not in unit.occupied:
        engine.emit(DefenderMissed, attack_id=attack.id, defender=unit.id, reason=f"it stopped at {engine.label(unit.location or '')}")
    else:
        engine.emit(DefenderJoined, attack_id=attack.id, defender=unit.id)


def resolve_attack_item(engine: Primitives, item: AttackItem) -> None:
    unit = engine.state.units[item.unit]
    if not unit.alive or unit.location is None:
        engine.emit(AttackRefused, unit=unit.id, target=item.target, rule=rule("codex: Attack", "the attacker is no longer in the realm"))
        return
    refused = _attack_refusal(engine, unit, item.target)
    if refused is not None:
        engine.emit(AttackRefused, unit=unit.id, target=refused[0], rule=refused[1])
        if item.move_and_attack:
            # it used Move and Attack and didn't attack (codex: Intercept); what it brought with it
            # on its last step came with it (folded onto the item when its move ended)
            await_intercept(engine, unit.id, carried_along(engine, unit.id, item.came_with))
        return
    if item.target == "site":
        site = engine.view().site_at(parse_loc(unit.location).square)
        assert site is not None
        engine.emit(AttackDeclared, attack_id=engine.state.next_id("a", "attack"), attacker=unit.id, target=site.id, target_kind="site", location=unit.location)
        return
    target = engine.state.units[item.target]
    shared = oversized.shared_location(unit, target)
    engine.emit(AttackDeclared, attack_id=engine.state.next_id("a", "attack"), attacker=unit.id, target=target.id, target_kind="unit", location=shared)


def _attack_refusal(engine: Primitives, unit: SorceryUnit, target_id: str) -> tuple[str, RuleRef] | None:
    """Why the planned attack of ``unit`` (alive, in the realm) on ``target_id`` (a unit, or
    ``site``) can't be declared where the unit now is: the target named in the refusal and the
    rule; none when it can. A unit disabled where it ended has no abilities, so its Move and
    Attack declares no attack, as its own steps stop (codex: Disabled; digest 2.4)."""
    assert unit.location is not None
    disabled = engine.view().disabled(unit.id, parse_loc(unit.location))
    if disabled is not None:
        return target_id, rule("codex: Disabled", f"a disabled unit can't attack ({disabled})")
    if target_id == "site":
        site = engine.view().site_at(parse_loc(unit.location).square)
        if site is None or parse_loc(unit.location).region.value != "surface":
            return "site", rule("codex: Attack", "sites are attacked at their surface")
        if site.controller == unit.owner:
            return site.id, rule("codex: Attack", "attacks target enemy sites")
        return None
    target = engine.state.units[target_id]
    if (oversized.shared_location(unit, target) if target.alive else None) is None:
        return target.id, rule("codex: Attack", "the target must be at the attacker's location")
    barred = engine.view().attack_refusal(unit.id, target.id)
    return (target.id, barred) if barred is not None else None
