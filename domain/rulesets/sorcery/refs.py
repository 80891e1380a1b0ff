"""How Sorcery names the rule behind a refusal, a death or a trigger: ``rule(source, message)``,
a ``RuleRef`` of this ruleset citing the codex entry, the digest section or the card."""

from __future__ import annotations

from domain.rules import RuleRef

RULESET = "sorcery"


def rule(source: str, message: str, timing: str | None = None) -> RuleRef:
    return RuleRef(ruleset=RULESET, source=source, message=message, timing=timing)
