"""Projectiles that drag (codex: Projectile, "Projectiles That Cause Forced Movement"; Storyline,
"Movement on the Storyline"): the drag's path is the projectile's, declared whole, then resolved
one step at a time, so what a step triggers (Bottomless Pit) comes before the next step. Pudge
Butcher, Nelly Longarms and Meat Hook's bearer drag the hit unit back to the shooter; Grapple
Shot (spells/projectile.py) drags the shooting ally to the hit unit. A drag is forced movement
in the projectile's region, one orthogonal step at a time: a pull (movement.FORCED_KINDS)."""

from __future__ import annotations

from typing import Any

from domain.errors import BadInput, IllegalCommand
from domain.rules import RuleRef
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.at_distance import deal_at_once, units_at
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source, card_of, granted_rule
from domain.rulesets.sorcery.cards import SPELLS, abilities_of
from domain.rulesets.sorcery.cards.at_distance import RangedStrike, ShootDamage, ShootDamageTap
from domain.rulesets.sorcery.catalog import slug
from domain.rulesets.sorcery.engine.combat import DAMAGE, LETHAL
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationResolved
from domain.rulesets.sorcery.events_combat import DamageTaken, StrikeDealt
from domain.rulesets.sorcery.events_projectiles import ProjectileShot
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import DIRECTIONS, Loc, Region
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.projectiles import Flight, direction, fly
from domain.rulesets.sorcery.state import ActivationItem

#: what the drag's purpose and step kind are (a drag is a pull along the projectile's path)
DRAG = "pull"


def aimed(
    engine: Reader, shooter: str, way: str, chosen: str | None, why: RuleRef, source: str, reach: int | None = None,
) -> tuple[Flight, str | None, dict[str, Any]]:
    """The flight of the projectile ``shooter`` shoots ``way``, the unit it hits (``chosen``
    among several, codex: Projectile: the controller chooses), and the ``ProjectileShot`` that
    records it. Naming a unit it does not hit is refused; naming none among several is bad input."""
    flight = fly(engine.view(), shooter, way, reach=reach)
    options = flight.hits[0][1] if flight.hits else ()
    if chosen is not None and chosen not in options:
        may = f"it may hit {', '.join(options)}" if options else "it hits no unit"
        raise IllegalCommand(why, f"{chosen} is not hit by a projectile {shooter} shoots {way}: {may}")
    if chosen is None and len(options) > 1:
        raise BadInput(f"the projectile may hit {', '.join(options)}: name the one it hits after the direction", "targets")
    hit = chosen or (options[0] if options else None)
    fields = {
        "shooter": shooter, "source": source, "direction": way, "path": [loc.text for loc in flight.path], "hit": hit,
        "passed": [f"{unit}: {reason}" for unit, reason in flight.passed], "stopped": flight.stopped,
    }
    return flight, hit, fields


def drag_path(flight: Flight, toward_shooter: bool) -> list[str]:
    """The drag follows the projectile's path: back to the shooter, or out to the hit unit."""
    path = [loc.text for loc in flight.path]
    return list(reversed(path)) if toward_shooter else path


