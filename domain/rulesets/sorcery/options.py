"""Sorcery's rule options (``options:`` in a scenario), each with its default and why."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from domain.options import RuleOptions


class SorceryOptions(RuleOptions):
    trigger_order: Literal["policy", "ask"] = Field(
        default="policy",
        description=(
            "who orders one player's simultaneous triggers: 'policy' keeps the order they were queued in "
            "(recorded as decided by policy; digest gap 6), 'ask' stops for that player's order_triggers"
        ),
    )
