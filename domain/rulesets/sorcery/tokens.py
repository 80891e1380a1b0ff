"""The ids of the tokens cards create (Army of the Dead's Skeletons, Tadpole Pool's Frogs;
triggers/cards.py): the source's id, the token's kind, a number. Read back by ``token_maker`` so
that a scenario expecting a token that never came is told the trigger did not fire, not that the
id is a typo (``Ruleset.created_by``, sim/runner.py)."""

from __future__ import annotations

import re

from domain.rulesets.sorcery.state import SorceryState

#: by card: the kind in its tokens' ids, and how many it makes at most (None: no limit)
TOKEN_IDS: dict[str, tuple[str, int | None]] = {"Army of the Dead": ("skeleton", None), "Tadpole Pool": ("frog", 3)}
_TOKEN_ID = re.compile(r"^(?P<source>.+)-(?P<kind>[a-z]+)-(?P<n>[1-9][0-9]*)$")


def token_id(source_id: str, card_name: str, n: int) -> str:
    """The id of the ``n``-th token the card ``source_id`` creates."""
    return f"{source_id}-{TOKEN_IDS[card_name][0]}-{n}"


def token_maker(state: SorceryState, unit_id: str) -> str | None:
    """What would have made a token of this id: the card in the game (a unit or a site) whose
    trigger gives its tokens ids of this form, as "the trigger of <card> (<id>) that makes it";
    None for any other id."""
    found = _TOKEN_ID.match(unit_id)
    if found is None:
        return None
    source = state.units.get(found["source"]) or state.features.get(found["source"])
    if source is None or source.card not in TOKEN_IDS:
        return None
    kind, most = TOKEN_IDS[source.card]
    if found["kind"] != kind or (most is not None and int(found["n"]) > most):
        return None
    return f"the trigger of {source.card} ({source.id}) that makes it"
