"""Genesis abilities that move units or change movement keywords, tapping or Disabled (issue 9).

A Genesis triggers when its card enters the realm (a site played, a minion summoned, an
artifact conjured: ``engine``). The choices it asks for are the command's ``targets``, checked
here when the command is issued (``prepare``: an impossible choice refuses the command, naming
the field); they travel with the trigger as its params, and ``RESOLVERS`` carry them out on the
shared resolution engine. Which cards have which Genesis: ``abilities_genesis.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery import flood, triggers
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.events import (
    EffectEnded,
    UnitDropped,
    UnitPickedUp,
    UnitReturned,
    UnitTapped,
    UnitUntapped,
)
from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement, SorceryMovement
from domain.rulesets.sorcery.realm import COLUMNS, ROWS, Loc, Region, distance, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import SorceryUnit
from domain.state import TriggerParam, TriggerState

if TYPE_CHECKING:
    from domain.rulesets.sorcery.engine import SorceryCommands as SorceryEngine

__all__ = ["RESOLVERS", "counted_turns_over", "prepare", "return_to_hand"]

#: Thing in the Ice: "Disabled for three of your turns" (the turn it entered counts: docs/sorcery.md)
YOUR_TURNS = "your_turns_"


def _where(engine: SorceryEngine, thing: str) -> Loc:
    found = engine.view().location_of(thing)
    assert found is not None, f"{thing} is not in the realm"
    return found


def _choices(trigger: TriggerState) -> list[str]:
    text = trigger.params.get("choices")
    return str(text).split("|") if text else []


def _refuse(ability: Ability, card_name: str, detail: str) -> IllegalCommand:
    return IllegalCommand(rule(card_name, ability.covers[0]), detail)


def _no_choices(ability: Ability, targets: list[str], field: str) -> None:
    if targets:
        raise BadInput(f"{ability.name} asks for no choice: leave 'targets' out", field)


# --- checking the choices when the card is played (the command is refused if they are wrong) ----


def prepare(
    engine: SorceryEngine, ability: Ability, source: str, card_name: str, controller: str, targets: list[str], field: str,
) -> dict[str, TriggerParam]:
    """Check the Genesis's choices against the realm as the card enters it; return the trigger's
    params (the source's square, and the choices as locations or unit ids)."""
    here = _where(engine, source)
    params: dict[str, TriggerParam] = {"square": here.square}
    kind = ability.trigger
    view = engine.view()
    chosen: list[str] = []
    if kind in ("genesis_sleep", "genesis_ice", "genesis_roll_forward", "genesis_scarecrow", "genesis_submerge_area",
                "genesis_broceliande", "genesis_enemies_lose_stealth", "genesis_cage",
                "genesis_tadpoles", "genesis_flood_realm"):
        _no_choices(ability, targets, field)
    elif kind in ("genesis_step_closer", "genesis_step_away") and not targets:
        adjacent = sorted(
            u.id for u in engine.state.living_units()
            if u.kind == "minion" and u.owner != controller and u.location
            and parse_loc(u.location).region is here.region
            and parse_loc(u.location).square in {here.square, *view.orthogonal(here.square)}
        )
        if adjacent:  # a target must be chosen when there is one; with none, nothing happens
            raise _refuse(ability, card_name, f"{field}: name the enemy minion: one of {', '.join(adjacent)}")
    elif kind in ("genesis_step_closer", "genesis_step_away"):
        if len(targets) not in (1, 2):
            raise BadInput(f"{card_name}'s Genesis needs the enemy minion, then where it steps", field)
        enemy = engine.known_unit(targets[0], field, living=True)
        there = parse_loc(enemy.location or "")
        if (
            enemy.owner == controller or enemy.kind != "minion" or there.region is not here.region
            or there.square not in {here.square, *view.orthogonal(here.square)}
        ):
            raise _refuse(ability, card_name, f"{enemy.id} is not an enemy minion adjacent to {source} (digest 1.4)")
        closer = kind == "genesis_step_closer"

        def fits(to: str) -> bool:
            before, after = distance(there.square, here.square), distance(parse_loc(to).square, here.square)
            return after < before if closer else after > before

        options = [o.to for o in SorceryMovement(engine.state, basic=False).step_options(enemy.id, there.text)]
        way = "closer to" if closer else "away from"
        if len(targets) == 1:
            possible = [o for o in options if fits(o)]
            if possible:
                raise _refuse(
                    ability, card_name,
                    f"{field}: name where {enemy.id} steps {way} {source}: one of {', '.join(engine.label(o) for o in possible)}",
                )
            chosen = [enemy.id]
        else:
            to = engine._parse_in_region(targets[1], there.text, field)
            if not fits(to):
                raise _refuse(ability, card_name, f"{engine.label(to)} is not a step {way} {source}")
            if to not in options:
                raise _refuse(ability, card_name, f"{enemy.id} can't step from {engine.label(there.text)} to {engine.label(to)}: not one of its steps")
            chosen = [enemy.id, to]
    elif kind == "genesis_takes_a_step":
        steps = [o for o in SorceryMovement(engine.state, basic=False).step_options(source, here.text) if o.blocked is None]
        if not targets:
            if steps:
                raise IllegalCommand(
                    rule(f"{card_name} FAQ", "a legal step must be declared if there is one"),
                    f"{field}: name where {source} steps: one of {', '.join(engine.label(o.to) for o in steps)}",
                )
        elif len(targets) != 1:
            raise BadInput(f"{card_name}'s Genesis needs one location to step to", field)
        else:
            to = engine._parse_in_region(targets[0], here.text, field)
            if all(o.to != to for o in steps):
                raise _refuse(ability, card_name, f"{source} can't step from {engine.label(here.text)} to {engine.label(to)}")
            chosen = [to]
    elif kind == "genesis_undertow" and not targets:
        body = view.body_of_water(here.square)
        movable = sorted(
            u.id for u in engine.state.living_units()
            if u.location and parse_loc(u.location).square in body and parse_loc(u.location).region is not Region.VOID
            and any(parse_loc(o.to).square in body for o in ForcedMovement(engine.state, "push").step_options(u.id, u.location))
        )
        if movable:  # a target must be chosen when there is one; with none, nothing happens
            raise BadInput(f"{card_name}'s Genesis needs the target unit, then where it moves: one of {', '.join(movable)}", field)
    elif kind == "genesis_undertow":
        if len(targets) != 2:
            raise BadInput(f"{card_name}'s Genesis needs the target unit, then where it moves", field)
        unit = engine.known_unit(targets[0], field, living=True)
        body = view.body_of_water(here.square)
        at = parse_loc(unit.location or "")
        if at.square not in body or at.region is Region.VOID:
            raise _refuse(ability, card_name, f"{unit.id} is not in this body of water (squares {sorted(body)})")
        to = engine._parse_in_region(targets[1], at.text, field)
        if parse_loc(to).square not in body:
            raise _refuse(ability, card_name, f"{engine.label(to)} is not in this body of water")
        options = [o.to for o in ForcedMovement(engine.state, "push").step_options(unit.id, at.text)]
        if to not in options:
            raise _refuse(ability, card_name, f"{unit.id} can't be moved one step from {engine.label(at.text)} to {engine.label(to)}")
        chosen = [unit.id, to]
    elif kind == "genesis_swallow":
        others = sorted(
            u.id for u in engine.state.living_units()
            if u.kind == "minion" and u.id != source and u.location == here.text
        )
        if not targets:
            if others:
                raise _refuse(ability, card_name, f"{field}: name the minion {source} swallows: one of {', '.join(others)}")
        elif len(targets) != 1:
            raise BadInput(f"{card_name}'s Genesis needs one minion here", field)
        else:
            unit = engine.known_unit(targets[0], field, living=True)
            if unit.id not in others:
                raise _refuse(ability, card_name, f"{unit.id} is not another minion at {engine.label(here.text)}")
            chosen = [unit.id]
    elif kind == "genesis_mudslide":
        if len(targets) != 1 or targets[0] not in ("west", "east"):
            raise BadInput(f"{card_name}'s Genesis needs one side for all: west (left) or east (right)", field)
        chosen = [targets[0]]
    elif kind in ("genesis_give_stealth", "genesis_may_give_stealth"):
        if kind == "genesis_may_give_stealth" and not targets:
            chosen = []  # "you may": declined, and recorded as the command's choice
        elif not targets:
            scope = Scope(near=source, allies_of=controller, minions_only=True, exclude=source)
            allies = sorted(
                u.id for u in engine.state.living_units()
                if isinstance(u, SorceryUnit) and u.location and view.in_scope(scope, u, parse_loc(u.location))
            )
            if allies:  # a minion must be chosen when there is one; with none, nothing happens
                raise BadInput(f"{card_name}'s Genesis needs one allied minion: one of {', '.join(allies)}", field)
        elif len(targets) != 1:
            raise BadInput(f"{card_name}'s Genesis needs one allied minion", field)
        else:
            unit = engine.known_unit(targets[0], field, living=True)
            scope = Scope(near=source, allies_of=controller, minions_only=True, exclude=source)
            if not view.in_scope(scope, unit, parse_loc(unit.location or "")):
                raise _refuse(ability, card_name, f"{unit.id} is not another allied minion nearby {source}")
            chosen = [unit.id]
    else:
        raise BadInput(f"{card_name}: no Genesis resolver for {kind}", field)
    if chosen:
        params["choices"] = "|".join(chosen)
    return params


# --- resolving ----------------------------------------------------------------------------------


def _start(engine: SorceryEngine, trigger: TriggerState, spec: dict[str, Any], duration: str, label: str) -> None:
    engine.resolver.resolved(trigger, label)
    card_name = triggers._source_card(engine, trigger.source)
    engine.start_effect(trigger.source, trigger.controller, spec, duration, f"{card_name}: {label}", cause=trigger.id)


def _sleep(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Slumbering Giantess: disabled until it takes damage (as Sleep: codex: Disabled)."""
    _start(engine, trigger, {"kind": "condition", "condition": "disabled", "units": [trigger.source]},
           "until_damaged", f"{trigger.source} is asleep: disabled until hurt")


def _flood_realm(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Great Old One: every site, now and later, is flooded for good (flood.py follows)."""
    _start(engine, trigger, {"kind": "flooded", "everywhere": True}, "permanent", "the entire realm is flooded for good")


def _ice(engine: SorceryEngine, trigger: TriggerState) -> None:
    _start(engine, trigger, {"kind": "condition", "condition": "disabled", "units": [trigger.source]},
           f"{YOUR_TURNS}3", f"{trigger.source} is disabled for three of {trigger.controller}'s turns")


def counted_turns_over(duration: str, started_turn: int, turn: int) -> bool:
    """Whether an effect lasting N of its controller's turns is over as that player's turn
    ``turn`` ends: the turn it started counts as the first (players alternate turns)."""
    count = int(duration[len(YOUR_TURNS):])
    return turn >= started_turn + 2 * (count - 1)


def _tap_and_step(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Mesmer Demon, Screamer: tap the enemy (an effect may tap even a disabled unit: digest
    2.4), then it takes the step itself (its own movement: Immobile or Disabled stop it as it
    resolves, digest 2.1)."""
    chosen = _choices(trigger)
    if not chosen:
        engine.resolver.resolved(trigger, "no enemy minion adjacent: nothing happens")
        return
    enemy = engine.state.units[chosen[0]]
    if not enemy.alive or enemy.location is None:
        engine.resolver.resolved(trigger, f"{enemy.id} is no longer in the realm")
        return
    card_name = triggers._source_card(engine, trigger.source)
    step = f" and makes it step to {engine.label(chosen[1])}" if len(chosen) > 1 else ": it has no such step to take"
    engine.resolver.resolved(trigger, f"taps {enemy.id}{step}")
    if not enemy.tapped:
        engine.emit(UnitTapped, cause=trigger.id, unit=enemy.id, reason=f"{card_name}'s Genesis")
    if len(chosen) > 1:
        engine.declare_path(enemy.id, [enemy.location, chosen[1]], f"step:{trigger.ability}", None, cause=trigger.id)


def _takes_a_step(engine: SorceryEngine, trigger: TriggerState) -> None:
    chosen = _choices(trigger)
    unit = engine.state.units[trigger.source]
    if not chosen or not unit.alive or unit.location is None:
        engine.resolver.resolved(trigger, f"{unit.id} has no step to take")
        return
    engine.resolver.resolved(trigger, f"{unit.id} takes a step to {engine.label(chosen[0])}")
    engine.declare_path(unit.id, [unit.location, chosen[0]], f"step:{trigger.ability}", None, cause=trigger.id)


def _roll_forward(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Hotwheel: two of its own steps toward its controller's far edge (docs/sorcery.md:
    "forward"); a step off the realm is not taken; a step the unit can't take is refused."""
    unit = engine.state.units[trigger.source]
    if not unit.alive or unit.location is None:
        engine.resolver.resolved(trigger, f"{unit.id} is no longer in the realm")
        return
    at = parse_loc(unit.location)
    d_row = -1 if unit.owner == engine.state.players[0] else 1
    _, rows = engine.view().wrap
    path = [at.text]
    row, column = divmod(at.square - 1, COLUMNS)
    for _ in range(2):
        row += d_row
        if rows:
            row %= ROWS
        if not 0 <= row < ROWS:
            break
        path.append(Loc(row * COLUMNS + column + 1, at.region).text)
    if len(path) == 1:
        engine.resolver.resolved(trigger, f"{unit.id} is at its far edge: no step forward")
        return
    engine.resolver.resolved(trigger, f"{unit.id} rolls forward to {' then '.join(engine.label(p) for p in path[1:])}")
    engine.declare_path(unit.id, path, f"step:{trigger.ability}", None, cause=trigger.id)


def _forced(engine: SorceryEngine, moves: list[tuple[str, str]], cause: str) -> None:
    for unit_id, to in reversed(moves):  # each goes to the front: the first listed resolves first
        frm = engine.state.units[unit_id].location or ""
        engine.resolver.declare_path(unit_id, [frm, to], "forced:push", None, cause=cause, kinds=[FORCED_KINDS["push"]])


def _undertow(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Undertow: the target unit is moved one step (forced, staying in its region: Undertow FAQ,
    "a normal step"), to a location of the body of water; a ban met then refuses it."""
    chosen = _choices(trigger)
    if not chosen:
        engine.resolver.resolved(trigger, "no unit in this body of water to move: nothing happens")
        return
    unit_id, to = chosen
    unit = engine.state.units[unit_id]
    if not unit.alive or unit.location is None:
        engine.resolver.resolved(trigger, f"{unit_id} is no longer in the realm")
        return
    engine.resolver.resolved(trigger, f"moves {unit_id} one step to {engine.label(to)}")
    _forced(engine, [(unit_id, to)], trigger.id)


def _mudslide(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Mudslide: every unit at a land site of its column (either level; not a carried one, which
    goes with its carrier) is pushed one step to the side chosen once for all (Mudslide FAQ),
    staying in its region; one with nowhere to go there stays, and the outcome says so."""
    side = _choices(trigger)[0]
    square = int(trigger.params["square"] or 0)
    column = (square - 1) % COLUMNS
    view = engine.view()
    d_col = -1 if side == "west" else 1
    moves: list[tuple[str, str]] = []
    stays: list[str] = []
    for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
        at = parse_loc(unit.location or "")
        site = view.site_at(at.square)
        if (at.square - 1) % COLUMNS != column or site is None or view.is_water(at.square) or at.region is Region.VOID:
            continue
        if unit.carried_by is not None:
            continue
        c = column + d_col
        columns, _ = view.wrap
        if columns:
            c %= COLUMNS
        to = Loc(at.square + (c - column), at.region)
        if not 0 <= c < COLUMNS or not view.location_exists(to):
            stays.append(f"{unit.id} (no {at.region.value} location to its {side})")
            continue
        moves.append((unit.id, to.text))
    slid = ", ".join(f"{u} to {engine.label(t)}" for u, t in moves) or "no unit"
    engine.resolver.resolved(trigger, f"slides {slid} ({side})" + (f"; stays: {', '.join(stays)}" if stays else ""))
    _forced(engine, moves, trigger.id)


def _submerge_area(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Atlantean Fate: every minion atop a site of its 2x2 area is submerged (the verb: forced,
    needing no Submerge; digest 2.4), in square order; atop a land site the verb fails (the
    aura floods non-Ordinary sites first: abilities_flood.py), and the outcome names them."""
    aura = engine.state.features[trigger.source]
    view = engine.view()
    moves: list[tuple[str, str]] = []
    stays: list[str] = []
    for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
        at = parse_loc(unit.location or "")
        if unit.kind != "minion" or at.square not in aura.area or at.region is not Region.SURFACE or view.site_at(at.square) is None:
            continue
        if unit.carried_by is not None:
            continue  # goes with its carrier
        if not view.is_water(at.square):
            stays.append(f"{unit.id} (atop a land site)")
            continue
        moves.append((unit.id, Loc(at.square, Region.UNDERWATER).text))
    done = ", ".join(u for u, _ in moves) or "no minion"
    engine.resolver.resolved(trigger, f"submerges {done}" + (f"; not submerged: {', '.join(stays)}" if stays else ""))
    for unit_id, to in reversed(moves):
        frm = engine.state.units[unit_id].location or ""
        engine.resolver.declare_path(unit_id, [frm, to], "forced:submerge", None, cause=trigger.id, kinds=[FORCED_KINDS["submerge"]])


def return_to_hand(engine: SorceryEngine, unit_id: str, reason: str, cause: str) -> None:
    """A unit leaves the realm for its owner's hand: as at a death, passengers are dropped where
    it was, its remaining steps are cancelled and the passive effects it was the source of end."""
    unit = engine.state.units[unit_id]
    at = unit.location
    passengers = engine.view().passengers(unit_id)
    engine.emit(UnitReturned, cause=cause, unit=unit_id, at=at, reason=reason)
    for passenger in passengers:
        engine.emit(UnitDropped, cause=cause, unit=passenger, carrier=unit_id, at=at, reason="its carrier left the realm")
    engine.resolver.cancel_moves(unit_id, "the unit left the realm", cause)
    if passengers:
        engine.settle(cause)
    for effect in list(engine.state.effects.values()):
        if effect.source == unit_id and effect.duration == "while_in_realm":
            engine.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{unit_id} left the realm")


def _scarecrow(engine: SorceryEngine, trigger: TriggerState) -> None:
    here = engine.view().location_of(trigger.source)
    if here is None:
        engine.resolver.resolved(trigger, f"{trigger.source} is no longer in the realm")
        return
    view = engine.view()
    found = sorted(
        u.id for u in engine.state.living_units()
        if u.kind == "minion" and u.location == here.text and view.airborne(u.id)
    )
    engine.resolver.resolved(trigger, f"returns {', '.join(found) or 'no Airborne minion'} to its owner's hand")
    for unit_id in found:
        return_to_hand(engine, unit_id, "Scarecrow's Genesis: an Airborne minion here", trigger.id)


def _swallow(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Brobdingnag Bullfrog: he carries the minion (an ongoing effect, not an ability to carry:
    it is kept when he is disabled or silenced, can't be dropped at will, and only a teleport
    moves it away: FAQ), and it is disabled while he does; he drops it when he leaves the realm."""
    chosen = _choices(trigger)
    frog = engine.state.units[trigger.source]
    if not chosen:
        engine.resolver.resolved(trigger, f"no other minion at {engine.label(frog.location or '')} to swallow")
        return
    prey = engine.state.units[chosen[0]]
    if not frog.alive or not prey.alive or prey.location != frog.location:
        engine.resolver.resolved(trigger, f"{prey.id} is no longer at {frog.id}'s location")
        return
    engine.resolver.resolved(trigger, f"{frog.id} swallows {prey.id}")
    if prey.carried_by is not None:
        engine.emit(UnitDropped, cause=trigger.id, unit=prey.id, carrier=prey.carried_by, at=prey.location,
                    reason=f"swallowed by {frog.id}")
    for passenger in engine.view().passengers(prey.id):
        engine.emit(UnitDropped, cause=trigger.id, unit=passenger, carrier=prey.id, at=prey.location,
                    reason=f"its carrier was swallowed by {frog.id}")
    engine.emit(UnitPickedUp, cause=trigger.id, carrier=frog.id, unit=prey.id)
    engine.start_effect(
        frog.id, trigger.controller,
        {"kind": "condition", "condition": "disabled", "units": [prey.id], "carried_by": frog.id}, "permanent",
        f"Brobdingnag Bullfrog: {prey.id} is disabled in {frog.id}'s belly while he carries it", cause=trigger.id,
    )


def _give_stealth(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Swindler Troupe, Treetop Hideout: the chosen minion has Stealth for as long as it is in
    the realm (no duration is printed: docs/sorcery.md)."""
    chosen = _choices(trigger)
    if not chosen:
        why = "declined" if trigger.ability == "genesis_may_give_stealth" else "no allied minion nearby"
        engine.resolver.resolved(trigger, f"{trigger.controller} gives Stealth to no one ({why})")
        return
    unit = engine.state.units[chosen[0]]
    if not unit.alive:
        engine.resolver.resolved(trigger, f"{unit.id} is no longer in the realm")
        return
    _start(engine, trigger, {"kind": "grant", "units": [unit.id], "keywords": ["Stealth"]}, "permanent", f"{unit.id} has Stealth")


def _nearby_units(engine: SorceryEngine, source: str, **scope: Any) -> list[SorceryUnit]:
    view = engine.view()
    spec = Scope(near=source, **scope)
    found = []
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        assert isinstance(unit, SorceryUnit)
        if unit.location and view.in_scope(spec, unit, parse_loc(unit.location)):
            found.append(unit)
    return found


def _broceliande(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Units occupying nearby sites (codex: Nearby, for a site), fixed as it resolves: Faeries
    untap, Mortals tap, Beasts have Stealth from then on."""
    faeries = _nearby_units(engine, trigger.source, subtypes=("Faerie",))
    mortals = _nearby_units(engine, trigger.source, subtypes=("Mortal",))
    beasts = [u.id for u in _nearby_units(engine, trigger.source, subtypes=("Beast",))]
    label = (
        f"untaps {', '.join(u.id for u in faeries) or 'no Faerie'}; taps {', '.join(u.id for u in mortals) or 'no Mortal'}; "
        f"{', '.join(beasts) or 'no Beast'} {'has' if len(beasts) == 1 else 'have'} Stealth"
    )
    engine.resolver.resolved(trigger, label)
    for unit in faeries:
        if unit.tapped and not flood.skips_untap(engine, unit.id, trigger.id):
            engine.emit(UnitUntapped, cause=trigger.id, unit=unit.id, reason="Brocéliande's Genesis")
    for unit in mortals:
        if not unit.tapped:
            engine.emit(UnitTapped, cause=trigger.id, unit=unit.id, reason="Brocéliande's Genesis")
    if beasts:
        engine.start_effect(
            trigger.source, trigger.controller, {"kind": "grant", "units": beasts, "keywords": ["Stealth"]},
            "permanent", f"Brocéliande: {', '.join(beasts)} have Stealth", cause=trigger.id,
        )


def _enemies_lose_stealth(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Hunter's Lodge: the enemies in the realm as it resolves lose Stealth for good (they can't
    gain it again: codex: Lose); units that come later are not affected (docs/sorcery.md)."""
    enemies = sorted(u.id for u in engine.state.living_units() if u.owner != trigger.controller)
    _start(engine, trigger, {"kind": "lose", "units": enemies, "keywords": ["Stealth"]}, "permanent",
           f"{', '.join(enemies) or 'no enemy'} lose Stealth")


RESOLVERS: dict[str, Callable[[SorceryEngine, TriggerState], None]] = {
    "genesis_sleep": _sleep,
    "genesis_ice": _ice,
    "genesis_step_closer": _tap_and_step,
    "genesis_step_away": _tap_and_step,
    "genesis_takes_a_step": _takes_a_step,
    "genesis_roll_forward": _roll_forward,
    "genesis_undertow": _undertow,
    "genesis_mudslide": _mudslide,
    "genesis_scarecrow": _scarecrow,
    "genesis_swallow": _swallow,
    "genesis_submerge_area": _submerge_area,
    "genesis_flood_realm": _flood_realm,
    "genesis_give_stealth": _give_stealth,
    "genesis_may_give_stealth": _give_stealth,
    "genesis_broceliande": _broceliande,
    "genesis_enemies_lose_stealth": _enemies_lose_stealth,
}
from domain.rulesets.sorcery.triggers_things import GENESIS_RESOLVERS  # noqa: E402  # issue 9: abilities_things.py

RESOLVERS.update(GENESIS_RESOLVERS)
triggers.RESOLVERS.update(RESOLVERS)
