"""Wave of Eviction: the caster's water site overflows in a cardinal direction (its FAQ: square
by square to the edge of the realm, across voids too, flooding each site it reaches this turn as
the enemies arrive, and carrying the enemies one step on at a time, in their region).

Here every site of the line is flooded as the spell is cast; then each enemy unit on the line,
nearest the start first, is pushed along it to the edge, one step at a time, each step judged as
it comes (a refused one stops that unit). The paths are planned once the sites are flooded: what
is under them is in its new subsurface by then (FAQ)."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import COLUMNS, DIRECTIONS, ROWS, Loc, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.spells.plan import Casting, Move, SpellPlan, Targets, carry_out


class WaterSiteOverflowing(Targets):
    """An allied water site, then a direction."""

    def cast(self, engine: Primitives, casting: Casting) -> None:
        if casting.where.startswith("setup"):
            raise BadInput(f"{casting.name} moves units: cast it in the script, not at set-up", casting.where)
        card_name, text, caster, targets, field = casting.name, casting.spell.covers[0], casting.caster, casting.targets, casting.field
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
        spell_id = casting.spell_id(engine)
        if flooded:  # first: what is under the sites is in their new subsurface as the enemies arrive (FAQ)
            engine.start_effect(
                spell_id, caster, {"kind": "flooded", "squares": flooded}, "this_turn",
                f"{card_name}: the sites at {', '.join(map(str, flooded))} are flooded this turn",
            )
        carry_out(engine, self.pushes(engine, casting, line, spell_id))

    def pushes(self, engine: Primitives, casting: Casting, line: list[int], spell_id: str) -> SpellPlan:
        """Each enemy on the line, pushed along it to the edge while its region goes on."""
        view = engine.view()
        plan = SpellPlan(casting, cast=True, spell_id=spell_id)
        for index, square in enumerate(line[:-1]):
            for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
                at = parse_loc(unit.location or "")
                if unit.owner == casting.caster or at.square != square or unit.carried_by is not None:
                    continue
                path = [at.text]
                for sq in line[index + 1:]:
                    if not view.location_exists(Loc(sq, at.region)):  # FAQ: not moved across regions
                        plan.unaffected[unit.id] = (
                            f"past {engine.label(path[-1])} (square {sq} has no {at.region.value} location; a push keeps its region)"
                        )
                        break
                    path.append(Loc(sq, at.region).text)
                if len(path) > 1:
                    plan.moves.append(Move(unit.id, path[1:], "forced:push", [FORCED_KINDS["push"]] * (len(path) - 1)))
        return plan
