"""What casting a spell does, as a plan made from the caster's targets before anything is
recorded, then carried out through the engine's primitives in the order the rules give: the
spell's own event, the artifacts it moves, the paths of the units it moves (each resolved step by
step, the first named first), what follows them, then the effects it starts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.errors import BadInput, IllegalCommand
from domain.event_base import GameEvent
from domain.rulesets.sorcery.catalog import Card, slug
from domain.rulesets.sorcery.engine.artifacts import move_all
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationPlanned, SpellCast, not_modelled_of
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.oversized import with_turn
from domain.rulesets.sorcery.spell_kinds import Spell
from domain.rulesets.sorcery.spells.flood import submerge_on_water
from domain.rulesets.sorcery.state import ActivationItem
from domain.rulesets.sorcery.turning import TURN_RULE


@dataclass(frozen=True)
class Casting:
    """One spell being cast: the card, what the simulator models of it, who casts it, the
    targets as given, and where they came from: ``where`` is empty for a command (its fields
    are ``card`` and ``targets``) or a set-up's spell (``setup.spells[0]``)."""

    data: Card
    spell: Spell
    caster: str
    targets: list[str]
    where: str
    #: the orientation a teleported oversized unit lands in, degrees clockwise (``Cast.turn``)
    turn: int = 0

    @property
    def field(self) -> str:
        return f"{self.where}.targets" if self.where else "targets"

    @property
    def name(self) -> str:
        return self.data.name

    def spell_id(self, engine: Reader) -> str:
        return f"{slug(self.name)}-{engine.state.counters.get('spell', 0) + 1}"


@dataclass(frozen=True)
class Move:
    """A path to declare: from where the unit is as the plan is carried out, through ``rest``."""

    unit: str
    rest: list[str]
    purpose: str
    kinds: list[str] | None = None

    @classmethod
    def forced(cls, unit: str, to: str, how: str, turn: int = 0) -> Move:
        """A one-step forced move; a teleport landing its unit turned says so in the purpose."""
        return cls(unit, [to], f"forced:{with_turn(how, turn)}", [FORCED_KINDS[how]])


@dataclass(frozen=True)
class Effect:
    """An effect a spell starts, for its duration."""

    source: str
    spec: dict[str, Any]
    duration: str
    label: str


@dataclass
class SpellPlan:
    """What a spell does, in order. ``cast``: a ``SpellCast`` event says so (spells that move
    units); ``unmoved``: a forced move to where the unit already is is no movement (codex:
    Teleport), so it is not declared."""

    casting: Casting
    cast: bool = False
    spell_id: str = ""
    unaffected: dict[str, str] = field(default_factory=dict)
    artifacts: list[tuple[str, str]] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    after: list[ActivationItem] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    unmoved: bool = False
    #: then every minion atop a water site is submerged, but these (Wrath of the Sea, The Flood)
    submerge_sparing: set[str] | None = None
    #: events that record what happens before any movement (a projectile's flight), in order
    said: list[tuple[type[GameEvent], dict[str, Any]]] = field(default_factory=list)


def carry_out(engine: Primitives, plan: SpellPlan) -> None:
    casting = plan.casting
    if plan.cast:
        engine.emit(
            SpellCast, spell_id=plan.spell_id, card=casting.name, caster=casting.caster, targets=list(casting.targets),
            not_modelled=not_modelled_of(casting.name), unaffected=plan.unaffected,
        )
    for event_type, fields in plan.said:
        engine.emit(event_type, **fields)
    move_all(engine, plan.artifacts, f"{casting.name} ({plan.spell_id})")
    for move in reversed(plan.moves):  # each path goes to the front: the first move resolves first
        frm = engine.state.units[move.unit].location or ""
        if plan.unmoved and move.rest == [frm]:
            continue  # teleporting to the same location is no movement (codex: Teleport)
        engine.resolver.declare_path(move.unit, [frm, *move.rest], move.purpose, None, kinds=move.kinds)
    for item in plan.after:
        engine.emit(ActivationPlanned, item=item)
    for effect in plan.effects:
        engine.start_effect(effect.source, casting.caster, effect.spec, effect.duration, effect.label, not_modelled=not_modelled_of(casting.name))
    if plan.submerge_sparing is not None:
        submerge_on_water(engine, plan.submerge_sparing)


class Targets:
    """How one kind of spell target (``target``, with its parameters) is checked and planned;
    ``cast`` carries the plan out."""

    #: whether the spell moves units: such a spell is cast in the script, not at set-up
    moves_units = True
    #: whether the spell may land a unit turned (``Casting.turn``): only teleports of units by force
    takes_turn = False

    def __init__(self, target: Any) -> None:
        self.target = target

    def cast(self, engine: Primitives, casting: Casting) -> None:
        if self.moves_units and casting.where.startswith("setup"):
            raise BadInput(f"{casting.name} moves units: cast it in the script, not at set-up", casting.where)
        if casting.turn and not (self.takes_turn and FORCED_KINDS.get(casting.spell.moves or "") == "teleport"):
            raise IllegalCommand(TURN_RULE, f"turn: {casting.name} teleports no unit, so there is nothing to turn")
        carry_out(engine, self.plan(engine, casting))

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        raise NotImplementedError
