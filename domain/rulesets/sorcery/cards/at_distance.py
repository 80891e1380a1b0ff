"""The kinds of ability that act beyond the unit's own location (the language of abilities.py,
continued): projectiles that drag or strike (codex: Projectile; Ranged, Ranged X, and +X Range)
effects on a location or unit "up to X steps away" (codex: Step: a distance, not movement), and
flights to a nearby site (codex: Fly)."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import Activation
from domain.rulesets.sorcery.spell_kinds import SpellTarget


class ShootAndDrag(Activation):
    """"Shoot a projectile. If it hits a unit, drag it here" along its path (codex: Projectile):
    Pudge Butcher, Meat Hook's bearer, Nelly Longarms (``may_submerge``: then it may submerge it)."""

    may_submerge: bool = False


class RangedStrike(Activation):
    """The keyword Ranged's ability (codex: Ranged, Ranged X): "Tap → Shoot a projectile that
    stops after 1 step (``reach`` steps). Strike the hit unit." """

    reach: int = 1
    #: Kite Archer: "Immediately after performing a ranged strike, [it] may take a step"
    step_after: bool = False


class AllyShootsAndIsDragged(SpellTarget):
    """Grapple Shot: an ally shoots a projectile; if it hits a unit, the ally is dragged along its
    path to that location (codex: Storyline, Projectile)."""


class DamageUpToSteps(Activation):
    """Damage at a location, or to a unit, up to ``reach`` steps away from the source (codex:
    Step): ``amount``, or the discarded card's mana cost when ``None`` (Payload Trebuchet);
    ``each_at_location``: every unit there (Midland Army), else one target unit (Siege
    Ballista); ``crew``: "Tap bearer and another ally here" (another ally at the bearer's
    location taps too)."""

    reach: int
    amount: int | None
    each_at_location: bool = True
    crew: bool = False


class DamageAtLocationUpToSteps(SpellTarget):
    """Minor Explosion: the casting unit, then a location up to ``reach`` steps away from it;
    each unit there takes ``amount`` damage (codex: Step)."""

    reach: int
    amount: int


class FlyToNearbySite(Activation):
    """"Fly a unit atop it to a nearby site" (codex: Fly: Airborne while crossing borders, not
    when entering): Avatar of Air (``air_site``: only while it occupies an Air site), Wuthering
    Heights (``minions_only``: a minion atop the site itself)."""

    air_site: bool = False
    minions_only: bool = False


class SiteFliesToVoid(Activation):
    """Cloud City: "(A)(A)(A) — Once on your turn, this site may fly to a nearby void": while its
    controller has ``threshold`` (element, count), carrying what occupies it (codex: Fly)."""

    threshold: tuple[str, int]


class ShootDamage(SpellTarget):
    """The casting unit shoots ``count`` projectiles in one direction, one at a time (codex:
    Storyline), each dealing ``amount`` to the unit it hits and ``splash`` to each other unit
    there (Fireball); ``piercing``: one unit hit at each location (Heat Ray)."""

    amount: int
    count: int = 1
    piercing: bool = False
    splash: int = 0
    #: Ice Lance: the damage at each of the first locations of its path, in order (none after)
    falloff: tuple[int, ...] = ()


class ShootDamageTap(Activation):
    """The unit shoots a projectile that deals ``amount`` (Cherubim)."""

    amount: int
    count: int = 1
    piercing: bool = False
    splash: int = 0
    falloff: tuple[int, ...] = ()


class DragInAdjacent(Activation):
    """Gloam Toads: "Drags in target adjacent unit": a forced pull of one step to its location."""


class KillAtLocationUpToSteps(SpellTarget):
    """Mortality, Boil: the casting unit, then a location (``water_site``: a water site, both its
    levels) up to ``reach`` steps away; the minions there (of ``subtypes``, if given) die."""

    reach: int
    subtypes: tuple[str, ...] = ()
    water_site: bool = False


class HurtToUntap(Activation):
    """Cranky Overseer: ``amount`` damage to an adjacent Ordinary minion, to untap it."""

    amount: int


class NearbyMinionHurtAndUntapped(SpellTarget):
    """Lash: the casting unit, then a minion nearby it: ``amount`` damage, and it untaps."""

    amount: int


class WaterSitePullsIn(SpellTarget):
    """Riptide: a water site, then an aboveground unit adjacent to it: pulled onto it."""


class TapNearbyEnemy(Activation):
    """Sir Tristan: a nearby enemy minion taps and "doesn't untap the next time it would"."""


class UnburrowAll(SpellTarget):
    """Exhume: everything below a target land site comes up to its surface (codex: Unburrow)."""
