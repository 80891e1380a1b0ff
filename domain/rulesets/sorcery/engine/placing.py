"""Cards entering the realm where set-up and the scripted commands put them: sites on squares,
units where they can be, artifacts on the ground or with a bearer, auras atop an area or a
border, each with the passive abilities it keeps in force (digest 1.2, 1.6, 2.3, 2.10)."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand, suggest
from domain.rulesets.sorcery.cards import abilities_of, placement
from domain.rulesets.sorcery.catalog import Card
from domain.rulesets.sorcery.commands import ArtifactSetup, AuraSetup
from domain.rulesets.sorcery.engine.flood import SUBSURFACES
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import FeaturePlaced, not_modelled_of
from domain.rulesets.sorcery.realm import COLUMNS, ROWS, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import CardState


def place_site(engine: Primitives, site_id: str, data: Card, square: int, controller: str) -> None:
    engine.emit(
        FeaturePlaced,
        feature=CardState(
            id=site_id, card=data.name, kind="site", controller=controller, location=str(square), water=data.water,
        ),
        not_modelled=not_modelled_of(data.name),
    )
    engine.start_passives(site_id, data, controller, square)


def place_artifact(engine: Primitives, art: ArtifactSetup, data: Card, where: str) -> None:
    if (art.at is None) == (art.bearer is None):
        raise BadInput("give exactly one of 'at' and 'bearer'", where)
    controller = art.controller
    if controller is not None:
        engine.check_player(controller, f"{where}.controller")
    location = None
    if art.bearer is not None:
        bearer = engine.state.units.get(art.bearer)
        if bearer is None:
            raise BadInput(f"unknown unit {art.bearer!r}{suggest(art.bearer, engine.state.units, 'units')}", f"{where}.bearer")
        controller = controller or bearer.owner
    else:
        location = engine.location(art.at or "", f"{where}.at")
    if controller is None and any(a.timing == "triggered" for a in abilities_of(data.name)):
        raise BadInput(f"{data.name}'s triggered abilities are its controller's: give 'controller'", f"{where}.controller")
    engine.emit(
        FeaturePlaced,
        feature=CardState(
            id=art.id, card=data.name, kind="artifact", controller=controller,
            location=location, bearer=art.bearer,
        ),
        not_modelled=not_modelled_of(data.name),
    )
    engine.start_passives(art.id, data, controller, None)


def place_aura(engine: Primitives, aura: AuraSetup, data: Card, where: str) -> None:
    """An aura atop a 2x2 area given by its top-left square, or a wall atop the border of a
    site its controller controls (codex: Aura, Border; digest 1.2, 2.10)."""
    border = placement(data.name, "atop_border")
    if border is not None:
        if aura.border is None or len(aura.border) != 2 or aura.at is not None:
            raise BadInput(f"{data.name} is conjured atop a border: give 'border: [square, square]'", where)
        a, b = (parse_loc(engine.location(x, f"{where}.border")).square for x in aura.border)
        if b not in engine.view().orthogonal(a):
            raise BadInput(f"squares {a} and {b} share no border", f"{where}.border")
        owned = [sq for sq in (a, b) if (site := engine.view().site_at(sq)) is not None and site.controller == aura.controller]
        if not owned:
            raise IllegalCommand(
                rule(data.name, border),
                f"{where}: neither square {a} nor {b} is a site {aura.controller} controls",
            )
        area, square = [a, b], a
    else:
        if aura.at is None or aura.border is not None:
            raise BadInput(f"{data.name} covers a 2x2 area: give 'at', its top-left square", where)
        square = parse_loc(engine.location(aura.at, f"{where}.at")).square
        column, row = (square - 1) % COLUMNS, (square - 1) // COLUMNS
        if column >= COLUMNS - 1 or row >= ROWS - 1:
            raise BadInput(f"a 2x2 area with top-left square {square} would leave the realm", f"{where}.at")
        area = [square, square + 1, square + COLUMNS, square + COLUMNS + 1]
    engine.emit(
        FeaturePlaced,
        feature=CardState(
            id=aura.id, card=data.name, kind="aura", controller=aura.controller, location=str(square), area=area,
        ),
        not_modelled=not_modelled_of(data.name),
    )
    engine.start_passives(aura.id, data, aura.controller, square, area)


def subsurface(engine: Reader, at: str) -> bool:
    """A subsurface location of a site: at set-up it may be named for the kind the site has
    once every aura and spell of the set-up is in force (a Flood over a land site), and is
    checked then (``_check_subsurface``)."""
    loc = parse_loc(at)
    return loc.region in SUBSURFACES and engine.view().site_at(loc.square) is not None


def check_subsurface(engine: Reader, unit_id: str, where: str) -> None:
    """A unit set up under a site is in its subsurface as the set-up leaves the site: underwater
    under a water site, underground under a land site (codex: Subsurface; engine/flood.py)."""
    location = engine.state.units[unit_id].location or ""
    loc = parse_loc(location)
    if loc.region in SUBSURFACES and not engine.view().location_exists(loc):
        kind = "water" if engine.view().is_water(loc.square) else "land"
        raise BadInput(f"location {engine.label(location)} does not exist: the site there is a {kind} site", where)


def check_placement(engine: Reader, unit_id: str, where: str) -> None:
    """A unit may be set up only where it could be summoned and survive (digest 1.6, 2.3):
    Avatars on the surface; minions underground with Burrowing, underwater with Submerge, in
    the void with Voidwalk; nowhere a passive ban keeps it from entering."""
    view = engine.view()
    unit = engine.state.units[unit_id]
    for location in unit.occupied:  # an oversized unit: every location of its area (codex: Oversized Units)
        refusal = view.cannot_be_at(unit_id, parse_loc(location))
        if refusal is not None:
            raise IllegalCommand(refusal, f"{where}: {unit_id} ({unit.card}) can't be set up at {engine.label(location)}")


def check_summoned_to_avatar(engine: Reader, data: Card, owner: str, at: str) -> None:
    """Cerberus in Chains: "Must be summoned to your location": where the owner's Avatar is,
    and (FAQ) only at a site the owner controls."""
    text = placement(data.name, "to_your_avatar")
    if text is None:
        return
    why = rule(data.name, text)
    avatar = next((u for u in engine.state.living_units() if u.kind == "avatar" and u.owner == owner), None)
    if avatar is None or avatar.location != at:
        where = f"{owner}'s Avatar is at {engine.label(avatar.location)}" if avatar and avatar.location else f"{owner} has no Avatar in the realm"
        raise IllegalCommand(why, f"at: {where}")
    site = engine.view().site_at(parse_loc(at).square)
    if site is None or site.controller != owner:
        raise IllegalCommand(why, f"at: {engine.label(at)} is not a site {owner} controls (FAQ)")
