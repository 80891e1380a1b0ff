"""The language Sorcery cards are declared in (cards/): abilities with their timing kind, and spells.

The timing kind is declared, never inferred at run time (DESIGN.md, principle 2):

- ``ongoing``: ``passive`` is the effect template it keeps in force while its card is in the
  realm (effects.py; the lookahead applies it); a carrier says how many units it carries;
  ``placement`` is a rule of where the card may enter; ``unmovable``, that nothing moves it by force;
- ``triggered``: ``when`` is a typed event kind (``Enters``, ``AtTurn``, ``Genesis``...), ``scope``
  a ``Scope`` template the unit it is about must be in, and ``does`` what it does: an effect
  primitive (``Kill``, ``Damage``, ``StartEffect``) or a named resolver (``Resolve``). Only the
  aggregate fires them (triggers/); the lookahead never sees them;
- ``activated``: ``activated`` says what using it costs and does (``Activation`` kinds).

Spells are declared in the same way, in spell_kinds.py. Texts are cited by card name; the
wording lives in the card data.

Placeholders in templates: ``$square`` is the square of the card itself, ``$self`` its id,
``$controller`` its controller, ``$area`` an aura's squares, ``$nearby`` the squares nearby;
in spells ``$target``/``$targets`` are what the player chose.

Nothing here imports the engine: cards are data, and the engine reads them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from domain.rulesets.sorcery.catalog import Timing


class Declared(BaseModel):
    """A declaration of the card language: frozen, and refusing a field it does not know, so that a
    typo in a card's declaration fails at import instead of being ignored."""

    model_config = ConfigDict(frozen=True, extra="forbid")


# --- when a triggered ability triggers: typed event kinds (one matcher each: triggers/match.py) --


class When(Declared):
    """A kind of moment a triggered ability waits for. A unit that is silenced or disabled has no
    abilities, so it triggers nothing; a site that lost its abilities neither (codex: Silenced,
    Disabled)."""


class Enters(When):
    """A unit enters a new site: a step from another square, or summoned there (codex: Enter;
    digest 2.3). ``lacking``: the unit lacks these keywords; ``water_site``: the site entered is
    a water site; ``in_source_body_of_water``: the square is in the body of water of the source;
    ``avatars_only``; ``first_only``: the source has given no lasting effect yet (Dark Alley)."""

    lacking: tuple[str, ...] = ()
    water_site: bool = False
    in_source_body_of_water: bool = False
    avatars_only: bool = False
    first_only: bool = False


class Occupies(Enters):
    """A unit comes to occupy a site (Rest in Peace: the codex's Enter, docs/sorcery.md), matched
    after every ``Enters``; ``land_site``: the site is a land site."""

    land_site: bool = False


class CrossesBorder(When):
    """A unit traverses the border an aura is atop (codex: Traverse; walls), ``on_the_ground``
    only when it does so on the ground (codex: On the Ground; digest 2.10)."""

    on_the_ground: bool = False


class StepsOntoGroundAbove(When):
    """A unit steps onto the surface above the burrowed source, on the ground (Awakened Mummies)."""


class Moves(When):
    """The source itself moves to a new location, by any step (Army of the Dead: its FAQ)."""


class Stops(When):
    """The source itself stops: no movement for it (or for its carrier) is left on the storyline,
    after it changed location (codex: Stops: a unit must first move to then stop; a move whose
    steps were all refused, or a teleport to where it was, is no stop)."""


class EntersVoid(When):
    """The source itself enters the void from a site (Phase Assassin)."""


class Attacked(When):
    """The source is the target of an attack just declared (codex: Attack, step 2)."""


class AfterFirstAttack(When):
    """The source's first attack this turn has resolved (codex: Attack, step 6)."""


class BearerStrikes(When):
    """The unit bearing the source (an artifact) strikes a unit; ``avatars_only``: an Avatar
    (The Rack; codex: Strike)."""

    avatars_only: bool = False


class EnemyCasts(When):
    """An enemy unit casts magic (Sturmgeist FAQ: only units cast spells it hears)."""


class AfterCasting(When):
    """The source has cast a Magic spell, and the spell has resolved (Wind Sylph)."""


class AtTurn(When):
    """The start and/or the end of a turn: ``whose`` turn (its controller's, or each turn); with
    ``each``, one trigger for each enemy minion at the source's location, each minion or
    artifact at its site, or each artifact in the realm not at its site (codex: Turn Sequence)."""

    start: bool = False
    end: bool = False
    whose: Literal["yours", "each"] = "yours"
    each: Literal["enemy_minion_here", "minion_or_artifact_at_site", "artifact_elsewhere"] | None = None


