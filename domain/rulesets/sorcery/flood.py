"""Flooding: what follows when a site becomes a water site or stops being one (issue 9).

Whether a site is water is worked out by the view from the effects in force (``Flooded``
specs: Flood, Geyser, Tide Naiads, Drought...; codex: Flooded, Water Site). This module keeps
the realm's facts in line with it: the subsurface of a water site is underwater and of a land
site underground (codex: Subsurface), so whatever is under a site whose kind changed is now in
the other region (``SubsurfaceChanged``), and a minion that can't survive there dies at once
(digest 1.6; codex: Underwater, Underground). Units on the surface stay; Waterbound, Landbound,
Submerge, Moves Freely and every water rule read the new kind from the view.

It runs after every event that can change a site's kind (an effect starting or ending, a card
leaving, a unit or artifact moving: Tide Naiads floods the site it is at), except during
set-up, where a unit is set up where it is in the final realm and refused if it can't be there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.rulesets.sorcery.catalog import slug
from domain.rulesets.sorcery.events import SubsurfaceChanged
from domain.rulesets.sorcery.realm import COLUMNS, DIRECTIONS, ROWS, Loc, Region, parse_loc
from domain.rulesets.sorcery.view import RealmView

if TYPE_CHECKING:
    from domain.resolution import Resolver
    from domain.rulesets.sorcery.engine import SorceryCommands
    from domain.state import TriggerState

#: set on a resolver while it runs a set-up (no follow-up then: set-up checks placements itself)
SETTING_UP = "sorcery_setting_up"
SUBSURFACES = (Region.UNDERGROUND, Region.UNDERWATER)


def setting_up(resolver: Resolver) -> bool:
    return bool(getattr(resolver, SETTING_UP, False))


def mismatched(view: RealmView) -> dict[int, tuple[Region, list[str], list[str]]]:
    """Squares whose subsurface is named for the other kind of site, with the region it is now
    and the units and artifacts there."""
    state = view.state
    found: dict[int, tuple[Region, list[str], list[str]]] = {}

    def now(at: Loc) -> Region | None:
        if at.region not in SUBSURFACES or view.site_at(at.square) is None:
            return None
        region = Region.UNDERWATER if view.is_water(at.square) else Region.UNDERGROUND
        return region if region is not at.region else None

    for unit in sorted(state.living_units(), key=lambda u: u.id):
        at = parse_loc(unit.location or "")
        region = now(at)
        if region is not None:
            found.setdefault(at.square, (region, [], []))[1].append(unit.id)
    for feature in sorted(state.features.values(), key=lambda f: f.id):
        if feature.kind != "artifact" or feature.bearer is not None or not feature.location:
            continue
        at = parse_loc(feature.location)
        region = now(at)
        if region is not None:
            found.setdefault(at.square, (region, [], []))[2].append(feature.id)
    return found


def _why(view: RealmView, square: int, water: bool) -> str:
    """The card whose effect made the site's kind what it is now: the latest in force that
    reaches it and says so; else the flood that made it water has ended."""
    in_force = {effect_id for effect_id, _ in view.specs}
    for effect_id, spec in reversed(view.floods):
        if effect_id in in_force and spec.water == water and square in view.flooded_by(spec):
            return f"{'flooded' if water else 'dried'} by {view.source_card(effect_id)}"
    return "made a water site by its printed affinity" if water else "its flooding ended"


def follow_floods(engine: SorceryCommands, cause: str) -> None:
    """Move what is under each site whose kind changed into its new subsurface, then kill the
    minions that can't survive there (digest 1.6)."""
    from domain.rulesets.sorcery.combat import kill

    view = RealmView.of(engine.state)
    changed = mismatched(view)
    if not changed:
        return
    moved: list[str] = []
    for square, (region, units, artifacts) in sorted(changed.items()):
        reason = _why(view, square, region is Region.UNDERWATER)
        engine.emit(
            SubsurfaceChanged, cause=cause, square=square, region=region.value, units=units, artifacts=artifacts, reason=reason,
        )
        moved.extend(units)
    for unit_id in moved:
        unit = engine.state.units[unit_id]
        if not unit.alive or unit.location is None:
            continue
        fatal = engine.view().survival(unit_id, parse_loc(unit.location))
        if fatal is not None:
            kill(engine, unit_id, fatal, cause)


