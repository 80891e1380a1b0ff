"""Ongoing terrain effects on attacks (seed 003: Water, Forest, Peaks), Counters and death."""

from __future__ import annotations

from tests.tiny_epic_tactics.support import health, of, refused, tet, unit

DAMAGE = {"melee_die_faces": ["damage"]}


def duel(ground: str, options: dict[str, object] | None = None, melee: int = 1) -> tuple[object, int]:
    """A Fighter on plains hits a Beast standing on ``ground``; the Beast's Health after."""
    played = tet([f". {ground}"], units=[unit("f", "p1", "0,0", melee=melee), unit("b", "p2", "1,0", melee=0)],
                 options={**DAMAGE, **(options or {})})
    played.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    return played.game, health(played.game, "b")  # type: ignore[arg-type]


def test_a_unit_in_water_takes_one_more_damage() -> None:
    game, left = duel("~")
    assert left == 6 - 2
    assert of(game.pending_events, "DamageDealt", unit="b", base=1, amount=2, modifiers=["+1 Water"])  # type: ignore[attr-defined]


def test_a_unit_in_a_forest_takes_one_less_damage() -> None:
    _, left = duel("f", melee=2)
    assert left == 6 - 1


def test_option_terrain_damage_decides_whether_water_adds_to_an_attack_that_dealt_nothing() -> None:
    assert duel("~", {"melee_die_faces": ["blank"]})[1] == 5  # every_attack: the seed's "each time attacked"
    assert duel("~", {"melee_die_faces": ["blank"], "terrain_damage": "damaging_attacks"})[1] == 6


def test_a_unit_on_a_peak_has_unlimited_range_for_missiles_spells_and_counters() -> None:
    row = "^ . . . . . . . . ^"
    units = [
        unit("archer", "p1", "0,0", "Rogue", missile=1, ammo=1),
        unit("mage", "p1", "0,1", "Wizard", spell=1, mana=1),
        unit("sniper", "p2", "9,0", "Rogue", missile=1, ammo=1, melee=0),
    ]
    played = tet([row, ". . . . . . . . . ."], units=units)
    game = played.game
    refused(game, {"command": "spell_attack", "unit": "mage", "target": "sniper"}, "out of range")
    game.issue({"command": "missile_attack", "unit": "archer", "target": "sniper"})
    assert of(game.pending_events, "AttackMade", attacker="sniper", target="archer", attack="missile", counter=True)
    assert health(game, "archer") == 5 and health(game, "sniper") == 5


def test_missile_range_changes_with_elevation() -> None:
    units = [unit("archer", "p1", "0,0", "Rogue", missile=2, ammo=3), unit("low", "p2", "3,0", melee=0)]
    high = tet(levels=["1 0 0 0"], units=units)
    high.game.issue({"command": "missile_attack", "unit": "archer", "target": "low"})  # 3 spaces, range 2 + 1 downhill
    level = tet(levels=["0 0 0 0"], units=units)
    refused(level.game, {"command": "missile_attack", "unit": "archer", "target": "low"}, "out of range")


def test_a_counter_follows_damage_against_the_attacker_and_is_never_countered() -> None:
    played = tet([". ."], units=[unit("f", "p1", "0,0", melee=1), unit("b", "p2", "1,0", melee=1)], options=DAMAGE)
    events = played.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    attacks = of(events, "AttackMade")
    assert [(e.attacker, e.counter) for e in attacks] == [("f", False), ("b", True)]  # type: ignore[attr-defined]
    no_damage = tet([". ."], units=[unit("f", "p1", "0,0", melee=1), unit("b", "p2", "1,0", melee=1)],
                    options={"melee_die_faces": ["blank"], "terrain_damage": "damaging_attacks"})
    events = no_damage.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    assert len(of(events, "AttackMade")) == 1  # no damage taken: no Counter


def test_option_counters_never() -> None:
    played = tet([". ."], units=[unit("f", "p1", "0,0"), unit("b", "p2", "1,0")], options={**DAMAGE, "counters": "never"})
    assert len(of(played.game.issue({"command": "melee_attack", "unit": "f", "target": "b"}), "AttackMade")) == 1


def test_a_weakened_target_counters_only_after_paying_two_health_under_the_option() -> None:
    units = [unit("f", "p1", "0,0"), unit("b", "p2", "1,0", health=6, weakened=True),
             unit("c", "p2", "0,2"), unit("d", "p2", "1,2")]
    plain = tet(width=2, height=3, units=units, options=DAMAGE)
    assert len(of(plain.game.issue({"command": "melee_attack", "unit": "f", "target": "b"}), "AttackMade")) == 1
    paying = tet(width=2, height=3, units=units, options={**DAMAGE, "weakened_counter": "pay_2_health"})
    events = paying.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    assert of(events, "WeakenedRemoved", unit="b", health_paid=2) and len(of(events, "AttackMade")) == 2
    assert health(paying.game, "b") == 6 - 1 - 2


