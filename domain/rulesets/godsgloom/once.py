"""A property worked out on first read and kept on the instance, as ``functools.cached_property``
without the lock Python 3.11's takes on every first read (removed in 3.12): a GODSGLOOM view and
movement model are made for each state, after every event, and each works out a dozen such
properties once, so the lock was paid thousands of times a game. The objects that use it are
read by one thread (the state they belong to is one game's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class once(Generic[T]):  # noqa: N801  # named and used as the decorator it replaces
    """``@once`` on a method: its value, kept in the instance's ``__dict__`` under its name
    (read from there afterwards, without calling this descriptor again)."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> once[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> once[T] | T:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value
