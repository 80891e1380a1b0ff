"""An option whose absence from a record means an older value than today's default
(``RuleOptions.ABSENT_MEANS``, docs/design.md "Rule options ... options added later")."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Literal

import pytest

from domain.options import RuleOptions, check_options


class Toy(RuleOptions):
    LATER: ClassVar[frozenset[str]] = frozenset({"changed", "added"})
    ABSENT_MEANS: ClassVar[Mapping[str, Any]] = MappingProxyType({"changed": "old"})
    changed: Literal["old", "new"] = "new"
    added: bool = False
    kept: int = 1


def test_a_new_game_gets_todays_default_and_records_it() -> None:
    assert check_options("toy", Toy, {}) == {"changed": "new", "kept": 1}


def test_the_older_value_is_left_out_of_the_record_as_it_was() -> None:
    assert check_options("toy", Toy, {"changed": "old"}) == {"kept": 1}
    assert Toy(changed="old", added=True).model_dump() == {"added": True, "kept": 1}


def test_a_record_without_it_means_the_older_value() -> None:
    assert Toy.recorded({"kept": 1}) == {"changed": "old", "kept": 1}
    assert Toy.recorded({"changed": "new", "kept": 1}) == {"changed": "new", "kept": 1}
    assert Toy.model_validate(Toy.recorded({})).changed == "old"
    # read back, each record says what was played, and dumps to the same record
    for record in ({"kept": 1}, {"changed": "new", "kept": 1}):
        assert Toy.model_validate(Toy.recorded(record)).model_dump() == record


def test_absent_means_is_checked_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="not in LATER"):

        class NotLater(RuleOptions):
            ABSENT_MEANS: ClassVar[Mapping[str, Any]] = MappingProxyType({"changed": "old"})
            changed: Literal["old", "new"] = "new"

    with pytest.raises(TypeError, match="is its default"):

        class SameAsDefault(RuleOptions):
            LATER: ClassVar[frozenset[str]] = frozenset({"changed"})
            ABSENT_MEANS: ClassVar[Mapping[str, Any]] = MappingProxyType({"changed": "new"})
            changed: Literal["old", "new"] = "new"


class Ambiguous(RuleOptions):
    """An option whose absence meant one value in some records and another in others."""

    LATER: ClassVar[frozenset[str]] = frozenset({"changed"})
    ABSENT_MEANS: ClassVar[Mapping[str, Any]] = MappingProxyType({"changed": "old"})
    ABSENT_MAY_MEAN: ClassVar[Mapping[str, Mapping[Any, str]]] = MappingProxyType({"changed": {"new": "aaa..bbb"}})
    changed: Literal["old", "new"] = "new"


def test_absent_may_mean_lists_the_other_readings_of_a_start_without_the_option() -> None:
    """A record without the option first means ``ABSENT_MEANS``; ``absent_may_mean`` gives the
    others, only for the options it leaves out, each with the versions that recorded it so."""
    assert Ambiguous.recorded({}) == {"changed": "old"}
    assert Ambiguous.absent_may_mean({}) == [("changed", "new", "aaa..bbb")]
    assert Ambiguous.absent_may_mean({"changed": "old"}) == []
    assert Toy.absent_may_mean({}) == []


def test_absent_may_mean_is_checked_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="not in LATER"):

        class NotLater(RuleOptions):
            ABSENT_MAY_MEAN: ClassVar[Mapping[str, Mapping[Any, str]]] = MappingProxyType({"changed": {"old": "a..b"}})
            changed: Literal["old", "new"] = "new"

    with pytest.raises(TypeError, match="what its absence means"):

        class SameAsAbsent(RuleOptions):
            LATER: ClassVar[frozenset[str]] = frozenset({"changed"})
            ABSENT_MAY_MEAN: ClassVar[Mapping[str, Mapping[Any, str]]] = MappingProxyType({"changed": {"new": "a..b"}})
            changed: Literal["old", "new"] = "new"

    with pytest.raises(ValueError):

        class NoSuchValue(RuleOptions):
            LATER: ClassVar[frozenset[str]] = frozenset({"changed"})
            ABSENT_MAY_MEAN: ClassVar[Mapping[str, Mapping[Any, str]]] = MappingProxyType({"changed": {"older": "a..b"}})
            changed: Literal["old", "new"] = "new"