def sites_by_water(view: RealmView) -> list[int]:
    """The sites adjacent to a body of water: water sites and the sites orthogonally next to
    one (digest 1.4: "adjacent sites" are the square itself and its orthogonal neighbours)."""
    return sorted(sq for sq in view.sites if view.is_water(sq) or any(view.is_water(n) for n in view.orthogonal(sq)))


def submerge_on_water(engine: SorceryCommands, spared: set[str]) -> None:
    """Submerge every minion atop a water site but the ``spared`` ones, one at a time in square
    order (Wrath of the Sea: "Then submerge all minions ... on water"; The Flood: "everything
    except ..."): forced, needing no Submerge (codex: Submerge); one without it dies underwater
    (digest 1.6). Avatars are never submerged (codex: Underwater: an avatar may never enter)."""
    from domain.rulesets.sorcery.movement import FORCED_KINDS

    view = engine.view()
    moves: list[tuple[str, str, str]] = []
    for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
        at = parse_loc(unit.location or "")
        if unit.kind != "minion" or at.region is not Region.SURFACE or not view.is_water(at.square) or unit.id in spared:
            continue
        moves.append((unit.id, at.text, Loc(at.square, Region.UNDERWATER).text))
    for unit_id, frm, to in reversed(moves):  # each goes to the front: the first resolves first
        engine.resolver.declare_path(unit_id, [frm, to], "forced:submerge", None, kinds=[FORCED_KINDS["submerge"]])


def saved_minions(engine: SorceryCommands, card_name: str, text: str, targets: list[str], field: str) -> list[str]:
    """The Flood's "except one minion of each type", chosen by the spell's controller (FAQ): each
    named minion has a type (Maiden, Mother, Crone has none), no two share one (a Dragon and
    Wyvern count as Dragons both; Azuridge Caravan as every type), and one is saved for each
    type there is: every other minion with a type shares one with a saved minion."""
    from domain.errors import BadInput, IllegalCommand
    from domain.rulesets.sorcery.catalog import card
    from domain.rulesets.sorcery.refs import rule

    refused = rule(card_name, text)
    saved: list[str] = []
    types: dict[str, str] = {}
    for target in targets:
        unit = engine.known_unit(target, field, living=True)
        if unit.kind != "minion":
            raise IllegalCommand(refused, f"{unit.id} is not a minion")
        if unit.id in saved:
            raise BadInput(f"{unit.id} is named twice", field)
        subtypes = card(unit.card).subtypes
        if not subtypes:
            raise IllegalCommand(rule(f"{card_name} FAQ", "a minion with no minion type can't be saved"), f"{unit.id} has no type")
        for subtype in subtypes:
            if subtype in types:
                raise IllegalCommand(
                    rule(f"{card_name} FAQ", "one minion of each type: a minion counts as each of its types"),
                    f"{unit.id} and {types[subtype]} are both {subtype}s",
                )
            types[subtype] = unit.id
        saved.append(unit.id)
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        subtypes = card(unit.card).subtypes
        if unit.kind == "minion" and unit.id not in saved and subtypes and not set(subtypes) & set(types):
            raise IllegalCommand(refused, f"{unit.id} ({', '.join(subtypes)}) shares no type with a saved minion: name one of each type")
    return saved


def kept_tapped(engine: SorceryCommands, player: str) -> set[str]:
    """The units of ``player`` that don't untap as their turn begins (Waveshaper), each effect
    ending as it keeps its unit tapped this once."""
    from domain.rulesets.sorcery.effects import StaysTapped
    from domain.rulesets.sorcery.events import EffectEnded

    held: set[str] = set()
    for effect in list(engine.state.effects.values()):
        spec = effect.spec
        if not isinstance(spec, StaysTapped):
            continue
        unit = engine.state.units.get(spec.unit)
        if unit is None or not unit.alive:
            engine.emit(EffectEnded, effect_id=effect.id, reason=f"{spec.unit} left the realm")
        elif unit.owner == player and unit.tapped:
            held.add(unit.id)
            engine.emit(EffectEnded, effect_id=effect.id, reason=f"{unit.id} stays tapped this time ({effect.label.split(': ', 1)[0]})")
    return held


def skips_untap(engine: SorceryCommands, unit_id: str, cause: str) -> bool:
    """Whether an effect's untap of ``unit_id`` is the one it skips (Waveshaper: "the next time
    they would"): the effect ends, and the unit stays tapped."""
    from domain.rulesets.sorcery.effects import StaysTapped
    from domain.rulesets.sorcery.events import EffectEnded

    for effect in list(engine.state.effects.values()):
        if isinstance(effect.spec, StaysTapped) and effect.spec.unit == unit_id:
            engine.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{unit_id} stays tapped this time")
            return True
    return False