class Choices(Declared):
    """What a Genesis asks of its player as the card enters (the command's targets: checked as
    the command is issued; engine/genesis.py)."""


class NoChoice(Choices):
    pass


class PlayTarget(Choices):
    """The ``target`` of ``play_site``: ``required``, a nearby site (Bog); else recorded as given."""

    required: bool = False


class AdjacentEnemyStep(Choices):
    """An adjacent enemy minion, then where it steps, ``closer`` to the source or away."""

    closer: bool


class OwnStep(Choices):
    """Where the source takes a step (a legal step must be named when there is one)."""


class UnitInBodyOfWater(Choices):
    """A unit in the source's body of water, then where it moves one step within it."""


class Side(Choices):
    """``west`` or ``east``: one side for all."""


class MinionHere(Choices):
    """Another minion at the source's location."""


class NearbyAlliedMinion(Choices):
    """Another allied minion nearby; ``optional``: none named is the choice to give nothing."""

    optional: bool = False


class AdjacentUnit(Choices):
    """A unit at the source's location or an orthogonally neighbouring one (codex: Adjacent): an
    ally (``allies_only``), of ``subtypes`` if given (Gravedigger: an Undead, anyone's)."""

    allies_only: bool = True
    subtypes: tuple[str, ...] = ()


class Genesis(When):
    """The card enters the realm: a site played, a minion summoned, an artifact or aura conjured
    (codex: Genesis), with the ``choices`` it asks for."""

    choices: Choices = NoChoice()


# --- what a triggered ability does: a primitive, or a named resolver (triggers/registry.py) -----


class Does(Declared):
    """What a triggered ability does when it resolves."""


class Kill(Does):
    """Kill the unit the trigger is about, if it is still at the source's site."""

    why: str


class Damage(Does):
    """Deal ``amount`` damage to the unit the trigger is about, if it is still in the realm; a
    minion whose damage reaches its defence dies (codex: Damage), of ``why``."""

    amount: int
    why: str


class StartEffect(Does):
    """Start an effect from the source: ``spec`` a template (``$source``), ``label`` a text with
    ``{source}`` and ``{controller}``; the outcome is the label."""

    spec: dict[str, Any]
    duration: str
    label: str


class Untap(Does):
    """Untap every unit in ``scope`` (a ``Scope`` template: ``$source``, ``$controller``) as it
    resolves (codex: Untap; Belfry, Silver Valkyries, Malakhim)."""

    scope: dict[str, Any]


class Resolve(Does):
    """A named resolver, registered beside its function (triggers/)."""

    name: str


# --- what an activated ability costs and does (activations/) ------------------------------------


class Activation(Declared):
    """``cost``: ``tap`` ("Tap →": the unit taps, so it must be untapped and not summoning sick)
    or ``once`` ("Once on your turn"); ``granted``: the ability is had by the units at an artifact's
    location (``here``: Rolling Boulder), by the Spellcasters adjacent to the card (``adjacent``:
    Shackled Demon) or by an artifact's bearer (``bearer``: Spear of Destiny)."""

    cost: Literal["tap", "once"]
    granted: Literal["here", "adjacent", "bearer"] | None = None


class TeleportNearbyTapOthers(Activation):
    pass


class TeleportToTappedBurrow(Activation):
    pass


class StepThenConstrict(Activation):
    pass


class StepsInDirection(Activation):
    steps: int


class LureCloser(Activation):
    """A lure: the enemy's own step toward the source; then it taps, or takes damage and the
    source's controller heals."""

    who: Literal["nearby_enemy", "adjacent_enemy_minion"]
    then: Literal["tap", "damage_heal"]
    damage: int = 0
    heal: int = 0


class LureHere(Activation):
    pass


class PushOnRivers(Activation):
    pass


class StepTowardEvil(Activation):
    pass


class RollingBoulder(Activation):
    damage: int


class ReleaseShackled(Activation):
    pass


class ThrowSpear(Activation):
    pass


class UntapAlliedMinion(Activation):
    """Queen Guinevere: "untap target allied minion" (codex: Untap), anywhere in the realm."""


class FloodSite(Activation):
    """Flood a site ``where`` it may (adjacent to the site; adjacent to or near the Avatar's body
    of water) for ``duration``; ``may_teleport`` there; ``tap_without_submerge`` the minions there."""

    where: Literal["adjacent", "adjacent_to_body", "near_body"]
    duration: str
    may_teleport: bool = False
    tap_without_submerge: bool = False


