"""What every kind of activated ability shares: the source using it, the plan it makes (its
movement declared as paths that resolve step by step, what follows them as storyline items, the
effects it starts and ends, the units it taps), and the checks of where its units may step."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.errors import BadInput, IllegalCommand
from domain.event_base import GameEvent
from domain.rules import RuleRef
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.cards import ABILITIES
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.movement import ForcedMovement, SorceryMovement
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import ActivationItem, SorceryUnit


@dataclass
class Plan:
    """What an activation does: paths to declare (unit, path, purpose, step kinds; the first
    resolves first), then items; effects it starts at once (spec, duration, label), then the
    effects it ends (flooding: the new flood starts as the old one ends, Waveshaper FAQ), then
    the units it taps."""

    moves: list[tuple[str, list[str], str, list[str] | None]] = field(default_factory=list)
    after: list[ActivationItem] = field(default_factory=list)
    effects: list[tuple[dict[str, Any], str, str]] = field(default_factory=list)
    ended: list[str] = field(default_factory=list)
    taps: list[str] = field(default_factory=list)
    #: events that record what happens before any movement (a projectile's flight), in order
    said: list[tuple[type[GameEvent], dict[str, Any]]] = field(default_factory=list)


@dataclass
class Source:
    """The unit or site whose ability is used."""

    id: str
    card: str
    controller: str | None
    location: str
    unit: SorceryUnit | None


def card_of(ability: Ability, default: str) -> str:
    """The card whose text gives ``ability`` (a granted one is its artifact's)."""
    return next((name for name, abilities in ABILITIES.items() if ability in abilities), default)


def granted_rule(source: Source, ability: Ability) -> RuleRef:
    """The rule an ability is refused by, named after the card whose text it is (an artifact's
    "Bearer has ..." is the artifact's, not its bearer's)."""
    return rule(card_of(ability, source.card), ability.covers[0])


class Activated:
    """One kind of activated ability (``spec``, with its parameters): ``plan`` checks the
    targets and says what using it does; ``candidates`` lists the targets it may take now (each
    checked by ``plan`` before it is offered as a legal command)."""

    def __init__(self, spec: Any) -> None:
        self.spec = spec

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        raise NotImplementedError

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        raise NotImplementedError

    # --- checks the kinds share ------------------------------------------------------------------

    @staticmethod
    def rule(source: Source, ability: Ability) -> RuleRef:
        return rule(source.card, ability.covers[0])

    @staticmethod
    def count(targets: list[str], allowed: tuple[int, ...], what: str) -> None:
        if len(targets) not in allowed:
            raise BadInput(f"{what}; got {len(targets)} target(s)", "targets")

    def own_step(self, engine: Reader, source: Source, ability: Ability, unit_id: str, to: str) -> None:
        """``to`` is one of the unit's own steps from where it is (digest 2.1)."""
        frm = engine.state.units[unit_id].location or ""
        if all(o.to != to for o in SorceryMovement(engine.state, basic=False).step_options(unit_id, frm)):
            raise IllegalCommand(
                self.rule(source, ability), f"{unit_id} can't step from {engine.label(frm)} to {engine.label(to)}: not one of its steps",
            )

    def closest_step(self, engine: Reader, source: Source, ability: Ability, unit_id: str, to: str, toward: int) -> None:
        """"A step closer" / "toward": to a square fewer squares from ``toward``, and the closest its
        own steps can reach (Sturmgeist FAQ: an Airborne unit steps diagonally straight there). When
        no unblocked step of it gets closer (it is Immobile, disabled), any closer square is
        declared and the step is refused as it comes."""
        frm = parse_loc(engine.state.units[unit_id].location or "")
        view = engine.view()
        here = view.steps_apart(frm.square, toward)
        there = view.steps_apart(parse_loc(to).square, toward)
        if there >= here:
            raise IllegalCommand(
                self.rule(source, ability), f"{engine.label(to)} is not closer to {engine.label(str(toward))} than {engine.label(frm.text)}",
            )
        options = SorceryMovement(engine.state, basic=False).step_options(unit_id, frm.text)
        closer = [view.steps_apart(parse_loc(o.to).square, toward) for o in options if o.blocked is None]
        best = min((d for d in closer if d < here), default=None)
        if best is not None and there != best:
            raise IllegalCommand(
                self.rule(source, ability),
                f"{engine.label(to)} is not the closest {unit_id} can step to ({best} square(s) away; Sturmgeist FAQ)",
            )
        self.own_step(engine, source, ability, unit_id, to)

    def forced(self, engine: Reader, source: Source, ability: Ability, how: str, unit_id: str, to: str) -> None:
        """``to`` is where a forced move of this kind may take the unit (movement.ForcedMovement),
        and the unit is one that may be moved by force (refused now, not at its first step)."""
        frm = engine.state.units[unit_id].location or ""
        if (fixed := engine.view().unmovable(unit_id)) is not None:  # Talamh Dreig
            raise IllegalCommand(fixed, f"{unit_id} can't be moved by {source.card}: it can't be moved by force")
        if all(o.to != to for o in ForcedMovement(engine.state, how).step_options(unit_id, frm)):
            raise IllegalCommand(
                self.rule(source, ability), f"{unit_id} can't be moved from {engine.label(frm)} to {engine.label(to)} by {source.card}",
            )
