"""Ongoing effects of Sorcery cards, as typed specs stored in ``EffectStarted`` events.

Each spec says what the effect does to movement in terms of concrete squares and units (by id),
so the lookahead can apply it from the event alone, without the card that made it. Which cards
make which effects lives in ``cards/``; what each spec means is read in ``view.py`` (``rules/``) and
``movement.py`` (the one rules model). Specs that name a unit follow it as it moves.

Fields added since a spec was first stored all have defaults, so stored effects read unchanged.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Scope(_Spec):
    """Which units an effect applies to. Everything given must hold:

    - ``unit``: that unit; ``bearer_of``: whoever bears that artifact;
    - ``squares``: units occupying the sites on these squares, their surface only ("atop")
      unless ``any_level`` (both levels, never the void: digest gap 12);
    - ``near``: units nearby that unit or card (its square and the eight around it), in the
      unit's region, or occupying nearby sites when the card is a site or ``near_sites`` says
      "occupying nearby sites" (codex: Nearby; digest 1.4);
    - ``here``: units at that unit's or artifact's location, or occupying that site;
    - ``everywhere``: every unit in the realm;
    - ``allies_of`` / ``enemies_of``: units of / not of that player; ``exclude``: not that unit;
    - ``minions_only``; ``subtypes``: units of one of these subtypes (Mortal, Faerie);
    - ``units``: one of these units, chosen when a spell was cast (Frost Nova: the enemies
      nearby then, not whoever comes near later);
    - ``above``: units on the surface of the square where that unit is burrowed, only while it
      is (Root Spider: "directly above it");
    - ``max_power``: units with at most this power, split power averaged (Plate of the Whale);
    - ``adjacent_to``: units at that unit's location or an orthogonally neighbouring one, in its
      region (codex: Adjacent); ``in_front_of``: at that unit's location or one step forward of
      it, toward its controller's far edge, in its region (codex: Forward; Hillock Basilisk);
    - ``at_rest``: units at rest (codex: At Rest): where they are, and not in a move being
      resolved, their own or their carrier's (Stone-gaze Gorgons);
    - ``carried_by``: units that unit carries, only while it does (Brobdingnag Bullfrog's belly); ``carrying``: units carrying another (Hyperparasite).
    - ``threshold_of`` with ``threshold`` (element, count): only while that player has at least
      that much of that elemental affinity (Kingdom of Agartha's "(E)(E)(E) —"; view.affinity).
    - ``ally_died_for``: only while an ally of that player died on their opponent's last turn.
    - ``region``: only units in that region (Awakened Mummies: burrowed, below their site).
    """

    unit: str | None = None
    bearer_of: str | None = None
    squares: tuple[int, ...] | None = None
    any_level: bool = False
    near: str | None = None
    near_sites: bool = False
    here: str | None = None
    everywhere: bool = False
    allies_of: str | None = None
    enemies_of: str | None = None
    exclude: str | None = None
    minions_only: bool = False
    subtypes: tuple[str, ...] = ()
    units: tuple[str, ...] | None = None
    above: str | None = None
    max_power: int | None = None
    adjacent_to: str | None = None
    in_front_of: str | None = None
    at_rest: bool = False
    carried_by: str | None = None
    carrying: bool = False
    threshold_of: str | None = None
    threshold: tuple[str, int] | None = None
    #: only while an ally of that player died on their opponent's last turn (Avenging Angel;
    #: view.ally_died_on_opponents_last_turn)
    ally_died_for: str | None = None
    #: only units in this region ("underground": Awakened Mummies burrowed safely)
    region: str | None = None


class ConnectEdges(_Spec):
    """Opposite edges of the realm are connected (Magellan Globe; digest gap 2: both pairs)."""

    kind: Literal["connect_edges"] = "connect_edges"
    columns: bool = True
    rows: bool = True


class AsIfAdjacent(_Spec):
    """Units may step between these sites as if adjacent (Waypoint Portal); ``for_player`` limits
    it to one player's units when the card says "your units". With ``span_of``, every site of the
    span of land (or, ``water``, body of water) holding that square, recomputed as the realm
    changes (Minecart Madness, Marine Voyage; digest 2.9)."""

    kind: Literal["as_if_adjacent"] = "as_if_adjacent"
    squares: tuple[int, ...] = ()
    for_player: str | None = None
    span_of: int | None = None
    water: bool = False
    #: a site linked to many places at once, not they to each other: ``to_voids``, every void
    #: (Astral Alcazar); ``to_sites_of``, that player's other sites, for burrowed units only
    #: (Secret Tunnel; ``for_player`` names whose units may use it)
    hub: int | None = None
    to_voids: bool = False
    to_sites_of: str | None = None


class EntryBan(_Spec):
    """Units with at least ``min_power`` power can't enter the site at ``square`` (Gnome Hollows)."""

    kind: Literal["entry_ban"] = "entry_ban"
    square: int
    min_power: int


class ImmobileAtop(_Spec):
    """Units atop these squares (their surface) are Immobile (Bog's Genesis); with
    ``any_level`` units occupying either level of the sites are (Quagmire; digest gap 12)."""

    kind: Literal["immobile_atop"] = "immobile_atop"
    squares: tuple[int, ...]
    any_level: bool = False


class Grant(Scope):
    """Units in scope have extra keywords and Movement +X (an artifact's bearer, a spell's
    target, allies near a card)."""

    kind: Literal["grant"] = "grant"
    keywords: tuple[str, ...] = ()
    movement: int = 0
    #: Planar Gate: a minion that steps from here into the void keeps the keywords there until
    #: it enters a site (digest gap 10)
    kept_in_void: bool = False


class Lose(Scope):
    """Units in scope lose these keywords: lose, can't gain, can't have (codex: Lose; Sky Baron,
    Entangle Terrain)."""

    kind: Literal["lose"] = "lose"
    keywords: tuple[str, ...]
    #: "permanently lose" (Scent Hounds, Watchtower): a minion once in scope loses the keywords
    #: for good, marked by an effect of its own that outlasts the card (engine.mark_lasting_losses)
    permanent: bool = False


class Condition(Scope):
    """Units in scope are silenced, disabled or Immobile (Silence, Iron Shackles, Entangle
    Terrain, Frost Nova; codex: Silenced, Disabled, Immobile)."""

    kind: Literal["condition"] = "condition"
    condition: Literal["silenced", "disabled", "immobile"]
    #: not while an allied unit with this keyword is adjacent (same square or an orthogonal
    #: neighbour, in the unit's region: digest 1.4): Bound Spirit, "unless adjacent to an allied
    #: Spellcaster"
    unless_adjacent_ally_with: str | None = None


class Uninterceptable(Scope):
    """Units in scope can't be intercepted (Blaze: "it can't be intercepted"; codex: Intercept)."""

    kind: Literal["cant_be_intercepted"] = "cant_be_intercepted"


class FlownOver(Scope):
    """Projectiles fly over the units in scope: they can't hit them (codex: Fly Over; Crawler)."""

    kind: Literal["flown_over"] = "flown_over"


class RangeBonus(Scope):
    """Ranged units in scope have ``amount`` more range (codex: +X Range; Vantage Hills)."""

    kind: Literal["range_bonus"] = "range_bonus"
    amount: int = 1


class Unsubmergeable(Scope):
    """Units in scope can't be submerged by any effect (Driftwood Marrows: passive "be submerged";
    their own submerging, a step of theirs, is not barred)."""

    kind: Literal["unsubmergeable"] = "unsubmergeable"


class ProjectileBar(_Spec):
    """Projectiles can't enter the location of ``here`` (a unit's, or a site's at either level)
    from outside it; ``enemies_of``: only that player's enemies' projectiles (Impenetrable
    Copse, Sir Morien; codex: Projectile: they enter each location of their path)."""

    kind: Literal["projectile_bar"] = "projectile_bar"
    here: str
    enemies_of: str | None = None


class Immune(Scope):
    """Units in scope can't be made silenced, disabled or Immobile by any effect (Gossamer Ghost,
    Onslaught; codex: Can vs. Can't: "can't" wins). A printed Immobile keyword is the unit's own,
    not an effect; Landbound and Waterbound disabling is being disabled (our choice)."""

    kind: Literal["immune"] = "immune"
    conditions: tuple[Literal["silenced", "disabled", "immobile"], ...]


class LocationBan(_Spec):
    """Units can't enter a location or site (codex: Enter; digest 2.3):

    - ``airborne_at``: Airborne minions can't enter the location of that artifact, or of its
      bearer (Scarecrow; digest gap 17);
    - ``allies_of`` with ``site_of``: that player's units can't enter the site that unit occupies
      (Undesirables);
    - ``ground_if_occupied``: minions can't enter the site at ``square`` on the ground while a
      minion is atop it (Mountain Pass);
    - ``from_void_span``: minions can't enter the span of land holding ``square`` from the void
      (Endless Fence);
    - ``enemies_of`` with ``ground_at``: that player's enemies can't move to that artifact's
      location on the ground (Bailey).
    """

    kind: Literal["location_ban"] = "location_ban"
    airborne_at: str | None = None
    allies_of: str | None = None
    site_of: str | None = None
    square: int | None = None
    ground_if_occupied: bool = False
    from_void_span: bool = False
    enemies_of: str | None = None
    ground_at: str | None = None


class BorderBan(_Spec):
    """Units can't traverse the border between two squares (codex: Traverse, On the Ground):
    ``on_the_ground`` limits it to surface-to-surface steps without Airborne (Wall of Ice, Great
    Wall, Perilous Bridge); ``airborne_or_weak`` bars minions with Airborne or 2 or less power,
    whatever way they step (Wall of Air); ``enemies_of`` limits it to that player's enemies
    (Great Wall). Diagonal steps and as-if-adjacent steps cross no border (digest 2.9, 2.10)."""

    kind: Literal["border_ban"] = "border_ban"
    border: tuple[int, int]
    on_the_ground: bool = True
    airborne_or_weak: bool = False
    enemies_of: str | None = None


class MovesFreely(_Spec):
    """Basic-movement steps of ``unit`` (or, for Updraft Ridge, of any Airborne minion starting
    atop ``square``; for Arcade of Bones, of any Undead within the row of ``row_of``) cost nothing when start and end meet the condition (codex: Moves Freely)."""

    kind: Literal["moves_freely"] = "moves_freely"
    condition: Literal["water_locations", "land_sites_unoccupied", "sideways", "airborne_away_from", "undead_in_row_of"]
    unit: str | None = None
    square: int | None = None
    #: Arcade of Bones: Undead stepping within the row where that artifact is now
    row_of: str | None = None


class AsIfConnected(_Spec):
    """Units in scope may move as if the top and bottom edges of the realm were connected: for
    their own steps only, never for other adjacency (codex: As If Connected)."""

    kind: Literal["as_if_connected"] = "as_if_connected"
    unit: str | None = None
    allies_here_of: str | None = None
    allies_of: str | None = None


class NoLevelChange(_Spec):
    """Minions occupying the sites on these squares can't submerge or surface (Iceberg)."""

    kind: Literal["no_level_change"] = "no_level_change"
    squares: tuple[int, ...]


class Leap(_Spec):
    """``unit`` may leap over an adjacent site to the square beyond it in one step, on the
    surface (Felbog Frog Men; digest gap 9)."""

    kind: Literal["leap"] = "leap"
    unit: str


class Maze(_Spec):
    """Enemy minions of ``enemies_of`` can't move themselves (own steps, not forced ones) out of
    the nine locations nearby ``unit``, in its region (Maze Minotaur; codex: Nearby)."""

    kind: Literal["maze"] = "maze"
    unit: str
    enemies_of: str | None = None


class MustAttack(_Spec):
    """Mandatory attacks (codex: Mandatory Actions): minions nearby ``near`` (Mask of Mayhem)
    must attack when they can; enemies of ``enemies_of`` must attack ``target`` (The Green
    Knight) when they can. "Can attack" is judged by range of motion (digest 3.5)."""

    kind: Literal["must_attack"] = "must_attack"
    near: str | None = None
    target: str | None = None
    enemies_of: str | None = None


class Restriction(_Spec):
    """What ``unit`` can't do (the card's own "can't"; codex: Can vs. Can't): defend, move to
    defend (it defends only where it stands), intercept, attack, attack sites; and which own
    steps it may take ("forward": toward its controller's far edge; "sideways": along its row)."""

    kind: Literal["restriction"] = "restriction"
    unit: str
    no_defend: bool = False
    defend_in_place: bool = False
    no_intercept: bool = False
    no_attack: bool = False
    no_attack_sites: bool = False
    own_steps: Literal["forward", "sideways"] | None = None
    #: Cerberus in Chains: "can't move itself away" from its controller's Avatar (FAQ: no own
    #: step that ends farther from it, counted in the unit's own steps)
    not_away_from_avatar: bool = False


class DoubleStrikes(_Spec):
    """Strikes against units nearby ``near`` deal double damage; two double to four times
    (Mask of Mayhem; its FAQ: a strike is at the struck unit's location)."""

    kind: Literal["double_strikes"] = "double_strikes"
    near: str


class SiteCondition(_Spec):
    """Sites that lose their abilities (codex: Silenced, Disabled): their passive abilities are
    off, and their triggered ones (Genesis included) don't trigger. ``squares``: the sites on
    these squares, but not the one on ``exclude`` (Smokestacks of Gnaak: "other nearby sites");
    ``site_of``: the site where that artifact is, on the ground or with its bearer (Blightstone:
    "this site")."""

    kind: Literal["site_condition"] = "site_condition"
    condition: Literal["silenced", "disabled"]
    squares: tuple[int, ...] = ()
    exclude: int | None = None
    site_of: str | None = None


class Flooded(_Spec):
    """Sites that are flooded, so water sites (codex: Flooded, Water Site; digest 1.3), or with
    ``water`` False made not water sites (Drought). Which sites: those on ``squares``; the one
    where that unit is (``site_of``: Tide Naiads, "This site"); ``sites`` by id; or ``everywhere``
    (The Flood).
    ``non_ordinary`` keeps only sites that are not Ordinary (Atlantean Fate). Effects apply in
    timestamp order, the later winning (codex: Example - Flood vs. Drought); a site that has lost
    its abilities loses Flooded too (codex: Flooded)."""

    kind: Literal["flooded"] = "flooded"
    squares: tuple[int, ...] = ()
    #: these sites by id, wherever they are, and not a site that later takes their square (the
    #: Rubble The Great Drowning of Men floods, which a site played later replaces)
    sites: tuple[str, ...] = ()
    site_of: str | None = None
    everywhere: bool = False
    non_ordinary: bool = False
    water: bool = True


class Unmodifiable(_Spec):
    """The site at ``square`` can't be modified (Bedrock): no effect floods or dries it
    (Atlantean Fate FAQ: being flooded counts as being modified; Waveshaper FAQ: Bedrock)."""

    kind: Literal["unmodifiable"] = "unmodifiable"
    square: int


class StaysTapped(_Spec):
    """``unit`` doesn't untap the next time it would, as its controller's turn begins; the effect
    ends then (Waveshaper: "They don't untap the next time they would")."""

    kind: Literal["stays_tapped"] = "stays_tapped"
    unit: str


class Precedence(_Spec):
    """``unit`` won the first check against ``over``, two minions that disable others at rest
    trying to apply to one another: ``unit`` was not at rest then, ``over`` was. Its ability
    counts as the older of the two while ``over`` stays at rest (codex: Ordering Ongoing Effects,
    Minions Disabled While At Rest); the effect ends when ``over`` moves (rules/rest.py)."""

    kind: Literal["precedence"] = "precedence"
    unit: str
    over: str


AnySpec = (
    ConnectEdges | AsIfAdjacent | EntryBan | ImmobileAtop | Grant | Lose | Condition | Immune | LocationBan | BorderBan
    | MovesFreely | AsIfConnected | NoLevelChange | Leap | MustAttack | DoubleStrikes
    | Restriction | SiteCondition | Maze | Uninterceptable | Flooded | Unmodifiable | StaysTapped | FlownOver
    | ProjectileBar | RangeBonus | Unsubmergeable | Precedence
)
EffectSpec = Annotated[AnySpec, Field(discriminator="kind")]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(EffectSpec)


def parse_spec(data: dict[str, Any]) -> AnySpec:
    parsed: AnySpec = _ADAPTER.validate_python(data)
    return parsed