def great_drowning(engine: SorceryCommands, trigger: TriggerState) -> None:
    """The Great Drowning of Men, at the start of its controller's turn: each affected site is
    destroyed and leaves Rubble (codex: Rubble: an Ordinary land site with no controller), the
    Rubble is flooded for good, every minion atop it is submerged (forced, in square order; one
    without Submerge dies underwater), and the aura is dispelled. A site that can't be modified
    (Bedrock: "can't be ... destroyed") stays as it is, and what is atop it is not submerged."""
    from domain.rulesets.sorcery.catalog import card
    from domain.rulesets.sorcery.effects import Unmodifiable
    from domain.rulesets.sorcery.events import FeaturePlaced, FeatureRemoved, not_modelled_of
    from domain.rulesets.sorcery.movement import FORCED_KINDS
    from domain.rulesets.sorcery.state import CardState

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


def overflow(engine: SorceryCommands, card_name: str, text: str, caster: str, targets: list[str], field: str) -> None:
    """Wave of Eviction: the caster's water site overflows in a cardinal direction. Per its FAQ
    the wave goes square by square to the edge of the realm, across voids too: each site it
    reaches is flooded this turn as the enemies arrive, and the enemies at each square it leaves
    are pushed one step on (forced, in their region: a minion atop a site is not pushed into a
    void, and stays). Here every site of the line is flooded as the spell is cast; then each
    enemy unit on the line, nearest the start first, is pushed along it to the edge, one step at
    a time, each step judged as it comes (a refused one stops that unit)."""
    from domain.errors import BadInput, IllegalCommand
    from domain.rulesets.sorcery.events import SpellCast, not_modelled_of
    from domain.rulesets.sorcery.movement import FORCED_KINDS
    from domain.rulesets.sorcery.refs import rule

    if len(targets) != 2 or targets[1] not in DIRECTIONS:
        raise BadInput(f"{card_name} needs an allied water site, then a direction: {', '.join(DIRECTIONS)}", field)
    view = engine.view()
    start = parse_loc(engine.location(targets[0], field)).square
    site = view.site_at(start)
    if site is None or site.controller != caster or not view.is_water(start):
        raise IllegalCommand(rule(card_name, text), f"square {start} is not a water site of {caster}'s")
    d_row, d_col = DIRECTIONS[targets[1]]
    line = [start]
    row, column = divmod(start - 1, COLUMNS)
    while 0 <= row + d_row < ROWS and 0 <= column + d_col < COLUMNS:  # to the edge (a connected edge is not crossed)
        row, column = row + d_row, column + d_col
        line.append(row * COLUMNS + column + 1)
    if len(line) == 1:
        raise IllegalCommand(rule(card_name, text), f"square {start} is at the {targets[1]} edge of the realm: nowhere to overflow")
    flooded = [sq for sq in line[1:] if view.site_at(sq) is not None]
    spell_id = f"{slug(card_name)}-{engine.state.counters.get('spell', 0) + 1}"
    if flooded:  # first: what is under the sites is in their new subsurface as the enemies arrive (FAQ)
        engine.start_effect(
            spell_id, caster, {"kind": "flooded", "squares": flooded}, "this_turn",
            f"{card_name}: the sites at {', '.join(map(str, flooded))} are flooded this turn",
        )
    view = engine.view()
    paths: list[tuple[str, list[str]]] = []
    stops: dict[str, str] = {}
    for index, square in enumerate(line[:-1]):
        for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
            at = parse_loc(unit.location or "")
            if unit.owner == caster or at.square != square or unit.carried_by is not None:
                continue
            path = [at.text]
            for sq in line[index + 1:]:
                if not view.location_exists(Loc(sq, at.region)):  # FAQ: not moved across regions
                    stops[unit.id] = f"past {engine.label(path[-1])} (square {sq} has no {at.region.value} location; a push keeps its region)"
                    break
                path.append(Loc(sq, at.region).text)
            if len(path) > 1:
                paths.append((unit.id, path))
    engine.emit(
        SpellCast, spell_id=spell_id, card=card_name, caster=caster, targets=list(targets),
        not_modelled=not_modelled_of(card_name), unaffected=stops,
    )
    for unit_id, path in reversed(paths):  # each goes to the front: the nearest the start resolves first
        engine.resolver.declare_path(unit_id, path, "forced:push", None, kinds=[FORCED_KINDS["push"]] * (len(path) - 1))
