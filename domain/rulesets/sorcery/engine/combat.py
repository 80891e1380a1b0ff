"""Fights, strikes, damage and death (codex: Fight, Strike, Damage, Lethal, Die).

Strikes in a fight are simultaneous: every strike is worked out from the state before any
damage lands, then damage is dealt, then deaths are checked.
"""

from __future__ import annotations

from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events_combat import (
    AttackResolved,
    DamageSplit,
    DamageTaken,
    FightCancelled,
    FightStarted,
    SiteStruck,
    StrikeDealt,
    StrikeWithheld,
)
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import FightItem

DAMAGE = rule("codex: Damage", "a minion dies when its damage reaches its power")
LETHAL = rule("codex: Lethal", "any damage from a Lethal unit kills a minion")
DISABLED = "codex: Disabled"


def fight(engine: Primitives, fight_id: str, sides: list[list[str]], location: str | None, reason: str, cause: str) -> None:
    engine.emit(FightStarted, cause=cause, fight_id=fight_id, sides=sides, location=location, reason=reason)
    view = engine.view()
    strikes: list[tuple[str, str, int, bool]] = []
    for mine, theirs in ((sides[0], sides[1]), (sides[1], sides[0])):
        living = [u for u in theirs if engine.state.units[u].alive]
        for striker in mine:
            unit = engine.state.units[striker]
            if not unit.alive or not living or unit.power <= 0:
                continue
            if unit.location and view.disabled(striker, parse_loc(unit.location)) is not None:
                # a disabled unit doesn't strike (codex: Disabled); recorded by no event of its
                # own, as logged games of every version have it, which must verify as logged
                continue
            lethal = "Lethal" in view.keywords(striker)
            for target, share in _split(engine, fight_id, striker, living, cause).items():
                # Mask of Mayhem doubles strikes against units near it
                strikes.append((striker, target, share * view.strike_multiplier(target), lethal))
    lethal_hits: set[str] = set()
    for striker, target, amount, lethal in strikes:
        engine.emit(StrikeDealt, cause=cause, fight_id=fight_id, striker=striker, target=target, amount=amount, lethal=lethal)
    for striker, target, amount, lethal in strikes:
        unit = engine.state.units[target]
        engine.emit(DamageTaken, cause=cause, unit=target, amount=amount, total=unit.damage + amount, source=striker)
        engine.took_damage(target, amount, cause)
        if lethal and amount > 0:
            lethal_hits.add(target)
    for target in dict.fromkeys(t for _, t, _, _ in strikes):
        unit = engine.state.units[target]
        if unit.kind != "minion":
            continue
        if target in lethal_hits:
            engine.kill(target, LETHAL, cause)
        elif unit.damage >= unit.defence:
            engine.kill(target, DAMAGE, cause)


def _split(engine: Primitives, fight_id: str, striker: str, living: list[str], cause: str) -> dict[str, int]:
    """One strike against several units: its controller splits the damage (codex: Strike). A
    split declared with the unit's Move and Attack is used when it names exactly the units
    fought; otherwise the policy gives it all to the first listed (the attack's target, else
    the first defender). Either way the split is an event, saying who decided."""
    power = engine.state.units[striker].power
    if len(living) == 1:
        return {living[0]: power}
    declared = engine.state.declared_splits.get(striker)
    if declared is not None and set(declared) == set(living):
        split = {u: declared[u] for u in living}
        decided, reason = "player", "as declared with its Move and Attack"
    else:
        split = {u: (power if i == 0 else 0) for i, u in enumerate(living)}
        decided = "policy:all-to-first"
        reason = "no declared split names exactly these units" if declared is not None else "no split was declared"
    engine.emit(DamageSplit, cause=cause, fight_id=fight_id, striker=striker, split=split, decided_by=decided, reason=reason)
    return {u: n for u, n in split.items() if n > 0}


def resolve_fight_item(engine: Primitives, item: FightItem) -> None:
    """A fight started by a card's text: all its participants must still be there together."""
    units = [engine.state.units[u] for u in item.requires]
    gone = [u.id for u in units if not u.alive or u.location is None]
    if gone:
        engine.emit(FightCancelled, cause=item.cause, fight_id=item.fight_id, reason=f"{', '.join(gone)} no longer in the realm")
        return
    if len({u.location for u in units}) > 1:
        engine.emit(FightCancelled, cause=item.cause, fight_id=item.fight_id, reason="the fighters are not at one location")
        return
    fight(engine, item.fight_id, item.sides, units[0].location, "card text", item.cause)


def resolve_attack(engine: Primitives) -> None:
    """After the defence window: the attacker fights the defenders (a targeted site leaves the
    fight; a targeted unit stays), or strikes the undefended target (codex: Attack)."""
    attack = engine.state.attack
    assert attack is not None
    cause = attack.id
    attacker = engine.state.units[attack.attacker]
    if not attacker.alive or attack.location not in attacker.occupied:
        engine.emit(AttackResolved, cause=cause, attack_id=attack.id)
        return
    present = [
        d for d in attack.defenders
        if engine.state.units[d].alive and attack.location in engine.state.units[d].occupied
    ]
    opponents = list(present)
    if attack.target_kind == "unit":
        target = engine.state.units[attack.target]
        if target.alive and attack.location in target.occupied:
            opponents.insert(0, target.id)
    fight_id = f"{attack.id}-fight"
    if opponents:
        fight(engine, fight_id, [[attacker.id], opponents], attack.location, f"attack {attack.id}", cause)
    elif attack.target_kind == "site":
        site = engine.state.features[attack.target]
        disabled = engine.view().disabled(attacker.id, parse_loc(attack.location))
        if disabled is not None:  # disabled since it declared the attack: no strike, no damage (codex: Disabled)
            why = rule(DISABLED, f"a disabled unit doesn't strike ({disabled})")
            engine.emit(StrikeWithheld, cause=cause, fight_id=attack.id, striker=attacker.id, target=site.id, rule=why)
            engine.emit(AttackResolved, cause=cause, attack_id=attack.id)
            return
        engine.emit(SiteStruck, cause=cause, site=site.id, controller=site.controller, amount=attacker.power, striker=attacker.id)
    engine.emit(AttackResolved, cause=cause, attack_id=attack.id)
