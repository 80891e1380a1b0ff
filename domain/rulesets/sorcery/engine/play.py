"""Playing a site, summoning a minion, conjuring an artifact or an aura in the game (scripted
commands: a hand of cards is not modelled), each checked as set-up would check it, with its
Genesis (codex: Site, Genesis, Summoning Sickness; digest 2.3: summoning is entering)."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.cards import placement
from domain.rulesets.sorcery.catalog import slug
from domain.rulesets.sorcery.commands import ArtifactSetup, AuraSetup, Conjure, PlaySite, Summon
from domain.rulesets.sorcery.engine import genesis, rest, voids
from domain.rulesets.sorcery.engine.placing import (
    check_placement,
    check_summoned_to_avatar,
    place_artifact,
    place_aura,
    place_site,
)
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import OWN_TURN
from domain.rulesets.sorcery.events import SiteFormedUnder
from domain.rulesets.sorcery.events_parts import PartsMoved
from domain.rulesets.sorcery.realm import Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.triggers import match
from domain.state import TriggerParam


def play_site(engine: Primitives, cmd: PlaySite) -> None:
    player = engine.player(cmd.player, engine.state.active_player)
    engine.check_main_phase(player, OWN_TURN)
    data = engine.lookup_card(cmd.card, "card", "Site")
    engine.refuse_unmodelled([data.name], f"playing {data.name}")
    square = int(engine.location(cmd.at, "at").split("/")[0])
    if engine.view().site_at(square) is not None:
        raise IllegalCommand(rule("codex: Site", "a site is played to a void"), f"square {square} already has a site")
    site_id = cmd.id or slug(data.name)
    engine.fresh_id(site_id, "id")
    target = None
    if cmd.target is not None:
        target = int(engine.location(cmd.target, "target").split("/")[0])
    found = genesis.of(data.name)
    if found:
        genesis.check_play_target(engine, found[0], data.name, square, target, cmd.target)
    void = f"{square}/void"
    under = sorted(u.id for u in engine.state.living_units() if u.location == void)
    artifacts = sorted(f.id for f in engine.state.features.values() if f.kind == "artifact" and f.location == void)
    place_site(engine, site_id, data, square, player)
    if under or artifacts:
        engine.emit(SiteFormedUnder, site=site_id, square=square, units=under, artifacts=artifacts)
    for unit in sorted((u for u in engine.state.units.values() if u.alive and void in u.parts), key=lambda u: u.id):
        # a part of an oversized unit in that void is now atop the site (Yog-Sothoth)
        engine.emit(PartsMoved, unit=unit.id, parts=[str(square) if p == void else p for p in unit.parts])
    for unit_id, why in voids.short_of_voids(engine.state, engine.view()):
        engine.kill(unit_id, why, engine.cause)  # a void fewer: banished (Yog-Sothoth)
    placed = engine.state.features[site_id]
    if placed.id in engine.view().suppressed_sites:
        found = []  # a site that has lost its abilities has no Genesis (Smokestacks of Gnaak)
    if cmd.targets and not any(genesis.asks_choices(a) for a in found):
        raise BadInput(f"{data.name} has no Genesis that asks for choices: leave 'targets' out", "targets")
    for ability in found:
        params: dict[str, TriggerParam] = {"target": target, "square": square}
        if genesis.asks_choices(ability):
            params = genesis.check_choices(engine, ability, placed.id, data.name, player, list(cmd.targets), "targets")
        genesis.queue(engine, ability, placed.id, player, params)
    engine.mark_lasting_losses(engine.cause)  # a Watchtower played beside a Stealthed enemy


def one_player(player: str | None, named: str | None, field: str) -> str | None:
    """The player a summon or conjure names, as ``player`` (as every command may) or as the card's
    ``owner``/``controller``: the same player, who plays it (README: commands)."""
    if player is not None and named is not None and player != named:
        raise BadInput(f"player {player!r} and {field} {named!r} differ: the player who plays it is its {field}", "player")
    return named if named is not None else player


def summon(engine: Primitives, cmd: Summon) -> None:
    """A minion enters the realm at ``at`` on its owner's turn: refused where set-up would
    refuse it (digest 1.6, 2.3); it has summoning sickness (codex: Summoning Sickness); its
    entry triggers what entering triggers (digest 2.3: summoning is entering) and its Genesis."""
    owner = engine.player(one_player(cmd.player, cmd.owner, "owner"), engine.state.active_player)
    engine.check_main_phase(owner, OWN_TURN)
    data = engine.lookup_card(cmd.card, "card", "Minion")
    engine.refuse_unmodelled([data.name], f"summoning {data.name}")
    engine.fresh_id(cmd.id, "id")
    at = engine.location(cmd.at, "at")
    if not engine.view().location_exists(parse_loc(at)):
        raise BadInput(f"location {cmd.at!r} does not exist (no site there)", "at")
    check_summoned_to_avatar(engine, data, owner, at)
    burrowed = placement(data.name, "burrowed_safely")
    if burrowed is not None and parse_loc(at).region is not Region.UNDERGROUND:  # its FAQ: it must
        raise IllegalCommand(rule(data.name, burrowed), f"{data.name} must be summoned below a site, not at {engine.label(at)}")
    engine.place_unit(cmd.id, data, owner, at, tapped=False, summoned=True)
    check_placement(engine, cmd.id, "at")
    rest.came_to_rest(engine, cmd.id, engine.cause)  # entering the realm, it was not at rest (codex: At Rest)
    genesis.on_entering(engine, cmd.id, data, owner, list(cmd.targets))
    match.summoned(engine.resolver, cmd.id, at, engine.cause)


def conjure(engine: Primitives, cmd: Conjure) -> None:
    """An artifact enters the realm at a location or with a bearer, or an aura atop an area or
    a border, on its controller's turn, checked as at set-up; its Genesis triggers."""
    controller = engine.player(one_player(cmd.player, cmd.controller, "controller"), engine.state.active_player)
    engine.check_main_phase(controller, OWN_TURN)
    data = engine.lookup_card(cmd.card, "card", "Artifact", "Aura")
    engine.refuse_unmodelled([data.name], f"conjuring {data.name}")
    engine.fresh_id(cmd.id, "id")
    if data.type == "Aura":  # atop a 2x2 area given by its top-left square, or a border
        if cmd.bearer is not None:
            raise BadInput(f"{data.name} is an aura: no bearer", "bearer")
        place_aura(engine, AuraSetup(id=cmd.id, card=data.name, controller=controller, at=cmd.at, border=cmd.border), data, "conjure")
        genesis.on_entering(engine, cmd.id, data, controller, list(cmd.targets))
        return
    if cmd.border is not None:
        raise BadInput(f"{data.name} is an artifact: no border", "border")
    if cmd.at is not None and not engine.view().location_exists(parse_loc(engine.location(cmd.at, "at"))):
        raise BadInput(f"location {cmd.at!r} does not exist (no site there)", "at")
    if cmd.bearer is not None and not engine.known_unit(cmd.bearer, "bearer").alive:
        raise BadInput(f"{cmd.bearer} is not in the realm", "bearer")
    spec = ArtifactSetup(id=cmd.id, card=data.name, controller=controller, at=cmd.at, bearer=cmd.bearer)
    place_artifact(engine, spec, data, "conjure")
    genesis.on_entering(engine, cmd.id, data, controller, list(cmd.targets))
