"""Readable text for events, range-of-motion answers and game state, printed with rich."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console
from rich.table import Table

from domain.event_base import GameEvent
from domain.movement import RangeOfMotion
from domain.state import GameState
from projections.timeline import Timeline

Labeler = Callable[[str], str]


def describe(event: GameEvent, label: Labeler) -> str:
    """One line saying what happened, in the game's own words."""
    p = event.payload()
    name = event.name

    def loc(key: str) -> str:
        value = p.get(key)
        return label(value) if value else "nowhere"

    texts: dict[str, Callable[[], str]] = {
        "GameStarted": lambda: f"game started: {p['ruleset']}, players {', '.join(p['players'])}, {p['active_player']} to act",
        "CommandIssued": lambda: f"{p['command_id']}: {_command_text(p['command'], label)}",
        "UnitPlaced": lambda: f"{p['unit']['id']} ({p['unit']['card']}, {p['unit']['owner']}) placed at {label(p['unit']['location'] or '')}"
        + (f", carried by {p['unit']['carried_by']}" if p["unit"].get("carried_by") else ""),
        "FeaturePlaced": lambda: f"{p['feature']['kind']} {p['feature']['id']} ({p['feature']['card']})"
        + (f" at {label(p['feature']['location'])}" if p["feature"].get("location") else f" borne by {p['feature']['bearer']}"),
        "EffectStarted": lambda: f"effect {p['effect']['id']} starts ({_duration(p['effect']['duration'])}): {p['effect']['label']}",
        "EffectEnded": lambda: f"effect {p['effect_id']} ends: {p['reason']}",
        "PathDeclared": lambda: f"{p['unit']} declares path {' -> '.join(label(x) for x in p['path'])} ({p['purpose']})",
        "StepTaken": lambda: f"{p['unit']} steps {loc('frm')} -> {loc('to')} ({p['kind']}{', free' if p['free'] else ''})"
        + (f", carrying {', '.join(p['carried'])}" if p["carried"] else ""),
        "StepRefused": lambda: f"{p['unit']} can't step {loc('frm')} -> {loc('to')}: {_rule(p['rule'])}",
        "StepsCancelled": lambda: f"{p['unit']}'s remaining {p['steps']} step(s) cancelled: {p['reason']}",
        "MoveEnded": lambda: (f"{p['unit']} stops at {loc('at')}" if p.get("at") else f"{p['unit']}'s move ends (it left the realm)")
        + f" after {p['steps_taken']} step(s)",
        "UnitTapped": lambda: f"{p['unit']} taps ({p['reason']})",
        "UnitDropped": lambda: f"{p['unit']} is dropped by {p['carrier']} at {loc('at')}: {p['reason']}",
        "AttackPlanned": lambda: f"{p['unit']} will attack {p['target']} after moving",
        "AttackRefused": lambda: f"{p['unit']} can't attack {p['target']}: {_rule(p['rule'])}",
        "AttackDeclared": lambda: f"attack {p['attack_id']}: {p['attacker']} attacks {p['target']} at {loc('location')}",
        "DefendDeclared": lambda: f"{p['defender']} defends against {p['attack_id']}",
        "DefenderJoined": lambda: f"{p['defender']} joins the fight of {p['attack_id']}",
        "DefenderMissed": lambda: f"{p['defender']} does not join {p['attack_id']}: {p['reason']}",
        "DefenceClosed": lambda: f"no more defenders for {p['attack_id']}",
        "AttackResolved": lambda: f"attack {p['attack_id']} is over",
        "FightQueued": lambda: f"fight {p['fight']['fight_id']} queued: {' vs '.join(', '.join(s) for s in p['fight']['sides'])}",
        "FightStarted": lambda: f"fight {p['fight_id']} at {loc('location')}: {' vs '.join(', '.join(s) for s in p['sides'])}",
        "FightCancelled": lambda: f"fight {p['fight_id']} doesn't happen: {p['reason']}",
        "StrikeDealt": lambda: f"{p['striker']} strikes {p['target']} for {p['amount']}{' (Lethal)' if p['lethal'] else ''}",
        "DamageTaken": lambda: f"{p['unit']} has {p['total']} damage",
        "SiteStruck": lambda: f"{p['striker']} strikes site {p['site']}: {p['controller']} loses {p['amount']} life",
        "UnitDied": lambda: f"{p['unit']} dies at {loc('at')}: {_rule(p['rule'])}",
        "TriggerQueued": lambda: f"trigger {p['trigger']['id']} queued: {p['trigger']['label']}",
        "ChoiceRequested": lambda: f"{p['player']} must choose ({p['choice_id']}): {p['prompt']}",
        "TriggersOrdered": lambda: f"{p['player'] or 'the game'} orders {', '.join(p['order'])} ({p['decided_by']})",
        "TriggerResolved": lambda: f"trigger {p['trigger_id']} resolves: {p['outcome']}",
        "TurnEnded": lambda: f"{p['player']}'s turn {p['turn']} ends",
        "TurnStarted": lambda: f"{p['player']}'s turn {p['turn']} begins" + (f"; untaps {', '.join(p['untapped'])}" if p["untapped"] else ""),
        "DiceRolled": lambda: f"rolled {p['dice']} for {p['purpose']}: {p['results']}",
        # GODSGLOOM
        "MatLaid": lambda: f"mat of {p['width']}x{p['height']} hexes; {p['phase']} step",
        "UnitPivoted": lambda: f"{p['unit']} pivots {p['frm']} -> {p['facing']} ({p['when']})",
        "UnitActivated": lambda: f"{p['player']} activates {p['unit']}"
        + (f" (Engaged by {', '.join(p['engaged_by'])})" if p["engaged_by"] else ""),
        "MoveActionStarted": lambda: f"{p['unit']} makes its Move Action ({p['mode']}, {p['movement_points']} MP)",
        "MeleeBarred": lambda: f"{p['unit']} may not make a Melee Attack this activation: {p['rule']}",
        "UnitEngaged": lambda: f"{p['unit']} is Engaged at {loc('at')} by {', '.join(p['by'])}",
        "UnitTeleported": lambda: f"{p['unit']} teleports {loc('frm')} -> {loc('to')} ({p['reason']})",
        "UnitDisplaced": lambda: f"{p['unit']} is pushed {loc('frm')} -> {loc('to')} by {p['by']}",
        "WoundsSuffered": lambda: f"{p['unit']} suffers {p['wounds']} Wound(s), {p['left']} left ({p['source']})",
        "MeleeAttackDeclared": lambda: f"{p['unit']} makes a Melee Attack on {p['target']}",
        "ActivationEnded": lambda: f"{p['unit']}'s activation ends; {p['next_player']} nominates next",
        "RoundEnded": lambda: f"round {p['round']} ends: the God's Push step",
        "GodsPushMoved": lambda: f"{p['unit']} moves in the God's Push step ({p['eligible_because']})",
        "RoundStarted": lambda: f"round {p['round']} begins; {p['first_player']} nominates first",
        "ScoutMoved": lambda: f"{p['unit']} makes its Scout Deploy move",
        # the skirmish ruleset
        "TableLaid": lambda: f"table of {p['table']['width']:g}x{p['table']['depth']:g} inches, "
        f"{len(p['table']['surfaces'])} raised surface(s), {len(p['table']['ladders'])} ladder(s)",
        "MoveStarted": lambda: f"{p['unit']} starts to {p['mode']}: {p['allowance']:g}\" allowed"
        + (" (difficult terrain: 2\" less)" if p["difficult"] else ""),
        "UnitRan": lambda: f"{p['unit']} ran: it may not Shoot this turn",
        "CheckMade": lambda: f"{p['unit']} {'passes' if p['passed'] else 'fails'} a {p['check']} check: "
        f"rolled {p['rolls']}{' (disadvantage)' if p['disadvantage'] else ''}, kept {p['kept']} vs Agility {p['agility']}",
        "JumpDeclared": lambda: f"{p['unit']} declares a jump {loc('frm')} -> {loc('to')}",
        "JumpMeasured": lambda: f"measured: {p['distance']:g}\" across, {p['rise']:g}\" up: {p['outcome']}",
        "UnitFell": lambda: f"{p['unit']} falls {p['height']:g}\" from {loc('frm')} to {loc('to')} ({p['reason']})",
        "InjuryRolled": lambda: f"{p['unit']}'s Injury Roll: {p['roll']} + {p['modifier']} = {p['total']}: {p['result']}",
        "UnitStateChanged": lambda: f"{p['unit']} is now {', '.join(p['states']) or 'unhurt'}, {p['wounds']} Wound(s) ({p['reason']})",
        "EngageAttempted": lambda: f"{p['unit']} attempts to Engage (no Move this turn)",
        "TurnPassed": lambda: f"{p['player']}'s turn ends; {p['next_player']} moves next",
        "MeleeLeft": lambda: f"{p['unit']} leaves the melee with {', '.join(p['enemies'])} (all Stunned or Dazed)",
    }
    text = texts.get(name)
    return text() if text else f"{name} {p}"


