"""Resolvers of triggered abilities that bring cards in, hold minions, or take cards out of the
realm: tokens summoned (Army of the Dead's Skeletons, Tadpole Pool's Frogs), minions locked in a
cage or swallowed, units returned to hand (Scarecrow), sites destroyed (The Great Drowning of
Men), artifacts that move (Purge Juggernaut, Red Rock of Ravannis)."""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import BadInput
from domain.rulesets.sorcery.catalog import card
from domain.rulesets.sorcery.effects import Unmodifiable
from domain.rulesets.sorcery.engine import artifacts as forced_artifacts
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import (
    ActivationPlanned,
    ActivationResolved,
    ArtifactMoved,
    FeaturePlaced,
    FeatureRemoved,
    UnitTapped,
    not_modelled_of,
)
from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement
from domain.rulesets.sorcery.realm import Loc, Region, orthogonal, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import ActivationItem, CardState
from domain.rulesets.sorcery.tokens import TOKEN_IDS, token_id
from domain.rulesets.sorcery.triggers import match
from domain.rulesets.sorcery.triggers.choices import answer as answer_choice
from domain.rulesets.sorcery.triggers.choices import one_of
from domain.rulesets.sorcery.triggers.common import (
    choices_of,
)
from domain.state import TriggerState

#: Cage of Sidrak: "Lock all minions with 2 or less power in this cage"
CAGED_MAX_POWER = 2
#: Tadpole Pool: "(W)(W)(W) — Genesis → Summon three submerged Frog tokens here."
TADPOLE_THRESHOLD = ("water", 3)
FROGS = TOKEN_IDS["Tadpole Pool"][1] or 3


def _leave_skeleton(engine: Primitives, trigger: TriggerState) -> None:
    """A Skeleton token of the Army's controller is summoned at the location the Army left
    (FAQ: summoned, it enters that location); where a Skeleton can't survive (the void, below a
    site) it dies as any minion would (digest 1.6). Its id: the Army's, then ``-skeleton-N``."""

    army = engine.state.units[trigger.source]
    at = str(trigger.params["at"])
    n = 1
    while token_id(army.id, "Army of the Dead", n) in engine.state.units or token_id(army.id, "Army of the Dead", n) in engine.state.features:
        n += 1
    token = token_id(army.id, "Army of the Dead", n)
    engine.resolver.resolved(trigger, f"leaves {token} behind at {engine.label(at)}")
    engine.place_unit(token, card("Skeleton"), army.owner, at, tapped=False, summoned=True)
    match.summoned(engine.resolver, token, at, trigger.id)
    engine.settle(trigger.id)


def _tadpoles(engine: Primitives, trigger: TriggerState) -> None:
    """Tadpole Pool: if its controller has three water affinity as its Genesis resolves (the site
    itself counted), three Frog tokens (Submerge) are summoned underwater here; summoning is
    entering (digest 2.3). Their ids: the site's, then ``-frog-1`` to ``-frog-3``."""

    site = engine.state.features[trigger.source]
    player = trigger.controller or site.controller or ""
    element, needed = TADPOLE_THRESHOLD
    have = engine.view().affinity(player, element)
    if have < needed:
        engine.resolver.resolved(trigger, f"{player} has {have} water affinity, less than {needed}: no Frog is summoned")
        return
    below = Loc(parse_loc(site.location or "").square, Region.UNDERWATER).text
    ids = [token_id(site.id, "Tadpole Pool", n) for n in range(1, FROGS + 1)]
    taken = [i for i in ids if i in engine.state.units or i in engine.state.features]
    if taken:
        engine.resolver.resolved(trigger, f"the ids {', '.join(taken)} are taken: no Frog is summoned")
        return
    engine.resolver.resolved(trigger, f"{player} has {have} water affinity: summons {', '.join(ids)} at {engine.label(below)}")
    for unit_id in ids:
        engine.place_unit(unit_id, card("Frog"), player, below, tapped=False, summoned=True)
        match.summoned(engine.resolver, unit_id, below, trigger.id)