class ShootingAndDragging(Activated):
    """Targets: a cardinal direction; then the unit hit, when it may hit several; then, for
    Nelly Longarms, ``submerge`` if she submerges it once it has arrived."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        self.count(targets, (1, 2, 3), f"{source.card} needs a direction ({', '.join(DIRECTIONS)}), then the unit hit if it may hit several")
        rest = list(targets[1:])
        submerge = bool(rest) and rest[-1] == "submerge"
        if submerge:
            if not self.spec.may_submerge:
                raise BadInput(f"{source.card} submerges no one: 'submerge' is not one of its targets", "targets")
            rest.pop()
        if len(rest) > 1:
            raise BadInput(f"{source.card}: after the direction, name at most the unit hit; got {', '.join(rest)}", "targets")
        flight, hit, fields = aimed(engine, source.id, targets[0], rest[0] if rest else None, granted_rule(source, ability), source.card)
        plan = Plan(said=[(ProjectileShot, fields)])
        if hit is None:
            return plan
        path = drag_path(flight, toward_shooter=True)
        if len(path) > 1:
            plan.moves.append((hit, path, f"forced:{DRAG}", [FORCED_KINDS[DRAG]] * (len(path) - 1)))
        plan.after.append(ActivationItem(source=source.id, then="drag_submerge" if submerge else "dragged", unit=hit, to=path[-1], player=player))
        return plan

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        found: list[list[str]] = []
        for way in DIRECTIONS:
            flight = fly(engine.view(), source.id, way)
            options = flight.hits[0][1] if flight.hits else ()
            found.extend([[way, unit] for unit in options] if len(options) > 1 else [[way]])
        return found


def ranged_ability(keywords: frozenset[str], bonus: int = 0, step_after: bool = False) -> Ability | None:
    """The activated ability the keyword Ranged (or Ranged X) grants its unit (codex: Ranged,
    Ranged X, and +X Range: several copies give no more range, the longest counts; an explicit
    +X Range adds ``bonus``); ``step_after``: its card lets it step after the strike (Kite Archer)."""
    reaches = [int(k.split()[1]) if k != "Ranged" else 1 for k in keywords if k == "Ranged" or (k.startswith("Ranged ") and k.split()[1].isdigit())]
    if not reaches:
        return None
    return Ability(
        name="Ranged", timing="activated", covers=("Ranged",),
        activated=RangedStrike(cost="tap", reach=max(reaches) + bonus, step_after=step_after),
    )


class RangedStriking(Activated):
    """Targets: a cardinal direction, then the unit hit when it may hit several; then, for Kite
    Archer, the location it steps to after the strike."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        self.count(targets, (1, 2, 3), f"a ranged strike needs a direction ({', '.join(DIRECTIONS)}), then the unit hit if it may hit several")
        rest = list(targets[1:])
        step = rest.pop() if self.spec.step_after and rest and rest[-1] not in engine.state.units else None
        if len(rest) > 1:
            raise BadInput(f"a ranged strike names at most the unit hit after its direction; got {', '.join(rest)}", "targets")
        why = rule("codex: Ranged, Ranged X, and +X Range", "Tap → Shoot a projectile that stops after X steps. Strike the hit unit.")
        if step is not None:
            step = engine.location(step, "targets")
            self.own_step(engine, source, ability, source.id, step)
        _, hit, fields = aimed(engine, source.id, targets[0], rest[0] if rest else None, why, source.card, reach=self.spec.reach)
        plan = Plan(said=[(ProjectileShot, fields)])
        if hit is not None:
            plan.after.append(ActivationItem(source=source.id, then="ranged_strike", unit=hit, to=step, player=player))
        return plan

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        found: list[list[str]] = []
        for way in DIRECTIONS:
            flight = fly(engine.view(), source.id, way, reach=self.spec.reach)
            options = flight.hits[0][1] if flight.hits else ()
            found.extend([[way, unit] for unit in options] if len(options) > 1 else [[way]])
        return found


def ranged_strike(engine: Primitives, item: ActivationItem) -> None:
    """The shooter strikes the hit unit: damage equal to its power, at the struck unit's location
    (codex: Strike; Mask of Mayhem doubles it there); a minion whose damage reaches its defence,
    or struck by a Lethal unit, dies. A shooter or target no longer in the realm: no strike."""
    state = engine.state
    shooter, target = state.units[item.source], state.units[item.unit]
    if not (shooter.alive and target.alive and target.location is not None):
        engine.emit(ActivationResolved, source=item.source, outcome=f"no strike: {shooter.id if not shooter.alive else target.id} is no longer in the realm")
        return
    view = engine.view()
    amount = shooter.power * view.strike_multiplier(target.id)
    lethal = "Lethal" in view.keywords(shooter.id)
    engine.emit(ActivationResolved, source=item.source, outcome=f"ranged strike: {shooter.id} strikes {target.id} for {amount}")
    engine.emit(StrikeDealt, striker=shooter.id, target=target.id, amount=amount, lethal=lethal, fight_id="")
    if amount > 0:
        event = engine.emit(DamageTaken, unit=target.id, amount=amount, total=target.damage + amount, source=shooter.id)
        engine.took_damage(target.id, amount, event.event_id)
        if target.kind == "minion" and (lethal or state.units[target.id].damage >= target.defence):
            engine.kill(target.id, LETHAL if lethal else DAMAGE, event.event_id)
    if item.to is not None:  # Kite Archer: "Immediately after performing a ranged strike, [it] may take a step"
        engine.step_to(shooter.id, item.to, f"step:{slug(shooter.card)}")


def _arrival(engine: Primitives, item: ActivationItem) -> str | None:
    """What the dragged unit's arrival is said to be; ``None`` when it did not arrive (it died on
    the way, or a step was refused)."""
    unit = engine.state.units[item.unit]
    return f"{unit.id} was dragged to {engine.label(item.to or '')}" if unit.alive and unit.location == item.to else None


