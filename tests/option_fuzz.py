"""Rule options combined: random boards, a random value for every option at once, random self-play.

Each ruleset's options were added one at a time and are tested mostly one at a time; this fuzzer
plays them together. For one seed it builds a random board (``tests/boards.py``, with more traits,
tokens, terrain and unit states than the suite's boards), draws a value for every option of the
ruleset's options model (so an option added later is drawn too, from its type), and plays random
self-play for a few turns, checking at every state:

1. nothing fails but with the simulator's own errors (``SimError``): building the game, listing
   the legal commands, issuing, the range of motion of every unit and ``why`` for random places;
2. a few listed commands, each issued on a copy, are accepted, and each is ``in`` the listing;
3. where a unit has listed moves, the places the range of motion reaches are exactly those some
   listed move ends on (GODSGLOOM: the plain answer and every trait's ``with_traits``; Tiny Epic
   Tactics: but the unit's own space, listed only out and back where it changes something:
   docs/tiny-epic-tactics.md, Legal commands);

and for every game: 4. its log verifies and its replay's state hash is the game's; 5. its
``GameStarted`` options read back (``RuleOptions.recorded``, defaults filled) as those drawn.

Run as a script for many seeds (niced, it is for long runs)::

    nice -n 10 python -m tests.option_fuzz godsgloom 0 500

``tests/test_option_fuzz.py`` runs a few seeds of each ruleset (``SIM_OPTION_FUZZ_SEEDS`` more).
"""

from __future__ import annotations

import copy
import io
import random
import sys
import traceback
import typing
from dataclasses import dataclass, field
from typing import Any

from annotated_types import Ge, Le
from pydantic import BaseModel

from domain.errors import SimError
from domain.event_base import GameEvent
from domain.events import GameStarted
from domain.game import Game
from domain.options import RuleOptions
from domain.ruleset import get_ruleset
from projections.lookahead import Lookahead
from projections.state_hash import fold, state_hash
from projections.tally import Tally
from sim import jsonout
from sim.logfile import parse_log, write_jsonl
from sim.replay import replay, verify, verify_exactly
from sim.runner import play
from sim.scenario import parse_scenario
from sim.selfplay import TURN_ENDERS
from sim.yamlfile import load_yaml
from tests import boards

RULESETS = ("godsgloom", "skirmish", "tinyepic")
#: commands issued on a copy, per state, besides the one the game goes on with
SAMPLED = 3
#: random places asked ``why`` about, per unit and state
ASKED = 2

# --- options ------------------------------------------------------------------------------------


def _bound(info: Any, kind: type[Ge] | type[Le] = Ge) -> float | None:
    """The option's lower (``Ge``) or upper (``Le``) bound, if it has one."""
    for meta in info.metadata:
        if isinstance(meta, kind):
            return float(meta.ge if isinstance(meta, Ge) else meta.le)  # type: ignore[arg-type]
    return None


def _number(default: float, low: float | None, rng: random.Random, whole: bool, high: float | None = None) -> float:
    """A value near the default, or a corner: 0, half, double, one more, one less, within the
    option's bounds (a value beyond one is bad input, which ``tests/godsgloom/test_option_values.py``
    checks)."""
    base = default if default is not None else 1
    picks = [base, 0, base / 2, base * 2, base + 1, base - 1, base * 3, abs(base) + 1]
    value = rng.choice(picks)
    if low is not None and value < low:
        value = low
    if high is not None and value > high:
        value = high
    return round(value) if whole else value


def _special(model: type[RuleOptions], name: str, rng: random.Random) -> tuple[bool, Any]:
    """Options whose values a type alone does not give well."""
    if name == "trample_passable":
        from domain.rulesets.godsgloom.catalog import UNIT_TYPES

        return True, rng.sample(list(UNIT_TYPES), rng.randint(0, len(UNIT_TYPES)))
    if name == "attack_die_faces":
        return True, rng.choice([1, 2, 6, 6, 8])
    if name == "movement_values":
        return True, {c: rng.randint(0, 5) for c in boards.TET_CLASSES if rng.random() < 0.85}
    if name == "terrain_entry_surcharge":
        terrains = list(typing.get_args(model.model_fields[name].annotation.__args__[0]))  # type: ignore[union-attr]
        return True, {t: rng.randint(0, 2) for t in terrains if rng.random() < 0.4}
    if name == "melee_die_faces":
        return True, [rng.choice(["blank", "damage", "knock_back"]) for _ in range(rng.randint(1, 6))]
    if name == "miss_die_faces":
        return True, [rng.choice(["hit", "miss"]) for _ in range(rng.randint(1, 6))]
    if name == "unit_move":
        return True, rng.choice([None, None, 0.0, 2.0, 6.0, 9.5])
    return False, None