def _rule(rule: dict[str, object]) -> str:
    timing = f" ({rule['timing']})" if rule.get("timing") else ""
    return f"{rule['source']}: {rule['message']}{timing}"


def _duration(duration: str) -> str:
    return duration.replace("_", " ")


def _command_text(command: dict[str, object], label: Labeler) -> str:
    kind = str(command.get("command"))
    if kind == "set_up":
        return "set up the board"
    parts = [kind.replace("_", " ")]
    for key, value in command.items():
        if key == "command" or value in (None, [], {}):
            continue
        if key == "path" and isinstance(value, list):
            value = " -> ".join(label(str(v)) for v in value)
        parts.append(f"{key}={value}")
    return " ".join(parts)


def print_events(console: Console, events: Iterable[GameEvent], label: Labeler) -> None:
    for event in events:
        style = {
            "CommandIssued": "bold",
            "StepRefused": "yellow",
            "AttackRefused": "yellow",
            "UnitDied": "red",
            "TriggerQueued": "magenta",
            "TriggersOrdered": "magenta",
            "TriggerResolved": "magenta",
            "ChoiceRequested": "bold magenta",
        }.get(event.name, "")
        console.print(f"[dim]{event.event_id:>4}[/dim] " + describe(event, label).replace("[", "\\["), style=style)


