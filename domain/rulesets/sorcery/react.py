"""Movement that reacts to attacks or spells, and swaps (issue 9; abilities_react.py).

- Wills-o'-the-Wisp: "whenever attacked" is an "attack" trigger, matched on ``AttackDeclared``
  and resolved before the defend window opens (codex: Attack, step 2). The teleport is the
  Wisps' controller's choice, asked with ``ChoiceRequested`` and answered with ``choose``.
- Dodge Roll: cast by the attacked player in that same window (codex: Attack, step 2; Casting
  Spells: a timing exception), i.e. while the attack has been declared and no defender has been
  declared yet; the ally's move is one step of its own to an adjacent location in its region
  (codex: Adjacent: "adjacent location" crosses no region boundary).
- Joust!, Call of the Sea, Backstab: spells cast in the main phase whose steps go on the
  storyline; what follows the steps (the fight, the submerging) waits behind them as an
  ``ActivationItem`` whose ``then`` starts with ``react:``.
- Sturmgeist: whenever an enemy casts magic it steps closer to the casting unit, which the cast
  names (``by``; Sturmgeist FAQ: only units cast spells it hears). Ties for the closest step are
  its controller's choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.errors import BadInput, IllegalCommand
from domain.event_base import GameEvent
from domain.rulesets.sorcery.abilities import Spell, target_kind
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.catalog import Card, slug
from domain.rulesets.sorcery.choices import NO, may_step, own_steps, pick
from domain.rulesets.sorcery.choices import answer as answer_choice
from domain.rulesets.sorcery.events import ActivationPlanned, ActivationResolved, SpellCast, not_modelled_of
from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement
from domain.rulesets.sorcery.realm import Loc, Region, distance, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import ActivationItem
from domain.state import TriggerState

if TYPE_CHECKING:
    from domain.rulesets.sorcery.commands import Cast
    from domain.rulesets.sorcery.engine import SorceryCommands as SorceryEngine

DODGE_WINDOW = rule(
    "codex: Attack", "Dodge Roll is cast when an ally is attacked: after the attack is declared, before any defender",
)


def _muted(engine: SorceryEngine, unit_id: str) -> bool:
    """A silenced or disabled unit has no abilities (codex: Silenced, Disabled)."""
    view = engine.view()
    return view.silenced(unit_id) is not None or view.disabled(unit_id) is not None


def _adjacent_in_region(engine: SorceryEngine, a: str, b: str) -> bool:
    """Adjacent locations: orthogonal squares in one region (codex: Adjacent)."""
    x, y = parse_loc(a), parse_loc(b)
    return x.region is y.region and y.square in engine.view().orthogonal(x.square)


# --- "attack" triggers (codex: Attack, step 2) -------------------------------------------------------


def on_event(engine: SorceryEngine, event: GameEvent) -> None:
    """Queue what an attack being declared triggers (the resolver calls this for every event)."""
    from domain.rulesets.sorcery.events import AbilityUsed
    from domain.rulesets.sorcery.events_combat import AttackDeclared, AttackResolved

    if isinstance(event, AttackDeclared) and _first_attacks(engine, event.attacker) == [] and any(
        a.trigger == "after_first_attack_may_step" for a in abilities_of(engine.state.units[event.attacker].card)
    ):  # Bladedancer: her first attack this turn is marked, whatever becomes of it
        engine.emit(AbilityUsed, cause=event.event_id, unit=event.attacker, ability=f"first_attack_{event.attack_id}")
    if isinstance(event, AttackResolved):
        _after_attack(engine, event.attack_id, event.event_id)
    if not isinstance(event, AttackDeclared) or event.target_kind != "unit":
        return
    target = engine.state.units.get(event.target)
    if target is None or not target.alive or _muted(engine, target.id):
        return
    for ability in abilities_of(target.card):
        if ability.trigger == "evade_teleport":
            engine.resolver.queue_trigger(
                ability.trigger, ability.name, target.id, target.owner, target.id, {"attack": event.attack_id}, event.event_id,
            )


def _evade_teleport(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Wills-o'-the-Wisp: may teleport to another nearby location (in its region) or a nearby
    void; the attack goes on at its location without them (codex: Attack, steps 4-5)."""
    unit = engine.state.units[trigger.source]
    attack = engine.state.attack
    if attack is None or attack.id != trigger.params.get("attack") or unit.location != attack.location:
        engine.resolver.resolved(trigger, f"{unit.id} is no longer attacked where it stands: nothing to evade")
        return
    model = ForcedMovement(engine.state, "teleport_nearby_or_void")
    options = [o.to for o in model.step_options(unit.id, unit.location or "") if o.blocked is None]
    answer = pick(
        engine, trigger, "may_teleport", options, f"teleport {unit.id} to evade the attack? where, or no",
        f"{unit.id} has no nearby location or void to teleport to: nothing to choose", f"{unit.id} stays and is attacked",
        lambda to: f"{unit.id} teleports to {engine.label(to)} to evade the attack",
    )
    if answer is None:
        return
    engine.resolver.declare_path(
        unit.id, [unit.location or "", answer], "forced:teleport_nearby_or_void", None, cause=trigger.id,
        kinds=[FORCED_KINDS["teleport_nearby_or_void"]],
    )


