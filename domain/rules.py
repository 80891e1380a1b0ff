"""References to the rule that allows or forbids something.

Every refusal in the simulator carries one of these so that a user sees *which* rule said no
(DESIGN.md, principle 7) rather than a bare "illegal".
"""

from __future__ import annotations

from pydantic import ConfigDict

from domain.attribute_reads import PlainModel


class RuleRef(PlainModel):
    """A rule by its ruleset, its source section and a plain-language gist.

    ``source`` names where the rule is written (a codex entry, a rulebook section, a card), so a
    judge can look it up; ``timing`` is the ability's declared kind when an ability is the reason.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    ruleset: str
    source: str
    message: str
    timing: str | None = None

    @property
    def banishes(self) -> bool:
        """Whether a unit leaving the board by this rule is banished rather than killed: the rules
        that banish say so in their message (Sorcery: a minion without Voidwalk in the void,
        codex: Void; Yog-Sothoth short of voids). What an event's text and a death count read."""
        return "banished" in self.message

    def __str__(self) -> str:
        kind = f" ({self.timing})" if self.timing else ""
        return f"{self.source}: {self.message}{kind}"