def test_paying_two_health_to_counter_removes_the_weakened_token() -> None:
    """Digest 2 (Weakened): paying 2 Health is what removes a token, and a Weakened unit Counters
    "after first paying 2 Health"; the rulebook's Reaction: Countering (the digest's source) says
    the payment is to remove the token. So under weakened_counter: pay_2_health the Counter's 2
    Health take the token away: the unit acts in its owner's next turn without paying again."""
    units = [unit("f", "p1", "0,0"), unit("b", "p2", "1,0", health=6, weakened=True),
             unit("c", "p2", "0,2"), unit("d", "p2", "1,2")]
    paying = tet(width=2, height=3, units=units, options={**DAMAGE, "weakened_counter": "pay_2_health"})
    events = paying.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    removed = of(events, "WeakenedRemoved", unit="b", health_paid=2, health=6 - 1 - 2)
    assert removed and events.index(removed[0]) < events.index(of(events, "AttackMade", attacker="b")[0])
    assert not paying.game.state.units["b"].weakened  # type: ignore[attr-defined]
    paying.game.issue({"command": "end_turn"})
    paying.game.issue({"command": "move", "unit": "b", "path": ["1,1"]})
    assert paying.game.state.units["b"].location == "1,1"  # type: ignore[attr-defined]


def test_health_zero_removes_the_unit() -> None:
    played = tet([". ."], units=[unit("f", "p1", "0,0", melee=2), unit("b", "p2", "1,0", health=2)], options=DAMAGE)
    events = played.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    assert of(events, "UnitDied", unit="b") and not played.game.state.units["b"].alive
    assert not of(events, "AttackMade", attacker="b")


def test_a_missile_pays_for_its_misses_or_misses_when_it_cannot() -> None:
    units = [unit("a", "p1", "0,0", "Rogue", missile=3, ammo=2, miss_dice=1), unit("b", "p2", "2,0", melee=0)]
    paid = tet([". . ."], units=units, options={"miss_die_faces": ["miss"]})
    paid.game.issue({"command": "missile_attack", "unit": "a", "target": "b"})
    assert paid.game.state.units["a"].ammo == 0 and health(paid.game, "b") == 5  # type: ignore[attr-defined]
    units[0] = unit("a", "p1", "0,0", "Rogue", missile=3, ammo=1, miss_dice=1)
    short = tet([". . ."], units=units, options={"miss_die_faces": ["miss"]})
    events = short.game.issue({"command": "missile_attack", "unit": "a", "target": "b"})
    assert of(events, "AttackMissed") and health(short.game, "b") == 6
    refused(short.game, {"command": "missile_attack", "unit": "a", "target": "b"}, "costs 1 Ammo")


def test_a_missile_that_misses_a_unit_in_water_still_deals_the_waters_one() -> None:
    """Seed 003, Water: +1 damage each time the unit is attacked; a shot that misses was still an
    attack on it (option terrain_damage: every_attack). The wet target then Counters (it took
    damage); under damaging_attacks the miss does nothing, and on dry ground it does nothing."""
    units = [unit("a", "p1", "0,0", "Rogue", missile=3, ammo=1, miss_dice=1), unit("b", "p2", "2,0", "Rogue", missile=3, ammo=1)]
    wet = tet([". . ~"], units=units, options={"miss_die_faces": ["miss"]})
    events = wet.game.issue({"command": "missile_attack", "unit": "a", "target": "b"})
    assert of(events, "AttackMissed")
    assert of(events, "DamageDealt", unit="b", base=0, amount=1, modifiers=["+1 Water"])
    assert health(wet.game, "b") == 5
    assert of(events, "AttackMade", attacker="b", target="a", counter=True)
    strict = tet([". . ~"], units=units, options={"miss_die_faces": ["miss"], "terrain_damage": "damaging_attacks"})
    events = strict.game.issue({"command": "missile_attack", "unit": "a", "target": "b"})
    assert not of(events, "DamageDealt") and health(strict.game, "b") == 6
    dry = tet([". . ."], units=units, options={"miss_die_faces": ["miss"]})
    events = dry.game.issue({"command": "missile_attack", "unit": "a", "target": "b"})
    assert not of(events, "DamageDealt") and not of(events, "AttackMade", attacker="b")


