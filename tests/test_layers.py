"""The layers point one way: sim -> projections -> domain (DESIGN.md, Layers)."""

from __future__ import annotations

import ast

from tests.helpers import ROOT


def imported_packages(package: str) -> set[tuple[str, str]]:
    found = set()
    for file in (ROOT / package).rglob("*.py"):
        tree = ast.parse(file.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found |= {(str(file.relative_to(ROOT)), alias.name.split(".")[0]) for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add((str(file.relative_to(ROOT)), node.module.split(".")[0]))
    return found


def test_domain_imports_neither_projections_nor_sim() -> None:
    bad = [(f, m) for f, m in imported_packages("domain") if m in ("sim", "projections")]
    assert bad == []


def test_projections_do_not_import_sim() -> None:
    bad = [(f, m) for f, m in imported_packages("projections") if m == "sim"]
    assert bad == []


def test_domain_does_no_io_and_uses_no_global_randomness() -> None:
    bad = [(f, m) for f, m in imported_packages("domain") if m in ("random", "structlog", "logging", "sqlite3", "requests")]
    assert bad == []
