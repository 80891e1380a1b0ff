"""Who has which activated ability now, and whether they may use it (codex: Activated Ability):
an ability is used by the controller of its card, on their turn, in the main phase, with an
empty storyline; a "Tap →" ability taps its unit, so the unit must be untapped and not summoning
sick; a "Once on your turn" ability is refused a second time that turn. A silenced or disabled
unit, or a site that lost its abilities, has none to use. Some abilities are had by other units
than their card's: the units at an artifact's location, the Spellcasters adjacent to a shackled
demon, an artifact's bearer."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Source, card_of
from domain.rulesets.sorcery.activations.boulder import granted_here
from domain.rulesets.sorcery.activations.projectiles import ranged_ability
from domain.rulesets.sorcery.activations.shackles import granted_adjacent
from domain.rulesets.sorcery.activations.spear import granted_bearer
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.cards.at_distance import RangedStrike
from domain.rulesets.sorcery.commands import Activate
from domain.rulesets.sorcery.engine.reader import SICK, TAP, Reader
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.rules.live import live
from domain.rulesets.sorcery.rules.projectiles import range_bonus
from domain.rulesets.sorcery.rules.shared import per_state, realm_key, table
from domain.rulesets.sorcery.state import SorceryState
from domain.rulesets.sorcery.view import RealmView

OWN_ABILITIES = rule("codex: Activated Ability", "only the controller of a card uses its activated abilities")
ONCE = rule("codex: Activated Ability", "an ability limited to once on your turn is used once on each of your turns")


def activated_of(card_name: str) -> list[Ability]:
    """A card's own activated abilities (not those it grants to others)."""
    return [a for a in abilities_of(card_name) if a.activated is not None and a.activated.granted is None]


def abilities_for(state: SorceryState, source_id: str) -> tuple[Ability, ...]:
    """The activated abilities a unit or site has now (its own, then those granted where it is).

    Kept in a table shared by every state with the same realm (``rules.shared``: its facts,
    cards, artifacts, effects, and where every unit is), since that is all an answer reads: the
    legal commands ask it of every unit of the player in every state, and most events (a tap, a
    turn passing, damage) change none of it, so a state met again finds its answers made. The
    table is found once per state (an index, which the next event drops)."""
    kept: dict[str, tuple[Ability, ...]] = per_state(state, "sorcery.abilities", lambda: _kept_abilities(state))
    found = kept.get(source_id)
    if found is None:
        found = kept[source_id] = _abilities_for(state, source_id)
    return found


def _kept_abilities(state: SorceryState) -> dict[str, tuple[Ability, ...]]:
    """The abilities table of the realm of ``state``: keyed on the realm's facts and where every
    unit stands (the broad key of ``rules.shared``), everything ``_abilities_for`` reads."""
    return table(state, (*realm_key(state), "abilities"), dict)


def _abilities_for(state: SorceryState, source_id: str) -> tuple[Ability, ...]:
    unit = state.units.get(source_id)
    if unit is not None:
        found = activated_of(unit.card) + [a for _, a in granted_here(state, unit.location)]
        found += [a for _, a in granted_adjacent(state, unit.id)]  # Shackled Demon's release
        found += [a for _, a in granted_bearer(state, unit.id)]  # "Bearer has ..." (Spear of Destiny)
        if unit.alive and unit.location is not None:  # the keyword Ranged's strike (codex: Ranged)
            view = RealmView.of(state)
            after = any(isinstance(a.activated, RangedStrike) and a.activated.step_after for a in found)  # Kite Archer
            # its keywords where it stands, as the live index keeps them across events (rules/live.py)
            keywords = live(state).keywords[unit.id]
            if (ranged := ranged_ability(keywords, range_bonus(view, unit.id), after)) is not None:
                found = [a for a in found if a.name != ranged.name] + [ranged]
            else:
                found = [a for a in found if not isinstance(a.activated, RangedStrike)]
    else:
        found = activated_of(state.features[source_id].card)
    return tuple({a.name: a for a in found}.values())


def source_of(engine: Reader, source_id: str) -> Source:
    state = engine.state
    unit = state.units.get(source_id)
    if unit is not None:
        if not unit.alive or unit.location is None:
            raise IllegalCommand(rule("codex: Die", "the unit is no longer in the realm"), f"{source_id} is dead")
        return Source(unit.id, unit.card, unit.owner, unit.location, unit)
    feature = state.features.get(source_id)
    if feature is not None and feature.kind == "site" and feature.location is not None:
        return Source(feature.id, feature.card, feature.controller, feature.location, None)
    names = sorted([u.id for u in state.living_units()] + [f.id for f in state.features.values() if f.kind == "site"])
    raise BadInput(f"unknown unit or site {source_id!r} (there are: {', '.join(names)})", "source")


def ability_named(state: SorceryState, source: Source, name: str | None) -> Ability:
    found = abilities_for(state, source.id)
    if not found:
        raise BadInput(f"{source.id} ({source.card}) has no activated ability the simulator models", "source")
    if name is None:
        if len(found) > 1:
            raise BadInput(f"{source.id} has several activated abilities: name one ({'; '.join(a.name for a in found)})", "ability")
        return found[0]
    for ability in found:
        if name in (ability.name, card_of(ability, source.card)):
            return ability
    raise BadInput(f"{source.card} has no ability {name!r} (it has: {'; '.join(a.name for a in found)})", "ability")


def check(engine: Reader, cmd: Activate) -> tuple[Source, Ability, str]:
    """Refuse an activation that the rules don't allow now, naming the rule."""
    source = source_of(engine, cmd.source)
    player = engine.player(cmd.player, source.controller or engine.state.active_player)
    engine.check_main_phase(player)
    if source.controller != player:
        raise IllegalCommand(OWN_ABILITIES, f"{source.id} is controlled by {source.controller}, not {player}")
    ability = ability_named(engine.state, source, cmd.ability)
    assert ability.activated is not None
    view = engine.view()
    if source.unit is not None:
        lost = view.silenced(source.id) or view.disabled(source.id)
        if lost is not None:
            raise IllegalCommand(lost, f"{source.id} can't use its abilities")
    elif source.id in view.suppressed_sites:
        raise IllegalCommand(view.suppressed_sites[source.id], f"{source.id} has lost its abilities")
    if ability.activated.cost == "tap":
        assert source.unit is not None
        if source.unit.tapped:
            raise IllegalCommand(TAP, f"{source.id} is tapped")
        if engine.summoning_sick(source.unit):
            raise IllegalCommand(SICK, f"{source.id} entered the realm this turn")
    else:
        state = engine.state
        if any(u.source == source.id and u.ability == ability.name and u.turn == state.turn for u in state.activations):
            raise IllegalCommand(ONCE, f"{source.id} has used '{ability.name}' this turn")
    return source, ability, player