# --- where a card may enter -----------------------------------------------------------------------


class Placement(Declared):
    """A card's own rule of where it enters, with its text: conjured ``atop_border`` of a site its
    controller controls (walls), summoned ``to_your_avatar`` (Cerberus in Chains), summoned
    ``burrowed_safely`` (Awakened Mummies)."""

    rule: Literal["atop_border", "to_your_avatar", "burrowed_safely"]
    text: str


class Size(Declared):
    """The unit occupies an area of ``columns`` x ``rows`` squares, its location being the
    area's top-left square (codex: Oversized Units; oversized.py)."""

    columns: int
    rows: int
    #: where it is never harms it: no void banishes it, no level kills it (Yog-Sothoth:
    #: "Occupies all locations safely")
    safely: bool = False


class Grows(Declared):
    """The unit moves by extending from any part of itself and occupies every location it has
    ever occupied, with +1 power for each (``per``: ``location``), or for each one that is void
    (``void``): Megamoeba, Aethermoeba (codex: Oversized Units; oversized.py)."""

    per: Literal["location", "void"] = "location"


class DiesNearby(Declared):
    """The passive effect lasts until a unit of one of these subtypes, anyone's, dies nearby the
    card (Hollow One): a duration, not a triggered ability (engine/durations.py)."""

    subtypes: tuple[str, ...]


class Ability(Declared):
    name: str
    timing: Timing
    #: the card's text this ability models, exactly as printed (a line or part of one): what the
    #: card derivation counts as modelled (coverage.py); a test checks each is on its card
    covers: tuple[str, ...] = ()
    #: what of the covered text is still not modelled (reported with the card, never silent)
    gaps: str | None = None
    #: for ongoing abilities: the effect template it keeps in force while its card is in the realm
    passive: dict[str, Any] | None = None
    #: for triggered abilities: the key a queued trigger records (``TriggerState.ability``)
    trigger: str | None = None
    when: When | None = None
    #: a ``Scope`` template the unit the trigger is about must be in
    scope: dict[str, Any] | None = None
    does: Does | None = None
    #: for carriers: how many units, and which: "minion" (allied minions), "unit" (allies, an
    #: Avatar included), "weaker_minion" (weaker allied minions), "any_minion" (any minions)
    carry: int = 0
    carry_allies: str = "minion"
    activated: Activation | None = None
    placement: Placement | None = None
    #: nothing moves the card by force (Iron Man Talus; engine/artifacts.py)
    unmovable: bool = False
    #: what Drop may not drop (codex: Drop; can't beats can): ``itself``, its bearer can't drop
    #: this artifact (Magnetic Muzzle); ``borne``, this unit can't drop artifacts (Lord of
    #: Greed); ``here``, artifacts in this aura's area can't be dropped (Cursed Iron). Read by
    #: ``engine/carry.artifact_drop_refusal``
    undroppable: Literal["itself", "borne", "here"] | None = None
    #: artifacts can't be carried at this artifact's location (Red Rock of Ravannis): no Pick Up
    #: there, and one borne there lies there (``uncarriable.py``; rule option
    #: ``red_rock_bearer_enters``)
    uncarriable_here: bool = False
    #: for ongoing abilities: what ends the effect for good, if anything does
    lasts_until: DiesNearby | None = None
    #: the unit loses these keywords for good once it moves (Moss Troll: "Loses Stealth if it
    #: moves."; marked as its step is taken, as a "permanently lose" is: engine/steps.py)
    lost_once_it_moves: tuple[str, ...] = ()
    #: an oversized unit's size, a characteristic it enters the realm with (codex: Oversized Units)
    size: Size | None = None
    #: a unit that grows as it moves (Megamoeba, Aethermoeba)
    grows: Grows | None = None
    #: the unit is banished while the realm has fewer voids than this (Yog-Sothoth: "Is
    #: banished without five voids"; a state-based check: engine/voids.py)
    banished_without_voids: int | None = None


def fill(template: Any, values: dict[str, Any]) -> Any:
    """Replace ``$name`` placeholders in a template with concrete values."""
    if isinstance(template, str) and template.startswith("$"):
        return values[template[1:]]
    if isinstance(template, dict):
        return {k: fill(v, values) for k, v in template.items()}
    if isinstance(template, list):
        return [fill(v, values) for v in template]
    return template