def test_a_unit_with_no_ranged_damage_has_no_missile_or_spell_attack() -> None:
    """A Missile Attack deals the damage its stat lists (the rulebook's Action: Missile Attack, on
    which digest 5 rests) and only a spell that deals damage is an attack (the FAQ): a unit whose
    ``ranged_damage`` is 0 has neither, whatever its ranges. Refused with the reason, never
    listed, and no Counter made with one (it Counters in Melee or not at all)."""
    units = [
        unit("a", "p1", "0,0", "Rogue", missile=3, ammo=2, spell=3, mana=2, ranged_damage=0, melee=0),
        unit("b", "p2", "2,0", "Rogue", missile=3, ammo=2, ranged_damage=0, melee=0),
        unit("c", "p1", "0,1", "Rogue", missile=3, ammo=2, melee=0),
    ]
    game = tet([". . .", ". . ."], units=units, options={"miss_die_faces": ["hit"]}).game
    for kind in ("missile", "spell"):
        refused(game, {"command": f"{kind}_attack", "unit": "a", "target": "b"}, "no ranged damage")
    listed = [c for c in game.legal_commands() if getattr(c, "unit", "") == "a"]
    assert not [c for c in listed if getattr(c, "command", "") in ("missile_attack", "spell_attack")]
    events = game.issue({"command": "missile_attack", "unit": "c", "target": "b"})
    assert of(events, "DamageDealt", unit="b", amount=1) and not of(events, "AttackMade", attacker="b")
    assert game.state.units["b"].ammo == 2  # type: ignore[attr-defined]


def test_a_missile_counter_pays_its_ammo_and_needs_some() -> None:
    """A Counter is an attack made by the usual rules (seed 003, Peaks: "Counter ... with a Missile
    or Spell Attack"; digest 5: a Missile Attack costs 1 Ammo, and each miss 1 more): the Counter
    spends 1 Ammo; a target with no Ammo left Counters with a Spell if it can, else not at all."""
    shooter = unit("a", "p1", "0,0", "Rogue", missile=3, ammo=1, melee=0)
    options = {"miss_die_faces": ["hit"]}
    armed = tet([". . ."], units=[shooter, unit("b", "p2", "2,0", "Rogue", missile=3, ammo=1, melee=0)], options=options)
    events = armed.game.issue({"command": "missile_attack", "unit": "a", "target": "b"})
    assert of(events, "AttackMade", attacker="b", attack="missile", counter=True)
    assert of(events, "ResourceSpent", unit="b", resource="ammo", amount=1, left=0)
    dry = unit("b", "p2", "2,0", "Wizard", missile=3, ammo=0, spell=3, mana=1, melee=0)
    events = tet([". . ."], units=[shooter, dry], options=options).game.issue(
        {"command": "missile_attack", "unit": "a", "target": "b"})
    assert of(events, "AttackMade", attacker="b", attack="spell", counter=True)
    assert of(events, "ResourceSpent", unit="b", resource="mana", amount=1, left=0)
    empty = unit("b", "p2", "2,0", "Rogue", missile=3, ammo=0, melee=0)
    events = tet([". . ."], units=[shooter, empty], options=options).game.issue(
        {"command": "missile_attack", "unit": "a", "target": "b"})
    assert of(events, "DamageDealt", unit="b", amount=1) and not of(events, "AttackMade", attacker="b")


def test_melee_needs_an_orthogonally_adjacent_enemy_at_the_same_level() -> None:
    """Digest 4 (Melee): orthogonally adjacent, at the same Elevation: not across a cliff, not
    diagonally, not two spaces off."""
    game = tet(levels=["0 0 0", "0 0 0"], units=[unit("f", "p1", "0,0", melee=1), unit("b", "p2", "1,0", melee=0)]).game
    game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    for target_at, levels in (("1,0", ["0 1 0", "0 0 0"]), ("1,1", ["0 0 0", "0 0 0"]), ("2,0", ["0 0 0", "0 0 0"])):
        game = tet(levels=levels, units=[unit("f", "p1", "0,0", melee=1), unit("b", "p2", target_at, melee=0)]).game
        refused(game, {"command": "melee_attack", "unit": "f", "target": "b"}, "orthogonally adjacent at the same level")


def test_missile_range_is_one_less_shooting_up_a_level() -> None:
    """Digest 5 (Range): -1 when the attacker is lower than its target."""
    units = [unit("archer", "p1", "0,0", "Rogue", missile=3, ammo=3), unit("high", "p2", "3,0", melee=0)]
    refused(tet(levels=["0 0 0 1"], units=units).game, {"command": "missile_attack", "unit": "archer", "target": "high"},
            "out of range")
    tet(levels=["0 0 0 0"], units=units).game.issue({"command": "missile_attack", "unit": "archer", "target": "high"})
