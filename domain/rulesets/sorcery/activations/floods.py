"""Activated floods (codex: Flooded, Water Site): Floodplain floods an adjacent site this turn;
Avatar of Water and Waveshaper flood a site by their body of water until they do so again (the
earlier flood ends as the new one starts: Waveshaper FAQ); Avatar of Water may teleport there;
Waveshaper taps the minions there without Submerge, which don't untap the next time they would."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.view import RealmView


def flood_targets(view: RealmView, source: Source, where: str) -> set[int]:
    """The sites a flooding ability may choose: adjacent to the site (Floodplain), adjacent to or
    nearby the body of water its Avatar occupies (Avatar of Water, Waveshaper: none when it
    occupies none, FAQ: "a fish out of water"). Adjacent = the square and its orthogonal
    neighbours, nearby = and the diagonal ones (digest 1.4); the body's own sites count (FAQ)."""
    at = parse_loc(source.location)
    if where == "adjacent":
        squares = {at.square, *view.orthogonal(at.square)}
    else:
        body = view.body_of_water(at.square) if at.region is not Region.VOID else set()
        around = view.orthogonal if where == "adjacent_to_body" else view.nearby
        squares = {n for sq in body for n in (sq, *around(sq))}
    return {sq for sq in squares if view.site_at(sq) is not None}


class FloodASite(Activated):
    """Floodplain, Avatar of Water, Waveshaper: the site to flood (then ``teleport``, where it may)."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        """Floodplain, Avatar of Water, Waveshaper: flood the chosen site for the ability's duration
        ("until you do so again": the source's earlier flood ends as the new one starts, Waveshaper
        FAQ); Avatar of Water may teleport to the site's surface ("teleport" as a second target: the
        player's choice); Waveshaper taps the minions there, either level, without Submerge."""
        spec = self.spec
        may_teleport = spec.may_teleport
        shape = "one target, the site to flood" + (", and 'teleport' to teleport there" if may_teleport else "")
        self.count(targets, (1, 2) if may_teleport else (1,), f"{source.card} needs {shape}")
        view = engine.view()
        square = parse_loc(engine.location(targets[0], "targets")).square
        allowed = flood_targets(view, source, spec.where)
        if not allowed and spec.where != "adjacent":
            raise IllegalCommand(
                rule(f"{source.card} FAQ", "'your body of water' is the one your Avatar occupies: none, no flooding"),
                f"{source.id} occupies no body of water",
            )
        if square not in allowed:
            raise IllegalCommand(self.rule(source, ability), f"square {square} is not a site it may flood (those: {sorted(allowed)})")
        duration = spec.duration
        label = f"{source.card}: the site at {engine.label(str(square))} is flooded ({duration.replace('_', ' ')})"
        plan = Plan(effects=[({"kind": "flooded", "squares": [square]}, duration, label)])
        if duration == "until_used_again":
            plan.ended = [e.id for e in engine.state.effects.values() if e.source == source.id and e.duration == duration]
        if len(targets) == 2:
            if targets[1] != "teleport":
                raise BadInput(f"{targets[1]!r}: the second target is 'teleport' (or leave it out not to teleport)", "targets")
            to = Loc(square, Region.SURFACE).text
            if to != source.location:  # already there: no movement (codex: Teleport)
                self.forced(engine, source, ability, "teleport_site", source.id, to)
                plan.moves.append((source.id, [source.location, to], "forced:teleport_site", [FORCED_KINDS["teleport_site"]]))
        if spec.tap_without_submerge:
            plan.taps = [
                u.id for u in sorted(engine.state.units.values(), key=lambda u: u.id)
                if u.alive and u.kind == "minion" and not u.tapped and u.location and parse_loc(u.location).square == square
                and parse_loc(u.location).region is not Region.VOID and "Submerge" not in view.keywords(u.id)
            ]
        return plan

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        sites = sorted(flood_targets(engine.view(), source, self.spec.where))
        extra = [[str(sq), "teleport"] for sq in sites] if self.spec.may_teleport else []
        return [[str(sq)] for sq in sites] + extra
