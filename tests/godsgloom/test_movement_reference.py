"""Every Move Action of seed 002 §8 and the movement traits of seed 001 §18.2, against a brute
force written here: on random small mats (units of both sides with Skirmish or Lockdown, Difficult
and Impassable hexes, Slow tokens, both zone options and both engaged_rule readings, up to a unit
on nearly every hex), a mover with a random set of traits uses a random choice of its Active ones
(one, two or three; Harass as Nimble), and every path of at most a few hexes is walked under the
rules as this file reads them. The hexes where such a walk may end must be the engine's, on small
mats and read as large ones, and a walk the brute force allows is accepted as a command that
Engages the mover where the brute force says, bars its Melee Attack when a rule costs it (§8.2,
Nimble, Unstoppable) and rolls one Attack Die per enemy trampled.

The rules as read here, each from the seed (and the documented defaults where it is silent):
- §8.1: no hex of another unit is entered unless the mover has Skirmish and the occupant is
  friendly, the occupant has Skirmish and is friendly, or the mover uses Trample and the occupant
  is Infantry or Swarm (either side); no walk ends in one;
- §8.2: a unit starting in an enemy zone moves at most ``engaged_step_hexes`` hexes, each costing
  1, unless Unstoppable, or Breakaway used, gives it its Move Action; Trample used alone gives it
  the step (Unstoppable with Trample, its Move Action); a Lockdown enemy Engaging it forbids every
  Move Action, not Trample's step (seed 001 Lockdown);
- §8.3: entering an empty hex in an enemy zone ends the walk, unless Unstoppable (in a Move
  Action) or Nimble (used by a unit that started free, none of the zone's owners with Lockdown);
  the first hex of a Move Action is always allowed (Minimum Move Guarantee), spending all MP;
- MOV: Speed less one per Slow token, never below 0; a Difficult hex costs ``difficult_cost``
  unless Ignore Difficult; Impassable and off-mat hexes are never entered.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import SimError
from domain.movement import search_reach
from domain.rulesets.godsgloom import view as gloom_view
from domain.rulesets.godsgloom.hexgrid import parse_hex
from domain.rulesets.godsgloom.movement import GloomMovement, choose_mode
from domain.rulesets.godsgloom.view import MatView
from sim.runner import play
from tests.test_search_references import scenario

Hex = tuple[int, int]
NEIGHBOURS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
MOVER_TRAITS = ("Skirmish", "Ignore Difficult", "Unstoppable", "Nimble", "Trample", "Breakaway", "Harass")
USES: tuple[tuple[str, ...], ...] = (
    (), ("Nimble",), ("Trample",), ("Breakaway",), ("Harass",), ("Nimble", "Trample"), ("Breakaway", "Trample"),
    ("Harass", "Trample"), ("Breakaway", "Nimble"), ("Breakaway", "Nimble", "Trample"),
)


def board(rng: random.Random) -> dict[str, Any]:
    width, height = rng.randint(3, 7), rng.randint(3, 7)
    hexes = [(q, r - q // 2) for q in range(width) for r in range(height)]
    rng.shuffle(hexes)
    crowd = rng.choice([0.1, 0.3, 0.6, 0.9])  # up to a unit on nearly every hex
    count = min(len(hexes) - 1, int(len(hexes) * crowd * rng.random()) + 1)
    mover, others = hexes[0], hexes[1 : 1 + count]
    rest = hexes[1 + count :]
    terrain = rng.sample(hexes[1:], rng.randint(0, len(hexes) // 3))
    units = [{
        "id": "mover", "owner": "p1", "type": rng.choice(["Cavalry", "Infantry", "Monster"]),
        "at": f"{mover[0]},{mover[1]}", "facing": rng.choice(FACINGS), "speed": rng.randint(0, 4),
        "traits": sorted(t for t in MOVER_TRAITS if rng.random() < 0.4),
        "tokens": {"slow": rng.choice([0, 0, 0, 1, 2])},
    }]
    for i, (q, r) in enumerate(others):
        units.append({
            "id": f"u{i}", "owner": rng.choice(["p1", "p2", "p2"]),
            "type": rng.choice(["Infantry", "Swarm", "Monster", "Cavalry", "Hero"]),
            "at": f"{q},{r}", "facing": rng.choice(FACINGS),
            "traits": sorted(t for t in ("Skirmish", "Lockdown") if rng.random() < 0.25),
        })
    del rest
    held = set(others)
    options = {
        "engagement_zone": rng.choice(["front_arc", "all_adjacent"]),
        "difficult_cost": rng.choice([2, 3]),
        "engaged_step_hexes": rng.choice([1, 1, 2]),
        "engaged_rule": rng.choice(["in_enemy_zone", "in_enemy_zone", "mutual_adjacent"]),
    }
    return {
        "title": "reference mat", "ruleset": "godsgloom", "options": options,
        "setup": {
            "width": width, "height": height, "units": units,
            "terrain": [
                {"at": f"{q},{r}", "type": rng.choice(["Swamp", "Forest", "Ruins"] if (q, r) in held else ["Swamp", "Cliffs", "Forest", "Ruins"])}
                for q, r in terrain
            ],
        },
    }


def parse(text: str) -> Hex:
    q, r = text.split(",")
    return int(q), int(r)


class Reference:
    """The brute force: ``ends`` maps each hex a walk may end in to one such walk."""

    def __init__(self, data: dict[str, Any], use: tuple[str, ...], scouting: bool = False) -> None:
        """``scouting``: Scout Deploy's free Move Action in the pre-game (seed 001): no
        activation, so nothing of what §8.2, Nimble and Breakaway say of a unit that starts its
        activation Engaged; Lockdown still forbids it (not Trample); no end where it would be
        Engaged."""
        self.scouting = scouting
        setup, options = data["setup"], data["options"]
        self.width, self.height = setup["width"], setup["height"]
        self.terrain: dict[Hex, str] = {}
        for t in setup["terrain"]:
            self.terrain[parse(t["at"])] = t["type"]
        self.units = {u["id"]: u for u in setup["units"]}
        self.at = {parse(u["at"]): u for u in setup["units"]}
        self.me = self.units["mover"]
        self.options = options
        self.zones: dict[Hex, set[str]] = {}
        for u in setup["units"]:
            if u["owner"] != "p2":
                continue
            q, r = parse(u["at"])
            f = FACINGS.index(u["facing"])
            sides = range(6) if options["engagement_zone"] == "all_adjacent" else (f - 1, f, f + 1)
            for d in sides:
                dq, dr = NEIGHBOURS[d % 6]
                self.zones.setdefault((q + dq, r + dr), set()).add(u["id"])
        self.start = parse(self.me["at"])
        self.use = use
        self.ends: dict[Hex, list[Hex]] = {}
        self.step = self.nimble = False
        self.engaging: set[str] = set()
        self._walk()

    def engaged_at(self, h: Hex) -> set[str]:
        """The enemies that Engage a unit standing on ``h`` (option engaged_rule)."""
        if self.options["engaged_rule"] == "mutual_adjacent":
            around = {(h[0] + dq, h[1] + dr) for dq, dr in NEIGHBOURS}
            return {u["id"] for at, u in self.at.items() if at in around and u["owner"] == "p2"}
        return set(self.zones.get(h, set()))

    def melee_barred(self, walk: list[Hex]) -> bool:
        """§8.2's step costs the Melee Attack; Nimble (seed 001) when the walk went on from an
        empty zone hex; Unstoppable when it gave a unit that started Engaged its Move Action
        (not Breakaway's) or took it on from an empty zone hex (option unstoppable_melee_ban:
        when_used)."""
        if self.step:
            return True
        passed = any(h in self.zones and h not in self.at for h in walk[:-1])
        if self.nimble:
            return passed
        if self.has(self.me, "Unstoppable"):
            return passed or (bool(self.engaging) and "Breakaway" not in self.use)
        return False

    def trampled(self, walk: list[Hex]) -> set[str]:
        """One Attack Die per enemy hex passed by Trample (seed 001)."""
        if "Trample" not in self.use:
            return set()
        return {self.at[h]["id"] for h in walk if h in self.at and self.at[h]["owner"] == "p2"}

    def has(self, unit: dict[str, Any], trait: str) -> bool:
        return trait in unit.get("traits", [])

    def on_mat(self, h: Hex) -> bool:
        return 0 <= h[0] < self.width and 0 <= h[1] + h[0] // 2 < self.height

    def _walk(self) -> None:
        me, use = self.me, self.use
        if any(not self.has(me, t) for t in use):
            return
        if self.options["engaged_rule"] == "mutual_adjacent":  # Engaged by each enemy beside it
            around = {(self.start[0] + dq, self.start[1] + dr) for dq, dr in NEIGHBOURS}
            engaging = {u["id"] for h, u in self.at.items() if h in around and u["owner"] == "p2"}
        else:
            engaging = self.zones.get(self.start, set())
        locked = any(self.has(self.units[e], "Lockdown") for e in engaging)
        trample = "Trample" in use
        if self.scouting:
            if locked and not trample:
                return
            engaging = set()
        nimble = ("Nimble" in use or "Harass" in use) and not engaging  # Harass: option harass alias_of_nimble
        if engaging:
            if "Breakaway" in use or (not trample and self.has(me, "Unstoppable")):
                step = False
                if locked:
                    return  # Lockdown: no Move Action (Breakaway's and Unstoppable's included)
            elif trample and self.has(me, "Unstoppable") and not locked:
                step = False
            elif trample:
                step = True  # Trample's §8.2 step, which Lockdown leaves alone
            else:
                if locked:
                    return
                step = True
        else:
            step = False
        # Lockdown cancels Unstoppable in the Trample movement it leaves a unit it Engages (seed
        # 001 Lockdown, Trample; the newer rulebook, digest §7): the scout move of a locked unit too
        unstoppable = self.has(me, "Unstoppable") and not step and not (self.scouting and locked and trample)
        self.step, self.nimble, self.engaging = step, nimble, engaging
        if step:
            allowance = self.options["engaged_step_hexes"]
        else:
            allowance = max(0, me["speed"] - me.get("tokens", {}).get("slow", 0))
        depth = allowance if step else max(allowance, 1)

        def cost(h: Hex) -> int:
            if step:
                return 1
            if self.terrain.get(h) in ("Swamp", "Ruins") and not self.has(me, "Ignore Difficult"):
                return int(self.options["difficult_cost"])
            return 1

        def passes(h: Hex) -> bool | None:
            """None: can't enter; False: may end here; True: pass only."""
            if not self.on_mat(h) or self.terrain.get(h) == "Cliffs":
                return None
            held = self.at.get(h)
            if held is None or held["id"] == "mover":
                return False
            friendly = held["owner"] == "p1"
            if friendly and (self.has(me, "Skirmish") or self.has(held, "Skirmish")):
                return True
            if trample and held["type"] in ("Infantry", "Swarm"):
                return True
            return None

        def stops(h: Hex) -> bool:
            owners = self.zones.get(h)
            if not owners or (self.at.get(h) is not None and self.at[h]["id"] != "mover"):
                return False
            if unstoppable:
                return False
            if nimble and not any(self.has(self.units[e], "Lockdown") for e in owners):
                return False
            return True

        def go(here: Hex, spent: int, path: list[Hex]) -> None:
            if len(path) >= depth:
                return
            for dq, dr in NEIGHBOURS:
                h = (here[0] + dq, here[1] + dr)
                passing = passes(h)
                if passing is None:
                    continue
                total = spent + cost(h)
                if total > allowance:
                    if path or step:
                        continue
                    total = allowance  # the Minimum Move Guarantee: the first hex, whatever it costs
                walked = [*path, h]
                if not passing and h != self.start and not (self.scouting and self.engaged_at(h)) and len(walked) < len(self.ends.get(h, walked + [h])):
                    self.ends[h] = walked  # the fewest hexes: a walk that repeats no step
                if not stops(h):
                    go(h, total, walked)

        go(self.start, 0, [])