def _cage(engine: Primitives, trigger: TriggerState) -> None:
    """Cage of Sidrak's Genesis: every minion with 2 or less power (split power averaged) is
    teleported to the cage (FAQ), then locked in it, each once it has arrived (``cage_lock``).
    One that can't be teleported there (a ban on entering) stays free, and the outcome says so."""
    cage = engine.state.features[trigger.source]
    where = engine.view().location_of(cage.id)
    if where is None:
        engine.resolver.resolved(trigger, f"{cage.id} is not in the realm: nothing is locked")
        return
    view = engine.view()
    weak = [
        u for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if u.kind == "minion" and view.power(u.id) <= CAGED_MAX_POWER
    ]
    model = ForcedMovement(engine.state, "teleport_anywhere")
    moving: list[str] = []
    here: list[str] = []
    stuck: list[str] = []
    for unit in weak:
        if unit.location == where.text:
            here.append(unit.id)
            continue
        option = next((o for o in model.step_options(unit.id, unit.location or "") if o.to == where.text), None)
        (moving if option is not None and option.blocked is None else stuck).append(unit.id)
    if not weak:
        engine.resolver.resolved(trigger, "no minion has 2 or less power: nothing is locked")
        return
    note = f"; {', '.join(stuck)} can't be teleported there and stay free" if stuck else ""
    engine.resolver.resolved(
        trigger, f"teleports {', '.join(moving) or 'no minion'} to {engine.label(where.text)} and locks them in{note}",
    )
    for unit_id in here:
        cage_lock(engine, ActivationItem(source=cage.id, then="cage_lock", unit=unit_id, to=where.text), announce=False)
    for unit_id in reversed(moving):
        frm = engine.state.units[unit_id].location or ""
        engine.resolver.declare_path(unit_id, [frm, where.text], "forced:teleport_anywhere", None, cause=trigger.id,
                                     kinds=[FORCED_KINDS["teleport_anywhere"]])
    for unit_id in moving:
        engine.emit(ActivationPlanned, cause=trigger.id,
                    item=ActivationItem(source=cage.id, then="cage_lock", unit=unit_id, to=where.text))


def cage_lock(engine: Primitives, item: ActivationItem, announce: bool = True) -> None:
    """The minion, if it arrived, is carried by the cage, tapped and disabled while it is (FAQ);
    a carrier it had drops it, and it drops what it carried."""
    unit = engine.state.units[item.unit]
    cage = engine.state.features[item.source]
    if not unit.alive or unit.location != item.to:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} did not arrive at {cage.id}: not locked")
        return
    if announce:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} is locked in {cage.id}, tapped and disabled")
    engine.hold(cage.id, unit.id, f"locked in {cage.id}")
    if not unit.tapped:
        engine.emit(UnitTapped, unit=unit.id, reason=f"locked in {cage.id}")
    engine.start_effect(
        cage.id, cage.controller,
        {"kind": "condition", "condition": "disabled", "units": [unit.id], "carried_by": cage.id}, "permanent",
        f"{cage.card}: {unit.id} is disabled while locked in {cage.id}",
    )


def _swallow(engine: Primitives, trigger: TriggerState) -> None:
    """Brobdingnag Bullfrog: he carries the minion (an ongoing effect, not an ability to carry:
    it is kept when he is disabled or silenced, can't be dropped at will, and only a teleport
    moves it away: FAQ), and it is disabled while he does; he drops it when he leaves the realm."""
    chosen = choices_of(trigger)
    frog = engine.state.units[trigger.source]
    if not chosen:
        engine.resolver.resolved(trigger, f"no other minion at {engine.label(frog.location or '')} to swallow")
        return
    prey = engine.state.units[chosen[0]]
    if not frog.alive or not prey.alive or prey.location != frog.location:
        engine.resolver.resolved(trigger, f"{prey.id} is no longer at {frog.id}'s location")
        return
    engine.resolver.resolved(trigger, f"{frog.id} swallows {prey.id}")
    engine.hold(frog.id, prey.id, f"swallowed by {frog.id}", cause=trigger.id)
    engine.start_effect(
        frog.id, trigger.controller,
        {"kind": "condition", "condition": "disabled", "units": [prey.id], "carried_by": frog.id}, "permanent",
        f"Brobdingnag Bullfrog: {prey.id} is disabled in {frog.id}'s belly while he carries it", cause=trigger.id,
    )


def _scarecrow(engine: Primitives, trigger: TriggerState) -> None:
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
        engine.return_to_hand(unit_id, "Scarecrow's Genesis: an Airborne minion here", trigger.id)