def dragged(engine: Primitives, item: ActivationItem) -> None:
    said = _arrival(engine, item)
    engine.emit(ActivationResolved, source=item.source, outcome=said or f"{item.unit} did not arrive at {engine.label(item.to or '')}")


def drag_submerge(engine: Primitives, item: ActivationItem) -> None:
    """Nelly Longarms: "Nelly may submerge it": once it has arrived, it is submerged there if that
    is a water site (codex: Submerge); elsewhere it can't be, and that is said."""
    said = _arrival(engine, item)
    if said is None:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{item.unit} did not arrive at {engine.label(item.to or '')}: it is not submerged")
        return
    below = Loc(int((item.to or "").split("/")[0]), Region.UNDERWATER)
    if not engine.view().location_exists(below):
        engine.emit(ActivationResolved, source=item.source, outcome=f"{said}; it can't be submerged there: not a water site")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"{said}; it is submerged")
    engine.force([(item.unit, below.text, "submerge")])


# --- projectiles that deal damage -----------------------------------------------------------------


def damage_spec(name: str) -> ShootDamage | ShootDamageTap:
    """What a card's damaging projectile deals (its spell's target, or its activated ability)."""
    spell = SPELLS.get(name)
    if spell is not None and isinstance(spell.target, ShootDamage):
        return spell.target
    found = next(a.activated for a in abilities_of(name) if isinstance(a.activated, ShootDamageTap))
    assert isinstance(found, ShootDamageTap)
    return found


def damage_items(source: str, card: str, shooter: str, way: str, chosen: list[str], count: int, player: str) -> list[ActivationItem]:
    """One storyline item per projectile: each resolves, and decides whom it hits, in turn."""
    direction(way)  # a bad direction is refused as the command is given
    return [
        ActivationItem(source=source, then="projectile_damage", unit=shooter, card=card, direction=way, path=chosen, player=player)
        for _ in range(count)
    ]


class ShootingDamage(Activated):
    """Cherubim: targets a direction, then the units to hit where it may hit several."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        if not targets:
            raise BadInput(f"{source.card} needs a direction ({', '.join(DIRECTIONS)}), then the units it hits where it may hit several", "targets")
        return Plan(after=damage_items(source.id, card_of(ability, source.card), source.id, targets[0], targets[1:], self.spec.count, player))

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        return [[way] for way in DIRECTIONS]


def _pick(options: tuple[str, ...], chosen: list[str]) -> tuple[str, str | None]:
    """The unit hit among ``options``: the first the command named, else the first by id (said)."""
    named = next((u for u in chosen if u in options), None)
    if named is not None or len(options) == 1:
        return named or options[0], None
    return options[0], f"it may hit {', '.join(options)}; none named: the first by id"


def projectile_damage(engine: Primitives, item: ActivationItem) -> None:
    """One projectile resolves: its flight is worked out now (units killed by an earlier one are
    gone), then the hit units take the damage at once, and those it kills die."""
    spec = damage_spec(item.card or "")
    shooter = engine.state.units[item.unit]
    if not shooter.alive or shooter.location is None:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{shooter.id} is no longer in the realm: no projectile")
        return
    flight = fly(engine.view(), shooter.id, item.direction or "", piercing=spec.piercing)
    picks = [(loc, *_pick(options, item.path)) for loc, options in flight.hits]
    if spec.falloff:  # Ice Lance: so much at each of the first locations of the path, none after
        reach = [loc.text for loc in flight.path][: len(spec.falloff)]
        picks = [p for p in picks if p[0].text in reach]
    dealt: list[tuple[str, int]] = [
        (unit, spec.falloff[[loc.text for loc in flight.path].index(at.text)] if spec.falloff else spec.amount) for at, unit, _ in picks
    ]
    if picks and spec.splash:
        at, first, _ = picks[0]
        dealt += [(u.id, spec.splash) for u in units_at(engine, at.text) if u.id != first and u.id != shooter.id]
    engine.emit(ActivationResolved, source=item.source, outcome=", ".join(f"{u} takes {n}" for u, n in dealt) or "the projectile hits no unit")
    engine.emit(
        ProjectileShot, shooter=shooter.id, source=item.card or "", direction=item.direction or "", path=[loc.text for loc in flight.path],
        hit=picks[0][1] if picks else None, also_hit=[u for _, u, _ in picks[1:]], passed=[f"{u}: {why}" for u, why in flight.passed],
        decided="; ".join(d for _, _, d in picks if d) or None, stopped=flight.stopped,
    )
    deal_at_once(engine, dealt, item.source)
