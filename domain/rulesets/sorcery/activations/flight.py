"""Flying a unit to a nearby site (codex: Fly): Avatar of Air ("Once on your turn, if you occupy
an Air site, you may fly a unit atop it to a nearby site") and Wuthering Heights ("fly a minion
atop here onto a nearby site"). The flight is one forced step of kind ``fly``
(movement.ForcedMovement): the unit crosses the border between orthogonal sites as if it had
Airborne, whatever its own keywords (not on the ground: Perilous Bridge, Great Wall and Wall of
Brambles let it by; Wall of Air, which bars Airborne minions, does not), and crosses none to a
diagonal site; entering is entering (Bottomless Pit still kills a non-Airborne minion)."""

from __future__ import annotations

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source
from domain.rulesets.sorcery.catalog import card
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events_flight import SiteFlown
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc

#: the forced-movement kind of a flight
FLY = "fly"


def air_site(engine: Reader, square: int) -> bool:
    """A site with an air threshold printed on it (codex: Air Site)."""
    site = engine.view().site_at(square)
    return site is not None and dict(card(site.card).thresholds).get("air", 0) > 0


class FlyingToANearbySite(Activated):
    """Targets: the unit atop the source's site, then the nearby site it flies to."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        spec = self.spec
        self.count(targets, (2,), f"{source.card} needs the {'minion' if spec.minions_only else 'unit'} atop its site, then the nearby site it flies to")
        here = parse_loc(source.location)
        if here.region is not Region.SURFACE or engine.view().site_at(here.square) is None:
            raise IllegalCommand(self.rule(source, ability), f"{source.id} is not atop a site")
        if spec.air_site and not air_site(engine, here.square):
            raise IllegalCommand(self.rule(source, ability), f"{source.id} does not occupy an Air site ({engine.label(here.text)})")
        unit = engine.known_unit(targets[0], "targets", living=True)
        if unit.location != here.text or (spec.minions_only and unit.kind != "minion"):
            raise IllegalCommand(self.rule(source, ability), f"{unit.id} is not a {'minion' if spec.minions_only else 'unit'} atop {engine.label(here.text)}")
        to = engine.location(targets[1], "targets")
        there = parse_loc(to)
        nearby = engine.view().nearby(here.square)
        if there.region is not Region.SURFACE or there.square == here.square or there.square not in nearby or engine.view().site_at(there.square) is None:
            raise IllegalCommand(self.rule(source, ability), f"{engine.label(to)} is not a site nearby {engine.label(here.text)}")
        self.forced(engine, source, ability, FLY, unit.id, to)
        return Plan(moves=[(unit.id, [here.text, to], f"forced:{FLY}", [FORCED_KINDS[FLY]])])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        here = parse_loc(source.location)
        view = engine.view()
        if here.region is not Region.SURFACE or (self.spec.air_site and not air_site(engine, here.square)):
            return []
        units = [u for u in sorted(engine.state.living_units(), key=lambda u: u.id) if u.location == here.text and (u.kind == "minion" or not self.spec.minions_only)]
        sites = [Loc(sq, Region.SURFACE).text for sq in view.nearby(here.square) if sq != here.square and view.site_at(sq) is not None]
        return [[u.id, to] for u in units for to in sites]


class FlyingTheSite(Activated):
    """Cloud City: targets: the void it flies to. Its units and the artifacts lying on it go with
    it, each at its level (units atop are treated as Airborne while it moves: no border is
    crossed in the void, so nothing bars them); what it carries does not enter another site."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        self.count(targets, (1,), f"{source.card} needs the nearby void it flies to")
        element, count = self.spec.threshold
        view = engine.view()
        if view.affinity(player, element) < count:
            raise IllegalCommand(self.rule(source, ability), f"{player} has {view.affinity(player, element)} {element}, not the {count} {source.card} needs")
        here = parse_loc(source.location).square
        to = parse_loc(engine.location(targets[0], "targets")).square
        if to == here or to not in view.nearby(here) or view.site_at(to) is not None:
            raise IllegalCommand(self.rule(source, ability), f"{engine.label(str(to))} is not a void nearby {engine.label(str(here))}")
        units = sorted(
            u.id for u in engine.state.living_units()
            if u.location and parse_loc(u.location).square == here and parse_loc(u.location).region is not Region.VOID
        )
        artifacts = sorted(
            f.id for f in engine.state.features.values()
            if f.kind == "artifact" and f.bearer is None and f.location and parse_loc(f.location).square == here
            and parse_loc(f.location).region is not Region.VOID
        )
        return Plan(said=[(SiteFlown, {"site": source.id, "frm": here, "to": to, "units": units, "artifacts": artifacts})])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        view = engine.view()
        here = parse_loc(source.location).square
        return [[str(sq)] for sq in view.nearby(here) if sq != here and view.site_at(sq) is None]
