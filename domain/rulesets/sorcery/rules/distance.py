"""Step distance (codex: Step, its first meaning): "up to X steps away" measures, it does not
move. One step is the distance between two adjacent locations of the same region; the count
goes from location to adjacent location of that region only, never across its boundaries (a
void has no surface: the count goes round it). No movement ability applies (Airborne's diagonal
step, Voidwalk), nor what bars a unit from entering a site, since nothing moves."""

from __future__ import annotations

from domain.rulesets.sorcery.realm import Loc
from domain.rulesets.sorcery.rules.barriers import Barriers


def steps_away(view: Barriers, frm: Loc, to: Loc) -> int | None:
    """Steps from ``frm`` to ``to`` within ``frm``'s region; ``None`` when ``to`` is in another
    region or no chain of adjacent locations of the region joins them."""
    if frm.region is not to.region or not view.location_exists(to):
        return None
    seen = {frm.square}
    edge = [frm.square]
    count = 0
    while edge:
        if to.square in edge:
            return count
        count += 1
        found: list[int] = []
        for square in edge:
            for n in view.orthogonal(square):
                if n not in seen and view.location_exists(Loc(n, frm.region)):
                    seen.add(n)
                    found.append(n)
        edge = found
    return None


def within(view: Barriers, frm: Loc, to: Loc, steps: int) -> bool:
    """Whether ``to`` is up to ``steps`` steps away from ``frm`` (codex: Step)."""
    away = steps_away(view, frm, to)
    return away is not None and away <= steps
