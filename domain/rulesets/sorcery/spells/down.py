"""Spells that burrow or submerge (codex: Burrowing, Submerge; digest 2.4): the verbs force a
minion down from the surface even without the keyword; one not atop a site of the right kind
(land for burrow, water for submerge) is not moved: the spell fails for it, and its event says
so. Bury, Drown, Stormy Seas, Cave-In, Buried Alive, Trial by Water, Into the Abyss."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.engine import artifacts as forced_artifacts
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.realm import Loc, Region, nearby, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.spells.forced import Forced, ForcedSpell
from domain.rulesets.sorcery.spells.plan import Casting
from domain.rulesets.sorcery.state import CardState, SorceryUnit


class DownSpell(ForcedSpell):
    """What the burrow and submerge spells share: the level below, a minion as target."""

    def down(self, engine: Reader, casting: Casting, unit: SorceryUnit, forced: Forced) -> None:
        """The minion goes below the surface it is atop, if able (else ``unaffected`` says why)."""
        below = Region.UNDERGROUND if casting.spell.moves == "burrow" else Region.UNDERWATER
        at = parse_loc(unit.location or "")
        to = Loc(at.square, below)
        if at.region is not Region.SURFACE:
            forced.unaffected[unit.id] = f"not on a surface (at {engine.label(unit.location or '')})"
            return  # not able: nothing happens to it, and the log says why
        if not engine.view().location_exists(to):
            forced.unaffected[unit.id] = f"{engine.label(to.text)} does not exist"
            return
        forced.moves.append((unit.id, to.text))

    def minion(self, engine: Reader, casting: Casting, unit_id: str) -> SorceryUnit:
        unit: SorceryUnit = engine.known_unit(unit_id, casting.field, living=True)
        if unit.kind != "minion":
            raise IllegalCommand(rule(casting.name, casting.spell.covers[-1]), f"{unit.id} is not a minion")
        return unit


class AMinionDown(DownSpell):
    """Bury, Drown: target minion or artifact, if able."""

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        if len(casting.targets) != 1:
            raise BadInput(f"{casting.name} needs one target minion", casting.field)
        self.down(engine, casting, self.minion(engine, casting, casting.targets[0]), forced)

    def artifact_target(self, engine: Reader, casting: Casting, thing: CardState, forced: Forced) -> None:
        if len(casting.targets) != 1:
            raise BadInput(f"{casting.name} needs one target minion or artifact", casting.field)
        assert casting.spell.moves is not None
        forced.artifact(thing.id, *forced_artifacts.down(engine.view(), thing, casting.spell.moves))


class ASiteDown(DownSpell):
    """Stormy Seas, Cave-In: every minion (and artifact) atop the target site, of the right kind."""

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        spell, targets, field = casting.spell, casting.targets, casting.field
        if len(targets) != 1:
            raise BadInput(f"{casting.name} needs one target site", field)
        view = engine.view()
        square = parse_loc(engine.location(targets[0], field)).square
        water = spell.moves == "submerge"
        if view.site_at(square) is None or view.is_water(square) != water:
            raise IllegalCommand(rule(casting.name, spell.covers[0]), f"square {square} is not a {'water' if water else 'land'} site")
        for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
            if unit.kind == "minion" and unit.location and parse_loc(unit.location).square == square:
                assert isinstance(unit, SorceryUnit)
                self.down(engine, casting, unit, forced)
        if spell.moves_artifacts:  # "all minions and artifacts"
            assert spell.moves is not None
            for thing in forced_artifacts.on_ground(engine, square=square):
                forced.artifact(thing.id, *forced_artifacts.down(engine.view(), thing, spell.moves))


class AMinionNearAnAlly(DownSpell):
    """Buried Alive (any ally casts it at an adjacent minion), Trial by Water (an ally, at a
    minion it's nearby): the casting ally, then the minion, in the ally's region (digest 1.4)."""

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        spell, targets, field = casting.spell, casting.targets, casting.field
        if len(targets) != 2:
            raise BadInput(f"{casting.name} needs the ally that casts it, then the target minion", field)
        by = engine.known_unit(targets[0], field, living=True)
        if by.owner != casting.caster:
            raise IllegalCommand(rule(casting.name, spell.covers[0]), f"{by.id} is not an ally of {casting.caster}'s")
        unit = self.minion(engine, casting, targets[1])
        view = engine.view()
        at, there = parse_loc(by.location or ""), parse_loc(unit.location or "")
        if self.target.adjacent:
            squares, how_near = {at.square, *view.orthogonal(at.square)}, "adjacent to"
        else:
            squares, how_near = set(nearby(at.square, *view.wrap)), "nearby"
        if there.region is not at.region or there.square not in squares:  # digest 1.4: in its region
            raise IllegalCommand(rule(casting.name, spell.covers[-1]), f"{unit.id} is not {how_near} {by.id} (digest 1.4)")
        self.down(engine, casting, unit, forced)


class AMinionDownOrIntoTheVoid(DownSpell):
    """Into the Abyss: submerge target minion, or pull it into a void it's adjacent to."""

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        targets, field = casting.targets, casting.field
        if len(targets) not in (1, 2):
            raise BadInput(f"{casting.name} needs a target minion, and a void square to pull it into", field)
        unit = self.minion(engine, casting, targets[0])
        if len(targets) == 1:
            self.down(engine, casting, unit, forced)
            return
        forced.how_of[unit.id] = "pull_void"
        forced.moves.append((unit.id, Loc(parse_loc(engine.location(targets[1], field)).square, Region.VOID).text))
