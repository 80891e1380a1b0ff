"""Fixtures the GODSGLOOM tests share."""

from __future__ import annotations

import pytest

from domain.rulesets.godsgloom import view as gloom_view


@pytest.fixture
def kept_on_every_mat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every mat read as a large one: steps and searches kept across events (``MatView.small``),
    so that the kept paths are checked on the examples' small mats too."""
    monkeypatch.setattr(gloom_view, "SMALL_MAT_UNITS", -1)
