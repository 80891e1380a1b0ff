"""Artifacts moved by force: the artifact part of the spells and triggers that push,
teleport, burrow or submerge "everything", "minions and artifacts" or a "minion or artifact".

An artifact on the ground occupies one location (digest 1.1); a borne artifact moves with its
bearer and is not moved by itself. An artifact is not a unit: it needs no keyword, is not
stopped by a ban on units (borders, "can't enter"), and nothing kills it where it lands (as
Rolling Boulder, Purge Juggernaut). Like a unit's, its forced move keeps its region (a push, a
teleport "one diagonal step") or goes from a surface to the level below it (burrow, submerge),
and it only goes to a location that exists: where there is none (a push toward a void square
from a surface, a burrow atop a water site) the artifact is not moved, and the spell's event
says why (``SpellCast.unaffected``). The move happens as the spell resolves: ``ArtifactMoved``.
"""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.cards import unmovable as unmovable_card
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ArtifactMoved
from domain.rulesets.sorcery.realm import Loc, Region, diagonal, orthogonal, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import CardState, SorceryState
from domain.rulesets.sorcery.view import RealmView

#: the verbs that move an artifact down from a surface, and the level each reaches
_BELOW = {"burrow": Region.UNDERGROUND, "submerge": Region.UNDERWATER}


def on_ground(engine: Reader, where: str | None = None, *, square: int | None = None) -> list[CardState]:
    """Artifacts lying at a location (or at any level of a square), not borne, by id."""
    found = []
    for feature in sorted(engine.state.features.values(), key=lambda f: f.id):
        if feature.kind != "artifact" or feature.location is None or feature.bearer is not None:
            continue
        if where is not None and feature.location != where:
            continue
        if square is not None and parse_loc(feature.location).square != square:
            continue
        found.append(feature)
    return found


def borne_by(state: SorceryState, unit_id: str) -> list[CardState]:
    """The artifacts ``unit_id`` bears, by id."""
    return sorted((f for f in state.features.values() if f.kind == "artifact" and f.bearer == unit_id), key=lambda f: f.id)


def artifact(engine: Reader, feature_id: str, field: str) -> CardState | None:
    """The artifact a target names, or None when it names something else (a unit)."""
    feature = engine.state.features.get(feature_id)
    if feature is None:
        return None
    if feature.kind != "artifact":
        raise BadInput(f"{feature_id} is a {feature.kind}, not a minion or an artifact", field)
    return feature


def unmovable(feature: CardState) -> str | None:
    """Why an artifact can't be moved by force (Iron Man Talus), or None when it can."""
    if unmovable_card(feature.card):
        return f"{feature.card}: can't be moved by force"
    return None


def down(view: RealmView, feature: CardState, how: str) -> tuple[str | None, str]:
    """Where a burrow or submerge takes an artifact from its surface, or None and why not."""
    if (why := unmovable(feature)) is not None:
        return None, why
    at = parse_loc(feature.location or "")
    if feature.bearer is not None or feature.location is None:
        return None, f"borne by {feature.bearer}: it moves with its bearer"
    if at.region is not Region.SURFACE:
        return None, f"not on a surface (at {at.text})"
    to = Loc(at.square, _BELOW[how])
    if not view.location_exists(to):
        return None, f"{to.text} does not exist"
    return to.text, ""


def raised(view: RealmView, feature: CardState) -> str | None:
    """Where an unburrow takes an artifact from below a land site: its surface."""
    at = parse_loc(feature.location or "")
    if unmovable(feature) is not None or at.region is not Region.UNDERGROUND or view.site_at(at.square) is None:
        return None
    return Loc(at.square, Region.SURFACE).text


def shifted(view: RealmView, feature: CardState, square: int) -> tuple[str | None, str]:
    """The location at ``square`` in the artifact's own region (a push, a region-keeping
    teleport), or None and why not."""
    if (why := unmovable(feature)) is not None:
        return None, why
    at = parse_loc(feature.location or "")
    to = Loc(square, at.region)
    if not view.location_exists(to):
        return None, f"{to.text} does not exist (a forced move keeps its region)"
    return to.text, ""


def checked_move(
    engine: Reader, feature: CardState, to_text: str, how: str, card_name: str, covers: str, field: str,
) -> tuple[str, str]:
    """A named destination for an artifact (Scatter: adjacent; Displace: one diagonal step),
    refused with the rule when it isn't one (or when the artifact can't be moved by force)."""
    if (why := unmovable(feature)) is not None:
        raise IllegalCommand(rule(feature.card, "can't be moved by force"), f"{feature.id} can't be moved by {card_name}: {why}")
    at = parse_loc(feature.location or "")
    view = engine.view()
    to = parse_loc(engine.location(to_text, field))
    if "/" not in str(to_text):  # a bare square: the artifact's own region there
        to = Loc(to.square, at.region)
    squares = orthogonal(at.square, *view.wrap) if how == "push" else diagonal(at.square, *view.wrap)
    if to.region is not at.region or to.square not in squares or not view.location_exists(to):
        step = "an adjacent location" if how == "push" else "a location one diagonal step away"
        raise IllegalCommand(
            rule(card_name, covers),
            f"{engine.label(to.text)} is not {step} in {feature.id}'s region ({feature.id} is at {engine.label(at.text)})",
        )
    return feature.id, to.text


def move_all(engine: Primitives, moves: list[tuple[str, str]], reason: str, cause: str | None = None) -> None:
    """Each artifact goes to its new location, in the order given."""
    for feature_id, to in moves:
        frm = engine.state.features[feature_id].location or ""
        if to != frm:
            engine.emit(ArtifactMoved, cause=cause, feature=feature_id, path=[frm, to], reason=reason)
