"""The effect primitives of Sorcery: what commands, triggered abilities, spells and activated
abilities do to the realm, each recorded as events through the resolver of one command.

Moving (a unit's own steps, forced moves: declared paths resolved step by step, digest 2.1 and
2.7), starting effects, damage and death, units entering and leaving the realm, and settling
what a change leaves behind (carried units dropped, minions that can't survive where they are:
digest 1.6, 2.6). Everything above it (commands, triggers/, spells/, activations/) records
through these, so each rule of what happens is written once.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from domain.events import UnitDied
from domain.handlers import CommandHandlers
from domain.rules import RuleRef
from domain.ruleset import unique_ids
from domain.rulesets.sorcery import oversized
from domain.rulesets.sorcery.abilities import fill
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.catalog import Card
from domain.rulesets.sorcery.effects import Lose, parse_spec
from domain.rulesets.sorcery.engine import voids
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import (
    EffectEnded,
    EffectStarted,
    UnitDropped,
    UnitPickedUp,
    UnitPlaced,
    UnitReturned,
    not_modelled_of,
)
from domain.rulesets.sorcery.events_artifacts import ArtifactDropped
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import COLUMNS, ROWS, Region, parse_loc
from domain.rulesets.sorcery.rules.keywords import may_perish
from domain.rulesets.sorcery.state import EffectState, NotModelled, SorceryState, SorceryUnit
from domain.rulesets.sorcery.uncarriable import CANT_BE_CARRIED, borne_where_forbidden

#: a unit's id: settling reads the units in id order
_unit_id = attrgetter("id")


class Primitives(CommandHandlers[SorceryState], Reader):
    """The realm as one command changes it: reading (``Reader``) and recording."""

    State = SorceryState

    # --- movement: declared paths, resolved one step at a time ------------------------------------

    def declare_path(
        self, unit_id: str, path: list[str], purpose: str, allowance: float | None, cause: str | None = None,
    ) -> None:
        self.resolver.declare_path(unit_id, path, purpose, allowance, cause)

    def step_to(self, unit_id: str, to: str, purpose: str, cause: str | None = None) -> None:
        """The unit takes a step of its own to ``to`` (digest 2.1: its keywords apply; Immobile
        and Disabled stop it as the step comes)."""
        frm = self.state.units[unit_id].location or ""
        self.declare_path(unit_id, [frm, to], purpose, None, cause=cause)

    def force(self, moves: list[tuple[str, str, str]], cause: str | None = None) -> None:
        """Forced moves (unit, destination, how: movement.FORCED_KINDS), declared so that the
        first listed resolves first (each path goes to the front of the storyline)."""
        for unit_id, to, how in reversed(moves):
            frm = self.state.units[unit_id].location or ""
            self.resolver.declare_path(unit_id, [frm, to], f"forced:{how}", None, cause=cause, kinds=[FORCED_KINDS[how]])

    # --- effects ------------------------------------------------------------------------------------

    def start_effect(
        self, source: str, controller: str | None, spec: dict[str, Any], duration: str, label: str,
        cause: str | None = None, not_modelled: NotModelled | None = None,
    ) -> None:
        effect_id = self.state.next_id("x", "effect")
        self.emit(
            EffectStarted,
            cause=cause,
            not_modelled=not_modelled,
            effect=EffectState(
                id=effect_id, source=source, controller=controller, spec=parse_spec(spec),
                duration=duration, label=label, started_turn=self.state.turn,
            ),
        )

    def lasting(self, source: str, unit_id: str, kind: str, label: str, cause: str, keywords: tuple[str, ...] = ("Stealth",)) -> None:
        """A keyword change that outlasts its card: Stealth gained (a grant) or lost for good."""
        self.start_effect(
            source, self.state.units[unit_id].owner, {"kind": kind, "unit": unit_id, "keywords": list(keywords)},
            "permanent", label, cause=cause,
        )

    def has_lasting(self, unit_id: str, kind: str, source: str | None = None) -> bool:
        return any(
            e.duration == "permanent" and e.spec.kind == kind and getattr(e.spec, "unit", None) == unit_id
            and (source is None or e.source == source)
            for e in self.state.effects.values()
        )

    def mark_lasting_losses(self, cause: str) -> None:
        """A minion in scope of a "permanently lose" effect (Scent Hounds, Watchtower) loses the
        keywords for good: an effect on it alone, kept after it leaves the scope or the card
        leaves the realm. Non-minions can't have Stealth (codex: Stealth), so only minions."""
        if not self.state.effects:
            return  # no effect recorded, none in force (settling after each step asks this)
        view = self.view()
        for effect_id, spec in view.specs:
            if not isinstance(spec, Lose) or not spec.permanent:
                continue
            source = self.state.effects[effect_id].source
            for unit in sorted(self.state.living_units(), key=lambda u: u.id):
                if not isinstance(unit, SorceryUnit) or unit.kind != "minion" or unit.location is None:
                    continue
                if self.has_lasting(unit.id, "lose"):
                    continue
                if view.in_scope(spec, unit, parse_loc(unit.location)):
                    card_name = view.source_card(effect_id)
                    self.lasting(source, unit.id, "lose", f"{card_name}: {unit.id} permanently lost Stealth", cause)

    def start_passives(
        self, source_id: str, data: Card, controller: str | None, square: int | None, area: list[int] | None = None,
    ) -> None:
        """The ongoing abilities of a card entering the realm, in force while it stays."""
        passives = [a for a in abilities_of(data.name) if a.timing == "ongoing" and a.passive is not None]
        if not passives:
            return  # most cards: nothing to fill in, so the realm's geometry is not read
        view = self.view()
        values: dict[str, Any] = {
            "square": square, "self": source_id, "controller": controller,
            "area": area, "border": area, "nearby": view.nearby(square) if square is not None else [],
            "top_border": self.top_border(square, controller),
        }
        for ability in passives:
            assert ability.passive is not None
            spec = fill(ability.passive, values)
            if spec.get("border", ()) is None:
                continue  # a card out of the realm or with no controller: no top border
            self.start_effect(source_id, controller, spec, "while_in_realm", f"{data.name}: {ability.name}")

    def top_border(self, square: int | None, controller: str | None) -> list[int] | None:
        """The site's border farthest from its controller's starting edge (codex: Top Border):
        the first player's home row is the bottom one (digest gap 1). On the realm's far edge
        that border is the edge, which joins the opposite row while something connects them
        (Magellan Globe, for everything: digest 1.5): the border is kept as the pair of squares
        it then lies between, which only a step across the edge crosses, so it bars nothing
        while the edges are apart and bars that step while they are joined."""
        if square is None or controller is None:
            return None
        above = square - COLUMNS if controller == self.state.players[0] else square + COLUMNS
        return [square, (above - 1) % (COLUMNS * ROWS) + 1]

    # --- entering and leaving the realm -------------------------------------------------------------

    def fresh_id(self, candidate: str, where: str) -> None:
        """Refuse an id that a unit or card in the game has already (``unique_ids``)."""
        unique_ids([*((i, where) for i in (*self.state.units, *self.state.features)), (candidate, where)])

    def place_unit(self, unit_id: str, data: Card, owner: str, at: str, tapped: bool, summoned: bool = False) -> None:
        """A minion or Avatar enters the realm with its card's characteristics and passives."""
        carry = max((a.carry for a in abilities_of(data.name)), default=0)
        grown = oversized.grown_power(data.name, [at])  # Megamoeba: +1 power for its location
        allies = next((a.carry_allies for a in abilities_of(data.name) if a.carry), "minion")
        self.emit(
            UnitPlaced,
            unit=SorceryUnit(
                id=unit_id, card=data.name, owner=owner,
                kind="avatar" if data.type == "Avatar" else "minion",
                location=at, power=grown if grown is not None else data.attack or 0,
                defence=grown if grown is not None else data.defence if data.defence is not None else (data.attack or 0),
                keywords=list(data.keywords), movement_bonus=data.movement_bonus,
                carries=carry, carry_allies_only=allies != "unit", tapped=tapped,
                entered_turn=self.state.turn if summoned else None,
                parts=oversized.parts_of(self.view(), data.name, at),
            ),
            not_modelled=not_modelled_of(data.name),
        )
        self.start_passives(unit_id, data, owner, int(at.split("/")[0]))

    def kill(self, unit_id: str, why: RuleRef, cause: str) -> None:
        """A unit dies (codex: Die)."""
        if not self.state.units[unit_id].alive:
            return
        self._leave_realm(unit_id, cause, "died", lambda at: self.emit(UnitDied, cause=cause, unit=unit_id, at=at, rule=why))

    def return_to_hand(self, unit_id: str, reason: str, cause: str) -> None:
        """A unit leaves the realm for its owner's hand (codex: Return)."""
        self._leave_realm(
            unit_id, cause, "left the realm",
            lambda at: self.emit(UnitReturned, cause=cause, unit=unit_id, at=at, reason=reason),
        )

    def _leave_realm(self, unit_id: str, cause: str, how: str, record: Any) -> None:
        """What goes with a unit leaving the realm: passengers are dropped where it was, its
        remaining steps are cancelled and the passive effects it was the source of end."""
        at = self.state.units[unit_id].location
        passengers = self.view().passengers(unit_id)
        record(at)
        for passenger in passengers:
            reason = "its carrier died" if how == "died" else "its carrier left the realm"
            self.emit(UnitDropped, cause=cause, unit=passenger, carrier=unit_id, at=at, reason=reason)
        self.resolver.cancel_moves(unit_id, f"the unit {how}", cause)
        if passengers:
            self.settle(cause)  # a passenger dropped where it can't survive dies too (digest 1.6)
        for effect in list(self.state.effects.values()):
            if effect.source == unit_id and effect.duration == "while_in_realm":
                self.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{unit_id} left the realm")

    def hold(self, holder: str, unit_id: str, how: str, cause: str | None = None) -> None:
        """A card holds a minion by an effect, not by an ability to carry (Brobdingnag Bullfrog,
        Tringh Constrictor, Cage of Sidrak): whoever carried it drops it, it drops what it
        carried, and the card carries it. ``how``: "swallowed by ...", "locked in ..."."""
        unit = self.state.units[unit_id]
        if unit.carried_by is not None:
            self.emit(UnitDropped, cause=cause, unit=unit.id, carrier=unit.carried_by, at=unit.location, reason=how)
        for passenger in self.view().passengers(unit.id):
            self.emit(UnitDropped, cause=cause, unit=passenger, carrier=unit.id, at=unit.location, reason=f"its carrier was {how}")
        self.emit(UnitPickedUp, cause=cause, carrier=holder, unit=unit.id)

    # --- damage ---------------------------------------------------------------------------------------

    def took_damage(self, unit_id: str, amount: int, cause: str | None) -> None:
        """Effects that last until their unit takes damage end when it does (Sleep)."""
        if amount <= 0:
            return
        for effect in list(self.state.effects.values()):
            if effect.duration == "until_damaged" and unit_id in (getattr(effect.spec, "units", None) or ()):
                self.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{unit_id} took damage")

    # --- settling what a change leaves behind ---------------------------------------------------------

    def settle(self, cause: str, moving: str | None = None) -> None:
        """After anything that moves units: a carried unit that no longer shares a location with
        its carrier is dropped (digest 2.6), then a minion where it can't survive dies, or is
        banished from the void (digest 1.6), and an artifact borne where artifacts can't be
        carried (Red Rock of Ravannis) lies there, even mid-move: its bearer carried it there. The unit still moving is settled when its move ends.
        A Voidwalk kept from a Planar Gate ends once its unit is out of the void."""
        for effect in list(self.state.effects.values()):
            if effect.duration != "until_enters_site":
                continue
            owner = self.state.units.get(effect.source)
            if owner is None or not owner.alive or owner.location is None or parse_loc(owner.location).region is not Region.VOID:
                self.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{effect.source} left the void")
        state = self.state  # the game's one state object, which each event changes in place
        # in id order; the same units after the drops below (a drop kills no one); none when
        # no unit is carried or may perish where it stands, as after most steps of most games
        living = sorted(state.living_units(), key=_unit_id) if _unsettled(state) else ()
        for unit in living:
            if unit.carried_by is None:
                continue  # neither a carrier nor an artifact holds it (``_freed_from_artifact``)
            carrier = state.units.get(unit.carried_by)
            if carrier is None:
                self._freed_from_artifact(unit.id, cause)
                continue
            if not carrier.alive or carrier.location != unit.location:
                self.emit(
                    UnitDropped, cause=cause, unit=unit.id, carrier=carrier.id, at=unit.location,
                    reason="it no longer shares a location with its carrier",
                )
                continue
            where = parse_loc(carrier.location or "")
            lost = self.view().silenced(carrier.id, where) or self.view().disabled(carrier.id, where)
            if lost is not None and self.view().held_by(unit.id) is None:  # an effect's hold stays (Bullfrog FAQ)
                self.emit(
                    UnitDropped, cause=cause, unit=unit.id, carrier=carrier.id, at=unit.location,
                    reason=f"its carrier lost the ability to carry: {lost}",
                )
        for unit in living:
            if unit.id == moving or unit.location is None or not unit.alive:
                continue
            carrier = state.units.get(unit.carried_by or "")
            if carrier is not None and carrier.id == moving:
                continue  # a passenger is settled with its carrier
            at = parse_loc(unit.location)
            if not may_perish(unit, at):
                continue  # a minion below the surface, or in the void, is the one that may not survive
            fatal = self.view().survival(unit.id, at)
            if fatal is not None:
                self.kill(unit.id, fatal, cause)
        for unit_id, why in voids.short_of_voids(state):
            self.kill(unit_id, why, cause)  # banished (Yog-Sothoth)
        for feature, lies_at, card_name in borne_where_forbidden(state):  # a bearer of an artifact at a Red Rock
            self.emit(
                ArtifactDropped, cause=cause, feature=feature.id, unit=feature.bearer or "", at=lies_at,
                reason=f"{card_name}: {CANT_BE_CARRIED}",
            )
        self.mark_lasting_losses(cause)

    def _freed_from_artifact(self, unit_id: str, cause: str) -> None:
        """A minion an artifact carries (Cage of Sidrak) that no longer shares its location is
        no longer carried, so free (its FAQ: a teleport out of the cage)."""
        unit = self.state.units[unit_id]
        holder = self.state.features.get(unit.carried_by or "")
        if holder is None:
            return
        where = self.view().location_of(holder.id)
        if where is None or where.text != unit.location:
            self.emit(UnitDropped, cause=cause, unit=unit.id, carrier=holder.id, at=unit.location,
                      reason=f"it no longer shares a location with {holder.card}")


def _unsettled(state: SorceryState) -> bool:
    """Whether ``settle``'s walks over the living units could find anything: a unit carried
    (by a unit or an artifact), or a minion off the surface (``may_perish``). Asked in one
    pass without sorting the units: most settles after most steps of most games find neither."""
    for unit in state.units.values():
        if not unit.alive:
            continue
        if unit.carried_by is not None:
            return True
        if unit.location is not None and may_perish(unit, parse_loc(unit.location)):
            return True
    return False
