"""A small SVG writer on the standard library's ElementTree.

Every picture is built as an element tree and serialised by ElementTree, never by pasting strings:
a title, a unit id or a card name from a scenario or a log is always text or an attribute value,
escaped by the serialiser, so it can't open a tag or close an attribute (issue 23: a shared file
must be safe to open). Characters XML 1.0 can't hold at all (most control characters, which a
double-quoted YAML string may carry) are dropped first, so the file is always well-formed.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence

SVG_NS = "http://www.w3.org/2000/svg"
Point = tuple[float, float]

#: characters XML 1.0 forbids in a document (and the non-characters U+FFFE and U+FFFF)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def clean(text: object) -> str:
    """``text`` as a string that XML can hold; escaping is left to the serialiser."""
    return _NOT_XML.sub("", str(text))


def num(value: float) -> str:
    """A coordinate as written in the file: two decimals at most, so that the same picture is
    the same text on every machine (the README pictures are compared byte for byte)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points(corners: Iterable[Point]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in corners)


class Svg:
    """One SVG document: ``node`` adds an element with attributes (numbers written by ``num``),
    ``text`` one with text, ``title`` a tooltip. The root carries ``viewBox`` and a size."""

    def __init__(self, width: float, height: float, css_class: str = "board") -> None:
        self.width = width
        self.height = height
        self.root = ET.Element(
            "svg",
            {
                "xmlns": SVG_NS,
                "class": css_class,
                "viewBox": f"0 0 {num(width)} {num(height)}",
                "width": num(width),
                "height": num(height),
                "font-family": "DejaVu Sans, Verdana, sans-serif",
            },
        )

    def node(self, parent: ET.Element | None, tag: str, **attrs: object) -> ET.Element:
        """A child element; attribute names are written with ``-`` for ``_`` (``stroke_width``)
        and ``class_`` for ``class``; None values are left out."""
        written = {_attr(name): _value(value) for name, value in attrs.items() if value is not None}
        return ET.SubElement(self.root if parent is None else parent, tag, written)

    def text(self, parent: ET.Element | None, x: float, y: float, words: object, **attrs: object) -> ET.Element:
        element = self.node(parent, "text", x=x, y=y, **attrs)
        element.text = clean(words)
        return element

    def title(self, parent: ET.Element, words: object) -> ET.Element:
        """A tooltip: the first child ``<title>`` of an element is shown on hover."""
        element = ET.Element("title")
        element.text = clean(words)
        parent.insert(0, element)
        return element

    def desc(self, words: str) -> None:
        """The board as text inside ``<desc>`` (as python-chess's pictures carry theirs)."""
        element = ET.Element("desc")
        element.text = clean(words)
        self.root.insert(0, element)

    def polyline(self, parent: ET.Element | None, corners: Sequence[Point], **attrs: object) -> ET.Element:
        return self.node(parent, "polyline", points=points(corners), **attrs)

    def polygon(self, parent: ET.Element | None, corners: Sequence[Point], **attrs: object) -> ET.Element:
        return self.node(parent, "polygon", points=points(corners), **attrs)

    def to_string(self) -> str:
        return ET.tostring(self.root, encoding="unicode", short_empty_elements=True)


def fragment(element: ET.Element) -> str:
    """One element (and what it holds) as SVG text, for the viewer's frames."""
    return ET.tostring(element, encoding="unicode", short_empty_elements=True)


def _attr(name: str) -> str:
    return "class" if name == "class_" else name.rstrip("_").replace("_", "-")


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return num(value)
    return clean(value)
