"""What flooding spells share: the sites adjacent to a body of water (Wrath of the Sea), the
minions saved from submerging (The Flood), and the submerging of what is then on water."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.catalog import card
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.view import RealmView


def sites_by_water(view: RealmView) -> list[int]:
    """The sites adjacent to a body of water: water sites and the sites orthogonally next to
    one (digest 1.4: "adjacent sites" are the square itself and its orthogonal neighbours)."""
    return sorted(sq for sq in view.sites if view.is_water(sq) or any(view.is_water(n) for n in view.orthogonal(sq)))


def submerge_on_water(engine: Primitives, spared: set[str]) -> None:
    """Submerge every minion atop a water site but the ``spared`` ones, one at a time in square
    order (Wrath of the Sea: "Then submerge all minions ... on water"; The Flood: "everything
    except ..."): forced, needing no Submerge (codex: Submerge); one without it dies underwater
    (digest 1.6). Avatars are never submerged (codex: Underwater: an avatar may never enter)."""

    view = engine.view()
    moves: list[tuple[str, str, str]] = []
    for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
        at = parse_loc(unit.location or "")
        if unit.kind != "minion" or at.region is not Region.SURFACE or not view.is_water(at.square) or unit.id in spared:
            continue
        moves.append((unit.id, at.text, Loc(at.square, Region.UNDERWATER).text))
    for unit_id, frm, to in reversed(moves):  # each goes to the front: the first resolves first
        engine.resolver.declare_path(unit_id, [frm, to], "forced:submerge", None, kinds=[FORCED_KINDS["submerge"]])


def saved_minions(engine: Reader, card_name: str, text: str, targets: list[str], field: str) -> list[str]:
    """The Flood's "except one minion of each type", chosen by the spell's controller (FAQ): each
    named minion has a type (Maiden, Mother, Crone has none), no two share one (a Dragon and
    Wyvern count as Dragons both; Azuridge Caravan as every type), and one is saved for each
    type there is: every other minion with a type shares one with a saved minion."""

    refused = rule(card_name, text)
    saved: list[str] = []
    types: dict[str, str] = {}
    for target in targets:
        unit = engine.known_unit(target, field, living=True)
        if unit.kind != "minion":
            raise IllegalCommand(refused, f"{unit.id} is not a minion")
        if unit.id in saved:
            raise BadInput(f"{unit.id} is named twice", field)
        subtypes = card(unit.card).subtypes
        if not subtypes:
            raise IllegalCommand(rule(f"{card_name} FAQ", "a minion with no minion type can't be saved"), f"{unit.id} has no type")
        for subtype in subtypes:
            if subtype in types:
                raise IllegalCommand(
                    rule(f"{card_name} FAQ", "one minion of each type: a minion counts as each of its types"),
                    f"{unit.id} and {types[subtype]} are both {subtype}s",
                )
            types[subtype] = unit.id
        saved.append(unit.id)
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        subtypes = card(unit.card).subtypes
        if unit.kind == "minion" and unit.id not in saved and subtypes and not set(subtypes) & set(types):
            raise IllegalCommand(refused, f"{unit.id} ({', '.join(subtypes)}) shares no type with a saved minion: name one of each type")
    return saved
