"""Each ``type: ignore`` the type checker is told to accept says why (issue 13, "Checks that keep
it so"): a bare one hides a finding nobody can judge later. mypy itself (``warn_unused_ignores``,
pyproject.toml) refuses one that hides nothing."""

from __future__ import annotations

import re

from tests.helpers import ROOT

#: an ignore names its error codes and is followed by a comment giving the reason
EXPLAINED = re.compile(r"# type: ignore\[[a-z-]+(, *[a-z-]+)*\]  # \S")


def test_every_type_ignore_in_the_checked_packages_names_its_codes_and_its_reason() -> None:
    bare = [
        f"{file.relative_to(ROOT)}:{number}"
        for package in ("domain", "projections", "sim")
        for file in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1)
        if "type: ignore" in line and not EXPLAINED.search(line)
    ]
    assert bare == []
