"""What each Sorcery command does, and the storyline items only Sorcery has.

Commands are checked first (an illegal command raises and records nothing); then their work
goes onto the storyline, which the engine's resolver works through one item at a time: each
declared step just before it happens, triggers inserted ahead of the remaining work, then the
attack to declare and defenders joining the fight (digest 2.11, codex: Storyline).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from domain.errors import BadInput, IllegalCommand, suggest
from domain.handlers import CommandHandlers
from domain.movement import Judgement, search_reach
from domain.rules import RuleRef
from domain.ruleset import unique_ids
from domain.rulesets.sorcery import artifacts_forced as forced_artifacts
from domain.rulesets.sorcery import combat, constrict, flood, mandatory, triggers
from domain.rulesets.sorcery import genesis as genesis_rules
from domain.rulesets.sorcery import triggers_turnly as turn_triggers
from domain.rulesets.sorcery.abilities import Spell, fill, target_count, target_kind
from domain.rulesets.sorcery.cards import SPELLS, abilities_of, placement
from domain.rulesets.sorcery.catalog import Card, card, slug
from domain.rulesets.sorcery.commands import (
    Activate,
    ArtifactSetup,
    AuraSetup,
    Cast,
    Conjure,
    Defend,
    Drop,
    EndTurn,
    Intercept,
    MoveAndAttack,
    Pass,
    PickUp,
    PlaySite,
    SetUp,
    Summon,
)
from domain.rulesets.sorcery.effects import Lose, Scope, parse_spec
from domain.rulesets.sorcery.events import (
    AbilityUsed,
    EffectEnded,
    EffectStarted,
    EndOfTurnQueued,
    FeaturePlaced,
    SiteFormedUnder,
    SpellCast,
    TurnEnded,
    TurnStarted,
    UnitDropped,
    UnitPickedUp,
    UnitPlaced,
    UnitTapped,
    not_modelled_of,
)
from domain.rulesets.sorcery.events_combat import (
    AttackDeclared,
    AttackPlanned,
    AttackRefused,
    DefenceClosed,
    DefendDeclared,
    DefenderJoined,
    DefenderMissed,
    InterceptAwaited,
    InterceptClosed,
    InterceptDeclared,
    InterceptLapsed,
    InterceptOffered,
    SplitDeclared,
)
from domain.rulesets.sorcery.movement import FORCED_KINDS, NOT_ADJACENT, ForcedMovement, SorceryMovement
from domain.rulesets.sorcery.realm import (
    COLUMNS,
    DIRECTIONS,
    ROWS,
    Loc,
    Region,
    distance,
    nearby,
    parse_loc,
    within_steps,
)
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import (
    AttackItem,
    CardState,
    EffectState,
    InterceptItem,
    JoinFightItem,
    NotModelled,
    SorceryState,
    SorceryUnit,
    TurnPassItem,
)
from domain.rulesets.sorcery.view import RealmView
from domain.state import StepItem

TAP = rule("codex: Tap", "only untapped units can tap")
ACTIVE_ONLY = rule("codex: Activated Ability", "used only on your own turn")
WAIT_DEFENCE = rule("codex: Attack", "an attack awaits defenders; the defending player must defend or pass")
BUSY = rule("codex: Storyline", "the storyline must be empty")
OWN_UNITS = rule("codex: Basic Ability", "a player uses only their own units' abilities")
DEFEND_WINDOW = rule("codex: Defend", "Defend answers an enemy attack that awaits defenders")
DEFEND_RANGE = rule("codex: Range of Motion", "the attack's location is not in this unit's range of motion")
NO_REPEAT = rule("codex: Path", "a path may not repeat a step (A -> B -> A is fine, A -> B twice is not)")
ONCE_PER_TURN = rule("codex: Pick Up", "Pick Up and Drop are each used once on your turn")
SICK = rule("codex: Summoning Sickness", "a minion that entered the realm this turn can't tap, unless it has Charge")
WAIT_INTERCEPT = rule("codex: Intercept", "an enemy may be intercepted; its player must intercept or pass")
INTERCEPT = rule("codex: Intercept", "an enemy that used Move and Attack and didn't attack, at its final location")
UNMODELLED = rule("option unmodelled: refuse", "cards whose rules text is not fully modelled are refused")


class SorceryCommands(CommandHandlers[SorceryState]):
    """What each Sorcery command does, recorded through the resolver of one command."""

    State = SorceryState

    def view(self) -> RealmView:
        return RealmView(self.state)

    def movement(self) -> SorceryMovement:
        return SorceryMovement(self.state)

    # --- locations and lookups --------------------------------------------------------------

    def unit(self, unit_id: str) -> SorceryUnit:
        found: SorceryUnit = self.known_unit(unit_id)
        return found

    # --- command dispatch -------------------------------------------------------------------

    def execute(self, command: BaseModel) -> None:
        handlers: dict[type[BaseModel], Any] = {
            SetUp: self.set_up,
            MoveAndAttack: self.move_and_attack,
            Defend: self.defend,
            Pass: self.pass_defence,
            EndTurn: self.end_turn,
            Cast: self.cast,
            PlaySite: self.play_site,
            PickUp: self.pick_up,
            Drop: self.drop,
            Intercept: self.intercept,
            Summon: self.summon,
            Conjure: self.conjure,
            Activate: self.activate,
        }
        if isinstance(command, (MoveAndAttack, EndTurn, Cast, PlaySite, PickUp, Drop, Summon, Conjure, Activate)):
            self._check_duties(command)
        handlers[type(command)](command)

    def _check_duties(self, command: BaseModel) -> None:
        """Mandatory attacks first (codex: Mandatory Actions): while an active player's minion
        can attack and must, only a Move and Attack that meets the duty is accepted."""
        if self.state.attack is not None or self.state.intercept is not None or self.state.storyline:
            return
        found = mandatory.duties(self.state)
        if not found:
            return
        if isinstance(command, MoveAndAttack):
            unit = self.state.units.get(command.unit)
            if unit is not None and unit.location is not None:
                end = self.location(command.path[-1], "path") if command.path else unit.location
                if any(mandatory.satisfies(self.state, d, unit.id, end, command.attack) for d in found):
                    return
        listed = "; ".join(
            f"{d.unit} must attack {d.target}" if d.target else f"{d.unit} must attack (near {d.source})" for d in found
        )
        raise IllegalCommand(rule("codex: Mandatory Actions", "a minion that can attack and must, does so first"), f"{listed} ({found[0].source})")

    # --- set-up -----------------------------------------------------------------------------

    def set_up(self, setup: SetUp) -> None:
        setattr(self.resolver, flood.SETTING_UP, True)  # noqa: B010  (a flag the ruleset's hook reads: flood.py)
        try:
            self._set_up(setup)
        finally:
            setattr(self.resolver, flood.SETTING_UP, False)  # noqa: B010

    def _set_up(self, setup: SetUp) -> None:
        ids: list[tuple[str, str]] = []

        def new_id(candidate: str, where: str) -> str:
            ids.append((candidate, where))
            unique_ids(ids)  # checked as each is given, so a set-up's first problem is the one named
            return candidate

        site_cards = [self._card(site.card, f"setup.sites[{i}]", "Site") for i, site in enumerate(setup.sites)]
        self._refuse_unmodelled(
            [*(s.card for s in setup.sites), *(u.card for u in setup.units), *(a.card for a in setup.artifacts),
             *(a.card for a in setup.auras), *(sp.card for sp in setup.spells)],
            "set-up",
        )
        names = [data.name for data in site_cards]
        for i, (site, data) in enumerate(zip(setup.sites, site_cards, strict=True)):
            where = f"setup.sites[{i}]"
            square = int(self.location(site.at, f"{where}.at").split("/")[0])
            if self.view().site_at(square) is not None:
                raise BadInput(f"square {square} already has a site", f"{where}.at")
            self._check_player(site.controller, f"{where}.controller")
            default_id = slug(data.name) if names.count(data.name) == 1 else f"{slug(data.name)}-{square}"
            site_id = new_id(site.id or default_id, f"{where}.id")
            self._place_site(site_id, data, square, site.controller)
        for i, spec in enumerate(setup.units):
            where = f"setup.units[{i}]"
            data = self._card(spec.card, where, "Minion", "Avatar")
            new_id(spec.id, f"{where}.id")
            self._check_player(spec.owner, f"{where}.owner")
            at = self.location(spec.at, f"{where}.at")
            if not self.view().location_exists(parse_loc(at)) and not self._subsurface(at):
                raise BadInput(f"location {spec.at!r} does not exist (no site there)", f"{where}.at")
            self._place_unit(spec.id, data, spec.owner, at, spec.tapped, spec.summoned)
        for i, spec in enumerate(setup.units):
            if spec.carried_by is not None:
                self._set_carried(spec.id, spec.carried_by, f"setup.units[{i}].carried_by")
        for i, art in enumerate(setup.artifacts):
            where = f"setup.artifacts[{i}]"
            data = self._card(art.card, where, "Artifact")
            new_id(art.id, f"{where}.id")
            self._place_artifact(art, data, where)
        for i, aura in enumerate(setup.auras):
            where = f"setup.auras[{i}]"
            data = self._card(aura.card, where, "Aura")
            new_id(aura.id, f"{where}.id")
            self._check_player(aura.controller, f"{where}.controller")
            self._place_aura(aura, data, where)
        for i, spell in enumerate(setup.spells):
            self._check_player(spell.caster, f"setup.spells[{i}].caster")
            self._cast(spell.card, spell.caster, spell.targets, f"setup.spells[{i}]")
        for i, spec in enumerate(setup.units):
            self._check_subsurface(spec.id, f"setup.units[{i}].at")
            self._check_placement(spec.id, f"setup.units[{i}].at")
        self.settle(self.cause)  # e.g. a carrier set up silenced carries nothing (digest 2.6)

    # --- what is not modelled, and where units may be --------------------------------------------

    def _subsurface(self, at: str) -> bool:
        """A subsurface location of a site: at set-up it may be named for the kind the site has
        once every aura and spell of the set-up is in force (a Flood over a land site), and is
        checked then (``_check_subsurface``)."""
        loc = parse_loc(at)
        return loc.region in flood.SUBSURFACES and self.view().site_at(loc.square) is not None

    def _check_subsurface(self, unit_id: str, where: str) -> None:
        """A unit set up under a site is in its subsurface as the set-up leaves the site: underwater
        under a water site, underground under a land site (codex: Subsurface; flood.py)."""
        location = self.state.units[unit_id].location or ""
        loc = parse_loc(location)
        if loc.region in flood.SUBSURFACES and not self.view().location_exists(loc):
            kind = "water" if self.view().is_water(loc.square) else "land"
            raise BadInput(f"location {self.label(location)} does not exist: the site there is a {kind} site", where)

    def _refuse_unmodelled(self, names: list[str], what: str) -> None:
        """Under ``unmodelled: refuse``, refuse ``what`` when any of its cards has rules text the
        simulator does not model, naming each card and the text."""
        if self.state.options.unmodelled != "refuse":
            return
        found = [not_modelled_of(name) for name in dict.fromkeys(names)]
        listed = [d.describe() for d in found if d is not None]
        if listed:
            raise IllegalCommand(UNMODELLED, f"{what} refused: " + "; ".join(listed))

    def _check_placement(self, unit_id: str, where: str) -> None:
        """A unit may be set up only where it could be summoned and survive (digest 1.6, 2.3):
        Avatars on the surface; minions underground with Burrowing, underwater with Submerge, in
        the void with Voidwalk; nowhere a passive ban keeps it from entering."""
        view = self.view()
        refusal = view.cannot_be_at(unit_id, parse_loc(self.state.units[unit_id].location or ""))
        if refusal is not None:
            unit = self.state.units[unit_id]
            raise IllegalCommand(refusal, f"{where}: {unit_id} ({unit.card}) can't be set up at {self.label(unit.location or '')}")

    def _place_artifact(self, art: ArtifactSetup, data: Card, where: str) -> None:
        if (art.at is None) == (art.bearer is None):
            raise BadInput("give exactly one of 'at' and 'bearer'", where)
        controller = art.controller
        if controller is not None:
            self._check_player(controller, f"{where}.controller")
        location = None
        if art.bearer is not None:
            bearer = self.state.units.get(art.bearer)
            if bearer is None:
                raise BadInput(f"unknown unit {art.bearer!r}{suggest(art.bearer, self.state.units, 'units')}", f"{where}.bearer")
            controller = controller or bearer.owner
        else:
            location = self.location(art.at or "", f"{where}.at")
        if controller is None and any(a.timing == "triggered" for a in abilities_of(data.name)):
            raise BadInput(f"{data.name}'s triggered abilities are its controller's: give 'controller'", f"{where}.controller")
        self.emit(
            FeaturePlaced,
            feature=CardState(
                id=art.id, card=data.name, kind="artifact", controller=controller,
                location=location, bearer=art.bearer,
            ),
            not_modelled=not_modelled_of(data.name),
        )
        self._start_passives(art.id, data, controller, None)

    def _place_aura(self, aura: AuraSetup, data: Card, where: str) -> None:
        """An aura atop a 2x2 area given by its top-left square, or a wall atop the border of a
        site its controller controls (codex: Aura, Border; digest 1.2, 2.10)."""
        border = placement(data.name, "atop_border")
        if border is not None:
            if aura.border is None or len(aura.border) != 2 or aura.at is not None:
                raise BadInput(f"{data.name} is conjured atop a border: give 'border: [square, square]'", where)
            a, b = (parse_loc(self.location(x, f"{where}.border")).square for x in aura.border)
            if b not in self.view().orthogonal(a):
                raise BadInput(f"squares {a} and {b} share no border", f"{where}.border")
            owned = [sq for sq in (a, b) if (site := self.view().site_at(sq)) is not None and site.controller == aura.controller]
            if not owned:
                raise IllegalCommand(
                    rule(data.name, border),
                    f"{where}: neither square {a} nor {b} is a site {aura.controller} controls",
                )
            area, square = [a, b], a
        else:
            if aura.at is None or aura.border is not None:
                raise BadInput(f"{data.name} covers a 2x2 area: give 'at', its top-left square", where)
            square = parse_loc(self.location(aura.at, f"{where}.at")).square
            column, row = (square - 1) % COLUMNS, (square - 1) // COLUMNS
            if column >= COLUMNS - 1 or row >= ROWS - 1:
                raise BadInput(f"a 2x2 area with top-left square {square} would leave the realm", f"{where}.at")
            area = [square, square + 1, square + COLUMNS, square + COLUMNS + 1]
        self.emit(
            FeaturePlaced,
            feature=CardState(
                id=aura.id, card=data.name, kind="aura", controller=aura.controller, location=str(square), area=area,
            ),
            not_modelled=not_modelled_of(data.name),
        )
        self._start_passives(aura.id, data, aura.controller, square, area)

    def fresh_id(self, candidate: str, where: str) -> None:
        """Refuse an id that a unit or card in the game has already (``unique_ids``)."""
        unique_ids([*((i, where) for i in (*self.state.units, *self.state.features)), (candidate, where)])

    def _check_player(self, player: str, where: str) -> None:
        if player not in self.state.players:
            raise BadInput(f"unknown player {player!r}: the players are {', '.join(self.state.players)}", where)

    def _card(self, name: str, where: str, *types: str) -> Card:
        try:
            data = card(name)
        except BadInput as exc:
            raise BadInput(exc.message, where) from None
        if types and data.type not in types:
            raise BadInput(f"{data.name} is a {data.type}, expected {' or '.join(types)}", where)
        return data

    def _place_site(self, site_id: str, data: Card, square: int, controller: str) -> None:
        self.emit(
            FeaturePlaced,
            feature=CardState(
                id=site_id, card=data.name, kind="site", controller=controller, location=str(square), water=data.water,
            ),
            not_modelled=not_modelled_of(data.name),
        )
        self._start_passives(site_id, data, controller, square)

    def _place_unit(self, unit_id: str, data: Card, owner: str, at: str, tapped: bool, summoned: bool = False) -> None:
        carry = max((a.carry for a in abilities_of(data.name)), default=0)
        allies = next((a.carry_allies for a in abilities_of(data.name) if a.carry), "minion")
        self.emit(
            UnitPlaced,
            unit=SorceryUnit(
                id=unit_id, card=data.name, owner=owner,
                kind="avatar" if data.type == "Avatar" else "minion",
                location=at, power=data.attack or 0,
                defence=data.defence if data.defence is not None else (data.attack or 0),
                keywords=list(data.keywords), movement_bonus=data.movement_bonus,
                carries=carry, carry_allies_only=allies != "unit", tapped=tapped,
                entered_turn=self.state.turn if summoned else None,
            ),
            not_modelled=not_modelled_of(data.name),
        )
        self._start_passives(unit_id, data, owner, int(at.split("/")[0]))

    def _set_carried(self, unit_id: str, carrier_id: str, where: str) -> None:
        carrier = self.state.units.get(carrier_id)
        unit = self.state.units[unit_id]
        if carrier is None:
            raise BadInput(f"unknown unit {carrier_id!r}{suggest(carrier_id, self.state.units, 'units')}", where)
        refusal = self.carry_refusal(carrier, unit)
        if refusal is not None:
            raise BadInput(str(refusal), where)
        self.emit(
            UnitPlaced, unit=unit.model_copy(update={"carried_by": carrier_id}),
            not_modelled=self.state.not_modelled.get(unit_id),
        )

    def carry_refusal(self, carrier: SorceryUnit, unit: SorceryUnit) -> RuleRef | None:
        """Why ``carrier`` can't carry ``unit`` now (codex: Carrying Units; digest 2.6, gap 11)."""
        ability = next((a for a in abilities_of(carrier.card) if a.carry), None)
        view = self.view()
        if ability is None or carrier.carries == 0:
            return rule("codex: Carrying Units", f"{carrier.card} can't carry units")
        where = parse_loc(carrier.location or "")
        if view.silenced(carrier.id, where) is not None or view.disabled(carrier.id, where) is not None:
            return rule("codex: Carrying Units", f"{carrier.card} has lost its ability to carry units")
        if unit.id == carrier.id or not unit.alive:
            return rule("codex: Carrying Units", "a carrier carries other units in the realm")
        kind = ability.carry_allies
        if kind != "any_minion" and unit.owner != carrier.owner:
            return rule(carrier.card, f"{ability.name}: allies only")
        if kind in ("minion", "weaker_minion", "any_minion") and unit.kind != "minion":
            return rule(carrier.card, f"{ability.name}: minions only")
        if kind == "weaker_minion" and view.power(unit.id) >= view.power(carrier.id):
            return rule(carrier.card, f"{ability.name}: only a weaker one (strictly less power; digest gap 11)")
        if carrier.location != unit.location:
            return rule("codex: Pick Up", "units are picked up at the carrier's location")
        if unit.carried_by == carrier.id:
            return rule("codex: Pick Up", "that unit is already carried by it")
        if len(view.passengers(carrier.id)) >= carrier.carries:
            return rule(carrier.card, f"{ability.name}: it can carry only {carrier.carries} unit(s)")
        return None

    # --- activated abilities (activated.py) ------------------------------------------------------

    def activate(self, cmd: Activate) -> None:
        from domain.rulesets.sorcery import activated

        activated.activate(self, cmd)

    # --- Pick Up and Drop (codex: Pick Up, Drop, Carrying Units) ---------------------------------

    def pick_up(self, cmd: PickUp) -> None:
        carrier = self.unit(cmd.unit)
        player = self.player(cmd.player, carrier.owner)
        self._check_main_phase(player)
        if carrier.owner != player or not carrier.alive:
            raise IllegalCommand(OWN_UNITS, f"{carrier.id} is not {player}'s unit in the realm")
        if f"pick_up:{carrier.id}" in self.state.used_this_turn:
            raise IllegalCommand(ONCE_PER_TURN, f"{carrier.id} has used Pick Up this turn")
        if not cmd.targets:
            raise BadInput("name the units to pick up", "targets")
        self.emit(AbilityUsed, unit=carrier.id, ability="pick_up")
        for target_id in cmd.targets:
            unit = self.unit(target_id)
            refusal = self.carry_refusal(self.state.units[carrier.id], unit)
            if refusal is not None:
                raise IllegalCommand(refusal, f"{carrier.id} can't pick up {unit.id}")
            if unit.carried_by is not None:
                self.emit(UnitDropped, unit=unit.id, carrier=unit.carried_by, at=unit.location, reason=f"picked up by {carrier.id}")
            self.emit(UnitPickedUp, carrier=carrier.id, unit=unit.id)

    def drop(self, cmd: Drop) -> None:
        carrier = self.unit(cmd.unit)
        player = self.player(cmd.player, carrier.owner)
        self._check_main_phase(player)
        if carrier.owner != player or not carrier.alive:
            raise IllegalCommand(OWN_UNITS, f"{carrier.id} is not {player}'s unit in the realm")
        if f"drop:{carrier.id}" in self.state.used_this_turn:
            raise IllegalCommand(ONCE_PER_TURN, f"{carrier.id} has used Drop this turn")
        if f"interacted:{carrier.id}" in self.state.used_this_turn:
            raise IllegalCommand(rule("codex: Drop", "only if the unit hasn't interacted with the realm this turn"), f"{carrier.id} has struck this turn")
        carried = self.view().passengers(carrier.id)
        targets = cmd.targets or carried
        for target in targets:
            if target not in carried:
                raise IllegalCommand(rule("codex: Drop", "a unit drops only what it carries"), f"{carrier.id} doesn't carry {target}")
            if self.view().held_by(target) is not None:
                raise IllegalCommand(rule(carrier.card, "a swallowed minion can't be dropped (FAQ)"), f"{carrier.id} holds {target}")
        self.emit(AbilityUsed, unit=carrier.id, ability="drop")
        for target in targets:
            self.emit(UnitDropped, unit=target, carrier=carrier.id, at=carrier.location, reason="dropped (Drop)")
        self.settle(self.cause)

    def _start_passives(
        self, source_id: str, data: Card, controller: str | None, square: int | None, area: list[int] | None = None,
    ) -> None:
        view = self.view()
        values: dict[str, Any] = {
            "square": square, "self": source_id, "controller": controller,
            "area": area, "border": area, "nearby": view.nearby(square) if square is not None else [],
            "top_border": self._top_border(square, controller),
        }
        for ability in abilities_of(data.name):
            if ability.timing != "ongoing" or ability.passive is None:
                continue
            spec = fill(ability.passive, values)
            if spec.get("border", ()) is None:
                continue  # a top border off the edge of the realm: nothing to bar
            self.start_effect(source_id, controller, spec, "while_in_realm", f"{data.name}: {ability.name}")

    def _top_border(self, square: int | None, controller: str | None) -> list[int] | None:
        """The site's border farthest from its controller's starting edge (codex: Top Border):
        the first player's home row is the bottom one (digest gap 1)."""
        if square is None or controller is None:
            return None
        above = square - COLUMNS if controller == self.state.players[0] else square + COLUMNS
        return [square, above] if 1 <= above <= COLUMNS * ROWS else None

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

    # --- Move and Attack ---------------------------------------------------------------------

    def _check_main_phase(self, player: str) -> None:
        if player != self.state.active_player:
            raise IllegalCommand(ACTIVE_ONLY, f"it is {self.state.active_player}'s turn, not {player}'s")
        if self.state.attack is not None:
            raise IllegalCommand(WAIT_DEFENCE)
        if self.state.intercept is not None:
            raise IllegalCommand(WAIT_INTERCEPT)
        if self.state.storyline:
            raise IllegalCommand(BUSY)

    def _own_ready_unit(self, unit_id: str, player: str | None) -> tuple[SorceryUnit, str]:
        unit = self.unit(unit_id)
        acting = self.player(player, unit.owner)
        if not unit.alive or unit.location is None:
            raise IllegalCommand(rule("codex: Die", "the unit is no longer in the realm"), f"{unit_id} is dead")
        if unit.owner != acting:
            raise IllegalCommand(OWN_UNITS, f"{unit_id} belongs to {unit.owner}, not {acting}")
        if unit.tapped:
            raise IllegalCommand(TAP, f"{unit_id} is tapped")
        if self.summoning_sick(unit):
            raise IllegalCommand(SICK, f"{unit_id} entered the realm this turn")
        return unit, acting

    def summoning_sick(self, unit: SorceryUnit) -> bool:
        """Entered the realm this turn, and no Charge (codex: Summoning Sickness, Charge)."""
        if unit.entered_turn != self.state.turn:
            return False
        return "Charge" not in self.view().keywords(unit.id)

    def _declared_path(self, unit: SorceryUnit, path: list[str], field: str) -> list[str]:
        """Parse a declared path; the unit's own location may lead it. Steps must be adjacent
        under the effects in force now; their legality is checked only as each one happens."""
        assert unit.location is not None
        steps = [self.location(p, f"{field}[{i}]") for i, p in enumerate(path)]
        if steps and steps[0] == unit.location:
            steps = steps[1:]
        full = [unit.location, *steps]
        movement = self.movement()
        declared: set[tuple[str, str]] = set()
        for i, (frm, to) in enumerate(zip(full, full[1:], strict=False)):
            if frm == to:
                raise BadInput(f"step {i + 1} goes from {frm} to itself; every step changes location", field)
            if (frm, to) in declared:
                raise IllegalCommand(NO_REPEAT, f"step {i + 1} of {unit.id}'s path repeats {self.label(frm)} -> {self.label(to)}")
            declared.add((frm, to))
            if not movement.adjacent(frm, to, unit.owner, unit.id):
                raise IllegalCommand(NOT_ADJACENT, f"step {i + 1} of {unit.id}'s path: {frm} -> {to} are not adjacent")
        return full

    def move_and_attack(self, cmd: MoveAndAttack) -> None:
        unit, player = self._own_ready_unit(cmd.unit, cmd.player)
        self._check_main_phase(player)
        denied = self.movement().no_movement(unit.id)
        if denied is not None:
            raise IllegalCommand(denied, f"{unit.id} can't use Move and Attack")
        full = self._declared_path(unit, cmd.path, "path")
        if cmd.attack is not None:
            view = self.view()
            barred = view.restriction(unit.id, "no_attack") or (
                view.restriction(unit.id, "no_attack_sites") if cmd.attack == "site" else None
            )
            if barred is not None:
                raise IllegalCommand(barred, f"{unit.id} can't attack {'sites' if cmd.attack == 'site' else ''}".strip())
        if cmd.attack is not None and cmd.attack != "site":
            target = self.unit(cmd.attack)
            if target.owner == player:
                raise IllegalCommand(rule("codex: Attack", "attacks target enemy units or sites"), f"{cmd.attack} is an ally")
        if cmd.split is not None:
            if any(n < 0 for n in cmd.split.values()) or sum(cmd.split.values()) != unit.power:
                raise BadInput(f"a split of {unit.id}'s strike gives all its {unit.power} damage, none negative", "split")
            for named in cmd.split:
                self.unit(named)
        self.emit(UnitTapped, unit=unit.id, reason="Move and Attack")
        if cmd.split is not None:
            self.emit(SplitDeclared, unit=unit.id, split=dict(cmd.split))
        if len(full) > 1:
            self.declare_path(unit.id, full, "move_and_attack", self.movement().allowance(unit.id))
        if cmd.attack is not None:
            self.emit(AttackPlanned, unit=unit.id, target=cmd.attack)
        elif len(full) == 1:
            self.await_intercept(unit.id)  # used Move and Attack without moving or attacking

    # --- Intercept (codex: Intercept; digest 3.4) ----------------------------------------------

    def interceptors(self, unit_id: str) -> tuple[list[str], str]:
        """The enemy units that may intercept ``unit_id`` where it is now, and why none may."""
        unit = self.state.units[unit_id]
        if not unit.alive or unit.location is None:
            return [], "it is no longer in the realm"
        view = self.view()
        where = parse_loc(unit.location)
        if "Stealth" in view.keywords(unit_id):
            return [], "a unit with Stealth can't be intercepted"
        barred = view.uninterceptable(unit_id)
        if barred is not None:
            return [], f"{barred.source}: it can't be intercepted"
        airborne = view.airborne(unit_id)
        found = []
        for other in sorted(self.state.units_at(unit.location), key=lambda u: u.id):
            assert isinstance(other, SorceryUnit)
            if other.owner == unit.owner or other.tapped or self.summoning_sick(other):
                continue
            if view.disabled(other.id, where) is not None or view.restriction(other.id, "no_intercept") is not None:
                continue
            if airborne and not ({"Airborne"} & view.keywords(other.id) or any(k.startswith("Ranged") for k in view.keywords(other.id))):
                continue  # an Airborne unit only by Airborne or Ranged units (codex: Airborne)
            found.append(other.id)
        return found, "no untapped enemy unit there may intercept it"

    def await_intercept(self, unit_id: str) -> None:
        if self.interceptors(unit_id)[0]:
            self.emit(InterceptAwaited, unit=unit_id)

    def resolve_intercept_item(self, item: InterceptItem) -> None:
        eligible, why = self.interceptors(item.unit)
        unit = self.state.units[item.unit]
        if not eligible:
            self.emit(InterceptLapsed, unit=item.unit, reason=why)
            return
        self.emit(
            InterceptOffered, intercept_id=self.state.next_id("i", "intercept"), unit=item.unit,
            location=unit.location or "", eligible=eligible,
        )

    def intercept(self, cmd: Intercept) -> None:
        window = self.state.intercept
        if window is None:
            raise IllegalCommand(INTERCEPT, "no enemy may be intercepted now")
        unit, player = self._own_ready_unit(cmd.unit, cmd.player)
        mover = self.state.units[window.unit]
        if player == mover.owner:
            raise IllegalCommand(INTERCEPT, f"{player} can't intercept their own unit")
        if unit.id in window.interceptors:
            raise IllegalCommand(INTERCEPT, f"{unit.id} already intercepts")
        eligible, why = self.interceptors(window.unit)
        if unit.id not in eligible:
            at = self.label(window.location)
            raise IllegalCommand(INTERCEPT, f"{unit.id} can't intercept {window.unit} at {at}: it must already be there, untapped; {why}")
        self.emit(UnitTapped, unit=unit.id, reason="Intercept")
        self.emit(InterceptDeclared, intercept_id=window.id, unit=unit.id)

    def close_intercept(self, player: str) -> None:
        window = self.state.intercept
        assert window is not None
        intercepting = self.state.opponent_of(self.state.units[window.unit].owner)
        if player != intercepting:
            raise IllegalCommand(INTERCEPT, f"only {intercepting} decides on intercepting")
        self.emit(InterceptClosed, intercept_id=window.id)
        mover = self.state.units[window.unit]
        present = [u for u in window.interceptors if self.state.units[u].alive and self.state.units[u].location == mover.location]
        if present and mover.alive:
            combat.fight(self, f"{window.id}-fight", [[mover.id], present], mover.location, f"intercept {window.id}", window.id)

    def declare_path(self, unit_id: str, path: list[str], purpose: str, allowance: float | None, cause: str | None = None) -> None:
        self.resolver.declare_path(unit_id, path, purpose, allowance, cause)

    # --- Defend -------------------------------------------------------------------------------

    def defend(self, cmd: Defend) -> None:
        attack = self.state.attack
        unit = self.unit(cmd.unit)
        if attack is None or not attack.window_open:
            raise IllegalCommand(DEFEND_WINDOW, "no attack awaits defenders")
        attacker_owner = self.state.units[attack.attacker].owner
        defending = self.state.opponent_of(attacker_owner)
        unit, player = self._own_ready_unit(cmd.unit, cmd.player)
        if player != defending:
            raise IllegalCommand(DEFEND_WINDOW, f"{player} can't defend against their own attack")
        barred = self.view().restriction(unit.id, "no_defend")
        if barred is not None:
            raise IllegalCommand(barred, f"{unit.id} can't defend")
        in_place = self.view().restriction(unit.id, "defend_in_place")
        if in_place is not None and attack.location != unit.location:
            raise IllegalCommand(in_place, f"{unit.id} can't move to defend")
        reach = search_reach(self.movement(), unit.id, unit.location or "")
        if attack.location not in reach:
            reasons = "; ".join(str(r) for r in reach.why_not(attack.location))
            raise IllegalCommand(DEFEND_RANGE, f"{unit.id} can't reach {self.label(attack.location)}: {reasons}")
        if cmd.path is not None:
            full = self._declared_path(unit, cmd.path, "path")
            if full[-1] != attack.location:
                raise IllegalCommand(rule("codex: Defend", "a defender's path ends at the attack's location"))
        else:
            full = reach.path_to(attack.location) or [attack.location]
        self.emit(UnitTapped, unit=unit.id, reason="Defend")
        self.emit(DefendDeclared, attack_id=attack.id, defender=unit.id)
        if len(full) > 1:
            self.declare_path(unit.id, full, "defend", self.movement().allowance(unit.id))

    def pass_defence(self, cmd: Pass) -> None:
        if self.state.intercept is not None:
            if self.state.storyline:
                raise IllegalCommand(BUSY)
            window = self.state.intercept
            self.close_intercept(self.player(cmd.player, self.state.opponent_of(self.state.units[window.unit].owner)))
            return
        attack = self.state.attack
        if attack is None or not attack.window_open:
            raise IllegalCommand(DEFEND_WINDOW, "no attack awaits defenders")
        defending = self.state.opponent_of(self.state.units[attack.attacker].owner)
        player = self.player(cmd.player, defending)
        if player != defending:
            raise IllegalCommand(DEFEND_WINDOW, f"only {defending} declares defenders")
        if self.state.storyline:
            raise IllegalCommand(BUSY)
        self.emit(DefenceClosed, attack_id=attack.id)
        combat.resolve_attack(self)

    # --- choices, turns, spells, sites ------------------------------------------------------

    def end_turn(self, cmd: EndTurn) -> None:
        """The end of the turn: what triggers then resolves first (a ``TurnPassItem`` waits
        behind it); then the turn passes (``pass_turn``) and what triggers at the start of the
        next one is queued (codex: Turn Sequence; digest 2.11)."""
        player = self.player(cmd.player, self.state.active_player)
        self._check_main_phase(player)
        if turn_triggers.on_turn_end(self, player, self.cause):
            self.emit(EndOfTurnQueued, player=player, turn=self.state.turn)
            return
        self.pass_turn(player)

    def resolve_turn_pass(self, item: TurnPassItem) -> None:
        self.pass_turn(item.player)

    def pass_turn(self, player: str) -> None:
        for effect in list(self.state.effects.values()):
            if effect.duration == "this_turn":
                self.emit(EffectEnded, effect_id=effect.id, reason="this turn ended")
            elif effect.duration.startswith(genesis_rules.YOUR_TURNS) and effect.controller == player and genesis_rules.counted_turns_over(
                effect.duration, effect.started_turn, self.state.turn,
            ):
                self.emit(EffectEnded, effect_id=effect.id, reason=f"{player}'s last turn of it ended")
        self.emit(TurnEnded, player=player, turn=self.state.turn)
        upcoming = self.state.opponent_of(player)
        for effect in list(self.state.effects.values()):
            if effect.duration == "until_next_turn" and effect.controller == upcoming:
                self.emit(EffectEnded, effect_id=effect.id, reason=f"{upcoming}'s next turn began")
        held = flood.kept_tapped(self, upcoming)
        untapped = sorted(u.id for u in self.state.units.values() if u.owner == upcoming and u.tapped and u.alive and u.id not in held)
        constricting = constrict.kept_tapped(self.state, untapped)  # Tringh Constrictor kills instead
        self.emit(TurnStarted, player=upcoming, turn=self.state.turn + 1, untapped=[u for u in untapped if u not in constricting])
        constrict.on_untap(self, untapped, None)
        turn_triggers.on_turn_start(self, upcoming, self.cause)

    def cast(self, cmd: Cast) -> None:
        from domain.rulesets.sorcery import react

        data = self._card(cmd.card, "card")
        spell = SPELLS.get(data.name)
        if spell is not None and target_kind(spell) == "attacked_ally_moves":  # Dodge Roll: when an ally is attacked
            react.cast_when_attacked(self, cmd, data, spell)
            return
        player = self.player(cmd.player, self.state.active_player)
        self._check_main_phase(player)
        self._refuse_unmodelled([data.name], f"casting {cmd.card}")
        by = react.check_caster(self, data, player, cmd.by)
        self._cast(cmd.card, player, cmd.targets, "card")
        react.on_cast(self, data, player, by, self.cause)
        self.mark_lasting_losses(self.cause)

    def _cast(self, name: str, caster: str, targets: list[str], where: str) -> None:
        data = self._card(name, where)
        spell = SPELLS.get(data.name)
        if spell is None:
            raise BadInput(f"{data.name} is not a spell the simulator models (modelled: {', '.join(sorted(SPELLS))})", where)
        if spell.moves == "react":  # Joust!, Call of the Sea, Backstab (react.py)
            from domain.rulesets.sorcery import react

            react.cast(self, data, spell, caster, targets, where)
            return
        if spell.moves == "own_step":
            if where.startswith("setup"):
                raise BadInput(f"{data.name} moves units: cast it in the script, not at set-up", where)
            self._cast_steps(data, spell, caster, targets, where)
            return
        if spell.then == "overflow":  # Wave of Eviction: floods and pushes along a line (flood.py)
            if where.startswith("setup"):
                raise BadInput(f"{data.name} moves units: cast it in the script, not at set-up", where)
            flood.overflow(self, data.name, spell.covers[0], caster, targets, f"{where}.targets")
            return
        if spell.moves is not None:
            if where.startswith("setup"):
                raise BadInput(f"{data.name} moves units: cast it in the script, not at set-up", where)
            self._cast_forced(data, spell, caster, targets, where)
            return
        count = target_count(spell)
        if count >= 0 and len(targets) != count:  # -1: as many as the player names
            raise BadInput(f"{data.name} needs {count} target(s), got {len(targets)}", f"{where}.targets")
        values: dict[str, Any] = {}
        shown = ""
        if target_kind(spell) == "site":
            squares = [int(self.location(t, f"{where}.targets").split("/")[0]) for t in targets]
            for sq in squares:
                if self.view().site_at(sq) is None:
                    raise BadInput(f"square {sq} has no site to choose", f"{where}.targets")
            if len(set(squares)) != len(squares):
                raise BadInput(f"{data.name} needs different sites", f"{where}.targets")
            values["targets"] = squares
            values["target_square"] = squares[0]
            shown = " and ".join(self.label(str(s)) for s in squares)
        elif target_kind(spell) == "caster":
            values["caster_unit"] = self._spellcaster(data, caster, targets[0], f"{where}.targets").id
            shown = values["caster_unit"]
        elif target_kind(spell) == "allied_spellcaster":  # Dream-Quest: an Avatar or a Spellcaster minion
            values["target"] = shown = self._spellcaster(data, caster, targets[0], f"{where}.targets").id
        elif target_kind(spell) == "caster_and_minion_two_steps":  # Sleep
            by = self._spellcaster(data, caster, targets[0], f"{where}.targets")
            target = self.known_unit(targets[1], f"{where}.targets", living=True)
            if target.kind != "minion" or not within_steps(by.location or "", target.location or "", 2, *self.view().wrap):
                raise IllegalCommand(
                    rule(data.name, spell.covers[0]),
                    f"{target.id} is not a minion up to two steps away from {by.id} in its region (digest 1.4)",
                )
            values["target"] = shown = target.id
        elif target_kind(spell) == "saved_minions":  # The Flood: one minion of each type, the caster's choice
            values["saved"] = flood.saved_minions(self, data.name, spell.covers[-1], targets, f"{where}.targets")
            shown = ", ".join(values["saved"]) or "none"
        elif target_kind(spell) == "sites_by_water":  # Wrath of the Sea: fixed as it is cast
            values["flood_squares"] = flood.sites_by_water(self.view())
            shown = ", ".join(self.label(str(sq)) for sq in values["flood_squares"]) or "none"
        elif target_kind(spell) != "none":
            target = self.unit(targets[0])
            if target.owner != caster or (target_kind(spell) == "allied_minion" and target.kind != "minion"):
                raise BadInput(f"{data.name} targets an {target_kind(spell).replace('_', ' ')}", f"{where}.targets")
            values["target"] = target.id
            shown = target.id
        values["caster"] = caster
        if spell.affects is not None:  # the units the spell affects, fixed as it is cast
            scope = Scope.model_validate(fill(spell.affects, values))
            view = self.view()
            values["affected"] = sorted(
                u.id for u in self.state.living_units()
                if isinstance(u, SorceryUnit) and u.location and view.in_scope(scope, u, parse_loc(u.location))
            )
            shown = ", ".join(values["affected"]) or "no unit"
        source = f"{slug(data.name)}-{self.state.counters.get('effect', 0) + 1}"
        label = f"{data.name}: " + spell.label.format(targets=shown, target=shown, caster=caster)
        for template in (spell.effect, *spell.also):
            self.start_effect(source, caster, fill(template, values), spell.duration, label, not_modelled=not_modelled_of(data.name))
        if spell.then == "submerge_on_water":
            flood.submerge_on_water(self, set(values.get("saved", ())))

    def took_damage(self, unit_id: str, amount: int, cause: str | None) -> None:
        """Effects that last until their unit takes damage end when it does (Sleep)."""
        if amount <= 0:
            return
        for effect in list(self.state.effects.values()):
            if effect.duration == "until_damaged" and unit_id in (getattr(effect.spec, "units", None) or ()):
                self.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{unit_id} took damage")

    def _spellcaster(self, data: Card, caster: str, unit_id: str, where: str) -> SorceryUnit:
        """The unit that casts a spell whose text refers to it ("nearby", "here"): the caster's
        Avatar or one of their Spellcaster minions (codex: Spellcaster)."""
        unit = self.known_unit(unit_id, where, living=True)
        if unit.owner != caster or not (unit.kind == "avatar" or "Spellcaster" in self.view().keywords(unit.id)):
            raise IllegalCommand(
                rule("codex: Spellcaster", "spells are cast by an Avatar or a Spellcaster minion"),
                f"{data.name}: {unit_id} is not a Spellcaster of {caster}'s",
            )
        assert isinstance(unit, SorceryUnit)
        return unit

    def _cast_forced(self, data: Card, spell: Spell, caster: str, targets: list[str], where: str) -> None:
        """A spell that pushes or teleports: each move is declared as a one-step path judged by
        the forced-movement model as it resolves (digest 2.7); a move into a place the unit
        can't enter fails there (StepRefused)."""
        assert spell.moves is not None
        how = spell.moves
        field = f"{where}.targets"
        moves: list[tuple[str, str]] = []
        how_of: dict[str, str] = {}  # a move made another way than the spell's usual one (Into the Abyss's pull)
        unaffected: dict[str, str] = {}  # targets the spell can't move, with why (it does what it can)
        things: list[tuple[str, str]] = []  # artifacts moved too, and where (artifacts_forced.py)
        if spell.moves_artifacts and targets and (thing := forced_artifacts.artifact(self, targets[0], field)) is not None:
            things = self._artifact_target(data, spell, thing, targets, field, unaffected)
        elif target_kind(spell) == "direction":
            if len(targets) != 1 or targets[0] not in DIRECTIONS:
                raise BadInput(f"{data.name} needs one direction: {', '.join(DIRECTIONS)}", field)
            d_row, d_col = DIRECTIONS[targets[0]]
            columns, rows = self.view().wrap
            for unit in sorted(self.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
                at = parse_loc(unit.location or "")
                if at.region is not Region.SURFACE or unit.carried_by is not None:
                    continue
                row, column = divmod(at.square - 1, COLUMNS)
                r, c = row + d_row, column + d_col
                r, c = (r % ROWS if rows else r), (c % COLUMNS if columns else c)
                if 0 <= r < ROWS and 0 <= c < COLUMNS:
                    moves.append((unit.id, str(r * COLUMNS + c + 1)))
            if spell.moves_artifacts:  # "everything atop sites": the artifacts lying on surfaces too
                for thing in forced_artifacts.on_ground(self):
                    at = parse_loc(thing.location or "")
                    row, column = divmod(at.square - 1, COLUMNS)
                    r, c = row + d_row, column + d_col
                    r, c = (r % ROWS if rows else r), (c % COLUMNS if columns else c)
                    if at.region is not Region.SURFACE:
                        continue
                    to, why = forced_artifacts.shifted(self.view(), thing, r * COLUMNS + c + 1) if (
                        0 <= r < ROWS and 0 <= c < COLUMNS) else (None, "the realm ends there")
                    if to is None:
                        unaffected[thing.id] = why
                    else:
                        things.append((thing.id, to))
        elif target_kind(spell) in ("ally_to_location", "minion_to_location", "ally_to_site_surface"):
            if len(targets) != 2:
                raise BadInput(f"{data.name} needs a unit and a location", field)
            unit = self.unit(targets[0])
            if not unit.alive or unit.location is None:
                raise IllegalCommand(rule("codex: Target", "the target must be in the realm"), f"{unit.id} is not")
            if target_kind(spell) in ("ally_to_location", "ally_to_site_surface") and unit.owner != caster:
                raise IllegalCommand(rule(data.name, "an ally teleports"), f"{unit.id} is not {caster}'s")
            if target_kind(spell) == "minion_to_location" and unit.kind != "minion":
                raise IllegalCommand(rule(data.name, "targets a minion"), f"{unit.id} is not a minion")
            moves.append((unit.id, self._parse_in_region(targets[1], unit.location, field)))
        elif target_kind(spell) == "allied_minions_to_caster":  # Recall
            if len(targets) < 2:
                raise BadInput(f"{data.name} needs the casting unit, then the allied minions it teleports", field)
            destination = self._spellcaster(data, caster, targets[0], field).location or ""
            for target in targets[1:]:
                unit = self.unit(target)
                if unit.owner != caster or unit.kind != "minion" or not unit.alive:
                    raise IllegalCommand(rule(data.name, "allied minions teleport"), f"{unit.id} is not a living minion of {caster}'s")
                moves.append((unit.id, destination))
        elif target_kind(spell) == "each_at_location":  # Scatter: every unit there, one at a time
            if len(targets) < 1 or len(targets) % 2 != 1:
                raise BadInput(f"{data.name} needs a location, then each unit there and where it is pushed", field)
            there = self.location(targets[0], field)
            named = {targets[i]: targets[i + 1] for i in range(1, len(targets), 2)}
            present = sorted(u.id for u in self.state.living_units() if u.location == there and u.carried_by is None)
            lying = {f.id: f for f in forced_artifacts.on_ground(self, there)} if spell.moves_artifacts else {}
            for thing_id in [t for t, f in lying.items() if forced_artifacts.unmovable(f)]:  # Iron Man Talus
                thing = lying.pop(thing_id)
                if thing_id in named:
                    raise IllegalCommand(
                        rule(thing.card, "can't be moved by force"), f"{thing_id} can't be pushed by {data.name}: leave it out",
                    )
                unaffected[thing_id] = forced_artifacts.unmovable(thing) or ""
            if sorted(named) != sorted([*present, *lying]) or len(named) * 2 != len(targets) - 1:
                what = "unit and artifact" if spell.moves_artifacts else "unit"
                raise IllegalCommand(
                    rule(data.name, spell.covers[0]),
                    f"name every {what} at {self.label(there)} once: {', '.join(sorted([*present, *lying])) or 'none'}",
                )
            for thing_id in lying:
                things.append(forced_artifacts.checked_move(self, lying[thing_id], named.pop(thing_id), "push", data.name, spell.covers[0], field))
            moves.extend((unit_id, self._parse_in_region(to, there, field)) for unit_id, to in named.items())
        elif target_kind(spell) == "rotation":  # Whirlwind: a 2x2 area, clockwise or counterclockwise
            if len(targets) != 2 or targets[1] not in ("clockwise", "counterclockwise"):
                raise BadInput(f"{data.name} needs a 2x2 area's top-left square, then clockwise or counterclockwise", field)
            top_left = parse_loc(self.location(targets[0], field)).square
            column, row = (top_left - 1) % COLUMNS, (top_left - 1) // COLUMNS
            if column >= COLUMNS - 1 or row >= ROWS - 1:
                raise BadInput(f"a 2x2 area with top-left square {top_left} would leave the realm", field)
            ring = [top_left, top_left + 1, top_left + 1 + COLUMNS, top_left + COLUMNS]  # clockwise
            if targets[1] == "counterclockwise":
                ring.reverse()
            following = {sq: ring[(i + 1) % 4] for i, sq in enumerate(ring)}
            view = self.view()
            for unit in sorted(self.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
                at = parse_loc(unit.location or "")
                if at.square in following and at.region is Region.SURFACE and view.site_at(at.square) is not None and unit.carried_by is None:
                    moves.append((unit.id, str(following[at.square])))
            if spell.moves_artifacts:  # "each unit and artifact atop sites" in the area
                for thing in forced_artifacts.on_ground(self):
                    at = parse_loc(thing.location or "")
                    if at.square in following and at.region is Region.SURFACE:
                        to, why = forced_artifacts.shifted(view, thing, following[at.square])
                        if to is None:
                            unaffected[thing.id] = why
                        else:
                            things.append((thing.id, to))
        elif target_kind(spell) in (
            "minion_down", "site_down", "ally_adjacent_minion_down", "ally_nearby_minion_down", "minion_down_or_void",
        ):
            moves.extend(self._forced_down(data, spell, caster, targets, field, how_of, unaffected))
            if spell.moves_artifacts and target_kind(spell) == "site_down":  # "all minions and artifacts"
                square = parse_loc(self.location(targets[0], field)).square
                for thing in forced_artifacts.on_ground(self, square=square):
                    to, why = forced_artifacts.down(self.view(), thing, spell.moves)
                    if to is None:
                        unaffected[thing.id] = why
                    else:
                        things.append((thing.id, to))
        else:  # allies at one location to another location
            if len(targets) < 2:
                raise BadInput(f"{data.name} needs a location, then the allies it moves", field)
            destination = self.location(targets[0], field)
            units = [self.unit(t) for t in targets[1:]]
            if len({u.location for u in units}) != 1 or any(u.owner != caster or not u.alive for u in units):
                raise IllegalCommand(rule(data.name, "allies at one location"), "the units must be living allies at one location")
            moves.extend((u.id, destination) for u in units)
        for unit_id, to in moves:
            frm = self.state.units[unit_id].location or ""
            model = ForcedMovement(self.state, how_of.get(unit_id, how))
            if to != frm and all(o.to != to for o in model.step_options(unit_id, frm)):
                raise IllegalCommand(
                    rule(data.name, spell.covers[0] if spell.covers else "where the spell moves a unit"),
                    f"{unit_id} can't be moved from {self.label(frm)} to {self.label(to)} by {data.name}",
                )
        spell_id = f"{slug(data.name)}-{self.state.counters.get('spell', 0) + 1}"
        self.emit(
            SpellCast, spell_id=spell_id, card=data.name, caster=caster, targets=list(targets),
            not_modelled=not_modelled_of(data.name), unaffected=unaffected,
        )
        forced_artifacts.move_all(self, things, f"{data.name} ({spell_id})")
        for unit_id, to in reversed(moves):  # each path goes to the front: the first move resolves first
            frm = self.state.units[unit_id].location or ""
            if to != frm:  # teleporting to the same location is no movement (codex: Teleport)
                way = how_of.get(unit_id, how)
                self.resolver.declare_path(unit_id, [frm, to], f"forced:{way}", None, kinds=[FORCED_KINDS[way]])

    def _artifact_target(
        self, data: Card, spell: Spell, thing: Any, targets: list[str], field: str, unaffected: dict[str, str],
    ) -> list[tuple[str, str]]:
        """A spell targeting "a minion or artifact" aimed at an artifact (Displace, Drown, Bury):
        where it goes, or nothing with why (artifacts_forced.py)."""
        if target_kind(spell) == "minion_to_location":  # Displace: one diagonal step
            if len(targets) != 2:
                raise BadInput(f"{data.name} needs an artifact and a location", field)
            if (why := forced_artifacts.unmovable(thing)) is not None:  # Iron Man Talus: nothing happens
                unaffected[thing.id] = why
                return []
            if thing.location is None:
                raise IllegalCommand(rule(data.name, spell.covers[0]), f"{thing.id} is borne by {thing.bearer}: it is not on the ground")
            return [forced_artifacts.checked_move(self, thing, targets[1], "diagonal", data.name, spell.covers[0], field)]
        if target_kind(spell) == "minion_down":  # Drown, Bury: "if able"
            if len(targets) != 1:
                raise BadInput(f"{data.name} needs one target minion or artifact", field)
            assert spell.moves is not None
            to, why = forced_artifacts.down(self.view(), thing, spell.moves)
            if to is None:
                unaffected[thing.id] = why
                return []
            return [(thing.id, to)]
        raise BadInput(f"{data.name} can't target an artifact", field)

    def _cast_steps(self, data: Card, spell: Spell, caster: str, targets: list[str], where: str) -> None:
        """A spell that makes units take steps themselves ("takes a step", a lure): each path is
        the unit's own movement, not basic movement (digest 2.1): its keywords apply, Immobile
        and Disabled stop it as it resolves, Movement +X and Moves Freely don't. Each first step
        must be one of the unit's step kinds; a blocked step is refused when it comes."""
        field = f"{where}.targets"
        view = self.view()
        paths: list[tuple[str, list[str]]] = []
        kind = target_kind(spell)

        def living(unit_id: str) -> Any:
            return self.known_unit(unit_id, field, living=True)

        if kind == "allied_minion_step":  # Second Wind
            if len(targets) != 2:
                raise BadInput(f"{data.name} needs an allied minion and where it steps", field)
            unit = living(targets[0])
            if unit.owner != caster or unit.kind != "minion":
                raise IllegalCommand(rule(data.name, spell.covers[0]), f"{unit.id} is not an allied minion")
            paths.append((unit.id, [self.location(targets[1], field)]))
        elif kind == "allies_steps":  # Tactical Move: each ally named, then up to two locations
            for target in targets:
                if target in self.state.units:
                    unit = living(target)
                    if unit.owner != caster:
                        raise IllegalCommand(rule(data.name, spell.covers[0]), f"{unit.id} is not an ally")
                    if any(u == unit.id for u, _ in paths):
                        raise BadInput(f"{unit.id} is named twice", field)
                    paths.append((unit.id, []))
                elif not paths:
                    raise BadInput(f"{data.name} needs each ally, then the locations it steps to", field)
                else:
                    paths[-1][1].append(self.location(target, field))
            for unit_id, path in paths:
                if len(path) > 2:
                    raise IllegalCommand(rule(data.name, spell.covers[0]), f"{unit_id} takes up to two steps, not {len(path)}")
            paths = [(u, p) for u, p in paths if p]
        elif kind in ("ally_may_step", "ally_may_take_two_steps"):  # Leap Attack, Whirling Blades
            limit = 1 if kind == "ally_may_step" else 2
            if not targets:
                raise BadInput(f"{data.name} needs the ally, then up to {limit} location(s) it steps to", field)
            unit = living(targets[0])
            if unit.owner != caster:
                raise IllegalCommand(rule(data.name, spell.covers[0]), f"{unit.id} is not an ally")
            path = [self.location(t, field) for t in targets[1:]]
            if len(path) > limit:
                raise IllegalCommand(rule(data.name, spell.covers[0]), f"{unit.id} takes up to {limit} step(s), not {len(path)}")
            if path:  # "may": naming no location is the choice not to step
                paths.append((unit.id, path))
        elif kind == "enemies_step_together":  # Led Astray: enemies at a location, one destination
            if len(targets) < 3:
                raise BadInput(f"{data.name} needs a location, where they step, then the enemies", field)
            there = parse_loc(self.location(targets[0], field))
            to = parse_loc(self._parse_in_region(targets[1], there.text, field))
            if to.region is not there.region or to.square not in view.orthogonal(there.square):
                raise IllegalCommand(
                    rule(data.name, spell.covers[0]),
                    f"{self.label(to.text)} is not another location adjacent to {self.label(there.text)} (digest 1.4)",
                )
            for target in targets[2:]:
                unit = living(target)
                if unit.owner == caster or unit.location != there.text:
                    raise IllegalCommand(rule(data.name, spell.covers[0]), f"{unit.id} is not an enemy at {self.label(there.text)}")
                paths.append((unit.id, [to.text]))
        elif kind == "ally_lures_enemy":  # Lure
            if len(targets) != 3:
                raise BadInput(f"{data.name} needs the ally, the enemy minion, and where it steps", field)
            ally, enemy = living(targets[0]), living(targets[1])
            if ally.owner != caster:
                raise IllegalCommand(rule(data.name, spell.covers[0]), f"{ally.id} is not an ally")
            at, there = parse_loc(ally.location or ""), parse_loc(enemy.location or "")
            if (
                enemy.owner == caster or enemy.kind != "minion" or view.site_at(there.square) is None
                or there.square not in nearby(at.square, *view.wrap)
            ):
                raise IllegalCommand(rule(data.name, spell.covers[0]), f"{enemy.id} is not an enemy minion at a site nearby {ally.id}")
            step_to = self._parse_in_region(targets[2], there.text, field)
            if distance(parse_loc(step_to).square, at.square) >= distance(there.square, at.square):
                raise IllegalCommand(
                    rule(data.name, spell.covers[0]), f"{self.label(step_to)} is not closer to {ally.id} than {self.label(there.text)}",
                )
            paths.append((enemy.id, [step_to]))
        model = SorceryMovement(self.state, basic=False)
        for unit_id, path in paths:
            frm = self.state.units[unit_id].location or ""
            if all(o.to != path[0] for o in model.step_options(unit_id, frm)):
                raise IllegalCommand(
                    rule(data.name, spell.covers[0]),
                    f"{unit_id} can't step from {self.label(frm)} to {self.label(path[0])}: not one of its steps",
                )
        spell_id = f"{slug(data.name)}-{self.state.counters.get('spell', 0) + 1}"
        self.emit(
            SpellCast, spell_id=spell_id, card=data.name, caster=caster, targets=list(targets),
            not_modelled=not_modelled_of(data.name),
        )
        for unit_id, path in reversed(paths):  # one at a time: the first named resolves first
            frm = self.state.units[unit_id].location or ""
            self.resolver.declare_path(unit_id, [frm, *path], f"step:{slug(data.name)}", None)

    def _forced_down(
        self, data: Card, spell: Spell, caster: str, targets: list[str], field: str, how_of: dict[str, str],
        unaffected: dict[str, str],
    ) -> list[tuple[str, str]]:
        """The minions a burrow or submerge spell forces down from the surface, and where to.
        The verbs need no keyword; a minion not atop a site of the right kind (land for
        burrow, water for submerge) is not moved: the spell fails for it (codex: Burrowing,
        Submerge; digest 2.4), and ``unaffected`` says so, for the spell's event."""
        assert spell.moves is not None
        view = self.view()
        below = Region.UNDERGROUND if spell.moves == "burrow" else Region.UNDERWATER

        def down(unit: Any) -> list[tuple[str, str]]:
            at = parse_loc(unit.location or "")
            to = Loc(at.square, below)
            if at.region is not Region.SURFACE:
                unaffected[unit.id] = f"not on a surface (at {self.label(unit.location or '')})"
                return []  # not able: nothing happens to it, and the log says why
            if not view.location_exists(to):
                unaffected[unit.id] = f"{self.label(to.text)} does not exist"
                return []
            return [(unit.id, to.text)]

        def minion(unit_id: str) -> Any:
            unit = self.known_unit(unit_id, field, living=True)
            if unit.kind != "minion":
                raise IllegalCommand(rule(data.name, spell.covers[-1]), f"{unit.id} is not a minion")
            return unit

        kind = target_kind(spell)
        if kind == "site_down":  # Stormy Seas, Cave-In: every minion atop the target site
            if len(targets) != 1:
                raise BadInput(f"{data.name} needs one target site", field)
            square = parse_loc(self.location(targets[0], field)).square
            water = spell.moves == "submerge"
            if view.site_at(square) is None or view.is_water(square) != water:
                raise IllegalCommand(
                    rule(data.name, spell.covers[0]), f"square {square} is not a {'water' if water else 'land'} site",
                )
            moves: list[tuple[str, str]] = []
            for unit in sorted(self.state.living_units(), key=lambda u: u.id):
                if unit.kind == "minion" and unit.location and parse_loc(unit.location).square == square:
                    moves.extend(down(unit))
            return moves
        if kind == "minion_down":  # Bury, Drown
            if len(targets) != 1:
                raise BadInput(f"{data.name} needs one target minion", field)
            return down(minion(targets[0]))
        if kind == "minion_down_or_void":  # Into the Abyss: submerge it, or pull it into a void
            if len(targets) not in (1, 2):
                raise BadInput(f"{data.name} needs a target minion, and a void square to pull it into", field)
            unit = minion(targets[0])
            if len(targets) == 1:
                return down(unit)
            how_of[unit.id] = "pull_void"
            return [(unit.id, Loc(parse_loc(self.location(targets[1], field)).square, Region.VOID).text)]
        # an ally casts it (Buried Alive: any ally; Trial by Water: an ally) at a minion near it
        if len(targets) != 2:
            raise BadInput(f"{data.name} needs the ally that casts it, then the target minion", field)
        by = self.known_unit(targets[0], field, living=True)
        if by.owner != caster:
            raise IllegalCommand(rule(data.name, spell.covers[0]), f"{by.id} is not an ally of {caster}'s")
        unit = minion(targets[1])
        at, there = parse_loc(by.location or ""), parse_loc(unit.location or "")
        if kind == "ally_adjacent_minion_down":
            squares, how_near = {at.square, *view.orthogonal(at.square)}, "adjacent to"
        else:
            squares, how_near = set(nearby(at.square, *view.wrap)), "nearby"
        if there.region is not at.region or there.square not in squares:  # digest 1.4: in its region
            raise IllegalCommand(rule(data.name, spell.covers[-1]), f"{unit.id} is not {how_near} {by.id} (digest 1.4)")
        return down(unit)

    def _parse_in_region(self, text: str, unit_location: str, field: str) -> str:
        """A destination written as a bare square means the unit's own region there when that
        location exists (a teleport to "a location it's nearby" keeps its region)."""
        loc = self.location(text, field)
        if "/" not in str(text):
            region = parse_loc(unit_location).region
            same = Loc(parse_loc(loc).square, region)
            if self.view().location_exists(same):
                return same.text
        return loc

    def play_site(self, cmd: PlaySite) -> None:
        player = self.player(cmd.player, self.state.active_player)
        self._check_main_phase(player)
        data = self._card(cmd.card, "card", "Site")
        self._refuse_unmodelled([data.name], f"playing {data.name}")
        square = int(self.location(cmd.at, "at").split("/")[0])
        if self.view().site_at(square) is not None:
            raise IllegalCommand(rule("codex: Site", "a site is played to a void"), f"square {square} already has a site")
        site_id = cmd.id or slug(data.name)
        self.fresh_id(site_id, "id")
        target = None
        if cmd.target is not None:
            target = int(self.location(cmd.target, "target").split("/")[0])
        genesis = [a for a in abilities_of(data.name) if a.timing == "triggered" and a.trigger and a.trigger.startswith("genesis")]
        if genesis and genesis[0].trigger == "genesis_immobile_atop":
            if target is None:
                raise BadInput(f"{data.name}'s Genesis needs a target nearby site", "target")
            if target not in nearby(square, *self.view().wrap) or (target != square and self.view().site_at(target) is None):
                raise BadInput(f"target {cmd.target} is not a nearby site", "target")
        void = f"{square}/void"
        under = sorted(u.id for u in self.state.living_units() if u.location == void)
        artifacts = sorted(f.id for f in self.state.features.values() if f.kind == "artifact" and f.location == void)
        self._place_site(site_id, data, square, player)
        if under or artifacts:
            self.emit(SiteFormedUnder, site=site_id, square=square, units=under, artifacts=artifacts)
        placed = self.state.features[site_id]
        if placed.id in self.view().suppressed_sites:
            genesis = []  # a site that has lost its abilities has no Genesis (Smokestacks of Gnaak)
        if cmd.targets and not any(a.trigger in genesis_rules.RESOLVERS for a in genesis):
            raise BadInput(f"{data.name} has no Genesis that asks for choices: leave 'targets' out", "targets")
        for ability in genesis:
            params: dict[str, Any] = {"target": target, "square": square}
            if ability.trigger in genesis_rules.RESOLVERS:
                params = genesis_rules.prepare(self, ability, placed.id, data.name, player, list(cmd.targets), "targets")
            triggers.queue(self.resolver, ability, placed.id, player, None, params, self.cause)
        self.mark_lasting_losses(self.cause)  # a Watchtower played beside a Stealthed enemy

    # --- summoning and conjuring in the game (scripted: a hand of cards is not modelled) ----------

    def summon(self, cmd: Summon) -> None:
        """A minion enters the realm at ``at`` on its owner's turn: refused where set-up would
        refuse it (digest 1.6, 2.3); it has summoning sickness (codex: Summoning Sickness); its
        entry triggers what entering triggers (digest 2.3: summoning is entering) and its Genesis."""
        owner = self.player(cmd.owner, self.state.active_player)
        self._check_main_phase(owner)
        data = self._card(cmd.card, "card", "Minion")
        self._refuse_unmodelled([data.name], f"summoning {data.name}")
        self.fresh_id(cmd.id, "id")
        at = self.location(cmd.at, "at")
        if not self.view().location_exists(parse_loc(at)):
            raise BadInput(f"location {cmd.at!r} does not exist (no site there)", "at")
        self._check_summoned_to_avatar(data, owner, at)
        burrowed = placement(data.name, "burrowed_safely")
        if burrowed is not None and parse_loc(at).region is not Region.UNDERGROUND:  # its FAQ: it must
            raise IllegalCommand(rule(data.name, burrowed), f"{data.name} must be summoned below a site, not at {self.label(at)}")
        self._place_unit(cmd.id, data, owner, at, tapped=False, summoned=True)
        self._check_placement(cmd.id, "at")
        self._enter_with_genesis(cmd.id, data, owner, list(cmd.targets))
        triggers.on_entry(self, cmd.id, "summoned", at, self.cause)

    def conjure(self, cmd: Conjure) -> None:
        """An artifact enters the realm at a location or with a bearer, or an aura atop an area or
        a border, on its controller's turn, checked as at set-up; its Genesis triggers."""
        controller = self.player(cmd.controller, self.state.active_player)
        self._check_main_phase(controller)
        data = self._card(cmd.card, "card", "Artifact", "Aura")
        self._refuse_unmodelled([data.name], f"conjuring {data.name}")
        self.fresh_id(cmd.id, "id")
        if data.type == "Aura":  # atop a 2x2 area given by its top-left square, or a border
            if cmd.bearer is not None:
                raise BadInput(f"{data.name} is an aura: no bearer", "bearer")
            self._place_aura(AuraSetup(id=cmd.id, card=data.name, controller=controller, at=cmd.at, border=cmd.border), data, "conjure")
            self._enter_with_genesis(cmd.id, data, controller, list(cmd.targets))
            return
        if cmd.border is not None:
            raise BadInput(f"{data.name} is an artifact: no border", "border")
        if cmd.at is not None and not self.view().location_exists(parse_loc(self.location(cmd.at, "at"))):
            raise BadInput(f"location {cmd.at!r} does not exist (no site there)", "at")
        if cmd.bearer is not None and not self.known_unit(cmd.bearer, "bearer").alive:
            raise BadInput(f"{cmd.bearer} is not in the realm", "bearer")
        spec = ArtifactSetup(id=cmd.id, card=data.name, controller=controller, at=cmd.at, bearer=cmd.bearer)
        self._place_artifact(spec, data, "conjure")
        self._enter_with_genesis(cmd.id, data, controller, list(cmd.targets))

    def _enter_with_genesis(self, source: str, data: Card, controller: str, targets: list[str]) -> None:
        self.settle(self.cause)  # what the card changes at once (a carrier silenced drops what it carries)
        genesis = [a for a in abilities_of(data.name) if a.trigger in genesis_rules.RESOLVERS]
        if not genesis and targets:
            raise BadInput(f"{data.name} has no modelled Genesis that asks for choices: leave 'targets' out", "targets")
        for ability in genesis:
            params = genesis_rules.prepare(self, ability, source, data.name, controller, targets, "targets")
            triggers.queue(self.resolver, ability, source, controller, None, params, self.cause)
        self.mark_lasting_losses(self.cause)  # Hounds of Ondaros summoned beside a Stealthed enemy

    # --- storyline items only Sorcery queues ---------------------------------------------------

    def take_step(self, item: StepItem, verdict: Judgement) -> None:
        """Passengers move with their carrier, unless they can't enter where it goes: then they
        stay, and once the step has separated them they are dropped (digest 2.6). Entry
        triggers are queued by the step itself. Then whatever the step changed is settled."""
        view = self.view()
        carried: list[str] = []
        left: list[tuple[str, str]] = []
        for passenger in view.passengers(item.unit):
            ban = view.entry_refusal(passenger, parse_loc(item.frm), parse_loc(item.to), verdict.option.kind if verdict.option else "carried")
            if ban is not None:
                left.append((passenger, f"can't enter {self.label(item.to)}: {ban}"))
            else:
                carried.append(passenger)
        gate = view.kept_in_void(item.unit, parse_loc(item.frm)) and parse_loc(item.to).region is Region.VOID
        step = self.resolver.take_step(item, verdict, carried)
        for passenger, reason in left:
            self.emit(UnitDropped, cause=step.event_id, unit=passenger, carrier=item.unit, at=item.frm, reason=reason)
        for moved in (item.unit, *carried):
            self.stealth_on_move(moved, item.frm, item.to, step.event_id)
        if gate and "Voidwalk" not in self.view().keywords(item.unit):
            self.start_effect(
                item.unit, self.state.units[item.unit].owner,
                {"kind": "grant", "unit": item.unit, "keywords": ["Voidwalk"]}, "until_enters_site",
                f"Planar Gate: {item.unit} keeps Voidwalk until it enters a site", cause=step.event_id,
            )
        self.settle(step.event_id, moving=item.unit)

    # --- Stealth gained and lost by moving, and lost for good (abilities_passive.py) ----------------

    def _lasting(self, source: str, unit_id: str, kind: str, label: str, cause: str) -> None:
        """A keyword change that outlasts its card: Stealth gained (a grant) or lost for good."""
        self.start_effect(
            source, self.state.units[unit_id].owner, {"kind": kind, "unit": unit_id, "keywords": ["Stealth"]},
            "permanent", label, cause=cause,
        )

    def _has_lasting(self, unit_id: str, kind: str, source: str | None = None) -> bool:
        return any(
            e.duration == "permanent" and e.spec.kind == kind and getattr(e.spec, "unit", None) == unit_id
            and (source is None or e.source == source)
            for e in self.state.effects.values()
        )

    def stealth_on_move(self, unit_id: str, frm: str, to: str, cause: str) -> None:
        """What a step does to Stealth: Moss Troll loses it for good when it moves; Phase
        Assassin gains it whenever he enters the void; the first minion that enters Dark Alley
        gains it (codex: Stealth; granted Stealth lasts, its marks are not simulated)."""
        unit = self.state.units[unit_id]
        view = self.view()
        start, end = parse_loc(frm), parse_loc(to)
        muted = view.silenced(unit_id, start) or view.disabled(unit_id, start)
        for ability in abilities_of(unit.card):
            if muted is not None:
                break
            if ability.trigger == "loses_stealth_if_moves" and not self._has_lasting(unit_id, "lose"):
                self._lasting(unit_id, unit_id, "lose", f"{unit.card}: {unit_id} lost Stealth: it moved", cause)
            if (
                ability.trigger == "gains_stealth_entering_void" and end.region is Region.VOID
                and start.region is not Region.VOID
            ):
                self._lasting(unit_id, unit_id, "grant", f"{unit.card}: {unit_id} gained Stealth entering the void", cause)
        if unit.kind != "minion" or start.square == end.square:
            return
        site = view.site_at(end.square)
        if site is None or end.region is Region.VOID or site.id in view.suppressed_sites:
            return
        for ability in abilities_of(site.card):
            if ability.trigger == "first_minion_entering_gains_stealth" and not any(
                e.source == site.id and e.duration == "permanent" for e in self.state.effects.values()
            ):
                self._lasting(site.id, unit_id, "grant", f"{site.card}: {unit_id}, the first minion to enter, gained Stealth", cause)

    def mark_lasting_losses(self, cause: str) -> None:
        """A minion in scope of a "permanently lose" effect (Scent Hounds, Watchtower) loses the
        keywords for good: an effect on it alone, kept after it leaves the scope or the card
        leaves the realm. Non-minions can't have Stealth (codex: Stealth), so only minions."""
        view = self.view()
        for effect_id, spec in view.specs:
            if not isinstance(spec, Lose) or not spec.permanent:
                continue
            source = self.state.effects[effect_id].source
            for unit in sorted(self.state.living_units(), key=lambda u: u.id):
                if not isinstance(unit, SorceryUnit) or unit.kind != "minion" or unit.location is None:
                    continue
                if self._has_lasting(unit.id, "lose"):
                    continue
                if view.in_scope(spec, unit, parse_loc(unit.location)):
                    card_name = view.source_card(effect_id)
                    self._lasting(source, unit.id, "lose", f"{card_name}: {unit.id} permanently lost Stealth", cause)

    def settle(self, cause: str, moving: str | None = None) -> None:
        """After anything that moves units: a carried unit that no longer shares a location with
        its carrier is dropped (digest 2.6), then a minion where it can't survive dies, or is
        banished from the void (digest 1.6). The unit still moving is settled when its move ends.
        A Voidwalk kept from a Planar Gate ends once its unit is out of the void."""
        for effect in list(self.state.effects.values()):
            if effect.duration != "until_enters_site":
                continue
            owner = self.state.units.get(effect.source)
            if owner is None or not owner.alive or owner.location is None or parse_loc(owner.location).region is not Region.VOID:
                self.emit(EffectEnded, cause=cause, effect_id=effect.id, reason=f"{effect.source} left the void")
        for unit in sorted(self.state.living_units(), key=lambda u: u.id):
            carrier = self.state.units.get(unit.carried_by or "")
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
        for unit in sorted(self.state.living_units(), key=lambda u: u.id):
            if unit.id == moving or unit.location is None or not unit.alive:
                continue
            carrier = self.state.units.get(unit.carried_by or "")
            if carrier is not None and carrier.id == moving:
                continue  # a passenger is settled with its carrier
            fatal = self.view().survival(unit.id, parse_loc(unit.location))
            if fatal is not None:
                combat.kill(self, unit.id, fatal, cause)
        self.mark_lasting_losses(cause)

    def _check_summoned_to_avatar(self, data: Card, owner: str, at: str) -> None:
        """Cerberus in Chains: "Must be summoned to your location": where the owner's Avatar is,
        and (FAQ) only at a site the owner controls."""
        text = placement(data.name, "to_your_avatar")
        if text is None:
            return
        why = rule(data.name, text)
        avatar = next((u for u in self.state.living_units() if u.kind == "avatar" and u.owner == owner), None)
        if avatar is None or avatar.location != at:
            where = f"{owner}'s Avatar is at {self.label(avatar.location)}" if avatar and avatar.location else f"{owner} has no Avatar in the realm"
            raise IllegalCommand(why, f"at: {where}")
        site = self.view().site_at(parse_loc(at).square)
        if site is None or site.controller != owner:
            raise IllegalCommand(why, f"at: {self.label(at)} is not a site {owner} controls (FAQ)")

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

    def resolve_join(self, item: JoinFightItem) -> None:
        attack = self.state.attack
        unit = self.state.units[item.unit]
        if attack is None:
            self.emit(DefenderMissed, attack_id=item.attack_id, defender=unit.id, reason="the attack is over")
        elif not unit.alive:
            self.emit(DefenderMissed, attack_id=attack.id, defender=unit.id, reason="it died on the way")
        elif unit.location != attack.location:
            self.emit(DefenderMissed, attack_id=attack.id, defender=unit.id, reason=f"it stopped at {self.label(unit.location or '')}")
        else:
            self.emit(DefenderJoined, attack_id=attack.id, defender=unit.id)

    def resolve_attack_item(self, item: AttackItem) -> None:
        unit = self.state.units[item.unit]
        if not unit.alive or unit.location is None:
            self.emit(AttackRefused, unit=unit.id, target=item.target, rule=rule("codex: Attack", "the attacker is no longer in the realm"))
            return
        if item.target == "site":
            site = self.view().site_at(parse_loc(unit.location).square)
            if site is None or parse_loc(unit.location).region.value != "surface":
                self.emit(AttackRefused, unit=unit.id, target="site", rule=rule("codex: Attack", "sites are attacked at their surface"))
                return
            if site.controller == unit.owner:
                self.emit(AttackRefused, unit=unit.id, target=site.id, rule=rule("codex: Attack", "attacks target enemy sites"))
                return
            self.emit(AttackDeclared, attack_id=self.state.next_id("a", "attack"), attacker=unit.id, target=site.id, target_kind="site", location=unit.location)
            return
        target = self.state.units[item.target]
        if not target.alive or target.location != unit.location:
            self.emit(AttackRefused, unit=unit.id, target=target.id, rule=rule("codex: Attack", "the target must be at the attacker's location"))
            return
        barred = self.view().attack_refusal(unit.id, target.id)
        if barred is not None:
            self.emit(AttackRefused, unit=unit.id, target=target.id, rule=barred)
            return
        self.emit(AttackDeclared, attack_id=self.state.next_id("a", "attack"), attacker=unit.id, target=target.id, target_kind="unit", location=unit.location)

