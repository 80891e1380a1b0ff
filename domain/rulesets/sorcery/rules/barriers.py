"""The barriers to a step or a presence (digest 2.3, 2.4, 2.10): bans on entering a site or a
location, walls and borders, the level changes Iceberg bars, a unit's own "can't" (codex: Can
vs. Can't) and "can't be moved by force", Maze Minotaur's maze, Cerberus in Chains' leash, and
where a unit can't be set up."""

from __future__ import annotations

from domain.rules import RuleRef
from domain.rulesets.sorcery.cards import unmovable as unmovable_card
from domain.rulesets.sorcery.effects import (
    BorderBan,
    EntryBan,
    LocationBan,
    Maze,
    NoLevelChange,
    Restriction,
    Uninterceptable,
    Unsubmergeable,
)
from domain.rulesets.sorcery.realm import SQUARES, Loc, Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.adjacency import StepGeometry
from domain.rulesets.sorcery.rules.facts import memo
from domain.rulesets.sorcery.state import SorceryUnit
from domain.rulesets.sorcery.uncarriable import CANT_BE_CARRIED, uncarriable_places


class Barriers(StepGeometry):
    """Why a unit can't enter, traverse, change level or be where it is."""

    def entry_ban(self, unit_id: str, square: int) -> RuleRef | None:
        """Power bans on entering the site at ``square`` (Gnome Hollows; codex: Split Power)."""
        for effect_id, spec in self.specs:
            if isinstance(spec, EntryBan) and spec.square == square:
                if self.power(unit_id) >= spec.min_power:
                    return rule(
                        self.source_card(effect_id),
                        f"units with {spec.min_power} or more power can't enter this site",
                        "ongoing",
                    )
        return None

    @memo
    def entry_refusal(self, unit_id: str, frm: Loc | None, to: Loc, kind: str) -> RuleRef | None:
        """Why the unit can't enter ``to`` (from ``frm``; None when summoned or set up there):
        power bans on entering a site, and the location bans of Scarecrow, Undesirables,
        Mountain Pass, Endless Fence and Bailey (digest 2.3: "can't enter" covers every way), and
        a bearer's at a Red Rock of Ravannis under ``red_rock_bearer_enters: refused``."""
        unit = self.unit(unit_id)
        new_site = frm is None or frm.square != to.square or frm.region is Region.VOID
        if new_site and self.site_at(to.square) is not None and to.region is not Region.VOID:
            ban = self.entry_ban(unit_id, to.square)
            if ban is not None:
                return ban
        for effect_id, spec in self.specs:
            if not isinstance(spec, LocationBan):
                continue
            why = self._location_ban(spec, unit, frm, to, kind, new_site)
            if why is not None:
                return rule(self.source_card(effect_id), why, "ongoing")
        if frm is not None and self.state.options.red_rock_bearer_enters == "refused":
            return self._bearer_refused(unit, to)
        return None

    def _bearer_refused(self, unit: SorceryUnit, to: Loc) -> RuleRef | None:
        """Rule option ``red_rock_bearer_enters: refused``: a unit bearing an artifact can't enter
        a location where artifacts can't be carried (Red Rock of Ravannis; ``uncarriable.py``)."""
        if not any(f.bearer == unit.id for f in self.state.features.values()):
            return None
        forbidden_by = uncarriable_places(self.state).get(to.text)
        if forbidden_by is None:
            return None
        return rule(forbidden_by, f"{CANT_BE_CARRIED}: a bearer of an artifact can't enter (rule option red_rock_bearer_enters: refused)", "ongoing")

    def _location_ban(
        self, spec: LocationBan, unit: SorceryUnit, frm: Loc | None, to: Loc, kind: str, new_site: bool
    ) -> str | None:
        if spec.airborne_at is not None:
            where = self.location_of(spec.airborne_at)
            if where == to and unit.kind == "minion" and "Airborne" in self.keywords(unit.id, to) and to.region is Region.SURFACE:
                return "Airborne minions can't enter this location"
        if spec.allies_of is not None and spec.site_of is not None and unit.owner == spec.allies_of:
            where = self.location_of(spec.site_of)
            if (
                where is not None and where.region is not Region.VOID and where.square == to.square
                and to.region is not Region.VOID and new_site and unit.id != spec.site_of
            ):
                return "allies can't enter this site"
        if spec.ground_if_occupied and spec.square == to.square and unit.kind == "minion" and frm is not None:
            atop = [
                u for u in self.state.living_units()
                if u.kind == "minion" and u.location == str(to.square) and u.id != unit.id
                and u.carried_by != unit.id
            ]
            if atop and self.on_the_ground(unit.id, frm, to, kind):
                return "minions can't enter this site on the ground while a minion is atop it"
        if spec.from_void_span and spec.square is not None and unit.kind == "minion" and frm is not None:
            if frm.region is Region.VOID and to.square in self.span(spec.square, False) and to.region is not Region.VOID:
                return "minions can't enter this span of land from the void"
        if spec.enemies_of is not None and spec.ground_at is not None and unit.owner != spec.enemies_of and frm is not None:
            where = self.location_of(spec.ground_at)
            if where == to and self.on_the_ground(unit.id, frm, to, kind):
                return "enemies can't move here on the ground"
        return None

    @memo
    def border_refusal(self, unit_id: str, frm: Loc, to: Loc, kind: str) -> RuleRef | None:
        """Why the unit can't traverse the border this step crosses (Wall of Ice, Wall of Air,
        Great Wall, Perilous Bridge; codex: Traverse; digest 2.10). Diagonal, as-if-adjacent and
        teleport steps cross no border; subsurface units and the void are unaffected."""
        borders = [set(b) for b in self.crossed_borders(frm, to, kind)]
        if not borders:
            return None
        unit = self.unit(unit_id)
        for effect_id, spec in self.specs:
            if not isinstance(spec, BorderBan) or set(spec.border) not in borders:
                continue
            if spec.enemies_of is not None and unit.owner == spec.enemies_of:
                continue
            if spec.airborne_or_weak:
                if unit.kind == "minion" and (kind == "fly" or self.airborne(unit_id, frm) or self.power(unit_id) <= 2):  # codex: Fly
                    return rule(self.source_card(effect_id), "minions with Airborne or 2 or less power can't traverse it", "ongoing")
                continue
            if spec.on_the_ground and not self.on_the_ground(unit_id, frm, to, kind):
                continue
            return rule(self.source_card(effect_id), "can't be traversed on the ground", "ongoing")
        return None

    def level_change_refusal(self, unit_id: str, at: Loc, kind: str) -> RuleRef | None:
        """Iceberg: minions occupying nearby sites can't submerge or surface."""
        if kind not in ("submerge", "surface") or self.unit(unit_id).kind != "minion":
            return None
        if kind == "surface" and at.region is not Region.UNDERWATER:
            return None
        for effect_id, spec in self.specs:
            if isinstance(spec, NoLevelChange) and at.square in spec.squares and self.site_at(at.square) is not None:
                return rule(self.source_card(effect_id), "minions occupying nearby sites can't submerge or surface", "ongoing")
        return None

    def forced_submerge_refusal(self, unit_id: str, at: Loc) -> RuleRef | None:
        """Driftwood Marrows: nearby allies can't be submerged by an effect."""
        unit = self.unit(unit_id)
        for effect_id, spec in self.specs:
            if isinstance(spec, Unsubmergeable) and self.in_scope(spec, unit, at):
                return rule(self.source_card(effect_id), "nearby allies can't be submerged", "ongoing")
        return None

    def restriction(self, unit_id: str, what: str) -> RuleRef | None:
        """The unit's own "can't" (``what``: a Restriction field), unless it is silenced or
        disabled (the text is an ability of its own)."""
        unit = self.unit(unit_id)
        at = self._where(unit, None)
        for effect_id, spec in self.specs:
            if isinstance(spec, Restriction) and spec.unit == unit_id and getattr(spec, what):
                if at is not None and self.silenced(unit_id, at) is not None:
                    return None
                return self._effect_rule(effect_id, what)
        return None

    def unmovable(self, unit_id: str) -> RuleRef | None:
        """Why nothing moves the unit by force (Talamh Dreig: its card declares it, as Iron Man
        Talus's does), unless it has lost its abilities where it is (codex: Silenced, Disabled)."""
        unit = self.unit(unit_id)
        if not unmovable_card(unit.card):
            return None
        at = self._where(unit, None)
        if at is not None and (self.silenced(unit_id, at) is not None or self.disabled(unit_id, at) is not None):
            return None
        return rule(unit.card, "can't be moved by force", "ongoing")

    @memo
    def own_step_refusal(self, unit_id: str, frm: Loc, to: Loc, kind: str) -> RuleRef | None:
        """Dalcean Phalanx (only forward) and Sedge Crabs (only sideways): forward is toward the
        controller's far edge (codex: Forward; digest 1.1, gap 1); a level change is neither."""
        maze = self._maze_refusal(unit_id, frm, to)
        if maze is not None:
            return maze
        for effect_id, spec in self.specs:
            if not isinstance(spec, Restriction) or spec.unit != unit_id:
                continue
            if spec.not_away_from_avatar:
                if self.silenced(unit_id, frm) is None and self._farther_from_avatar(unit_id, frm, to):
                    return self._effect_rule(effect_id, "can't move itself away from its Avatar")
                continue
            if spec.own_steps is None:
                continue
            if self.silenced(unit_id, frm) is not None:
                return None
            if spec.own_steps == "sideways":
                ok = frm.square != to.square and (frm.row == to.row or kind == "as-if-adjacent")
            else:
                first = self.unit(unit_id).owner == self.state.players[0]
                ok = frm.square != to.square and frm.column == to.column and (to.row < frm.row if first else to.row > frm.row)
                ok = ok or kind == "as-if-adjacent"
            if not ok:
                return self._effect_rule(effect_id, f"moves itself only {spec.own_steps}")
        return None

    def _farther_from_avatar(self, unit_id: str, frm: Loc, to: Loc) -> bool:
        """Whether a step ends farther from the unit's controller's Avatar than it starts, in the
        unit's own steps (Cerberus in Chains FAQ); from where the Avatar can't be reached at all,
        any step is as far."""
        distance = self.steps_to_avatar(unit_id)
        start = distance.get(frm.text)
        if start is None:
            return False
        end = distance.get(to.text)
        return end is None or end > start

    @memo
    def steps_to_avatar(self, unit_id: str) -> dict[str, int]:
        """How many of its own steps the unit needs from each location to reach its controller's
        Avatar: the step geometry and the keywords it has at each location (digest 2.2), bans
        and allowance aside. Empty when its controller has no Avatar in the realm."""
        unit = self.unit(unit_id)
        avatar = next(
            (u for u in self.state.living_units() if getattr(u, "kind", "") == "avatar" and u.owner == unit.owner), None,
        )
        if avatar is None or avatar.location is None:
            return {}
        into: dict[str, list[str]] = {}
        for square in SQUARES:
            for region in Region:
                here = Loc(square, region)
                if not self.location_exists(here):
                    continue
                keywords = self.keywords(unit_id, here)
                for cand in self.step_candidates(here, unit.owner, unit_id):
                    if all(k in keywords for k in cand.needs):
                        into.setdefault(cand.loc.text, []).append(here.text)
        found = {avatar.location: 0}
        frontier = [avatar.location]
        while frontier:
            following: list[str] = []
            for loc in frontier:
                for before in into.get(loc, []):
                    if before not in found:
                        found[before] = found[loc] + 1
                        following.append(before)
            frontier = following
        return found

    def _maze_refusal(self, unit_id: str, frm: Loc, to: Loc) -> RuleRef | None:
        """Maze Minotaur: an enemy minion's own step from inside the nine locations nearby it (in
        its region) to outside them."""
        unit = self.unit(unit_id)
        if unit.kind != "minion":
            return None
        for effect_id, spec in self.specs:
            if not isinstance(spec, Maze) or spec.unit == unit_id or unit.owner == spec.enemies_of:
                continue
            where = self.location_of(spec.unit)
            if where is None:
                continue
            maze = set(self.nearby(where.square))

            def inside(loc: Loc, region: Region = where.region, squares: set[int] = maze) -> bool:
                return loc.region is region and loc.square in squares

            if inside(frm) and not inside(to):
                return self._effect_rule(effect_id, "enemy minions can't move themselves out of its maze")
        return None

    def uninterceptable(self, unit_id: str) -> RuleRef | None:
        """Why the unit can't be intercepted by an effect's say (Blaze), where it is."""
        unit = self.unit(unit_id)
        if unit.location is None:
            return None
        for effect_id, spec in self.specs:
            if isinstance(spec, Uninterceptable) and self.in_scope(spec, unit, parse_loc(unit.location)):
                return self._effect_rule(effect_id, "can't be intercepted")
        return None

    def attack_refusal(self, attacker_id: str, target_id: str, at: Loc | None = None) -> RuleRef | None:
        """Why ``attacker_id`` may not target ``target_id`` with an attack (codex: Airborne:
        only an Airborne attacker may target an Airborne unit); the attacker judged at ``at``,
        where its move will end, when given (Airborne works only on the surface, and an aura
        may take it away where the unit stands now)."""
        if self.airborne(target_id) and not self.airborne(attacker_id, at):
            return rule("codex: Airborne", "an Airborne unit can be targeted by attacks only from Airborne units", "keyword")
        return None

    def cannot_be_at(self, unit_id: str, at: Loc) -> RuleRef | None:
        """Why a unit can't be (summoned or set up) at ``at``: an Avatar off the surface, a minion
        where it can't survive (digest 1.6), or a passive ban on entering (digest 2.3)."""
        unit = self.unit(unit_id)
        if unit.kind == "avatar" and at.region is not Region.SURFACE:
            return rule("codex: Characteristics", "an Avatar occupies only surface locations")
        survival = self.survival(unit_id, at)
        if survival is not None:
            return survival
        return self.entry_refusal(unit_id, None, at, "summon")
