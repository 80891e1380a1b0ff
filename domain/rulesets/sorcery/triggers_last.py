"""What the last group's triggered abilities do (issue 9, abilities_last.py): Army of the Dead
leaves a Skeleton token behind each time it enters a new location (its FAQ); Red Rock of
Ravannis pulls each artifact one step toward it at the end of each turn (its FAQ); Rest in
Peace burrows a Spirit or Undead minion that comes to occupy an affected land site."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from domain.errors import BadInput
from domain.rulesets.sorcery import artifacts_forced as forced_artifacts
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.choices import answer as answer_choice
from domain.rulesets.sorcery.events import ArtifactMoved
from domain.rulesets.sorcery.movement import ForcedMovement
from domain.rulesets.sorcery.realm import Loc, Region, distance, orthogonal, parse_loc
from domain.state import TriggerState

if TYPE_CHECKING:
    from domain.rulesets.sorcery.engine import SorceryCommands as SorceryEngine

LEAVES_SKELETON = "leaves_skeleton"
PULL_ARTIFACTS = "end_each_pull_artifacts"
REST_IN_PEACE = "burrow_spirit_or_undead"
AWAKEN = "mummies_awaken"


def on_step(engine: SorceryEngine, unit_id: str, frm: str, cause: str, to: str = "", kind: str = "") -> None:
    """A unit has just entered a new location from ``frm`` (any step: its own, forced, a
    teleport, carried): Army of the Dead's trigger, unless it is silenced there; Awakened
    Mummies' below the surface it stepped onto, on the ground."""
    unit = engine.state.units[unit_id]
    if to:
        _awaken(engine, unit_id, frm, to, kind, cause)
    for ability in abilities_of(unit.card):
        if ability.trigger != LEAVES_SKELETON or not unit.alive or unit.location is None:
            continue
        if engine.view().silenced(unit_id) is not None:
            continue
        engine.resolver.queue_trigger(LEAVES_SKELETON, ability.name, unit_id, unit.owner, unit_id, {"at": frm}, cause)


def _leave_skeleton(engine: SorceryEngine, trigger: TriggerState) -> None:
    """A Skeleton token of the Army's controller is summoned at the location the Army left
    (FAQ: summoned, it enters that location); where a Skeleton can't survive (the void, below a
    site) it dies as any minion would (digest 1.6). Its id: the Army's, then ``-skeleton-N``."""
    from domain.rulesets.sorcery import triggers
    from domain.rulesets.sorcery.catalog import card

    army = engine.state.units[trigger.source]
    at = str(trigger.params["at"])
    n = 1
    while f"{army.id}-skeleton-{n}" in engine.state.units or f"{army.id}-skeleton-{n}" in engine.state.features:
        n += 1
    token = f"{army.id}-skeleton-{n}"
    engine.resolver.resolved(trigger, f"leaves {token} behind at {engine.label(at)}")
    engine._place_unit(token, card("Skeleton"), army.owner, at, tapped=False, summoned=True)
    triggers.on_entry(engine, token, "summoned", at, trigger.id)
    engine.settle(trigger.id)


def on_each_turn_end(engine: SorceryEngine, cause: str) -> bool:
    """At the end of each turn, whoever's: Red Rock of Ravannis queues one pull for each
    artifact in the realm (not lying or borne at its own site), in id order; whether any was."""
    from domain.rulesets.sorcery.triggers import _sources

    queued = False
    view = engine.view()
    for source, controller, ability, where in _sources(engine):
        if ability.trigger != PULL_ARTIFACTS:
            continue
        square = parse_loc(where).square
        for thing in sorted(engine.state.features.values(), key=lambda f: f.id):
            at = view.location_of(thing.id) if thing.kind == "artifact" else None
            if at is None or at.square == square:
                continue
            engine.resolver.queue_trigger(PULL_ARTIFACTS, ability.name, source, controller, thing.id, {"phase": "end"}, cause)
            queued = True
    return queued