# --- Bladedancer: after her first attack each turn ----------------------------------------------------


def _first_attacks(engine: SorceryEngine, unit_id: str) -> list[str]:
    """The attack ids marked as the unit's first this turn (``AbilityUsed``)."""
    marks = [m.split(":", 1)[0] for m in engine.state.used_this_turn if m.endswith(f":{unit_id}")]
    return [m.removeprefix("first_attack_") for m in marks if m.startswith("first_attack_")]


def _after_attack(engine: SorceryEngine, attack_id: str, cause: str) -> None:
    """An "after attack" trigger (codex: Attack, step 6): Bladedancer's, after her first attack."""
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        if attack_id not in _first_attacks(engine, unit.id) or unit.location is None or _muted(engine, unit.id):
            continue
        for ability in abilities_of(unit.card):
            if ability.trigger == "after_first_attack_may_step":
                engine.resolver.queue_trigger(ability.trigger, ability.name, unit.id, unit.owner, None, {"attack": attack_id}, cause)


def _may_step_then_attack(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Bladedancer FAQ: once the first attack is over, she may take a step to a different
    location (it can't be intercepted); when she does, she may attack a unit there: a real
    second attack, asked once the step has resolved."""
    unit = engine.state.units[trigger.source]
    if trigger.params.get("then") == "attack":
        _may_attack_there(engine, trigger, unit)
        return
    answer = may_step(engine, trigger, unit.id)
    if answer is None:
        return
    engine.declare_path(unit.id, [unit.location or "", answer], "step:bladedancer", None, cause=trigger.id)
    engine.emit(ActivationPlanned, cause=trigger.id, item=ActivationItem(
        source=unit.id, then="react:may_attack_there", unit=unit.id, to=answer, player=unit.owner,
    ))


def _may_attack_there(engine: SorceryEngine, trigger: TriggerState, unit: Any) -> None:
    view = engine.view()
    targets = [
        u.id for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if u.location == unit.location and u.owner != unit.owner and view.attack_refusal(unit.id, u.id) is None
    ]
    answer = pick(
        engine, trigger, "may_attack", targets, f"which unit does {unit.id} attack there, if any?",
        f"no unit at {engine.label(unit.location or '')} {unit.id} may attack: nothing to choose",
        f"{unit.id} attacks no unit there", lambda target: f"{unit.id} attacks {target}",
    )
    if answer is None:
        return
    from domain.rulesets.sorcery.events_combat import AttackPlanned

    engine.emit(AttackPlanned, cause=trigger.id, unit=unit.id, target=answer)


# --- Sturmgeist: whenever an enemy casts magic ------------------------------------------------------


def check_caster(engine: SorceryEngine, data: Card, caster: str, by: str | None) -> str | None:
    """The unit named as casting the spell (``by``): a living Avatar or Spellcaster of the
    caster's (codex: Casting Spells, Spellcaster). Required when an enemy Sturmgeist would hear
    the magic: it steps toward that unit (Sturmgeist FAQ)."""
    if by is None:
        if data.type == "Magic" and _listeners(engine, caster):
            names = ", ".join(u for u, _ in _listeners(engine, caster))
            raise BadInput(f"name the unit casting {data.name} ('by'): {names} step(s) closer to it (Sturmgeist)", "by")
        return None
    unit = engine.known_unit(by, "by", living=True)
    keywords = engine.view().keywords(unit.id)
    if unit.owner != caster or not (unit.kind == "avatar" or any(k.endswith("Spellcaster") for k in keywords)):
        raise IllegalCommand(
            rule("codex: Spellcaster", "spells are cast by an Avatar or a Spellcaster minion"),
            f"by: {by} is not a Spellcaster of {caster}'s",
        )
    return str(unit.id)


def _listeners(engine: SorceryEngine, caster: str) -> list[tuple[str, Any]]:
    found = []
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        if unit.owner == caster or unit.location is None or _muted(engine, unit.id):
            continue
        for ability in abilities_of(unit.card):
            if ability.trigger == "step_closer_to_caster":
                found.append((unit.id, ability))
    return found


def on_cast(engine: SorceryEngine, data: Card, caster: str, by: str | None, cause: str) -> None:
    """Queue what an enemy casting magic triggers: they resolve before the spell's moves
    (Sturmgeist FAQ: after the costs are paid, before the spell resolves). What triggers after
    a unit casts (Wind Sylph) waits behind the spell's moves on the storyline."""
    if data.type != "Magic" or by is None:
        return
    for unit_id, ability in _listeners(engine, caster):
        engine.resolver.queue_trigger(
            ability.trigger, ability.name, unit_id, engine.state.units[unit_id].owner, by, {"spell": data.name}, cause,
        )
    unit = engine.state.units[by]
    if _muted(engine, by):
        return
    for ability in abilities_of(unit.card):
        if ability.trigger == "after_cast_may_push_here":
            item = ActivationItem(source=by, then="react:after_cast", unit=by, player=unit.owner, path=[data.name])
            engine.emit(ActivationPlanned, item=item)


def _may_push_here(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Wind Sylph: she may push a unit at her location one step (forced: a push stays in its
    region; codex: Step); the player picks the unit and where, or no."""
    unit = engine.state.units[trigger.source]
    here = unit.location or ""
    model = ForcedMovement(engine.state, "push")
    options = []
    for other in sorted(engine.state.living_units(), key=lambda u: u.id):
        if other.location == here and other.carried_by is None:
            options += [f"{other.id}>{o.to}" for o in model.step_options(other.id, here) if o.blocked is None]
    if not options:
        engine.resolver.resolved(trigger, f"no unit at {engine.label(here)} can be pushed: nothing to choose")
        return
    answer = answer_choice(engine, trigger, "may_push", [*options, NO], "push a unit here one step? unit>location, or no")
    if answer is None:
        return
    if answer == NO:
        engine.resolver.resolved(trigger, f"{unit.id} pushes no unit ({trigger.controller}'s choice)")
        return
    pushed, to = answer.split(">", 1)
    engine.resolver.resolved(trigger, f"{unit.id} pushes {pushed} to {engine.label(to)} ({trigger.controller}'s choice)")
    engine.resolver.declare_path(pushed, [here, to], "forced:push", None, cause=trigger.id, kinds=[FORCED_KINDS["push"]])


def _step_closer(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Sturmgeist FAQ: the location it could step to by its own movement that is closest to the
    caster, counted in steps (digest 1.4); ties are its controller's choice; no step is closer:
    no step."""
    unit = engine.state.units[trigger.source]
    target = engine.state.units[trigger.subject or ""]
    if not target.alive or target.location is None:
        engine.resolver.resolved(trigger, f"{target.id} is no longer in the realm: no step")
        return
    goal = parse_loc(target.location).square
    now = distance(parse_loc(unit.location or "").square, goal)
    steps = [(to, distance(parse_loc(to).square, goal)) for to in own_steps(engine, unit.id)]
    closer = [(to, d) for to, d in steps if d < now]
    if not closer:
        engine.resolver.resolved(trigger, f"{unit.id} can take no step closer to {target.id}")
        return
    best = min(d for _, d in closer)
    options = [to for to, d in closer if d == best]
    to = options[0]
    if len(options) > 1:
        chosen = answer_choice(engine, trigger, "step_closer", options, f"which step takes {unit.id} closest to {target.id}?")
        if chosen is None:
            return
        to = chosen
        decided = f"{trigger.controller}'s choice of the closest steps"
    else:
        decided = "the only closest step"
    engine.resolver.resolved(trigger, f"{unit.id} steps closer to {target.id}, to {engine.label(to)} ({decided})")
    frm = unit.location or ""
    engine.declare_path(unit.id, [frm, to], "step:sturmgeist", None, cause=trigger.id)


RESOLVERS = {
    "evade_teleport": _evade_teleport,
    "step_closer_to_caster": _step_closer,
    "after_cast_may_push_here": _may_push_here,
    "after_first_attack_may_step": _may_step_then_attack,
}


# --- Dodge Roll: cast when an ally is attacked ---------------------------------------------------------


def cast_when_attacked(engine: SorceryEngine, cmd: Cast, data: Card, spell: Spell) -> None:
    """Dodge Roll: the attacked player casts it after the attack is declared, before any defender
    is declared; targets: the attacked ally, then the adjacent location it moves to (leave the
    location out: it doesn't move)."""
    attack = engine.state.attack
    if attack is None or not attack.window_open or attack.defenders:
        raise IllegalCommand(DODGE_WINDOW, f"{data.name}: no attack has just been declared")
    if engine.state.storyline:
        raise IllegalCommand(rule("codex: Storyline", "the storyline must be empty"))
    defending = engine.state.opponent_of(engine.state.units[attack.attacker].owner)
    player = engine.player(cmd.player, defending)
    if player != defending:
        raise IllegalCommand(DODGE_WINDOW, f"{data.name}: {player} is attacking, not attacked")
    engine._refuse_unmodelled([data.name], f"casting {data.name}")
    field = "targets"
    if len(cmd.targets) not in (1, 2):
        raise BadInput(f"{data.name} needs the attacked ally, then the adjacent location it moves to (or none)", field)
    ally = engine.known_unit(cmd.targets[0], field, living=True)
    if attack.target_kind != "unit" or attack.target != ally.id or ally.owner != player:
        raise IllegalCommand(rule(data.name, spell.covers[1]), f"{ally.id} is not {player}'s attacked ally (the attack targets {attack.target})")
    by = check_caster(engine, data, player, cmd.by)
    moves: list[str] = []
    if len(cmd.targets) == 2:
        to = engine._parse_in_region(cmd.targets[1], ally.location or "", field)
        if not _adjacent_in_region(engine, ally.location or "", to):
            raise IllegalCommand(
                rule(data.name, spell.covers[1]),
                f"{engine.label(to)} is not a location adjacent to {engine.label(ally.location or '')} in its region (codex: Adjacent)",
            )
        if to not in own_steps(engine, ally.id):
            raise IllegalCommand(rule(data.name, spell.covers[1]), f"{ally.id} can't move to {engine.label(to)}: not one of its steps now")
        moves = [to]
    spell_id = f"{slug(data.name)}-{engine.state.counters.get('spell', 0) + 1}"
    engine.emit(
        SpellCast, spell_id=spell_id, card=data.name, caster=player, targets=list(cmd.targets),
        not_modelled=not_modelled_of(data.name),
        unaffected={} if moves else {ally.id: f"{player} chose no location: it stays"},
    )
    if moves:
        engine.declare_path(ally.id, [ally.location or "", moves[0]], f"step:{slug(data.name)}", None)
    on_cast(engine, data, player, by, engine.cause)


# --- spells cast in the main phase -----------------------------------------------------------------------


def cast(engine: SorceryEngine, data: Card, spell: Spell, caster: str, targets: list[str], where: str) -> None:
    if where.startswith("setup"):
        raise BadInput(f"{data.name} moves units: cast it in the script, not at set-up", where)
    field = f"{where}.targets"
    kind = target_kind(spell)
    paths: list[tuple[str, str]] = []  # (unit, destination), in the order they resolve
    after: ActivationItem | None = None
    unaffected: dict[str, str] = {}
    view = engine.view()
    if kind == "attacked_ally_moves":
        raise IllegalCommand(DODGE_WINDOW, f"{data.name} is cast when an ally is attacked, not in the main phase")
    if kind == "ally_swaps_with_adjacent_enemy":  # Joust!
        if len(targets) != 2:
            raise BadInput(f"{data.name} needs the ally, then the enemy it targets", field)
        ally = engine.known_unit(targets[0], field, living=True)
        enemy = engine.known_unit(targets[1], field, living=True)
        if ally.owner != caster:
            raise IllegalCommand(rule(data.name, spell.covers[0]), f"{ally.id} is not an ally of {caster}'s")
        if enemy.owner == caster or not _adjacent_in_region(engine, ally.location or "", enemy.location or ""):
            raise IllegalCommand(rule(data.name, spell.covers[0]), f"{enemy.id} is not an enemy adjacent to {ally.id} (codex: Adjacent)")
        a, b = ally.location or "", enemy.location or ""
        paths = [(ally.id, b), (enemy.id, a)]
        after = ActivationItem(source=slug(data.name), then="react:joust", unit=ally.id, to=b, player=caster, path=[enemy.id, a])
    elif kind == "adjacent_minions_step_in_then_submerge":  # Call of the Sea
        if len(targets) != 1:
            raise BadInput(f"{data.name} needs one target water site", field)
        square = parse_loc(engine.location(targets[0], field)).square
        if view.site_at(square) is None or not view.is_water(square):
            raise IllegalCommand(rule(data.name, spell.covers[0]), f"square {square} is not a water site")
        there = Loc(square, Region.SURFACE).text
        for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
            if unit.kind == "minion" and unit.location and unit.carried_by is None and _adjacent_in_region(engine, unit.location, there):
                paths.append((unit.id, there))
        after = ActivationItem(source=slug(data.name), then="react:submerge_there", unit=paths[0][0] if paths else "", to=there, player=caster)
    elif kind == "minion_moves_to_tapped_minion":  # Backstab
        if len(targets) != 2:
            raise BadInput(f"{data.name} needs the target minion, then the tapped minion it strikes", field)
        mover = engine.known_unit(targets[0], field, living=True)
        struck = engine.known_unit(targets[1], field, living=True)
        if mover.kind != "minion" or struck.kind != "minion" or mover.id == struck.id:
            raise IllegalCommand(rule(data.name, spell.covers[0]), "two different minions are its targets")
        if not struck.tapped:
            raise IllegalCommand(rule(data.name, "to strike another target tapped minion there"), f"{struck.id} is not tapped")
        a, b = mover.location or "", struck.location or ""
        if a != b:
            if not _adjacent_in_region(engine, a, b):
                raise IllegalCommand(
                    rule(data.name, spell.covers[0]),
                    f"{struck.id} is neither at {mover.id}'s location nor at one adjacent to it in its region (Backstab FAQ)",
                )
            paths = [(mover.id, b)]
        else:
            unaffected[mover.id] = f"already at {engine.label(a)}: no move needed"
    else:
        raise BadInput(f"{data.name}: unknown kind of spell {kind!r}", where)
    spell_id = f"{slug(data.name)}-{engine.state.counters.get('spell', 0) + 1}"
    engine.emit(
        SpellCast, spell_id=spell_id, card=data.name, caster=caster, targets=list(targets),
        not_modelled=not_modelled_of(data.name), unaffected=unaffected,
    )
    for unit_id, to in reversed(paths):  # the first listed resolves first
        frm = engine.state.units[unit_id].location or ""
        engine.resolver.declare_path(unit_id, [frm, to], f"step:{slug(data.name)}", None)
    if after is not None:
        engine.emit(ActivationPlanned, item=after)


def resolve_item(engine: SorceryEngine, item: ActivationItem) -> None:
    """What follows a react spell's steps: Joust!'s fight, Call of the Sea's submerging."""
    from domain.rulesets.sorcery import combat

    if item.then == "react:joust":
        enemy_id, start = item.path
        ally, enemy = engine.state.units[item.unit], engine.state.units[enemy_id]
        passed = ally.alive and enemy.alive and ally.location == item.to and enemy.location == start
        if not passed:
            engine.emit(ActivationResolved, source=item.source, outcome=f"{ally.id} and {enemy.id} did not pass each other: no fight")
            return
        engine.emit(ActivationResolved, source=item.source, outcome=f"{ally.id} and {enemy.id} passed each other: they fight")
        combat.fight(engine, engine.state.next_id("f", "fight"), [[ally.id], [enemy.id]], None, "Joust!: they passed each other", engine.cause)
        return
    if item.then == "react:submerge_there":
        there = item.to or ""
        below = Loc(parse_loc(there).square, Region.UNDERWATER).text
        minions = sorted(
            u.id for u in engine.state.living_units() if u.location == there and u.kind == "minion" and u.carried_by is None
        )
        listed = ", ".join(minions) or "no minion"
        engine.emit(ActivationResolved, source=item.source, outcome=f"submerges the minions atop {engine.label(there)}: {listed}")
        for unit_id in reversed(minions):
            engine.resolver.declare_path(unit_id, [there, below], "forced:submerge", None, kinds=[FORCED_KINDS["submerge"]])
        return
    if item.then == "react:may_attack_there":  # Bladedancer: "When she does, she may attack a unit there."
        unit = engine.state.units[item.unit]
        if not unit.alive or unit.location != item.to:
            engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} did not take the step: no attack there")
            return
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} took the step to {engine.label(item.to or '')}")
        for ability in abilities_of(unit.card):
            if ability.trigger == "after_first_attack_may_step":
                engine.resolver.queue_trigger(
                    ability.trigger, "may attack a unit there", unit.id, unit.owner, None, {"then": "attack"}, engine.cause,
                )
        return
    if item.then == "react:after_cast":  # Wind Sylph: her trigger, once the spell has resolved
        unit = engine.state.units[item.unit]
        if not unit.alive or _muted(engine, unit.id):
            engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} has no abilities now: nothing triggers")
            return
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} has cast {item.path[0]}")
        for ability in abilities_of(unit.card):
            if ability.trigger == "after_cast_may_push_here":
                engine.resolver.queue_trigger(ability.trigger, ability.name, unit.id, unit.owner, None, {"spell": item.path[0]}, engine.cause)
        return
    raise ValueError(f"unknown react item {item.then!r}")
