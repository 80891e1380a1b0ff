"""Step geometry (digest 2.2): which locations are one step of each kind from a location, with
the keywords each kind needs; as-if-adjacent links and hubs (digest 2.9), edges crossed as if
connected (codex: As If Connected), leaps (digest gap 9) and the borders a step traverses on
the ground (digest 2.10). Whether a step may be taken is the barriers' and the movement
model's question; this layer says only where steps lead."""

from __future__ import annotations

from dataclasses import dataclass

from domain.rulesets.sorcery.effects import AsIfAdjacent, AsIfConnected, Grant, Leap
from domain.rulesets.sorcery.realm import COLUMNS, ROWS, SQUARES, Loc, Region, diagonal, orthogonal, square_at
from domain.rulesets.sorcery.rules.keywords import KeywordRules


@dataclass(frozen=True)
class StepCandidate:
    """A location one step away, the kind of step, and the keywords that kind needs."""

    loc: Loc
    kind: str
    needs: tuple[str, ...] = ()


class StepGeometry(KeywordRules):
    """Where a step of each kind leads from a location."""

    def as_if_adjacent(self, square: int, player: str | None) -> list[int]:
        """Squares linked to ``square`` for ``player``'s units (any player's when None)."""
        found: list[int] = []
        for spec in self.effects(AsIfAdjacent):
            if player is not None and spec.for_player not in (None, player):
                continue
            if spec.hub is not None:
                continue  # a hub links places of its own kind (hub_links)
            linked = self.span(spec.span_of, spec.water) if spec.span_of is not None else set(spec.squares)
            if square in linked:
                found.extend(sorted(linked - {square}))
        return sorted(set(found))

    def hub_links(self, at: Loc, player: str | None) -> list[tuple[Loc, tuple[str, ...]]]:
        """Locations one step from ``at`` through a site linked to many places (effects.AsIfAdjacent
        ``hub``), each with the keywords the step needs: Astral Alcazar links its site and every
        void (entering or leaving the void still needs Voidwalk); Secret Tunnel links, for its
        controller's burrowed units, its underground and that of the controller's other sites."""
        found: list[tuple[Loc, tuple[str, ...]]] = []
        for spec in self.effects(AsIfAdjacent):
            hub = spec.hub
            if hub is None or self.site_at(hub) is None:
                continue
            if player is not None and spec.for_player not in (None, player):
                continue
            if spec.to_voids:
                voids = [sq for sq in SQUARES if self.site_at(sq) is None]
                if at.square == hub and at.region is not Region.VOID:
                    found.extend((Loc(sq, Region.VOID), ("Voidwalk",)) for sq in voids)
                elif at.region is Region.VOID:
                    lower = Region.UNDERWATER if self.is_water(hub) else Region.UNDERGROUND
                    found.extend([(Loc(hub, Region.SURFACE), ("Voidwalk",)), (Loc(hub, lower), ("Voidwalk",))])
            if spec.to_sites_of is not None and at.region is Region.UNDERGROUND:
                others = [
                    sq for sq, site in sorted(self.sites.items()) if sq != hub and site.controller == spec.to_sites_of
                ]
                if at.square == hub:
                    for sq in others:
                        if self.is_water(sq):
                            found.append((Loc(sq, Region.UNDERWATER), ("Burrowing", "Submerge")))
                        else:
                            found.append((Loc(sq, Region.UNDERGROUND), ("Burrowing",)))
                elif at.square in others and not self.is_water(hub):
                    found.append((Loc(hub, Region.UNDERGROUND), ("Burrowing",)))
        return [(loc, needs) for loc, needs in found if loc != at]

    def connected_rows(self, unit_id: str, at: Loc) -> bool:
        """Whether the unit may step as if the top and bottom edges were connected (codex: As If
        Connected: for its own steps only)."""
        unit = self.unit(unit_id)
        for spec in self.effects(AsIfConnected):
            if spec.unit is not None and spec.unit == unit_id and self.silenced(unit_id, at) is None:
                return True
            if spec.allies_of is not None and spec.allies_of == unit.owner:
                return True
            if spec.allies_here_of is not None and spec.allies_here_of == unit.owner:
                source = self._effect_source(spec)
                if source is not None and self.location_of(source) == at:
                    return True
        return False

    def kept_in_void(self, unit_id: str, at: Loc) -> bool:
        """Whether the unit has a Voidwalk at ``at`` that it keeps in the void until it enters a
        site (Planar Gate; digest gap 10)."""
        unit = self.unit(unit_id)
        if self.silenced(unit_id, at) is not None:
            return False
        return any(s.kept_in_void and "Voidwalk" in s.keywords and self.in_scope(s, unit, at) for s in self.effects(Grant))

    def leaps(self, unit_id: str, at: Loc) -> bool:
        return any(s.unit == unit_id for s in self.effects(Leap)) and self.silenced(unit_id, at) is None

    def crossed_borders(self, frm: Loc, to: Loc, kind: str) -> list[tuple[int, int]]:
        """The borders a step traverses on the surface: one for an orthogonal step (own, pushed or
        pulled), two for a leap (digest gap 9); none for diagonal, as-if-adjacent or teleport steps (digest 2.9)."""
        if frm.region is not Region.SURFACE or to.region is not Region.SURFACE or frm.square == to.square:
            return []
        if kind in ("orthogonal", "push", "pull") or (kind == "fly" and to.square in self.orthogonal(frm.square)):
            return [(frm.square, to.square)]  # a flight to a diagonal site crosses none (codex: Fly)
        if kind == "leap":
            over = next((sq for sq in self.orthogonal(frm.square) if to.square in self.orthogonal(sq)), None)
            return [(frm.square, over), (over, to.square)] if over is not None else []
        return []

    def on_the_ground(self, unit_id: str, frm: Loc, to: Loc, kind: str) -> bool:
        """A step from a site's surface to another site's surface, not Airborne, not a teleport
        (codex: On the Ground; digest 2.10)."""
        if kind in ("teleport", "fly"):
            return False
        if frm.region is not Region.SURFACE or to.region is not Region.SURFACE or frm.square == to.square:
            return False
        if self.site_at(frm.square) is None or self.site_at(to.square) is None:
            return False
        return not self.airborne(unit_id, frm)

    def _own_orthogonal(self, at: Loc, unit_id: str | None) -> list[int]:
        """Orthogonal neighbours; across the top and bottom edges too when the unit moves as if
        they were connected (codex: As If Connected; the realm's own wrap: Magellan Globe)."""
        columns, rows = self.wrap
        if not rows and unit_id is not None and self.connected_rows(unit_id, at):
            rows = True
        return orthogonal(at.square, columns, rows)

    def step_candidates(self, at: Loc, player: str | None, unit_id: str | None = None) -> list[StepCandidate]:
        """Step kinds per digest 2.2, in a fixed order so that searches are deterministic."""
        view = self
        found: list[StepCandidate] = []
        neighbours = self._own_orthogonal(at, unit_id)
        site_here = view.site_at(at.square)
        if at.region is Region.SURFACE:
            for sq in neighbours:
                if view.site_at(sq) is not None:
                    found.append(StepCandidate(Loc(sq, Region.SURFACE), "orthogonal"))
                else:
                    found.append(StepCandidate(Loc(sq, Region.VOID), "void", ("Voidwalk",)))
            columns, rows = view.wrap
            for sq in diagonal(at.square, columns, rows):
                if view.site_at(sq) is not None:
                    found.append(StepCandidate(Loc(sq, Region.SURFACE), "diagonal", ("Airborne",)))
            for sq in view.as_if_adjacent(at.square, player):
                if view.site_at(sq) is not None:
                    found.append(StepCandidate(Loc(sq, Region.SURFACE), "as-if-adjacent"))
            if unit_id is not None and view.leaps(unit_id, at):
                for sq in self._leaps(at.square):
                    found.append(StepCandidate(Loc(sq, Region.SURFACE), "leap"))
            if site_here is not None:
                if view.is_water(at.square):
                    found.append(StepCandidate(Loc(at.square, Region.UNDERWATER), "submerge", ("Submerge",)))
                else:
                    found.append(StepCandidate(Loc(at.square, Region.UNDERGROUND), "burrow", ("Burrowing",)))
        elif at.region in (Region.UNDERWATER, Region.UNDERGROUND):
            own = "Submerge" if at.region is Region.UNDERWATER else "Burrowing"
            found.append(StepCandidate(Loc(at.square, Region.SURFACE), "surface", (own,)))
            for sq in neighbours:
                if view.site_at(sq) is None:
                    found.append(StepCandidate(Loc(sq, Region.VOID), "void", ("Voidwalk",)))
                elif view.is_water(sq):
                    needs = ("Submerge",) if own == "Submerge" else ("Burrowing", "Submerge")
                    found.append(StepCandidate(Loc(sq, Region.UNDERWATER), "underwater", needs))
                else:
                    needs = ("Burrowing",) if own == "Burrowing" else ("Burrowing", "Submerge")
                    found.append(StepCandidate(Loc(sq, Region.UNDERGROUND), "underground", needs))
            for sq in view.as_if_adjacent(at.square, player):
                site = view.site_at(sq)
                if site is not None and view.is_water(sq) == (own == "Submerge"):
                    found.append(StepCandidate(Loc(sq, at.region), "as-if-adjacent", (own,)))
        else:  # the void: any neighbouring location, with Voidwalk
            for sq in neighbours:
                if view.site_at(sq) is None:
                    found.append(StepCandidate(Loc(sq, Region.VOID), "void", ("Voidwalk",)))
                else:
                    found.append(StepCandidate(Loc(sq, Region.SURFACE), "void", ("Voidwalk",)))
                    lower = Region.UNDERWATER if view.is_water(sq) else Region.UNDERGROUND
                    found.append(StepCandidate(Loc(sq, lower), "void", ("Voidwalk",)))
        for hub_loc, hub_needs in view.hub_links(at, player):
            found.append(StepCandidate(hub_loc, "as-if-adjacent", hub_needs))
        return [c for c in found if c.loc != at]

    def _leaps(self, square: int) -> list[int]:
        """Felbog Frog Men: over an orthogonally adjacent site to the site beyond it, in the same
        direction (digest gap 9); the jumped site is not entered."""
        columns, rows = self.wrap
        row, column = divmod(square - 1, COLUMNS)
        found = []
        for d_row, d_col in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            r1, c1, r2, c2 = row + d_row, column + d_col, row + 2 * d_row, column + 2 * d_col
            if rows:
                r1, r2 = r1 % ROWS, r2 % ROWS
            if columns:
                c1, c2 = c1 % COLUMNS, c2 % COLUMNS
            if not (0 <= r1 < ROWS and 0 <= c1 < COLUMNS and 0 <= r2 < ROWS and 0 <= c2 < COLUMNS):
                continue
            over, beyond = square_at(r1, c1), square_at(r2, c2)
            if beyond != square and self.site_at(over) is not None and self.site_at(beyond) is not None:
                found.append(beyond)
        return found