def random_options(model: type[RuleOptions], rng: random.Random) -> dict[str, Any]:
    """A value for every option of ``model``, drawn from its type (a ``Literal``'s choices, a
    bool, a number near its default or at a corner), the success face after the die's faces."""
    drawn: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        special, value = _special(model, name, rng)
        if special:
            drawn[name] = value
            continue
        annotation = info.annotation
        default = info.default
        if typing.get_origin(annotation) is typing.Literal:
            drawn[name] = rng.choice(typing.get_args(annotation))
        elif annotation is bool:
            drawn[name] = rng.random() < 0.5
        elif annotation is int:
            drawn[name] = int(_number(default, _bound(info), rng, True, _bound(info, Le)))
        elif annotation is float:
            drawn[name] = float(_number(default, _bound(info), rng, False, _bound(info, Le)))
        else:
            raise TypeError(f"{model.__name__}.{name}: no way to draw a {annotation}")
    if "attack_die_success" in drawn:
        drawn["attack_die_success"] = rng.randint(1, drawn["attack_die_faces"])
    return drawn


# --- boards -------------------------------------------------------------------------------------

GLOOM_TRAITS = [
    "Skirmish", "Nimble", "Trample", "Unstoppable", "Lockdown", "Breakaway", "Flying", "Ignore Difficult", "Tireless",
    "Harass", "Combat Shift", "Immovable", "Scout Deploy",
]
GLOOM_TERRAIN = ["Swamp", "Forest", "Cliffs", "Ruins", "Hill", "River", "Lake", "Barricades", "Rubble", "Building"]