def _pull_artifact(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Red Rock of Ravannis: the artifact goes one step (orthogonal, in its region) closer to
    the Rock's site (digest 2.7: a pull enters only closer locations), its bearer pulled along.
    Its FAQ: a bearer that can't be pulled there loses the artifact, which is pulled alone; an
    artifact that can't be pulled (Iron Man Talus) moves neither. Where two squares are closer,
    the Rock's controller chooses (a recorded choice)."""

    rock = engine.state.features[trigger.source]
    thing = engine.state.features[trigger.subject or ""]
    view = engine.view()
    at = view.location_of(thing.id)
    if rock.location is None or at is None:
        engine.resolver.resolved(trigger, f"{thing.id} or the Rock is no longer in the realm")
        return
    target = parse_loc(rock.location).square
    if (why := forced_artifacts.unmovable(thing)) is not None:
        engine.resolver.resolved(trigger, f"{thing.id} can't be pulled ({why}): neither it nor its bearer moves")
        return
    squares = [sq for sq in orthogonal(at.square, *view.wrap) if distance(sq, target) < distance(at.square, target)]
    bearer = engine.state.units.get(thing.bearer or "")
    pulled: dict[str, str] = {}  # destination -> what moves: the bearer, or the artifact alone
    if bearer is not None and bearer.location is not None:
        model = ForcedMovement(engine.state, "pull")
        bearer_to = {o.to for o in model.step_options(bearer.id, bearer.location) if o.blocked is None}
    else:
        bearer_to = set()
    for sq in squares:
        closer = Loc(sq, at.region)
        if closer.text in bearer_to:
            pulled[closer.text] = "bearer"
        elif view.location_exists(closer):
            pulled[closer.text] = "alone"
    if not pulled:
        engine.resolver.resolved(trigger, f"{thing.id} has no location one step closer in its region: it stays")
        return
    options = sorted(pulled, key=lambda t: parse_loc(t).square)
    if len(options) == 1:
        to = options[0]
    else:
        chosen = answer_choice(engine, trigger, "pull_to", options, f"where is {thing.id} pulled, one step closer?")
        if chosen is None:
            return
        if chosen not in pulled:
            raise BadInput(f"{chosen} is not one of {', '.join(options)}", "choice")
        to = chosen
    if pulled[to] == "bearer" and bearer is not None:
        engine.resolver.resolved(trigger, f"pulls {thing.id} with its bearer {bearer.id} to {engine.label(to)}")
        frm = bearer.location or ""
        engine.resolver.declare_path(bearer.id, [frm, to], "forced:pull", None, cause=trigger.id, kinds=["pull"])
        return
    how = f"out of {bearer.id}'s hands " if bearer is not None else ""
    engine.resolver.resolved(trigger, f"pulls {thing.id} {how}to {engine.label(to)}")
    engine.emit(ArtifactMoved, cause=trigger.id, feature=thing.id, path=[at.text, to], reason=f"{rock.card}: pulled")


def on_entry(engine: SorceryEngine, unit_id: str, square: int, cause: str) -> None:
    """A unit has just entered the site at ``square`` (summoned there, or moved there from
    another site: codex: Enter): Rest in Peace's trigger for a Spirit or Undead minion entering
    an affected land site (the reading of "occupies" in docs/sorcery.md)."""
    from domain.rulesets.sorcery.triggers import _sources

    unit = engine.state.units[unit_id]
    view = engine.view()
    if unit.kind != "minion" or not {"Spirit", "Undead"} & set(view.subtypes(unit)):
        return
    for source, controller, ability, _ in _sources(engine):
        if ability.trigger != REST_IN_PEACE:
            continue
        aura = engine.state.features[source]
        if square in aura.area and view.site_at(square) is not None and not view.is_water(square):
            engine.resolver.queue_trigger(REST_IN_PEACE, ability.name, source, controller, unit_id, {}, cause)


def _rest_in_peace(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Burrow the minion (forced: it needs no Burrowing, and dies below without it: digest
    1.6); one already below the site is burrowed already, and one that left is not burrowed."""
    aura = engine.state.features[trigger.source]
    subject = engine.state.units[trigger.subject or ""]
    here = parse_loc(subject.location) if subject.alive and subject.location else None
    view = engine.view()
    if here is None or here.square not in aura.area or view.site_at(here.square) is None or view.is_water(here.square):
        engine.resolver.resolved(trigger, f"{subject.id} no longer occupies an affected land site")
        return
    if here.region is not Region.SURFACE:
        engine.resolver.resolved(trigger, f"{subject.id} is below the site already")
        return
    below = Loc(here.square, Region.UNDERGROUND).text
    engine.resolver.resolved(trigger, f"burrows {subject.id}")
    engine.resolver.declare_path(subject.id, [here.text, below], "forced:burrow", None, cause=trigger.id, kinds=["burrow"])


def _awaken(engine: SorceryEngine, unit_id: str, frm: str, to: str, kind: str, cause: str) -> None:
    """Awakened Mummies below the site whose surface an enemy unit just stepped onto, on the
    ground (codex: On the Ground; digest 2.10: not Airborne, not a teleport, not from the void)."""
    mover = engine.state.units[unit_id]
    end = parse_loc(to)
    if end.region is not Region.SURFACE:
        return
    below = Loc(end.square, Region.UNDERGROUND).text
    view = engine.view()
    for mummies in sorted(engine.state.living_units(), key=lambda u: u.id):
        if mummies.location != below or mummies.owner == mover.owner:
            continue
        ability = next((a for a in abilities_of(mummies.card) if a.trigger == AWAKEN), None)
        if ability is None or view.silenced(mummies.id) is not None:
            continue
        if view.on_the_ground(unit_id, parse_loc(frm), end, kind):
            engine.resolver.queue_trigger(AWAKEN, ability.name, mummies.id, mummies.owner, unit_id, {}, cause)


def _mummies_awaken(engine: SorceryEngine, trigger: TriggerState) -> None:
    """They unburrow (moved up by their own text, not tapped: the FAQ), then fight the enemy
    that came (codex: Fight), if both are still where the trigger found them."""
    from domain.rulesets.sorcery.events_combat import FightQueued
    from domain.rulesets.sorcery.state import FightItem

    mummies = engine.state.units[trigger.source]
    enemy = engine.state.units[trigger.subject or ""]
    here = parse_loc(mummies.location) if mummies.alive and mummies.location else None
    if here is None or here.region is not Region.UNDERGROUND:
        engine.resolver.resolved(trigger, f"{mummies.id} are no longer burrowed")
        return
    above = Loc(here.square, Region.SURFACE).text
    if not enemy.alive or enemy.location != above:
        engine.resolver.resolved(trigger, f"{enemy.id} is no longer on the ground above them")
        return
    engine.resolver.resolved(trigger, f"{mummies.id} unburrow and fight {enemy.id}")
    engine.resolver.declare_path(mummies.id, [here.text, above], "forced:raise", None, cause=trigger.id, kinds=["surface"])
    fight = FightItem(
        fight_id=engine.state.next_id("f", "fight"), sides=[[mummies.id], [enemy.id]],
        requires=[mummies.id, enemy.id], cause=trigger.id,
    )
    engine.emit(FightQueued, cause=trigger.id, fight=fight, position=1)


def _closer_pulls(engine: SorceryEngine, unit_id: str, target: int) -> list[str]:
    """Where a pull takes the unit one step closer to ``target``: an orthogonal step in its
    region (digest 2.7) that the forced-movement model allows."""

    unit = engine.state.units[unit_id]
    at = parse_loc(unit.location or "")
    model = ForcedMovement(engine.state, "pull")
    return [
        o.to for o in model.step_options(unit_id, at.text)
        if o.blocked is None and distance(parse_loc(o.to).square, target) < distance(at.square, target)
    ]


def _maelstrom(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Maelström: each minion occupying a site of its body of water (but its own) is pulled in
    one step, toward it, or none is (its FAQ: all or nothing). One answer says so: "no", or
    "yes" when every pull has one place to go, else one option per way of choosing the squares
    of the minions with two (``unit>location`` pairs, ``;``-separated)."""
    from itertools import product

    site = engine.state.features[trigger.source]
    square = parse_loc(site.location or "").square
    view = engine.view()
    body = view.body_of_water(square) - {square}
    minions = [
        u for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if u.kind == "minion" and u.location and u.carried_by is None
        and parse_loc(u.location).square in body and parse_loc(u.location).region in (Region.SURFACE, Region.UNDERWATER)
    ]
    ways = [(u.id, closer) for u in minions if (closer := _closer_pulls(engine, u.id, square))]
    if not ways:
        engine.resolver.resolved(trigger, "no minion in its body of water can be pulled in: nothing to choose")
        return
    combos = [";".join(f"{u}>{t}" for u, t in zip([u for u, _ in ways], pick, strict=True)) for pick in product(*(t for _, t in ways))]
    options = ["yes"] if len(combos) == 1 else combos
    chosen = answer_choice(engine, trigger, "may", [*options, "no"], "pull in each minion of its body of water one step?")
    if chosen is None:
        return
    if chosen == "no":
        engine.resolver.resolved(trigger, f"no minion is pulled in ({trigger.controller}'s choice)")
        return
    pulls = [pair.split(">", 1) for pair in (combos[0] if chosen == "yes" else chosen).split(";")]
    engine.resolver.resolved(trigger, "pulls in " + ", ".join(f"{u} to {engine.label(t)}" for u, t in pulls) + f" ({trigger.controller}'s choice)")
    for unit_id, to in reversed(pulls):  # each path goes to the front: the first listed resolves first
        frm = engine.state.units[unit_id].location or ""
        engine.resolver.declare_path(unit_id, [frm, to], "forced:pull", None, cause=trigger.id, kinds=["pull"])


RESOLVERS: dict[str, Callable[[SorceryEngine, TriggerState], None]] = {
    "start_may_pull_in_body_of_water": _maelstrom,
    AWAKEN: _mummies_awaken,
    REST_IN_PEACE: _rest_in_peace,
    LEAVES_SKELETON: _leave_skeleton,
    PULL_ARTIFACTS: _pull_artifact,
}
