"""A Sorcery state read as a command reads it: the view and the movement models, what a command
names (a location in a unit's region, a card, a unit of one's own), and the checks every command
of the main phase shares. Records nothing: what lists legal commands reads through it too."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.handlers import StateReader
from domain.rules import RuleRef
from domain.rulesets.sorcery import oversized
from domain.rulesets.sorcery.catalog import Card, card
from domain.rulesets.sorcery.events import not_modelled_of
from domain.rulesets.sorcery.locations import parse_location
from domain.rulesets.sorcery.movement import SorceryMovement
from domain.rulesets.sorcery.realm import Loc, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import SorceryState, SorceryUnit
from domain.rulesets.sorcery.view import RealmView

TAP = rule("codex: Tap", "only untapped units can tap")
ACTIVE_ONLY = rule("codex: Activated Ability", "used only on your own turn")
#: what is not an ability (casting a spell, playing a site, ending the turn): the turn's player acts in it
OWN_TURN = rule("codex: Turn Sequence", "only the player whose turn it is acts in its main phase")
WAIT_DEFENCE = rule("codex: Attack", "an attack awaits defenders; the defending player must defend or pass")
BUSY = rule("codex: Storyline", "the storyline must be empty")
OWN_UNITS = rule("codex: Basic Ability", "a player uses only their own units' abilities")
SICK = rule("codex: Summoning Sickness", "a minion that entered the realm this turn can't tap, unless it has Charge")
WAIT_INTERCEPT = rule("codex: Intercept", "an enemy may be intercepted; its player must intercept or pass")
UNMODELLED = rule("option unmodelled: refuse", "cards whose rules text is not fully modelled are refused")
SPELLCASTERS = rule("codex: Spellcaster", "spells are cast by an Avatar or a Spellcaster minion")


class Reader(StateReader[SorceryState]):
    """One Sorcery state, read as the command handlers read it."""

    State = SorceryState

    def view(self) -> RealmView:
        """The view of the state as it is now, shared with every question asked of this state
        (``RealmView.of``) until the next event: a step's checks (survival, silence, keywords)
        read one view's answers instead of working each out again on a view of their own."""
        return RealmView.of(self.state)

    def movement(self) -> SorceryMovement | oversized.OversizedMovement:
        """The movement model, oversized units' steps judged part by part (oversized.py)."""
        found: SorceryMovement | oversized.OversizedMovement = oversized.movement(SorceryMovement(self.state), self.state)
        return found

    def location(self, text: str, where: str = "location") -> str:
        """``StateReader.location``, read by Sorcery's own parser directly (the ruleset's
        ``parse_location`` is it, through a board made for each location): every step of
        every declared path is read so."""
        try:
            return parse_location(self.state, text)
        except BadInput as exc:
            raise BadInput(exc.message, where) from None

    def unit(self, unit_id: str) -> SorceryUnit:
        found: SorceryUnit = self.known_unit(unit_id)
        return found

    def name_of(self, thing: str) -> str:
        """The card a unit or card in the game is (its id when it is neither)."""
        found = self.state.units.get(thing) or self.state.features.get(thing)
        return found.card if found is not None else thing

    def in_region(self, text: str, unit_location: str, field: str) -> str:
        """Where a unit off the surface is sent. A bare square is the surface (or the void) in the
        scenario notation; for a unit below or in the void, whose own region exists there too,
        it is refused as ambiguous rather than read one way without a word: the message names
        both ways to write it."""
        loc = self.location(text, field)
        region = parse_loc(unit_location).region
        if "/" not in str(text).strip() and region is not parse_loc(loc).region:
            same = Loc(parse_loc(loc).square, region)
            if self.view().location_exists(same):
                square = parse_loc(loc).square
                raise BadInput(
                    f"{text!r} is ambiguous for a unit {region.value}: write {same.text} to stay {region.value}, "
                    f"or {square}/surface for the surface",
                    field,
                )
        return loc

    def own_steps(self, unit_id: str) -> list[str]:
        """Where the unit may take a step of its own now (its keywords; no Movement +X, no Moves
        Freely: digest 2.1); nothing when it can't move (Immobile, Disabled)."""
        model = SorceryMovement(self.state, basic=False)
        if model.no_movement(unit_id) is not None:
            return []
        unit = self.state.units[unit_id]
        return [o.to for o in model.step_options(unit_id, unit.location or "") if o.blocked is None]

    def lookup_card(self, name: str, where: str, *types: str) -> Card:
        """The card named, of one of ``types`` when given; ``BadInput`` names the field."""
        try:
            data = card(name)
        except BadInput as exc:
            raise BadInput(exc.message, where) from None
        if types and data.type not in types:
            raise BadInput(f"{data.name} is a {data.type}, expected {' or '.join(types)}", where)
        return data

    def check_player(self, player: str, where: str) -> None:
        if player not in self.state.players:
            raise BadInput(f"unknown player {player!r}: the players are {', '.join(self.state.players)}", where)

    def check_main_phase(self, player: str, own_turn: RuleRef = ACTIVE_ONLY) -> None:
        """A main-phase command: the player's own turn (the rule an ability cites, unless
        ``own_turn`` names another: the turn sequence for a spell, a site or the turn's end), no
        attack or intercept waiting, an empty storyline (codex: Storyline)."""
        if player != self.state.active_player:
            raise IllegalCommand(own_turn, f"it is {self.state.active_player}'s turn, not {player}'s")
        if self.state.attack is not None:
            raise IllegalCommand(WAIT_DEFENCE)
        if self.state.intercept is not None:
            raise IllegalCommand(WAIT_INTERCEPT)
        if self.state.storyline:
            raise IllegalCommand(BUSY)

    def summoning_sick(self, unit: SorceryUnit) -> bool:
        """Entered the realm this turn, and no Charge (codex: Summoning Sickness, Charge)."""
        if unit.entered_turn != self.state.turn:
            return False
        return "Charge" not in self.view().keywords(unit.id)

    def own_ready_unit(self, unit_id: str, player: str | None) -> tuple[SorceryUnit, str]:
        """A unit of the acting player's in the realm that may tap now, and that player."""
        unit = self.unit(unit_id)
        acting = self.player(player, unit.owner)
        refusals = self.not_ready(unit, acting)
        if refusals:
            raise refusals[0]
        return unit, acting

    def not_ready(self, unit: SorceryUnit, acting: str) -> list[IllegalCommand]:
        """Every reason ``unit`` can't tap now for ``acting``, in the order a command is refused."""
        found: list[IllegalCommand] = []
        if not unit.alive or unit.location is None:
            found.append(IllegalCommand(rule("codex: Die", "the unit is no longer in the realm"), f"{unit.id} is dead"))
        if unit.owner != acting:
            found.append(IllegalCommand(OWN_UNITS, f"{unit.id} belongs to {unit.owner}, not {acting}"))
        if unit.tapped:
            found.append(IllegalCommand(TAP, f"{unit.id} is tapped"))
        if self.summoning_sick(unit):
            found.append(IllegalCommand(SICK, f"{unit.id} entered the realm this turn"))
        return found

    def refuse_unmodelled(self, names: list[str], what: str) -> None:
        """Under ``unmodelled: refuse``, refuse ``what`` when any of its cards has rules text the
        simulator does not model, naming each card and the text."""
        if self.state.options.unmodelled != "refuse":
            return
        found = [not_modelled_of(name) for name in dict.fromkeys(names)]
        listed = [d.describe() for d in found if d is not None]
        if listed:
            raise IllegalCommand(UNMODELLED, f"{what} refused: " + "; ".join(listed))

    def spellcaster(self, data: Card, caster: str, unit_id: str, where: str) -> SorceryUnit:
        """The unit that casts a spell whose text refers to it ("nearby", "here"): the caster's
        Avatar or one of their Spellcaster minions (codex: Spellcaster)."""
        unit = self.known_unit(unit_id, where, living=True)
        if unit.owner != caster or not (unit.kind == "avatar" or "Spellcaster" in self.view().keywords(unit.id)):
            raise IllegalCommand(SPELLCASTERS, f"{data.name}: {unit_id} is not a Spellcaster of {caster}'s")
        assert isinstance(unit, SorceryUnit)
        return unit
