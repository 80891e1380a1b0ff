"""YAML reading that remembers where each value was written, for one-line error messages.

A scenario error says ``file:line:column: field: problem``; PyYAML's node tree has the marks,
so values are built from nodes here while recording each path's position.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from domain.errors import BadInput

Position = tuple[int, int]


class Located:
    """Parsed YAML data plus the position of every value, by its path of keys and indices."""

    def __init__(self, data: Any, positions: dict[tuple[Any, ...], Position], name: str) -> None:
        self.data = data
        self.positions = positions
        self.name = name

    def where(self, path: tuple[Any, ...] | list[Any]) -> str:
        """``file:line:col`` of the deepest known prefix of ``path``."""
        key = tuple(path)
        while key and key not in self.positions:
            key = key[:-1]
        line, column = self.positions.get(key, (1, 1))
        return f"{self.name}:{line}:{column}"


def load_yaml(text: str, name: str) -> Located:
    loader = yaml.SafeLoader(text)
    positions: dict[tuple[Any, ...], Position] = {}
    try:
        node = loader.get_single_node()
        if node is None:
            raise BadInput("the file is empty", name)

        def build(node: yaml.Node, path: tuple[Any, ...]) -> Any:
            positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
            if isinstance(node, yaml.MappingNode):
                loader.flatten_mapping(node)
                out: dict[Any, Any] = {}
                for key_node, value_node in node.value:
                    key = loader.construct_object(key_node, deep=True)
                    if key in out:
                        mark = key_node.start_mark
                        raise BadInput(f"duplicate key {key!r}", f"{name}:{mark.line + 1}:{mark.column + 1}")
                    out[key] = build(value_node, (*path, key))
                return out
            if isinstance(node, yaml.SequenceNode):
                return [build(item, (*path, i)) for i, item in enumerate(node.value)]
            return loader.construct_object(node, deep=True)

        data = build(node, ())
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        where = f"{name}:{mark.line + 1}:{mark.column + 1}" if mark else name
        raise BadInput(f"malformed YAML: {problem}", where) from None
    finally:
        loader.dispose()
    return Located(data, positions, name)


def read_yaml(path: str | Path) -> Located:
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput("no such file", str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"can't read the file: {exc}", str(path)) from None
    return load_yaml(text, str(path))
