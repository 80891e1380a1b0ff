"""YAML reading that remembers where each value was written, for one-line error messages.

A scenario error says ``file:line:column: field: problem``; PyYAML's node tree has the marks,
so values are built from nodes here while recording each path's position.

A scenario file is untrusted input, and YAML can make a small file expensive: aliases that refer
to aliases (a "billion laughs" of a few hundred bytes expands to gigabytes), nesting thousands
deep (PyYAML composes recursively), or a huge file. So the file's size is bounded, its nesting
depth and alias count are checked on PyYAML's event stream (which needs no recursion) before
anything is composed, and the number of values the aliases expand to is counted on the composed
node graph (each node once) before anything is built: more than ``MAX_VALUES`` is refused at
once, however the aliases multiply them. Each refusal is ``BadInput`` with the position.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from domain.errors import BadInput
from sim.infile import head, is_stdin, larger_than, read_text, shown

Position = tuple[int, int]

#: a scenario is a page or two of YAML; these bounds are far above any real one
MAX_BYTES = 2_000_000
MAX_DEPTH = 64
MAX_ALIASES = 1_000
MAX_VALUES = 100_000

#: libyaml's parser where PyYAML was built with it: the same events, nodes and marks as PyYAML's
#: own, about ten times faster, which a big board's file of thousands of lines feels (1.4 s
#: against 0.2 s for a 200x200 mat). A file it refuses is read again by PyYAML's own parser, so
#: that the message of malformed YAML is the one PyYAML gives, whichever parser is installed.
FAST_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
#: libyaml's emitter, for the same reason: ``sim legal`` writes each command as a script line,
#: and on a board of many portals (70,000 commands) PyYAML's own emitter took 7 of its 8 s. The
#: representer is PyYAML's either way; the lines are the same (tests/test_yaml_parsers.py)
FAST_DUMPER: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


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


def _at(name: str, mark: Any) -> str:
    return f"{name}:{mark.line + 1}:{mark.column + 1}" if mark is not None else name


def check_shape(text: str, name: str, loader: type[yaml.SafeLoader] = yaml.SafeLoader) -> None:
    """Refuse, before composing, YAML nested deeper than ``MAX_DEPTH`` or with more than
    ``MAX_ALIASES`` aliases; the event stream is read without recursion."""
    depth = aliases = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise BadInput(f"nested more than {MAX_DEPTH} levels deep", _at(name, event.start_mark))
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise BadInput(f"more than {MAX_ALIASES} aliases", _at(name, event.start_mark))


def expanded_size(root: yaml.Node, name: str) -> int:
    """How many values building ``root`` makes, aliases expanded, counted without expanding
    them: each node's count is its own plus its children's, each node computed once (iteratively,
    since alias chains can be longer than Python's recursion allows). A node that contains itself
    through an alias is refused, and so is the first node (children before parents) whose count
    passes ``MAX_VALUES``: naming it tells the author which anchor or list made the file explode."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        children = _children(node)
        if children_done:
            on_path.discard(key)
            sizes[key] = 1 + sum(sizes[id(child)] for child in children)
            if sizes[key] > MAX_VALUES:
                raise BadInput(f"more than {MAX_VALUES} values once aliases are expanded", _at(name, node.start_mark))
            continue
        if key in sizes:
            continue
        if key in on_path:
            raise BadInput("an alias refers to the value that contains it", _at(name, node.start_mark))
        on_path.add(key)
        stack.append((node, True))
        for child in children:
            if id(child) in on_path:
                raise BadInput("an alias refers to the value that contains it", _at(name, child.start_mark))
            if id(child) not in sizes:
                stack.append((child, False))
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def load_yaml(text: str, name: str) -> Located:
    if len(text) > MAX_BYTES:
        raise BadInput(f"the file is larger than {MAX_BYTES // 1_000_000} MB; a scenario is far smaller", name)
    if FAST_LOADER is not yaml.SafeLoader:
        try:
            return _load(text, name, FAST_LOADER)
        except (yaml.YAMLError, UnicodeError):
            pass  # malformed (or text libyaml can't take, a lone surrogate): PyYAML's own says why
    try:
        return _load(text, name, yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise BadInput(f"malformed YAML: {problem}", _at(name, mark)) from None


def _load(text: str, name: str, loader_class: type[yaml.SafeLoader]) -> Located:
    """The file's values and their positions, read with ``loader_class``; YAMLError passes
    through (``load_yaml`` words it), every other refusal is BadInput."""
    positions: dict[tuple[Any, ...], Position] = {}
    loader: yaml.SafeLoader | None = None
    try:
        check_shape(text, name, loader_class)
        loader = loader_class(text)  # inside the try: it refuses control characters at once
        node = loader.get_single_node()
        if node is None:
            raise BadInput("the file is empty", name)
        expanded_size(node, name)  # refuses an alias bomb at the value that grows past the bound
        built = 0

        def build(node: yaml.Node, path: tuple[Any, ...]) -> Any:
            nonlocal built
            built += 1
            if built > MAX_VALUES:
                raise BadInput(f"more than {MAX_VALUES} values once aliases are expanded", _at(name, node.start_mark))
            if len(path) > MAX_DEPTH:
                raise BadInput(f"nested more than {MAX_DEPTH} levels deep (through aliases)", _at(name, node.start_mark))
            positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
            if isinstance(node, yaml.MappingNode):
                loader.flatten_mapping(node)
                out: dict[Any, Any] = {}
                for key_node, value_node in node.value:
                    if not isinstance(key_node, yaml.ScalarNode):
                        raise BadInput("a key must be a plain value, not a list or mapping", _at(name, key_node.start_mark))
                    key = loader.construct_object(key_node, deep=True)
                    if key in out:
                        raise BadInput(f"duplicate key {key!r}", _at(name, key_node.start_mark))
                    out[key] = build(value_node, (*path, key))
                return out
            if isinstance(node, yaml.SequenceNode):
                return [build(item, (*path, i)) for i, item in enumerate(node.value)]
            return loader.construct_object(node, deep=True)

        data = build(node, ())
    except RecursionError:  # a bound above was not enough for some shape: still the input's fault
        raise BadInput("the YAML is nested too deeply", name) from None
    finally:
        if loader is not None:
            loader.dispose()
    return Located(data, positions, name)


def read_yaml(path: str | Path) -> Located:
    """A scenario file read and parsed (``-``: standard input, named ``<stdin>``)."""
    name = shown(path)
    try:
        if larger_than(path, 4 * MAX_BYTES):  # refused unread; between the bounds, by characters
            raise BadInput(f"the file is larger than {MAX_BYTES // 1_000_000} MB; a scenario is far smaller", name)
        text = read_text(path)
    except FileNotFoundError:
        raise BadInput("no such file", name) from None
    except (OSError, UnicodeDecodeError) as exc:
        if isinstance(exc, UnicodeDecodeError):
            refuse_a_store(path, "a scenario")
        raise BadInput(f"can't read the file: {exc}", name) from None
    return load_yaml(text, name)


#: the first bytes of every SQLite database file
SQLITE_HEADER = b"SQLite format 3\x00"


def refuse_a_store(path: str | Path, wanted: str) -> None:
    """A game store (a SQLite file) given where ``wanted`` (a scenario, a game log) belongs is
    named as one, with where it goes: "can't decode byte 0xf8 in position 102" would not say.
    Asked only once the file failed to read as text."""
    try:
        start = head(path, len(SQLITE_HEADER))
    except OSError:
        return
    if start == SQLITE_HEADER:
        listing = "sim games --db FILE" if is_stdin(path) else f"sim games --db {path}"
        raise BadInput(f"a SQLite game store, not {wanted}: give it with --db ({listing} lists its games)", shown(path))


def script_line(command: dict[str, Any]) -> str:
    """A command as one line of a scenario's script (flow style, keys in the command's order),
    as ``sim legal`` lists it for copying."""
    return yaml.dump(command, Dumper=FAST_DUMPER, default_flow_style=True, width=WIDE, sort_keys=False).strip()


#: wide enough that a command's line is never folded
WIDE = 100_000
