"""Sorcery's rule options (``options:`` in a scenario), each with its default and why."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Literal

from pydantic import Field

from domain.options import RuleOptions


class SorceryOptions(RuleOptions):
    #: added after games were recorded: left out of logs and hashes while it holds its default
    LATER: ClassVar[frozenset[str]] = frozenset({"rack_stretch_chooser", "red_rock_bearer_enters", "carried_units_intercept"})
    #: carried_units_intercept came after games were recorded in which a carried unit could
    #: intercept its carrier: their absence of it means allowed; a new game records refused
    #: (``RuleOptions.ABSENT_MEANS``)
    ABSENT_MEANS: ClassVar[Mapping[str, Any]] = MappingProxyType({"carried_units_intercept": "allowed"})

    trigger_order: Literal["policy", "ask"] = Field(
        default="policy",
        description=(
            "who orders one player's simultaneous triggers: 'policy' keeps the order they were queued in "
            "(recorded as decided by policy; digest gap 6), 'ask' stops for that player's order_triggers"
        ),
    )
    unmodelled: Literal["warn", "refuse"] = Field(
        default="warn",
        description=(
            "a card whose rules text the simulator does not fully model: 'warn' plays it and records what "
            "is not modelled with the event that brings it in (shown by run, check, reach and why); "
            "'refuse' refuses the set-up or command that brings it in, naming the card and the text"
        ),
    )
    rack_stretch_chooser: Literal["controller", "avatar"] = Field(
        default="controller",
        description=(
            "who picks the adjacent location The Rack stretches a struck Avatar into; its text and "
            "the codex (Oversized Units) do not say: 'controller' (default) is the Rack's controller, "
            "as the controller of an effect chooses an oversized unit's position when it teleports "
            "it (codex: Teleporting Oversized Units); 'avatar' is the Avatar's controller"
        ),
    )
    red_rock_bearer_enters: Literal["drops", "refused"] = Field(
        default="drops",
        description=(
            "a unit bearing an artifact entering Red Rock of Ravannis's location ('Artifacts can't be "
            "carried here'); neither its text nor the codex says: 'drops' (default) it enters and the "
            "artifact lies there, as the Rock's own pull brings a bearer along into its site; 'refused' "
            "a bearer of an artifact can't enter that location (then the Rock's pull takes the artifact "
            "alone). Either way an artifact borne there anyhow lies there, and no Pick Up is made there"
        ),
    )
    carried_units_intercept: Literal["refused", "allowed"] = Field(
        default="refused",
        description=(
            "whether a unit the mover carried to its final location (it moved with it on its last "
            "step, directly or through its passengers; dropped there or not) may intercept it; the "
            "seeds and the digest say nothing of carried units: 'refused' (default) reads digest 2.6 "
            "(carried units move with the carrier) with 3.4 (interceptors are already at the final "
            "location): it came with the mover; 'allowed' lets it, as logs recorded before this "
            "option were played. A carrier that takes no step is intercepted where it stands by "
            "what it carries too, either way"
        ),
    )
