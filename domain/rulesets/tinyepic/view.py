"""What a Tiny Epic Tactics grid's facts mean: levels, terrain, occupants, portals, allies and
enemies, and how far a shot reaches. Reads only what events put in the state, so the engine and
the lookahead agree."""

from __future__ import annotations

from domain.cached import cached_property
from domain.rules import RuleRef
from domain.rulesets.tinyepic.grid import Space, manhattan, parse_space
from domain.rulesets.tinyepic.options import Terrain
from domain.rulesets.tinyepic.state import TetState, TetUnit, carried_off_ballista, reentry_bars
from domain.state import GameState

RULESET = "tinyepic"


def rule(source: str, message: str, timing: str | None = None) -> RuleRef:
    return RuleRef(ruleset=RULESET, source=source, message=message, timing=timing)


def tet_state(state: GameState) -> TetState:
    assert isinstance(state, TetState)
    return state


def grid_view(state: GameState) -> GridView:
    """The state's own view, shared by every reader until the next event drops it with the
    state's other indexes (``GameState.index``): the turn's checks and the legal commands read
    the living units, their counts and the occupants once per state, not once per question."""
    return state.index("tinyepic.view", lambda: GridView(state))


class GridView:
    def __init__(self, state: GameState) -> None:
        #: a Tiny Epic Tactics state: every caller's is one (its ruleset's handlers, models and
        #: checks), not checked here: a view is made for most steps and checks
        self.state: TetState = state  # type: ignore[assignment]  # see above: ``tet_state`` checks where it must
        self.options = self.state.options

    # --- the board --------------------------------------------------------------------------

    def on_board(self, s: Space) -> bool:
        return self.state.on_board(s.x, s.y)

    def level(self, s: Space) -> int:
        return self.state.level(s.x, s.y)

    def terrain(self, s: Space) -> Terrain:
        return self.state.terrain_at(s.x, s.y)

    def surcharge(self, s: Space) -> int:
        return self.options.terrain_entry_surcharge.get(self.terrain(s), 0)

    @cached_property
    def spaces(self) -> list[Space]:
        return [Space(x, y) for y in range(self.state.height) for x in range(self.state.width)]

    @cached_property
    def portals(self) -> list[Space]:
        """Every portal's space, in reading order (seed 003, Portals): the board's index."""
        return self.state.board_index("tinyepic.portals", lambda: [s for s in self.spaces if self.terrain(s) == "portal"])

    @cached_property
    def places(self) -> tuple[object, ...]:
        """What a unit's steps read besides the board: each unit (the object itself), where it
        stands, its side and whether it lives; who may not enter the Ballista they started on
        (``reentry_bars``); the options object. The steps kept with it
        (``TetMovement.steps_from``) last while it is equal."""
        state = self.state
        units = tuple([(u.id, id(u), u.location, u.owner, u.alive) for u in state.units.values()])
        starters = reentry_bars(state)  # the starters, less those whose bar a knock back lifted
        # and which of them a knock back carried off: the rule that bars them names the option
        # (``movement.reentry_rule``)
        carried = tuple(sorted((u, s, carried_off_ballista(state, u)) for u, s in starters.items())) if starters else ()
        return (units, carried, id(self.options))

    @staticmethod
    def spaces_changed(before: object, after: object, same: int) -> set[str] | None:
        """Between two ``places`` keys' units, the spaces a unit left or entered, or stands on
        with another side or life; None when the units are not the same ones: another count, or
        a unit whose first ``same`` fields differ (1: its id; 2: its id and the object itself)."""
        assert isinstance(before, tuple) and isinstance(after, tuple)
        if len(before) != len(after):
            return None
        changed: set[str] = set()
        for a, b in zip(before, after, strict=True):
            if a == b:
                continue  # most units: nothing of it changed (compared whole, nothing sliced)
            if a[:same] != b[:same]:
                return None
            if a[2:] != b[2:]:  # where it stands, its side, whether it lives
                changed.update(p[2] for p in (a, b) if p[2] is not None)
        return changed

    # --- units ------------------------------------------------------------------------------

    @cached_property
    def living(self) -> list[TetUnit]:
        return [u for u in self.state.units.values() if u.alive and u.location is not None]

    @cached_property
    def occupants(self) -> dict[Space, TetUnit]:
        """Space -> the living unit there, kept while no unit moves, dies or changes sides."""
        return self.state.lasting_index(
            "tinyepic.occupants", self.places, lambda: {parse_space(u.location or ""): u for u in self.living}
        )

    @cached_property
    def occupant_at(self) -> dict[str, TetUnit]:
        """The same occupants by the space's text (``"x,y"``), as steps name their spaces: built
        per view from the living units (one comprehension), not kept across events. Keeping it
        needs the units' places worked out as its key for every state asked, which costs more
        than building it (the legal moves' search asks it once per state, after most events
        some unit moved)."""
        return {u.location or "": u for u in self.living}

    def unit(self, unit_id: str) -> TetUnit:
        return self.state.units[unit_id]

    def at(self, unit_id: str) -> Space:
        return parse_space(self.unit(unit_id).location or "")

    def units_of(self, player: str) -> list[TetUnit]:
        return [u for u in self.living if u.owner == player]

    @cached_property
    def counts(self) -> dict[str, int]:
        """How many living units each player has."""
        found: dict[str, int] = {}
        for u in self.living:  # by operators: no call per unit (every legal listing counts)
            owner = u.owner
            if owner in found:
                found[owner] += 1
            else:
                found[owner] = 1
        return found

    def allied(self, a: TetUnit, b: TetUnit) -> bool:
        """Allies are units of the same player (digest 6: ally_pass_through)."""
        return a.owner == b.owner

    # --- counting range (digest 5) ------------------------------------------------------------

    def in_range(self, frm: Space, to: Space, reach: int, elevation_adjust: bool = True, peak: bool = True) -> bool:
        """Whether ``to`` is within ``reach`` spaces of ``frm``, counted orthogonally over the
        map and never through a Portal (seed 003, Portals): +1 when shooting down a level, -1
        up; unlimited from a Peak (seed 003, Peaks)."""
        if peak and self.terrain(frm) == "peak":
            return True
        return manhattan(frm, to) <= self.effective_range(frm, to, reach, elevation_adjust)

    def effective_range(self, frm: Space, to: Space, reach: int, elevation_adjust: bool = True) -> int:
        if not elevation_adjust:
            return reach
        up, down = self.level(frm), self.level(to)
        return reach + (1 if up > down else -1 if up < down else 0)
