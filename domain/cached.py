"""A cached property without the lock of Python 3.11's ``functools.cached_property``.

Python 3.11's ``cached_property`` takes a lock on every first read of every instance (3.12
dropped it: python/cpython#87634); a view of a fresh state works out dozens of such properties,
and a recorded game makes a fresh state per event, so the lock cost about a tenth of a step's
rules. A view is read by the thread that made it, so two threads never fill one instance; and if
they did, both would work out the same value from the same unchanged state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class cached_property(Generic[T]):  # noqa: N801  # a drop-in for functools' lower-case name
    """Works the value out on the first read and stores it in the instance's ``__dict__``,
    where later reads find it without calling this descriptor (it defines no ``__set__``)."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.attrname = func.__name__
        self.__doc__ = func.__doc__
        self.__module__ = func.__module__

    def __set_name__(self, owner: type, name: str) -> None:
        self.attrname = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_property[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached_property[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.attrname] = self.func(instance)
        return value
