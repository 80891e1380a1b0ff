"""Field reads on our pydantic models at the interpreter's own speed (CPython 3.11 and later).

pydantic's ``BaseModel`` defines ``__getattr__``, to find private attributes and extra fields
when the ordinary lookup misses. A class with a ``__getattr__`` anywhere in its MRO gets
CPython's attribute hook in its type slot (``tp_getattro``) instead of the generic lookup, and
CPython 3.11's specialising interpreter only specialises an attribute read on a type whose slot
is the generic one. So every ``unit.location``, ``event.to`` and ``state.turn`` in the rules
took the slow, unspecialised path: a tracer counted it at about a sixth of a self-played
Sorcery game's instructions.

For a model class with no extra fields, pydantic's ``__getattr__`` does two things: it reads a
private attribute from the model's ``__pydantic_private__``, and otherwise raises
``AttributeError`` for a name the generic lookup did not find, which is what the generic lookup
raises itself. Each private attribute is given a reader on the class that reads it the same way
(``_PrivateRead``), so the generic lookup finds it, and then the hook has nothing left to do. ``plain_reads`` gives such a class the generic lookup
back in its slot: the same values, the same errors (the message names the class and the
attribute either way), at the specialised speed. A class with extra fields, a private attribute
that is a descriptor of its own, or a ``__getattr__`` or ``__getattribute__`` of its own keeps
pydantic's hook. A subclass is made with the hook again (CPython fills each new class's slots
from its MRO), and its base's ``__pydantic_init_subclass__`` decides for it in turn; assigning
``__getattr__`` to a class afterwards puts the hook back, as CPython does for any slot.

The slot is written with ``ctypes``, at the offset found by comparing a plain class with one
that has a ``__getattr__`` (the one pointer where the first holds ``PyObject_GenericGetAttr``
and the second the hook). Where that is not exactly one place, or the interpreter is not
CPython, nothing is changed and reads keep pydantic's path: slower, never different.
``SIM_PYDANTIC_GETATTR=1`` keeps pydantic's path on purpose (to compare the two).
Our models take it from their base, ``PlainModel``. ``tests/test_attribute_reads.py`` checks
the classes switched and the answers.
"""

from __future__ import annotations

import ctypes
import os
import sys
from typing import Any

from pydantic import BaseModel

#: the classes whose slot was switched (for the tests and for ``python -m`` inspection)
SWITCHED: set[type[BaseModel]] = set()


class _Plain:
    pass


class _Hooked:
    def __getattr__(self, name: str) -> Any:
        raise AttributeError(name)


def _slot() -> tuple[int, int, int] | None:
    """The offset of ``tp_getattro`` in a type object, the generic lookup's address and the
    hook's; none where they can't be found for certain."""
    if sys.implementation.name != "cpython" or os.environ.get("SIM_PYDANTIC_GETATTR") == "1":
        return None
    generic = ctypes.cast(ctypes.pythonapi.PyObject_GenericGetAttr, ctypes.c_void_p).value
    if not generic:
        return None
    pointer = ctypes.sizeof(ctypes.c_void_p)
    found = []
    size: int = getattr(type, "__basicsize__")  # noqa: B009  # typeshed has no type for it
    for offset in range(0, size - pointer + 1, pointer):
        plain = ctypes.c_void_p.from_address(id(_Plain) + offset).value
        hooked = ctypes.c_void_p.from_address(id(_Hooked) + offset).value
        if plain == generic and hooked and hooked != generic:
            found.append((offset, generic, hooked))
    return found[0] if len(found) == 1 else None


_SLOT = _slot()


class _PrivateRead:
    """A private attribute read as pydantic's ``__getattr__`` reads it (from the model's
    ``__pydantic_private__``; unset, an ``AttributeError``), found by the generic lookup on the
    class instead. Not a data descriptor: writes still go through pydantic's ``__setattr__``,
    which stores a private attribute in the same map."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, model: BaseModel | None, owner: type | None = None) -> Any:
        if model is None:
            return self
        private = model.__pydantic_private__
        try:
            return private[self.name]  # type: ignore[index]  # None only before pydantic initialised it: a TypeError caught below
        except (KeyError, TypeError):
            raise AttributeError(f"{type(model).__name__!r} object has no attribute {self.name!r}") from None


def _reads_plainly(cls: type[BaseModel]) -> bool:
    """Whether pydantic's ``__getattr__`` could only ever raise for instances of ``cls``, once
    each private attribute it would have read is found on the class (``_PrivateRead``)."""
    if (
        cls.model_config.get("extra") == "allow"
        or cls.__getattr__ is not BaseModel.__getattr__  # type: ignore[attr-defined]  # pydantic defines it outside type checking
        or cls.__getattribute__ is not object.__getattribute__
    ):
        return False
    missing = []
    for name, attribute in cls.__private_attributes__.items():
        if hasattr(attribute, "__get__"):
            return False  # a private attribute that is itself a descriptor: left to pydantic
        # on the class's own dicts: pydantic's metaclass answers a class-level read of a private
        # attribute with its declaration
        found = next((vars(klass)[name] for klass in cls.__mro__ if name in vars(klass)), None)
        if found is None:
            missing.append(name)
        elif not (isinstance(found, _PrivateRead) and found.name == name):
            return False
    for name in missing:  # only once the class is known to read plainly: none on a class left as it was
        type.__setattr__(cls, name, _PrivateRead(name))
    return True


def plain_reads(cls: type[BaseModel]) -> bool:
    """Give ``cls`` the generic attribute lookup when pydantic's hook adds nothing to it
    (see the module's docstring); True when it was given."""
    if _SLOT is None or not _reads_plainly(cls):
        return False
    offset, generic, hooked = _SLOT
    cell = ctypes.c_void_p.from_address(id(cls) + offset)
    if cell.value != hooked:  # not the plain hook (another slot function): left as it is
        return False
    cell.value = generic
    ctypes.pythonapi.PyType_Modified(ctypes.py_object(cls))
    SWITCHED.add(cls)
    return True


class PlainModel(BaseModel):
    """The base of our models: each subclass made reads its fields through the generic lookup
    where pydantic's hook adds nothing to it (``plain_reads``)."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        plain_reads(cls)


def switched(cls: type) -> bool:
    """Whether ``cls`` reads attributes through the generic lookup now."""
    if _SLOT is None:
        return False
    offset, generic, _ = _SLOT
    return bool(ctypes.c_void_p.from_address(id(cls) + offset).value == generic)