def godsgloom(rng: random.Random) -> dict[str, Any]:
    data = boards.godsgloom(rng)
    setup = data["setup"]
    if rng.random() < 0.5:  # a crowded small mat: more zones, more engagements
        width, height = rng.randint(4, 7), rng.randint(4, 6)
        hexes = [(q, r) for q in range(width) for r in range(-(q // 2), height - (q // 2))]
        rng.shuffle(hexes)
        count = rng.randint(4, min(10, len(hexes) - 2))
        setup.update(width=width, height=height)
        setup["units"] = [
            {**unit, "id": f"u{i}", "owner": "p1" if i % 2 == 0 else "p2", "at": f"{q},{r}"}
            for i, ((q, r), unit) in enumerate(zip(hexes[:count], [setup["units"][0]] * count, strict=True))
        ]
        setup["units"] = [{**u, "facing": rng.choice(["N", "NE", "SE", "S", "SW", "NW"])} for u in setup["units"]]
        setup["terrain"] = [{"at": f"{q},{r}", "type": "Clear"} for q, r in hexes[count:count + rng.randint(0, 6)]]
    for unit in setup["units"]:
        unit["traits"] = rng.sample(GLOOM_TRAITS, rng.choice([0, 1, 2, 2, 3, 4]))
        unit["type"] = rng.choice(["Infantry", "Cavalry", "Swarm", "Monster", "Hero"])
        unit["speed"] = rng.randint(0, 5)
        if rng.random() < 0.3:
            unit["tokens"] = {"slow": rng.randint(1, 2)}
        unit["wounds"] = rng.randint(1, 3)
        unit["activated"] = rng.random() < 0.15
    for spot in setup["terrain"]:
        spot["type"] = rng.choice(GLOOM_TERRAIN)
    if rng.random() < 0.3:
        setup["phase"] = "pregame"
    return data


def skirmish(rng: random.Random) -> dict[str, Any]:
    data = boards.skirmish(rng)
    setup = data["setup"]
    width, depth = setup["width"], setup["depth"]
    if rng.random() < 0.5:
        w, d = rng.randint(1, 4), rng.randint(1, 4)
        setup["difficult"] = [{"rect": [rng.randint(0, width - w), rng.randint(0, depth - d), w, d]}]
    units = setup["units"]
    for unit in units:
        unit["move"] = rng.choice([3, 4, 5, 6, 8])
        if rng.random() < 0.15:
            unit["animal"] = True
        if rng.random() < 0.15:
            unit["states"] = [rng.choice(["stunned", "dazed", "incapacitated"])]
        if rng.random() < 0.2:
            unit["base"] = rng.choice([0.5, 1.0, 1.5])
    return data


def tinyepic(rng: random.Random) -> dict[str, Any]:
    data = boards.tinyepic(rng)
    for unit in data["setup"]["units"]:
        if rng.random() < 0.4:  # its class's movement_values, or refused when the option has none
            del unit["movement"]
    return data


BUILDERS = {"godsgloom": godsgloom, "skirmish": skirmish, "tinyepic": tinyepic}


def scenario_data(ruleset: str, seed: int) -> dict[str, Any]:
    """The board and the options of one seed (the same for the same seed, always)."""
    rng = random.Random(f"{ruleset}:{seed}")
    data = BUILDERS[ruleset](rng)
    data["options"] = random_options(get_ruleset(ruleset).Options, rng)
    return data


# --- the checks ---------------------------------------------------------------------------------


@dataclass
class Outcome:
    ruleset: str
    seed: int
    problems: list[str] = field(default_factory=list)
    states: int = 0
    commands: int = 0
    refused_at_setup: str = ""


def _events(game: Game) -> list[GameEvent]:
    """The game's events so far (a self-played game keeps them all pending)."""
    return typing.cast(list[GameEvent], list(game.pending_events))


class Problem(Exception):
    """A check failed: the message says which and where."""


def _places(ruleset: str, setup: dict[str, Any], rng: random.Random) -> list[str]:
    """Random places on (and just off) the board, written as a scenario writes them."""
    found: list[str] = []
    for _ in range(ASKED):
        if ruleset == "godsgloom":
            q = rng.randint(-1, setup["width"])
            found.append(f"{q},{rng.randint(-(q // 2) - 1, setup['height'] - q // 2)}")
        elif ruleset == "tinyepic":
            width, height = len(setup["terrain"][0].split()), len(setup["terrain"])
            found.append(f"{rng.randint(-1, width)},{rng.randint(-1, height)}")
        else:
            at = f"{rng.uniform(-0.5, setup['width'] + 0.5):.2f},{rng.uniform(-0.5, setup['depth'] + 0.5):.2f}"
            if setup["surfaces"] and rng.random() < 0.3:
                at += "@" + rng.choice(setup["surfaces"])["id"]
            found.append(at)
    return found


def _ends(ruleset: str, command: BaseModel) -> str | None:
    path = getattr(command, "path", None)
    if not path:
        return None
    last = path[-1]
    return str(getattr(last, "to", last))


def _moves_by_unit(ruleset: str, legal: list[BaseModel]) -> dict[str, set[str]]:
    moves: dict[str, set[str]] = {}
    for command in legal:
        if command.command not in ("move", "scout_move"):  # type: ignore[attr-defined]
            continue
        end = _ends(ruleset, command)
        if end is not None:
            moves.setdefault(command.unit, set()).add(end)  # type: ignore[attr-defined]
    return moves


def _reached(ruleset: str, answer: Any, start: str | None) -> set[str]:
    reached = set(answer.reachable)
    if ruleset == "godsgloom":
        for extra in answer.extra.get("with_traits", {}).values():
            reached |= set(extra)
    if ruleset == "skirmish":  # key points and the area grid's centres (docs/skirmish.md, the lookahead)
        reached |= set(answer.as_json()["samples"])
    reached.discard(start)
    return reached


def _candidates(ruleset: str, game: Game) -> list[dict[str, Any]]:
    """Commands that are not moves, for every unit and target: one the game accepts must be
    listed (a move is listed by one cheapest path of many, so only its end is compared)."""
    state = game.state
    units = [u for u in state.units.values() if u.alive and u.location is not None]
    found: list[dict[str, Any]] = []
    if ruleset == "tinyepic":
        for unit in units:
            found.append({"command": "pay_to_remove_weakened", "unit": unit.id})
            for target in units:
                if target is unit:
                    continue
                found += [
                    {"command": "melee_attack", "unit": unit.id, "target": target.id, "knock_back": True},
                    {"command": "melee_attack", "unit": unit.id, "target": target.id, "knock_back": False},
                    {"command": "missile_attack", "unit": unit.id, "target": target.id},
                    {"command": "spell_attack", "unit": unit.id, "target": target.id},
                ]
                found += [
                    {"command": "fire_ballista", "unit": unit.id, "target": target.id, "direction": d} for d in "NESW"
                ]
    elif ruleset == "godsgloom":
        found += [{"command": "end_activation"}, {"command": "end_round"}, {"command": "start_round"}]
        for unit in units:
            found.append({"command": "activate", "unit": unit.id})
            found += [{"command": "melee_attack", "unit": unit.id, "target": t.id} for t in units if t is not unit]
            q, r = (int(v) for v in game.rules.label(state, unit.location).split(","))  # type: ignore[arg-type]
            found += [
                {"command": "gods_push_move", "unit": unit.id, "to": f"{q + dq},{r + dr}"}
                for dq, dr in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
            ]
    return found


def check_state(ruleset: str, setup: dict[str, Any], game: Game, lookahead: Lookahead, rng: random.Random, where: str) -> list[BaseModel]:
    """Checks 1-3 on the game as it stands; the legal commands."""
    state = game.state
    rules = game.rules
    legal = list(game.legal_commands())
    listing = game.legal_commands()
    # the listing of a state folded afresh from the log: no cache of the played game's may differ
    if ruleset != "skirmish" or rng.random() < 0.2:
        fresh = [c.model_dump(mode="json") for c in rules.legal_commands(fold(_events(game)))]
        if fresh != [c.model_dump(mode="json") for c in legal]:
            raise Problem(f"{where}: the legal commands of the state folded afresh differ from the game's")
    # read lazily, as a fresh listing is (its length first, then a few by index), it says the same
    lazy = copy.deepcopy(game).legal_commands()
    if len(lazy) != len(legal):
        raise Problem(f"{where}: a fresh listing's length {len(lazy)} is not {len(legal)}")
    for index in rng.sample(range(len(legal)), min(SAMPLED, len(legal))):
        if lazy[index].model_dump(mode="json") != legal[index].model_dump(mode="json"):
            raise Problem(f"{where}: a fresh listing's command {index} is {lazy[index]!r}, not {legal[index]!r}")
    sampled = legal if len(legal) <= 2 * SAMPLED and ruleset != "skirmish" else rng.sample(legal, min(SAMPLED, len(legal)))
    for command in sampled:
        if command not in listing or command.model_dump(mode="json") not in listing:
            raise Problem(f"{where}: listed {command!r} is not `in` the listing")
        trial = copy.deepcopy(game)
        try:
            trial.issue(command)
        except SimError as exc:
            raise Problem(f"{where}: listed {command.model_dump(mode='json')} refused: {exc}") from exc
    for candidate in rng.sample(candidates := _candidates(ruleset, game), min(SAMPLED + 1, len(candidates))):
        trial = copy.deepcopy(game)
        try:
            trial.issue(candidate)
        except SimError:
            continue
        if candidate not in listing:
            raise Problem(f"{where}: {candidate} is accepted but not listed")
    rules.summary(state, lambda loc: rules.label(state, loc))
    rules.diagnostics(state)
    moves = _moves_by_unit(ruleset, legal)
    for unit_id, unit in sorted(state.units.items()):
        try:
            answer = lookahead.range_of_motion(unit_id)
            list(answer.reachable)
        except SimError:
            continue
        if ruleset != "skirmish" or rng.random() < 0.1:
            shown = jsonout.reach(answer)  # `sim reach --json`
            # the lookahead folds fact events only: the game's own state answers the same
            whole = jsonout.reach(rules.range_of_motion(state, unit_id))
            if shown != whole:
                differ = sorted(k for k in shown if shown[k] != whole.get(k))
                raise Problem(f"{where}: {unit_id}'s range of motion from the lookahead differs from the game's in {differ}")
        for place in _places(ruleset, setup, rng):
            try:
                label = lookahead.label(lookahead.parse(place))
            except SimError:
                continue
            try:
                jsonout.why(answer, label)  # `sim why --json`
                reasons = answer.why_not(label)
                path = answer.path_to(label)
                inside = label in answer
                if inside:
                    answer.details(label)
            except SimError:
                continue
            if inside != (path is not None) or inside == bool(reasons):
                raise Problem(
                    f"{where}: {unit_id} at {label}: `in` {inside}, path {path}, why_not {[str(r) for r in reasons]}"
                )
        if unit_id in moves and ruleset != "skirmish":
            # the lookahead's cheapest paths to a few places are moves the game accepts, ending there
            for place in rng.sample(list(answer.reachable), min(2, len(answer.reachable))):
                path = answer.path_to(place) or []
                if len(path) < 2:
                    continue
                trial = copy.deepcopy(game)
                kind = "scout_move" if any(c.command == "scout_move" for c in legal) else "move"  # type: ignore[attr-defined]
                try:
                    trial.issue({"command": kind, "unit": unit_id, "path": path[1:]})
                except SimError as exc:
                    raise Problem(f"{where}: {unit_id}'s way to {place} ({path}) refused: {exc}") from exc
                moved = trial.state.units[unit_id]
                if moved.alive and moved.location is not None and rules.label(trial.state, moved.location) != place:
                    raise Problem(f"{where}: {unit_id}'s way to {place} ended at {moved.location}")
        if unit_id in moves:
            start = rules.label(state, unit.location) if unit.location else None
            reached = _reached(ruleset, answer, start)
            listed = moves[unit_id] - {start}
            if reached != listed:
                raise Problem(
                    f"{where}: {unit_id}'s range of motion and its listed moves differ: only reached "
                    f"{sorted(reached - listed)[:6]}, only listed {sorted(listed - reached)[:6]}"
                )
    return legal


def check_record(ruleset: str, drawn: dict[str, Any], events: list[Any], game: Game, where: str) -> None:
    """Checks 4 and 5."""
    rules = get_ruleset(ruleset)
    for event in events:  # `sim replay`'s lines
        jsonout.event(event, lambda loc: rules.label(game.state, loc))
    rules.outcome(game.state, Tally.of(events, game.state).counters())
    verdict = verify_exactly(events) if ruleset != "skirmish" else verify(events)
    if not verdict.ok:
        raise Problem(f"{where}: the log does not verify: {verdict.message}")
    if replay(events).hash != state_hash(game.state):
        raise Problem(f"{where}: replay's state hash is not the game's")
    out = io.StringIO()
    write_jsonl(events, out)
    logged = parse_log(out.getvalue(), where)
    if state_hash(logged.state) != state_hash(game.state):
        raise Problem(f"{where}: the log written and read back folds to another state")
    start = logged.events[0]
    assert isinstance(start, GameStarted)
    if start.options != events[0].options:
        raise Problem(f"{where}: GameStarted's options read back otherwise from the log")
    model = get_ruleset(ruleset).Options
    read_back = model.model_validate(model.recorded(dict(start.options))).model_dump(mode="json")
    meant = model.model_validate(drawn).model_dump(mode="json")
    if read_back != meant:
        differ = sorted(k for k in meant if read_back.get(k) != meant.get(k))
        raise Problem(f"{where}: options recorded read back otherwise: {differ}")


def run_seed(ruleset: str, seed: int, turns: int = 2) -> Outcome:
    """One game: build, play ``turns`` turns at random, check every state and the record."""
    outcome = Outcome(ruleset, seed)
    data = scenario_data(ruleset, seed)
    where = f"{ruleset} seed {seed}"
    try:
        located = load_yaml("{}", f"<option fuzz {where}>")
        located.data = data
        played = play(parse_scenario(located), seed=seed)
    except SimError as exc:
        outcome.refused_at_setup = str(exc)
        return outcome
    game = played.game
    rng = random.Random(seed)
    rules = get_ruleset(ruleset)
    lookahead = Lookahead.from_events(_events(game))
    seen = len(game.pending_events)
    start_turn = rules.turn_number(game.state)
    try:
        while rules.turn_number(game.state) < start_turn + turns and outcome.commands < 300:
            here = f"{where}, command {outcome.commands}"
            legal = check_state(ruleset, data["setup"], game, lookahead, rng, here)
            outcome.states += 1
            if not legal:
                break
            acting = [c for c in legal if c.command not in TURN_ENDERS]  # type: ignore[attr-defined]
            pool = acting if acting and rng.random() < 0.6 else legal  # more happens in a turn
            chosen = pool[rng.randrange(len(pool))]
            try:
                game.issue(chosen)
            except SimError as exc:
                raise Problem(f"{here}: listed {chosen.model_dump(mode='json')} refused: {exc}") from exc
            outcome.commands += 1
            for event in _events(game)[seen:]:
                lookahead.process(event)
            seen = len(game.pending_events)
        check_record(ruleset, data["options"], _events(game), game, where)
    except Problem as exc:
        outcome.problems.append(str(exc))
    except SimError as exc:  # listing or asking should not refuse: say where
        outcome.problems.append(f"{where}: SimError outside a command: {exc}\n{traceback.format_exc(limit=-6)}")
    except Exception as exc:  # a crash: the only failures allowed are SimError
        outcome.problems.append(f"{where}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-6)}")
    return outcome


def main(argv: list[str]) -> int:
    ruleset, first, last = argv[0], int(argv[1]), int(argv[2])
    turns = int(argv[3]) if len(argv) > 3 else 2
    failed = refused = states = commands = 0
    for seed in range(first, last):
        outcome = run_seed(ruleset, seed, turns)
        states += outcome.states
        commands += outcome.commands
        if outcome.refused_at_setup:
            refused += 1
            print(f"seed {seed}: refused at setup: {outcome.refused_at_setup}", flush=True)
        for problem in outcome.problems:
            failed += 1
            print(f"FAIL {problem}", flush=True)
    print(f"{ruleset}: seeds {first}-{last - 1}, {failed} failed, {refused} refused at setup, {states} states checked, {commands} commands")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
