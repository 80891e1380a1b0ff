"""Deep copies of a game state as pydantic makes them, without ``copy.deepcopy``'s dispatch for
each plain value.

A game copies its whole state for a rollback point (``Game._checkpoint``: again after each
refused command) and for each game started from a kept script or a verified prefix
(``sim.replay.copy_of_start``). A state is plain data: strings, numbers, None and booleans, in
lists, maps and models (units, cards, moves, triggers, storyline items, the options, a rule).
``copy.deepcopy`` hands each value to a function of its type and keeps a memo entry for each
container; for a state that was most of a copy. Here plain values are kept as they are, lists
and maps are copied element by element, and models whose deep copy is pydantic's
(``copies_plainly``: every ``StateModel``) field by field, with the same memo (a container or
model reached twice is copied once, as ``copy.deepcopy`` does: every object put in the memo is
part of what is copied, so it outlives the copy and its id is not reused meanwhile). Anything
else (a model with a deep copy of its own, a private index) goes to ``copy.deepcopy``.

``tests/test_recording_fast_paths.py`` checks, after every event of an example of each ruleset,
that a state's deep copy equals pydantic's own and shares nothing mutable with the original;
``tests/tiny_epic_tactics/test_state_copy.py`` does so on random self-play too.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)

#: the setters of a model's four slots, called straight: ``object.__setattr__`` finds the same
#: descriptor by name on each call, and every copy and every model made without validation
#: sets all four (a third of a slot's cost saved, about a tenth of a copied unit's)
set_dict = BaseModel.__dict__["__dict__"].__set__
set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def made_plainly(cls: type[M], fields: dict[str, Any], fields_set: set[str]) -> M:
    """A model of ``cls`` holding ``fields`` (the caller's own map, every field of the class),
    marked as given ``fields_set``, with no extra fields and no private attributes: what its
    constructor makes of values already of their fields' exact types, without validating them.
    Each caller's test compares the two."""
    made = cls.__new__(cls)
    set_dict(made, fields)
    set_fields_set(made, fields_set)
    set_extra(made, None)
    set_private(made, None)
    return made

#: values ``copy.deepcopy`` gives back as they are, among those a state holds
ATOMS: frozenset[type] = frozenset({str, int, float, bool, type(None)})


def copy_model(model: M, memo: dict[int, Any]) -> M:
    """A deep copy of ``model`` as ``BaseModel.__deepcopy__`` (and ``StateModel``'s) makes it:
    the fields copied, the fields set as a new set, the extra fields and the private
    attributes deep copied (pydantic leaves out a private attribute never set)."""
    cls = type(model)
    made = cls.__new__(cls)
    memo[id(model)] = made
    # the fields copied whole in C, then each that is not a plain value replaced by its copy
    # (most of a state's values are plain: a quarter of a copied unit's time saved)
    fields = model.__dict__.copy()
    for name, value in fields.items():
        if type(value) not in ATOMS:
            fields[name] = copy_value(value, memo)  # a value replaced, no key added: safe while iterating
    set_dict(made, fields)
    extra = model.__pydantic_extra__
    set_extra(made, None if extra is None else deepcopy(extra, memo))
    set_fields_set(made, model.__pydantic_fields_set__.copy())
    private = getattr(model, "__pydantic_private__", None)
    if private is None:
        set_private(made, None)
    else:
        # a new map, not put in the memo: an entry for a map that is gone could be found by
        # another object given its id later in the same copy
        kept = {name: copy_value(value, memo) for name, value in private.items() if value is not PydanticUndefined}
        set_private(made, kept)
    return made


def copy_value(value: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of one value of a state: plain values as they are, lists, maps and plain
    models element by element, anything else by ``copy.deepcopy`` (with the same memo)."""
    kind = type(value)
    if kind in ATOMS:
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    if kind is list:
        made_list: list[Any] = []
        memo[id(value)] = made_list
        append = made_list.append
        for v in value:
            append(v if type(v) in ATOMS else copy_value(v, memo))
        return made_list
    if kind is dict:
        made_dict: dict[Any, Any] = {}
        memo[id(value)] = made_dict
        for key, v in value.items():
            if type(key) not in ATOMS:
                key = deepcopy(key, memo)
            made_dict[key] = v if type(v) in ATOMS else copy_value(v, memo)
        return made_dict
    if getattr(kind, "__deepcopy__", None) in _PLAIN_COPIES:
        return copy_model(value, memo)
    return deepcopy(value, memo)


#: the deep copies ``copy_model`` makes as they would: pydantic's, and the state models' own
#: that differ from it only in speed (a model class that copies otherwise is left to its own)
_PLAIN_COPIES: set[Any] = {BaseModel.__deepcopy__}


def copies_plainly(cls: type[BaseModel]) -> None:
    """Let ``copy_value`` copy models of ``cls`` field by field: its ``__deepcopy__`` makes the
    copy pydantic makes (only faster)."""
    _PLAIN_COPIES.add(cls.__deepcopy__)
