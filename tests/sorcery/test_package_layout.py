"""Sorcery's package is laid out by concept, one job per module (issue 18): no import circle among
its modules, no import placed inside a function, no module over 500 lines, no module named after
the batch of work that made it, no private name imported from another module.

Imports are read from the source (as tests/test_layers.py does), those inside functions and
under ``if TYPE_CHECKING:`` included: a circle that only shows when a function runs is still a
circle. ``from package import module`` is an import of that module; the package's ``__init__``,
which every submodule import runs first, is the ruleset itself and imports no name of its own
package, so it is only counted where it is named."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from tests.helpers import ROOT

PACKAGE = "domain.rulesets.sorcery"
FOLDER = ROOT / "domain" / "rulesets" / "sorcery"
#: the most lines a module of the package may have
MOST_LINES = 500
#: the most imports of the package's own modules placed inside functions (there are none)
MOST_FUNCTION_LEVEL_IMPORTS = 0
#: names that say when a module was written, not what it holds
BATCH_NAMES = re.compile(r"^(abilities|triggers)_|_(rest|last|things|turnly)$")


def modules() -> dict[str, Path]:
    found = {}
    for file in sorted(FOLDER.rglob("*.py")):
        name = ".".join(file.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = file
    return found


@functools.cache
def parsed(file: Path) -> ast.Module:
    """A module's syntax tree, read once for every test of this file."""
    return ast.parse(file.read_text(encoding="utf-8"))


def imports(file: Path, known: dict[str, Path]) -> list[tuple[str, bool, list[str]]]:
    """Each import of one of the package's modules: (module, inside a function?, names imported)."""
    tree = parsed(file)
    inside = {
        id(node) for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        for node in ast.walk(fn) if isinstance(node, (ast.Import, ast.ImportFrom))
    }
    found: list[tuple[str, bool, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                if submodule in known:
                    found.append((submodule, id(node) in inside, []))
                elif node.module in known:
                    found.append((node.module, id(node) in inside, [alias.name]))
        elif isinstance(node, ast.Import):
            found.extend((alias.name, id(node) in inside, []) for alias in node.names if alias.name in known)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {target for target, _, _ in imports(file, known) if target != name} for name, file in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_of_the_package_imports_another_that_imports_it_back() -> None:
    assert cycles(graph()) == []


def test_the_package_places_no_import_of_its_own_modules_inside_a_function() -> None:
    known = modules()
    inside = [f"{name}: {target}" for name, file in known.items() for target, within, _ in imports(file, known) if within]
    assert len(inside) <= MOST_FUNCTION_LEVEL_IMPORTS, inside


def test_no_module_of_the_package_is_over_500_lines() -> None:
    long = {name: n for name, file in modules().items() if (n := len(file.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_modules_are_named_by_what_they_hold_not_by_a_batch_of_work() -> None:
    batches = [name for name in modules() if BATCH_NAMES.search(name.rsplit(".", 1)[-1])]
    assert batches == []


def test_no_private_name_is_imported_from_another_module_of_the_package() -> None:
    known = modules()
    private = [
        f"{name}: {target}.{imported}" for name, file in known.items() for target, _, names in imports(file, known)
        for imported in names if imported.startswith("_")
    ]
    assert private == []


def test_cards_are_data_and_import_nothing_of_the_engine() -> None:
    """The declarations (cards/) and the language they are written in (abilities.py, spell_kinds.py) read only
    the card pool, the ongoing effect kinds and each other: never the engine, triggers, spells,
    rules or state (docs/design.md, "Adding a card")."""
    known = modules()
    language = {f"{PACKAGE}.abilities", f"{PACKAGE}.spell_kinds"}
    allowed = {*language, f"{PACKAGE}.catalog", f"{PACKAGE}.effects", f"{PACKAGE}.cards"}
    declared = [name for name in known if name in language or name.startswith(f"{PACKAGE}.cards")]
    wrong = [
        f"{name}: {target}" for name in declared for target, _, _ in imports(known[name], known)
        if target not in allowed and not target.startswith(f"{PACKAGE}.cards.")
    ]
    assert declared and wrong == []
