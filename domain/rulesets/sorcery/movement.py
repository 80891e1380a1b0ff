"""Sorcery's movement model: which steps a unit may take from a location, and why not.

This is the one place Sorcery movement rules live (digest 2.2 step kinds, 2.3 entering, 2.4
keywords and restrictions, 1.5 edges, 2.9 as-if-adjacent). The aggregate asks it about each
declared step just before the step happens; the lookahead searches over it. Triggered
abilities are not consulted here, ever.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.movement import StepOption
from domain.rules import RuleRef
from domain.rulesets.sorcery.realm import Loc, Region, diagonal, parse_loc
from domain.rulesets.sorcery.view import RealmView, rule
from domain.state import GameState

NOT_ADJACENT = rule("codex: Path", "a step must go to an adjacent location")
AVATAR_SURFACE = rule("codex: Characteristics", "an Avatar occupies only surface locations")


@dataclass(frozen=True)
class _Candidate:
    loc: Loc
    kind: str
    needs: tuple[str, ...] = ()


def _needs_rule(kind: str, needs: tuple[str, ...]) -> RuleRef:
    words = " and ".join(needs)
    return rule(f"codex: {needs[0]}", f"{kind} steps need {words}")


class SorceryMovement:
    """``MovementModel`` for one game state (see domain.movement)."""

    allowance_rule = rule("codex: Move and Attack", "a basic move has 1 step plus Movement +X, in steps")

    def __init__(self, state: GameState) -> None:
        self.view = RealmView(state)

    # --- MovementModel ----------------------------------------------------------------------

    def no_movement(self, unit_id: str) -> RuleRef | None:
        unit = self.view.unit(unit_id)
        if not unit.alive or unit.location is None:
            return rule("codex: Range of Motion", "the unit is not in the realm")
        return self.view.disabled(unit_id, parse_loc(unit.location))

    def allowance(self, unit_id: str) -> int:
        """1 step plus every Movement +X (codex: Move and Attack, Movement +X)."""
        return 1 + self.view.movement_bonus(unit_id)

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        at = parse_loc(frm)
        unit = self.view.unit(unit_id)
        keywords = self.view.keywords(unit_id, at)
        stuck = self.view.disabled(unit_id, at) or self.view.immobile(unit_id, at)
        options: list[StepOption] = []
        for cand in self.candidates(at, unit.owner):
            blocked = stuck
            if blocked is None:
                missing = tuple(k for k in cand.needs if k not in keywords)
                if missing:
                    blocked = _needs_rule(cand.kind, missing)
            if blocked is None and unit.kind == "avatar" and cand.loc.region is not Region.SURFACE:
                blocked = AVATAR_SURFACE
            if blocked is None and cand.loc.square != at.square:
                blocked = self.view.entry_ban(unit_id, cand.loc.square)
            # a unit may step where it can't survive; it dies (or is banished) there (digest 1.6)
            stops = self.view.survival(unit_id, cand.loc) if blocked is None else None
            options.append(StepOption(to=cand.loc.text, kind=cand.kind, blocked=blocked, stops=stops))
        return options

    # --- geometry: which locations count as one step away ----------------------------------

    def adjacent(self, frm: str, to: str, player: str) -> bool:
        """Whether ``to`` is one step from ``frm`` for some unit under the effects in force."""
        at = parse_loc(frm)
        return any(c.loc.text == to for c in self.candidates(at, player))

    def candidates(self, at: Loc, player: str | None) -> list[_Candidate]:
        """Step kinds per digest 2.2, in a fixed order so that searches are deterministic."""
        view = self.view
        found: list[_Candidate] = []
        neighbours = view.orthogonal(at.square)
        site_here = view.site_at(at.square)
        if at.region is Region.SURFACE:
            for sq in neighbours:
                if view.site_at(sq) is not None:
                    found.append(_Candidate(Loc(sq, Region.SURFACE), "orthogonal"))
                else:
                    found.append(_Candidate(Loc(sq, Region.VOID), "void", ("Voidwalk",)))
            columns, rows = view.wrap
            for sq in diagonal(at.square, columns, rows):
                if view.site_at(sq) is not None:
                    found.append(_Candidate(Loc(sq, Region.SURFACE), "diagonal", ("Airborne",)))
            for sq in view.as_if_adjacent(at.square, player):
                if view.site_at(sq) is not None:
                    found.append(_Candidate(Loc(sq, Region.SURFACE), "as-if-adjacent"))
            if site_here is not None:
                if view.is_water(at.square):
                    found.append(_Candidate(Loc(at.square, Region.UNDERWATER), "submerge", ("Submerge",)))
                else:
                    found.append(_Candidate(Loc(at.square, Region.UNDERGROUND), "burrow", ("Burrowing",)))
        elif at.region in (Region.UNDERWATER, Region.UNDERGROUND):
            own = "Submerge" if at.region is Region.UNDERWATER else "Burrowing"
            found.append(_Candidate(Loc(at.square, Region.SURFACE), "surface", (own,)))
            for sq in neighbours:
                if view.site_at(sq) is None:
                    found.append(_Candidate(Loc(sq, Region.VOID), "void", ("Voidwalk",)))
                elif view.is_water(sq):
                    needs = ("Submerge",) if own == "Submerge" else ("Burrowing", "Submerge")
                    found.append(_Candidate(Loc(sq, Region.UNDERWATER), "underwater", needs))
                else:
                    needs = ("Burrowing",) if own == "Burrowing" else ("Burrowing", "Submerge")
                    found.append(_Candidate(Loc(sq, Region.UNDERGROUND), "underground", needs))
            for sq in view.as_if_adjacent(at.square, player):
                site = view.site_at(sq)
                if site is not None and view.is_water(sq) == (own == "Submerge"):
                    found.append(_Candidate(Loc(sq, at.region), "as-if-adjacent", (own,)))
        else:  # the void: any neighbouring location, with Voidwalk
            for sq in neighbours:
                if view.site_at(sq) is None:
                    found.append(_Candidate(Loc(sq, Region.VOID), "void", ("Voidwalk",)))
                else:
                    found.append(_Candidate(Loc(sq, Region.SURFACE), "void", ("Voidwalk",)))
                    lower = Region.UNDERWATER if view.is_water(sq) else Region.UNDERGROUND
                    found.append(_Candidate(Loc(sq, lower), "void", ("Voidwalk",)))
        return [c for c in found if c.loc != at]
