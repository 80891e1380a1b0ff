"""Abilities that trigger at the start or the end of a turn and move units or change their
movement keywords (issue 9): what they match and do is in ``triggers_turnly``."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import Ability

#: Stealth gained by a card's text is kept like the keyword's: never lost by interacting
STEALTH_KEPT = "the Stealth gained is not lost when it interacts with the realm (Stealth tokens are not simulated)"


def _triggered(name: str, trigger: str, covers: str, gaps: str | None = None) -> Ability:
    return Ability(name=name, timing="triggered", trigger=trigger, covers=(covers,), gaps=gaps)


ABILITIES_TURNLY: dict[str, tuple[Ability, ...]] = {
    # --- at the end of your turn --------------------------------------------------------------------
    "Gneissgnath Gnomes": (
        _triggered("may burrow at the end of your turn", "end_may_burrow",
                   "At the end of your turn, Gneissgnath Gnomes may burrow."),
    ),
    "Vatn Draconis": (
        _triggered("may submerge all minions and artifacts here at the end of your turn", "end_may_submerge_here",
                   "At the end of your turn, you may submerge all minions and artifacts here."),
    ),
    "Questing Beast": (
        _triggered("may take a step at the end of your turn", "end_may_step",
                   "At the end of your turn, Questing Beast may take a step."),
    ),
    "Sly Fox": (
        _triggered("gains Stealth at the end of your turn", "end_gain_stealth",
                   "Gains Stealth at the end of your turn.", gaps=STEALTH_KEPT),
    ),
    "Survivors of Serava": (
        _triggered("gains Stealth at the end of your turn if no enemies are nearby", "end_gain_stealth_alone",
                   "At the end of your turn, if no enemies are nearby, this gains Stealth.", gaps=STEALTH_KEPT),
    ),
    "Thin Ice": (
        _triggered("submerges the minions atop at the end of your turn if they total 5 or more power",
                   "end_submerge_heavy",
                   "At the end of your turn, if minions atop this site total 5 or more power, submerge them."),
    ),
    "Nightmare": (
        _triggered("may push each enemy minion here at the end of your turn", "end_may_push_enemy_here",
                   "At the end of your turn, for each enemy minion here, you may push it to an adjacent location or void."),
    ),
    "Undertaker Engine": (
        _triggered("may burrow or unburrow each minion and artifact at its site at the end of your turn", "end_may_burrow_or_unburrow",
                   "At the end of your turn, you may burrow and/or unburrow any combination of artifacts and minions at this site."),
    ),
    # --- at the start of your turn ------------------------------------------------------------------
    "Ribble Boggart": (
        _triggered("gains a random mutation until the end of turn, at the start of your turn", "start_random_mutation",
                   "At the start of your turn, Boggart gains a random mutation until the end of turn: Airborne, "
                   "Ranged, Lethal, or +3 power.",
                   gaps="the +3 power is not simulated; a Ranged gained is simulated only as far as the keyword is"),
    ),
    "Mudflow": (
        _triggered("surfaces each minion below target nearby site at the start of your turn", "start_raise_target_site",
                   "At the start of your turn, surface or unburrow each minion occupying target site nearby."),
    ),
    "Guile Sirens": (
        _triggered("a target nearby enemy minion steps toward it at the start of your turn", "start_lure_target",
                   "At the start of your turn, force target nearby enemy minion to take a step toward Guile Sirens."),
    ),
    "Unland Angler": (
        _triggered("while submerged, enemy minions atop adjacent sites step toward it at the start of your turn",
                   "start_lure_adjacent",
                   "At the start of your turn, if Unland Angler is submerged, force each enemy minion atop adjacent "
                   "sites to take a step toward this one."),
    ),
    # --- both ------------------------------------------------------------------------------------------
    "Monastery Gargoyle": (
        _triggered("has Airborne or is a Monument, chosen at the start and end of your turn", "airborne_or_monument",
                   "At the start and end of your turn, choose whether Monastery Gargoyle has Airborne or is a Monument.",
                   gaps="being a Monument is not simulated: it stays a minion, without Airborne"),
    ),
}