def print_reach(console: Console, answer: RangeOfMotion, limit: int = 8) -> None:
    if answer.denied is not None:
        console.print(f"{answer.unit} has no range of motion: {answer.denied}")
        return
    table = Table(title=f"range of motion of {answer.unit} from {answer.start} (allowance {answer.allowance})")
    table.add_column("location")
    table.add_column("steps", justify="right")
    table.add_column("path")
    for location in answer.reachable:
        table.add_row(location, str(answer.costs[location]), " -> ".join(answer.paths[location]))
    console.print(table)
    shown = sorted(answer.reasons.items())
    for location, reasons in shown[:limit]:
        console.print(f"  not {location}: " + "; ".join(str(r) for r in reasons))
    if len(shown) > limit:
        console.print(f"  ... and {len(shown) - limit} more out of reach (sim why SCENARIO --unit ID --to LOCATION)")


def print_state(console: Console, state: GameState, label: Labeler) -> None:
    table = Table(title=f"{state.ruleset}: turn {state.turn}, {state.active_player} to act")
    for column in ("unit", "card", "owner", "at", "damage", "state"):
        table.add_column(column)
    for unit in state.units.values():
        flags = [f for f, on in (("tapped", unit.tapped), ("dead", not unit.alive)) if on]
        if unit.carried_by:
            flags.append(f"carried by {unit.carried_by}")
        table.add_row(unit.id, unit.card, unit.owner, label(unit.location) if unit.location else "-", str(unit.damage), ", ".join(flags))
    console.print(table)
    if state.effects:
        for effect in state.effects.values():
            console.print(f"  effect {effect.id}: {effect.label} ({_duration(effect.duration)})")
    console.print("  life: " + ", ".join(f"{p} {life}" for p, life in state.life.items()))
    if state.choice is not None:
        console.print(f"  waiting for {state.choice.player}: {state.choice.prompt}")


def print_timeline(console: Console, timeline: Timeline) -> None:
    if not timeline.triggers:
        console.print("no triggers fired")
        return
    for entry in timeline.in_resolution_order():
        order = f"#{entry.order_position} by {entry.ordered_by or 'the game'} ({entry.decided_by})" if entry.order_position else "not yet ordered"
        console.print(f"[magenta]{entry.id}[/magenta] " + entry.label.replace("[", "\\["))
        console.print(f"    matched on {entry.matched_on}, queued {entry.queued_at}, {order}")
        console.print(f"    resolved {entry.resolved_at or '-'}: {entry.outcome or 'pending'}")
        for event in entry.consequences:
            console.print(f"      {event.event_id} {event.name}")