def great_drowning(engine: Primitives, trigger: TriggerState) -> None:
    """The Great Drowning of Men, at the start of its controller's turn: each affected site is
    destroyed and leaves Rubble (codex: Rubble: an Ordinary land site with no controller), the
    Rubble is flooded for good, every minion atop it is submerged (forced, in square order; one
    without Submerge dies underwater), and the aura is dispelled. A site that can't be modified
    (Bedrock: "can't be ... destroyed") stays as it is, and what is atop it is not submerged."""





    aura = engine.state.features[trigger.source]
    view = engine.view()
    fixed = {spec.square for spec in view.effects(Unmodifiable)}
    squares = [sq for sq in sorted(aura.area) if view.site_at(sq) is not None and sq not in fixed]
    rubble: list[str] = []
    for square in squares:
        site = view.site_at(square)
        assert site is not None
        engine.emit(FeatureRemoved, cause=trigger.id, feature=site.id, reason=f"destroyed by {aura.card}")
        rubble_id, n = f"rubble-{square}", 1
        while rubble_id in engine.state.features or rubble_id in engine.state.units:
            n += 1
            rubble_id = f"rubble-{square}-{n}"
        data = card("Rubble")
        engine.emit(
            FeaturePlaced, cause=trigger.id,
            feature=CardState(id=rubble_id, card=data.name, kind="site", controller=None, location=str(square), water=data.water),
            not_modelled=not_modelled_of(data.name),
        )
        rubble.append(rubble_id)
    kept = sorted(set(aura.area) & fixed)
    engine.resolver.resolved(
        trigger,
        f"destroys the sites at {', '.join(map(str, squares)) or 'none'}, floods their Rubble"
        + (f"; {', '.join(map(str, kept))} can't be destroyed" if kept else ""),
    )
    if rubble:
        engine.start_effect(
            aura.id, aura.controller, {"kind": "flooded", "sites": rubble}, "permanent",
            f"{aura.card}: the Rubble at {', '.join(map(str, squares))} is flooded for good", cause=trigger.id,
        )
    view = engine.view()
    moves = [
        (unit.id, parse_loc(unit.location or "").text)
        for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id))
        if unit.kind == "minion" and parse_loc(unit.location or "").square in squares
        and parse_loc(unit.location or "").region is Region.SURFACE and unit.carried_by is None
    ]
    engine.emit(FeatureRemoved, cause=trigger.id, feature=aura.id, reason=f"{aura.card} is dispelled")
    for unit_id, frm in reversed(moves):
        to = Loc(parse_loc(frm).square, Region.UNDERWATER).text
        engine.resolver.declare_path(unit_id, [frm, to], "forced:submerge", None, cause=trigger.id, kinds=[FORCED_KINDS["submerge"]])


def _juggernaut(engine: Primitives, trigger: TriggerState) -> None:
    """Purge Juggernaut: it moves to an adjacent location, in its own region (digest 1.4: the
    locations of the orthogonally neighbouring squares), its controller's choice where there are
    two or more; then every other minion there is killed."""

    feature = engine.state.features[trigger.source]
    if feature.location is None:
        engine.resolver.resolved(trigger, f"{feature.id} is borne: its move is not simulated")
        return
    at = parse_loc(feature.location)
    view = engine.view()
    options = [Loc(sq, at.region).text for sq in view.orthogonal(at.square) if view.location_exists(Loc(sq, at.region))]
    if not options:
        engine.resolver.resolved(trigger, f"no location is adjacent to {engine.label(at.text)}: {feature.id} stays")
        return
    picked = one_of(engine, trigger, "target_location", options, f"where does {feature.id} move?", "the only adjacent location")
    if picked is None:
        return
    chosen, how = picked
    engine.resolver.resolved(trigger, f"{feature.id} moves to {engine.label(chosen)} ({how})")
    engine.emit(ArtifactMoved, cause=trigger.id, feature=feature.id, path=[at.text, chosen], reason=f"{feature.card} moves itself")
    why = rule(feature.card, "Kill all other minions there.", "triggered")
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        if unit.kind == "minion" and unit.location == chosen:
            engine.kill(unit.id, why, trigger.id)


def _pull_artifact(engine: Primitives, trigger: TriggerState) -> None:
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
    squares = [sq for sq in orthogonal(at.square, *view.wrap) if view.steps_apart(sq, target) < view.steps_apart(at.square, target)]
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


#: the resolvers of this module, by the name a card's ``Resolve`` gives (triggers/registry.py)
RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {
    "leave_skeleton": _leave_skeleton,
        "summon_frogs": _tadpoles,
        "lock_in_cage": _cage,
        "swallow": _swallow,
        "return_airborne_here": _scarecrow,
        "great_drowning": great_drowning,
        "juggernaut_moves": _juggernaut,
        "pull_artifact": _pull_artifact,
    }
