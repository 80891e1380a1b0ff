"""The two consoles every command prints on (stdout for answers, stderr for errors and progress),
and the one escape of text that is not rich markup. Light on purpose: ``sim --help`` imports it."""

from __future__ import annotations

from rich.console import Console

console = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def escape(text: str) -> str:
    """Text shown as it is, not read as rich markup (a message may quote ``[...]``)."""
    return text.replace("[", "\\[")
