"""No Charge [IN] and [OUT]: terrain keywords no public text defines.

Seed 001 names them only in Ignore Difficult, which ignores "No Charge [IN, OUT]" for its
Melee Attack Actions; the digest infers that [IN] restricts Melee Attacks into the hex and
[OUT] out of it, and leaves open which attacks are charges (``charge_definition``). The engine
does not guess silently: under the default ``not_enforced`` the attack is taken and every
answer about a mat with such terrain carries a warning (``unenforced``); under ``any_melee``
every Melee Attack into a No Charge [IN] hex or out of a No Charge [OUT] one is refused, by a
unit without Ignore Difficult. The digest's ``moved_this_activation`` (a charge is an attack
after moving 1 hex or more) is not offered: the state keeps whether the unit made its Move
Action, not how far it went.
"""

from __future__ import annotations

from domain.rules import RuleRef
from domain.rulesets.godsgloom.hexgrid import parse_hex
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView, rule

IN, OUT = "No Charge [IN]", "No Charge [OUT]"
SOURCE = "GODSGLOOM terrain, No Charge (option charge_definition: any_melee; its rule is inferred, digest)"


def no_charge(state: GloomState, unit_id: str, target_id: str) -> RuleRef | None:
    """Why the unit may not make a Melee Attack on the target, under ``any_melee``."""
    if state.options.charge_definition != "any_melee":
        return None
    view = MatView.of(state)
    if view.has(unit_id, "Ignore Difficult"):
        return None
    target_at = state.units[target_id].location or ""
    if IN in view.keywords(parse_hex(target_at)):
        return rule(SOURCE, f"no Melee Attack into a No Charge [IN] hex ({target_at}, where {target_id} stands)")
    unit_at = state.units[unit_id].location or ""
    if OUT in view.keywords(parse_hex(unit_at)):
        return rule(SOURCE, f"no Melee Attack out of a No Charge [OUT] hex ({unit_at}, where {unit_id} stands)")
    return None


def unenforced(state: GloomState) -> list[str]:
    """The mat's No Charge hexes, as a warning, while the option leaves them unenforced."""
    if state.options.charge_definition != "not_enforced":
        return []
    terrain = MatView.of(state).terrain  # a terrain type's keywords (a Hill's No Charge [IN]) included
    parts = []
    for word in (IN, OUT):
        hexes = sorted((h for h, words in terrain.items() if word in words), key=lambda h: (h.q, h.r))
        if hexes:
            parts.append(f"{word} at {', '.join(h.text for h in hexes)}")
    if not parts:
        return []
    return [f"{'; '.join(parts)}: not enforced, Melee Attacks there are taken (option charge_definition)"]