def text(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def engine_ends(game: Any, use: tuple[str, ...], scouting: bool = False) -> set[str] | None:
    """The engine's ends for a move using ``use``; None when it refuses the traits outright."""
    state = game.state
    view = MatView.of(state)
    written: str | list[str] | None = (use[0] if len(use) == 1 else list(use)) if use else None
    mode, refused = choose_mode(view, "mover", written, in_activation=not scouting)
    if refused is not None:
        return None
    model = GloomMovement.of(state, mode)
    if model.no_movement("mover") is not None:
        return set()
    start = state.units["mover"].location
    found = set(search_reach(model, "mover", start).cost) - {start}
    return {h for h in found if not view.engaged_by("mover", parse_hex(h))} if scouting else found


def check(seed: int, scouting: bool = False) -> None:
    rng = random.Random(seed)
    data = board(rng)
    me = data["setup"]["units"][0]
    uses = [u for u in USES if all(t in me["traits"] for t in u)]
    use = rng.choice(uses)
    if scouting:
        me["traits"].append("Scout Deploy")
        data["setup"]["phase"] = "pregame"
    game = play(scenario(data)).game
    if not scouting:
        game.issue({"command": "activate", "unit": "mover"})
    reference = Reference(data, use, scouting)
    found = engine_ends(game, use, scouting)
    expected = {text(h) for h in reference.ends}
    if found is None:  # refused traits (none of these pairs is): the reference must find nothing to say
        pytest.fail(f"traits {use} refused on seed {seed}")
    assert found == expected, (seed, use, sorted(found - expected), sorted(expected - found))
    # the legal commands list a move (or scout move) to every hex some choice of traits reaches
    every = {text(h) for u in uses for h in Reference(data, u, scouting).ends}
    listed = {c.path[-1] for c in game.legal_commands() if c.command in ("move", "scout_move") and c.unit == "mover" and c.path}
    assert listed == every, (seed, sorted(listed - every), sorted(every - listed))
    if reference.ends:
        end = rng.choice(sorted(reference.ends))
        path = [text(h) for h in reference.ends[end]]
        command: dict[str, Any] = {"command": "scout_move" if scouting else "move", "unit": "mover", "path": path}
        if use:
            command["use"] = list(use)
        try:
            events = game.issue(command)
        except SimError as exc:
            pytest.fail(f"seed {seed}: {command} refused: {exc}")
        assert game.state.units["mover"].location == text(end)
        made = [e.name for e in events]
        if scouting:
            assert "UnitEngaged" not in made and "MeleeBarred" not in made
            return
        assert ("UnitEngaged" in made) == bool(reference.engaged_at(end)), (seed, use, made)
        assert ("MeleeBarred" in made) == reference.melee_barred(reference.ends[end]), (seed, use, made)
        assert made.count("DiceRolled") == len(reference.trampled(reference.ends[end])), (seed, use, made)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_each_move_action_ends_where_a_brute_force_of_the_seed_rules_ends(seed: int) -> None:
    check(seed)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10**9))
def test_each_move_action_ends_where_the_brute_force_ends_on_mats_read_as_large(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    monkeypatch.setattr(gloom_view, "SMALL_MAT_UNITS", -1)
    check(seed)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_each_scout_deploy_move_ends_where_the_brute_force_ends(seed: int) -> None:
    check(seed, scouting=True)
