"""Commands the engine answers for every ruleset: a player's answer to a pending choice."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from domain.attribute_reads import PlainModel


class CommandModel(PlainModel):
    """Base of every command: validated, frozen, unknown fields refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class OrderTriggers(CommandModel):
    """Answer a pending choice: the order of your simultaneous triggers, first resolving first."""

    command: Literal["order_triggers"] = "order_triggers"
    player: str | None = None
    order: list[str] = Field(description="trigger ids (t3) or the subjects' unit ids")


class Choose(CommandModel):
    """Answer a pending choice other than a trigger order: one of the options it lists (a
    triggered ability's "may": yes or no; which of its targets)."""

    command: Literal["choose"] = "choose"
    player: str | None = None
    option: str = Field(description="one of the pending choice's options")
