"""The set-up: the realm as a scenario begins, every card placed and checked as it would be played,
with the spells already in effect (``SetUp``)."""

from __future__ import annotations

from domain.errors import BadInput
from domain.ruleset import unique_ids
from domain.rulesets.sorcery.catalog import slug
from domain.rulesets.sorcery.commands import SetUp
from domain.rulesets.sorcery.engine.carry import set_carried
from domain.rulesets.sorcery.engine.cast import cast_spell
from domain.rulesets.sorcery.engine.flood import SETTING_UP
from domain.rulesets.sorcery.engine.placing import (
    check_placement,
    check_subsurface,
    place_artifact,
    place_aura,
    place_site,
    subsurface,
)
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.realm import parse_loc


def set_up(engine: Primitives, setup: SetUp) -> None:
    setattr(engine.resolver, SETTING_UP, True)  # noqa: B010  (a flag the ruleset's hook reads: engine/flood.py)
    try:
        _set_up(engine, setup)
    finally:
        setattr(engine.resolver, SETTING_UP, False)  # noqa: B010


def _set_up(engine: Primitives, setup: SetUp) -> None:
    ids: list[tuple[str, str]] = []

    def new_id(candidate: str, where: str) -> str:
        ids.append((candidate, where))
        unique_ids(ids)  # checked as each is given, so a set-up's first problem is the one named
        return candidate

    site_cards = [engine.lookup_card(site.card, f"setup.sites[{i}]", "Site") for i, site in enumerate(setup.sites)]
    engine.refuse_unmodelled(
        [*(s.card for s in setup.sites), *(u.card for u in setup.units), *(a.card for a in setup.artifacts),
         *(a.card for a in setup.auras), *(sp.card for sp in setup.spells)],
        "set-up",
    )
    names = [data.name for data in site_cards]
    for i, (site, data) in enumerate(zip(setup.sites, site_cards, strict=True)):
        where = f"setup.sites[{i}]"
        square = int(engine.location(site.at, f"{where}.at").split("/")[0])
        if engine.view().site_at(square) is not None:
            raise BadInput(f"square {square} already has a site", f"{where}.at")
        engine.check_player(site.controller, f"{where}.controller")
        default_id = slug(data.name) if names.count(data.name) == 1 else f"{slug(data.name)}-{square}"
        site_id = new_id(site.id or default_id, f"{where}.id")
        place_site(engine, site_id, data, square, site.controller)
    for i, spec in enumerate(setup.units):
        where = f"setup.units[{i}]"
        data = engine.lookup_card(spec.card, where, "Minion", "Avatar")
        new_id(spec.id, f"{where}.id")
        engine.check_player(spec.owner, f"{where}.owner")
        at = engine.location(spec.at, f"{where}.at")
        if not engine.view().location_exists(parse_loc(at)) and not subsurface(engine, at):
            raise BadInput(f"location {spec.at!r} does not exist (no site there)", f"{where}.at")
        engine.place_unit(spec.id, data, spec.owner, at, spec.tapped, spec.summoned)
    for i, spec in enumerate(setup.units):
        if spec.carried_by is not None:
            set_carried(engine, spec.id, spec.carried_by, f"setup.units[{i}].carried_by")
    for i, art in enumerate(setup.artifacts):
        where = f"setup.artifacts[{i}]"
        data = engine.lookup_card(art.card, where, "Artifact")
        new_id(art.id, f"{where}.id")
        place_artifact(engine, art, data, where)
    for i, aura in enumerate(setup.auras):
        where = f"setup.auras[{i}]"
        data = engine.lookup_card(aura.card, where, "Aura")
        new_id(aura.id, f"{where}.id")
        engine.check_player(aura.controller, f"{where}.controller")
        place_aura(engine, aura, data, where)
    for i, spell in enumerate(setup.spells):
        engine.check_player(spell.caster, f"setup.spells[{i}].caster")
        cast_spell(engine, spell.card, spell.caster, spell.targets, f"setup.spells[{i}]")
    for i, spec in enumerate(setup.units):
        check_subsurface(engine, spec.id, f"setup.units[{i}].at")
        check_placement(engine, spec.id, f"setup.units[{i}].at")
    engine.settle(engine.cause)  # e.g. a carrier set up silenced carries nothing (digest 2.6)
