"""Sorcery commands and the set-up of a realm, as validated models.

Scenario scripts, the Python API and verification of logs all speak these models, so a command
reads the same wherever it comes from. ``player`` may be left out: it defaults to the owner of
the unit named (or the active player), and when given it is checked against the rules.
"""

from __future__ import annotations

import functools
import operator
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from domain.attribute_reads import PlainModel
from domain.commands import Choose, OrderTriggers
from domain.locations import LocationText as Location


class _Model(PlainModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Grown(_Model):
    """A command (or part of one) that gained fields after logs were first written: each of
    ``ADDED_LATER`` is left out of its record while it holds its default, so that a command
    written without it is recorded as before and old logs verify unchanged (docs/design.md,
    "Logs are forever")."""

    ADDED_LATER: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Each of ``ADDED_LATER`` is left out by its field's own ``exclude_if`` (its default
        worked out once here), rather than by a wrap serializer of the whole model: pydantic
        then serializes a command without a call back into Python around it (every command is
        recorded, and a Move and Attack is most commands)."""
        super().__pydantic_init_subclass__(**kwargs)
        if not cls.ADDED_LATER:
            return
        for name in cls.ADDED_LATER:
            field = cls.model_fields[name]
            field.exclude_if = functools.partial(operator.eq, field.get_default(call_default_factory=True))
        cls.model_rebuild(force=True)


class SiteSetup(_Model):
    at: Location
    card: str
    controller: str
    id: str | None = Field(default=None, description="defaults to a name made from the card")


class UnitSetup(_Grown):
    ADDED_LATER: ClassVar[tuple[str, ...]] = ("summoned",)
    id: str
    card: str
    owner: str
    at: Location
    tapped: bool = False
    carried_by: str | None = Field(default=None, description="id of an allied carrier at the same location")
    summoned: bool = Field(default=False, description="it entered the realm this turn: summoning sickness, unless Charge")


class ArtifactSetup(_Model):
    id: str
    card: str
    controller: str | None = None
    at: Location | None = None
    bearer: str | None = Field(default=None, description="id of the unit carrying it")


class AuraSetup(_Model):
    """An aura in the realm: ``at`` is the top-left square of its 2x2 area; a wall conjured atop a
    border gives ``border``, the two squares it separates."""

    id: str
    card: str
    controller: str
    at: Location | None = None
    border: list[Location] | None = None


class SpellInEffect(_Model):
    card: str
    caster: str
    targets: list[Location] = Field(default_factory=list)


class SetUp(_Grown):
    """The realm as a scenario begins: sites, units, artifacts and spells already in effect."""

    ADDED_LATER: ClassVar[tuple[str, ...]] = ("auras",)

    command: Literal["set_up"] = "set_up"
    sites: list[SiteSetup] = Field(default_factory=list)
    units: list[UnitSetup] = Field(default_factory=list)
    artifacts: list[ArtifactSetup] = Field(default_factory=list)
    auras: list[AuraSetup] = Field(default_factory=list)
    spells: list[SpellInEffect] = Field(default_factory=list)


class MoveAndAttack(_Grown):
    """Tap: declare a path (may be empty), resolve it step by step, then optionally attack."""

    ADDED_LATER: ClassVar[tuple[str, ...]] = ("split",)

    command: Literal["move_and_attack"] = "move_and_attack"
    player: str | None = None
    unit: str
    path: list[Location] = Field(default_factory=list)
    attack: str | None = Field(default=None, description='an enemy unit id, or "site" for the site there')
    split: dict[str, int] | None = Field(
        default=None,
        description="how this unit's strike is split when it fights several units (unit id: damage; codex: Strike)",
    )


class Defend(_Model):
    """Tap to defend against the open attack: move to its location, then join the fight."""

    command: Literal["defend"] = "defend"
    player: str | None = None
    unit: str
    path: list[Location] | None = Field(default=None, description="defaults to a cheapest path")


class Intercept(_Model):
    """Tap to intercept an enemy that used Move and Attack and didn't attack, at its final
    location, where this unit already is (codex: Intercept)."""

    command: Literal["intercept"] = "intercept"
    player: str | None = None
    unit: str


class Pass(_Model):
    """The defending player declares no more defenders (or interceptors); the fight follows."""

    command: Literal["pass"] = "pass"
    player: str | None = None


class PickUp(_Model):
    """Basic ability, once on your turn: a carrier picks up target units at its location
    (codex: Pick Up, Carrying Units)."""

    command: Literal["pick_up"] = "pick_up"
    player: str | None = None
    unit: str
    targets: list[str]


class Drop(_Model):
    """Basic ability, once on your turn, if the unit hasn't interacted with the realm: drop
    carried units (all of them when none are named; codex: Drop)."""

    command: Literal["drop"] = "drop"
    player: str | None = None
    unit: str
    targets: list[str] = Field(default_factory=list)


class EndTurn(_Model):
    command: Literal["end_turn"] = "end_turn"
    player: str | None = None


class Cast(_Grown):
    """Cast a magic that starts an ongoing effect (Waypoint Portal, Mad Dash, Power of Flight)."""

    ADDED_LATER: ClassVar[tuple[str, ...]] = ("by", "turn")

    command: Literal["cast"] = "cast"
    player: str | None = None
    card: str
    targets: list[Location] = Field(default_factory=list)
    by: str | None = Field(
        default=None,
        description="the unit casting it, an Avatar or Spellcaster (codex: Casting Spells); needed when an enemy Sturmgeist hears it",
    )
    turn: int = Field(
        default=0,
        description="a teleport spell's oversized unit lands turned this many degrees clockwise: 0 (as it is), 90, 180 "
        "or 270 (codex: Teleporting Oversized Units)",
    )


class PlaySite(_Grown):
    """Play a site to a void square; its Genesis, if any, triggers (with ``target`` chosen, and
    ``targets``: the other choices its Genesis asks for, e.g. Undertow's unit and step)."""

    ADDED_LATER: ClassVar[tuple[str, ...]] = ("targets",)

    command: Literal["play_site"] = "play_site"
    player: str | None = None
    card: str
    at: Location
    id: str | None = None
    target: Location | None = None
    targets: list[Location] = Field(default_factory=list, description="choices of its Genesis (engine/genesis.py)")


class Summon(_Model):
    """A scripted command (a hand is not modelled): summon a minion to a location, in the main
    phase of its owner's turn. It enters the realm (entry triggers) with summoning sickness, and
    its Genesis, if any, triggers with ``targets`` as the choices it asks for (engine/genesis.py)."""

    command: Literal["summon"] = "summon"
    player: str | None = Field(default=None, description="who summons: the active player, the minion's owner")
    card: str
    at: Location
    id: str
    owner: str | None = Field(default=None, description="defaults to the active player; must be the active player")
    targets: list[Location] = Field(default_factory=list, description="choices of its Genesis")


class Conjure(_Model):
    """A scripted command (a hand is not modelled): conjure an artifact at a location or to a
    bearer, or an aura (``at``: its 2x2 area's top-left square; a wall: ``border``), in the main
    phase of its controller's turn; its Genesis, if any, triggers."""

    command: Literal["conjure"] = "conjure"
    player: str | None = Field(default=None, description="who conjures: the active player, its controller")
    card: str
    id: str
    controller: str | None = Field(default=None, description="defaults to the active player; must be the active player")
    at: Location | None = None
    bearer: str | None = Field(default=None, description="id of the unit carrying it")
    border: list[Location] | None = Field(default=None, description="an aura conjured atop a border: the two squares")
    targets: list[Location] = Field(default_factory=list, description="choices of its Genesis")


class Activate(_Grown):
    """Use an activated ability ("Tap →", "Once on your turn, ... may") of a unit or a site you
    control, on your turn with an empty storyline (codex: Activated Ability)."""

    ADDED_LATER: ClassVar[tuple[str, ...]] = ("turn",)

    command: Literal["activate"] = "activate"
    player: str | None = None
    source: str = Field(description="id of the unit or site whose ability is used")
    ability: str | None = Field(default=None, description="the ability's name; defaults to the source's only one")
    targets: list[Location] = Field(
        default_factory=list,
        description="what the ability targets, in its text's order: unit ids, locations, a direction",
    )
    turn: int = Field(
        default=0,
        description="an ability teleporting an oversized unit lands it turned this many degrees clockwise: 0 (as it "
        "is), 90, 180 or 270 (codex: Teleporting Oversized Units)",
    )


#: the commands a script may issue (the set-up is issued once, from the scenario's ``setup``)
SCRIPT_COMMANDS: tuple[type[BaseModel], ...] = (
    MoveAndAttack, Defend, Pass, OrderTriggers, Choose, EndTurn, Cast, PlaySite, PickUp, Drop, Intercept, Summon,
    Conjure, Activate,
)

Command = Annotated[
    MoveAndAttack | Defend | Pass | OrderTriggers | Choose | EndTurn | Cast | PlaySite | PickUp | Drop | Intercept
    | Summon | Conjure | Activate | SetUp,
    Field(discriminator="command"),
]

#: each command of ``Command`` by the name its ``command`` field holds (the union's discriminator)
_COMMANDED: tuple[type[BaseModel], ...] = (*SCRIPT_COMMANDS, SetUp)
COMMAND_CLASSES: dict[str, type[BaseModel]] = {cls.model_fields["command"].default: cls for cls in _COMMANDED}
