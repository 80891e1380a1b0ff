"""Random Sorcery realms of real cards, played at random, with invariants checked at every state.

Beyond our own examples: a realm of random sites from the card pool (water sites, voids, Magellan
Globe sometimes), random real minions, avatars, artifacts and auras (the modelled cards weighed up:
several abilities, movement keywords, carriers, oversized units, triggered abilities, auras),
random rule options (``SorceryOptions``), then a few turns of random self-play, each command
chosen uniformly among the legal ones (as ``sim play --policy random``). Every game is held to:

1. no exception but the simulator's own (``SimError``): building it, listing its legal commands,
   issuing them or random unlisted ones (refused ones leave the state as it was), the range of
   motion of random units (the game's rules and the ``Lookahead`` projection, as ``sim reach``),
   and ``why_not``/``path_to`` for random destinations (as ``sim why``);
2. every listed legal command (a few sampled per state) is accepted when issued on a copy;
3. the log verifies, and its fold's state hash is the game's;
4. asking the range of motion (ongoing effects only) changes neither the game's state nor its
   events, nor the lookahead's view; and the lookahead, folded from the events alone, reaches
   where the rules on the game's state reach.

Run as a script for many seeds (the test, ``test_fuzz_realms.py``, runs a few)::

    nice -n 10 python -m tests.sorcery.fuzz_realms --seeds 0:2000 [--turns 3] [--heavy] [--unlisted 0.6] [--shaped 0] [--dump DIR]

A failing game is reported with its seed, what failed and the commands that led there; ``--dump``
writes it as a scenario file to minimise by hand.
"""

from __future__ import annotations

import argparse
import copy
import random
import signal
import sys
import time
import traceback
import typing
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from domain.errors import SimError
from domain.event_base import GameEvent
from domain.events import CommandIssued
from domain.game import Game
from domain.rulesets.sorcery.cards import ABILITIES, SPELLS, abilities_of
from domain.rulesets.sorcery.catalog import MOVEMENT_KEYWORDS, card_pool
from domain.rulesets.sorcery.options import SorceryOptions
from projections.lookahead import Lookahead
from projections.state_hash import fold, state_hash
from sim.replay import verify
from sim.runner import recorded

PLAYERS = ["p1", "p2"]
SQUARES = list(range(1, 21))
REGIONS = ["", "", "", "", "/underwater", "/underground", "/void"]


@dataclass(frozen=True)
class Pools:
    """The card pool split the ways the fuzzer draws from it."""

    sites: tuple[str, ...]
    modelled_sites: tuple[str, ...]
    water_sites: tuple[str, ...]
    minions: tuple[str, ...]
    interesting_minions: tuple[str, ...]
    avatars: tuple[str, ...]
    artifacts: tuple[str, ...]
    modelled_artifacts: tuple[str, ...]
    auras: tuple[str, ...]
    spells: tuple[str, ...]


@lru_cache(maxsize=1)
def pools() -> Pools:
    pool = card_pool()
    by_type: dict[str, list[str]] = {}
    for name in sorted(pool):
        by_type.setdefault(pool[name].type, []).append(name)
    modelled = set(ABILITIES)

    def interesting(name: str) -> bool:
        card = pool[name]
        return name in modelled or bool(set(card.keywords) & set(MOVEMENT_KEYWORDS)) or card.movement_bonus > 0 or "Waterbound" in card.keywords
    return Pools(
        sites=tuple(by_type["Site"]),
        modelled_sites=tuple(n for n in by_type["Site"] if n in modelled),
        water_sites=tuple(n for n in by_type["Site"] if pool[n].water),
        minions=tuple(by_type["Minion"]),
        interesting_minions=tuple(n for n in by_type["Minion"] if interesting(n)),
        avatars=tuple(by_type["Avatar"]),
        artifacts=tuple(by_type["Artifact"]),
        modelled_artifacts=tuple(n for n in by_type["Artifact"] if n in modelled),
        auras=tuple(n for n in by_type["Aura"] if n in modelled) or tuple(by_type["Aura"]),
        spells=tuple(sorted(SPELLS)),
    )


#: options added after seeds were found (test_fuzz_realms.py ``FOUND``): drawn from a random of
#: their own, so the game's draws (and so every seed's game) stay as they were before them
OPTIONS_ADDED_LATER = ("carried_units_intercept",)


def random_options(rng: random.Random, seed: int | None = None) -> dict[str, Any]:
    """Each rule option at a random value of its ``Literal`` (half the time left out); those in
    ``OPTIONS_ADDED_LATER`` from a random made from ``seed`` alone."""
    options: dict[str, Any] = {}
    later = random.Random(f"options-added-later-{seed}")
    for name, info in SorceryOptions.model_fields.items():
        choices = typing.get_args(info.annotation)
        draw = later if name in OPTIONS_ADDED_LATER else rng
        if choices and draw.random() < 0.5:
            options[name] = draw.choice(choices)
    return options


def _location(rng: random.Random, squares: list[int]) -> str:
    return f"{rng.choice(squares)}{rng.choice(REGIONS)}"


def random_realm(rng: random.Random, heavy: bool = False) -> dict[str, list[dict[str, Any]]]:
    """A set-up's parts, not yet checked: sites, units, artifacts, auras and spells in effect.
    ``heavy``: a crowded realm (16-20 sites, 8-16 units, Magellan Globe more often than not)."""
    p = pools()
    squares = rng.sample(SQUARES, rng.randint(16, 20) if heavy else rng.randint(3, 20))
    sites = []
    for square in squares:
        kind = rng.random()
        name = rng.choice(p.modelled_sites if kind < 0.4 else p.water_sites if kind < 0.6 else p.sites)
        sites.append({"at": square, "card": name, "controller": rng.choice(PLAYERS), "id": f"s{square}"})
    units: list[dict[str, Any]] = []
    for i in range(rng.randint(8, 16) if heavy else rng.randint(3, 10)):
        kind = rng.random()
        name = rng.choice(p.avatars if kind < 0.12 else p.interesting_minions if kind < 0.8 else p.minions)
        # mostly a site's surface (the set-up refuses a unit where it can't be), now and then
        # any region of any square: a void, below a site
        at = str(rng.choice(squares)) if rng.random() < 0.7 else _location(rng, squares if rng.random() < 0.8 else SQUARES)
        unit: dict[str, Any] = {"id": f"u{i}", "card": name, "owner": rng.choice(PLAYERS), "at": at}
        if rng.random() < 0.15:
            unit["tapped"] = True
        if rng.random() < 0.1:
            unit["summoned"] = True
        if units and rng.random() < 0.15:  # carried by an earlier unit (refused unless a carrier ally)
            carrier = rng.choice(units)
            unit.update(owner=carrier["owner"], at=carrier["at"], carried_by=carrier["id"])
        units.append(unit)
    artifacts: list[dict[str, Any]] = []
    if rng.random() < (0.7 if heavy else 0.35):
        artifacts.append({"id": "globe", "card": "Magellan Globe", "controller": rng.choice(PLAYERS), "at": rng.choice(squares)})
    for i in range(rng.randint(0, 3)):
        name = rng.choice(p.modelled_artifacts if rng.random() < 0.8 else p.artifacts)
        artifact: dict[str, Any] = {"id": f"a{i}", "card": name, "controller": rng.choice(PLAYERS)}
        if rng.random() < 0.5:
            artifact["bearer"] = rng.choice(units)["id"]
        else:
            artifact["at"] = _location(rng, squares)
        artifacts.append(artifact)
    auras: list[dict[str, Any]] = []
    for i in range(rng.randint(0, 2) if rng.random() < 0.5 else 0):
        aura: dict[str, Any] = {"id": f"au{i}", "card": rng.choice(p.auras), "controller": rng.choice(PLAYERS)}
        if rng.random() < 0.25:
            first = rng.choice(SQUARES)
            aura["border"] = [first, rng.choice([first + 1, first + 5, first - 1, first - 5])]
        else:
            aura["at"] = rng.choice(SQUARES)
        auras.append(aura)
    spells: list[dict[str, Any]] = []
    for _ in range(rng.randint(0, 2) if rng.random() < 0.3 else 0):
        spells.append({"card": rng.choice(p.spells), "caster": rng.choice(PLAYERS), "targets": _targets(rng, units, squares)})
    return {"sites": sites, "units": units, "artifacts": artifacts, "auras": auras, "spells": spells}


def _targets(rng: random.Random, units: list[dict[str, Any]], squares: list[int]) -> list[str]:
    out: list[str] = []
    for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3])):
        if units and rng.random() < 0.5:
            out.append(str(rng.choice(units)["id"]))
        elif rng.random() < 0.1:
            out.append(rng.choice(["north", "south", "east", "west"]))
        else:
            out.append(_location(rng, squares or SQUARES))
    return out


# --- failures -------------------------------------------------------------------------------


class Failure(Exception):
    """An invariant broken: ``kind`` names which, ``detail`` what happened."""

    def __init__(self, kind: str, detail: str, command: Any = None) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail
        self.command = command
        #: the game it broke in (``play_one`` sets it)
        self.run: GameRun | None = None


class Hang(BaseException):
    """A game that took longer than the script's ``--timeout`` (a loop that never ends)."""


def _unexpected(kind: str, exc: BaseException, command: Any = None) -> Failure:
    frames = traceback.extract_tb(exc.__traceback__)
    where = next((f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(frames) if "/domain/" in f.filename or "/projections/" in f.filename or "/sim/" in f.filename), "?")
    return Failure(kind, f"{type(exc).__name__}: {exc} [at {where}]", command)


# --- one game ---------------------------------------------------------------------------------


@dataclass
class GameRun:
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] = field(default_factory=dict)
    commands: int = 0
    unlisted: Counter[str] = field(default_factory=Counter)
    #: the unlisted commands issued and accepted, by kind (``unlisted`` counts those drawn)
    accepted: Counter[str] = field(default_factory=Counter)
    #: the share of casts drawn as a spell that may be cast now with targets in its shape
    #: (``shaped_cast``); at 0 no extra random is drawn, so a seed found before shaped casts
    #: (test_fuzz_realms.py ``FOUND``) replays the game that found it
    shaped: float = 0.8
    setup_dropped: int = 0
    game: Game | None = None

    def events(self) -> list[GameEvent]:
        return recorded(self.game) if self.game is not None else []


def _start(run: GameRun, setup: dict[str, Any]) -> Game:
    game = Game.start("sorcery", PLAYERS, "p1", options=run.options, title=f"fuzz {run.seed}", seed=run.seed)
    game.issue({"command": "set_up", **setup}, rollback=False)
    return game


def build(run: GameRun, rng: random.Random, heavy: bool = False) -> Game:
    """A game whose set-up the rules accept: the random realm's parts added one at a time, each
    kept only if the set-up with it is accepted (a refusal must be a ``SimError``)."""
    parts = random_realm(rng, heavy)
    accepted: dict[str, list[dict[str, Any]]] = {k: [] for k in parts}
    game: Game | None = None
    order = [("sites", x) for x in parts["sites"]]
    order += [(k, x) for k in ("units", "artifacts", "auras", "spells") for x in parts[k]]
    for key, item in order:
        trial = {k: list(v) for k, v in accepted.items()}
        trial[key].append(item)
        try:
            game = _start(run, trial)
        except SimError:
            run.setup_dropped += 1
            continue
        except Exception as exc:  # noqa: BLE001  # what the fuzzer is for
            run.setup = trial
            raise _unexpected("set-up", exc, {"command": "set_up", **trial}) from exc
        accepted = trial
    run.setup = accepted
    if game is None:
        game = _start(run, accepted)
    return game


def _hash(game: Game) -> tuple[str, int, int]:
    return state_hash(game.state), game.version, len(game.pending_events)


def check_reach(game: Game, lookahead: Lookahead, rng: random.Random) -> None:
    """Range of motion of a random unit or two, by the rules and by the lookahead projection, and
    ``why_not``/``path_to`` for random destinations: nothing but ``SimError``, nothing changed."""
    units = [u for u in game.state.units.values() if u.alive and u.location]
    if not units:
        return
    before = _hash(game)
    view_before = state_hash(lookahead.view) if lookahead.view is not None else ""
    rules = game.rules
    for unit in rng.sample(units, min(2, len(units))):
        found: dict[str, set[str]] = {}
        for source in ("rules", "lookahead"):
            try:
                answer = rules.range_of_motion(game.state, unit.id) if source == "rules" else lookahead.range_of_motion(unit.id)
                reachable = list(answer.reachable)
                found[source] = set(reachable)
                for _ in range(2):
                    target = rng.choice(reachable) if reachable and rng.random() < 0.5 else _location(rng, SQUARES)
                    try:
                        label = lookahead.label(lookahead.parse(target))
                    except SimError:
                        continue
                    path = answer.path_to(label)
                    if path is None:
                        answer.why_not(label)
                    else:
                        answer.details(label)
                        answer.cost_to(label)
                        answer.allowance_to(label)
                    if source == "lookahead":
                        lookahead.why_not(unit.id, target)
            except SimError:
                pass
            except Exception as exc:  # noqa: BLE001
                raise _unexpected(f"reach ({source})", exc, {"unit": unit.id}) from exc
        if len(found) == 2 and found["rules"] != found["lookahead"]:
            raise Failure(
                "lookahead differs from the rules",
                f"{unit.id} ({unit.card}): rules only {sorted(found['rules'] - found['lookahead'])}, "
                f"lookahead only {sorted(found['lookahead'] - found['rules'])}", {"unit": unit.id},
            )
    if _hash(game) != before:
        raise Failure("reach changed the game", f"state or events changed by asking the range of motion of {[u.id for u in units]}")
    if lookahead.view is not None and state_hash(lookahead.view) != view_before:
        raise Failure("reach changed the lookahead", "the lookahead's view changed by asking it")


def check_listed(game: Game, legal: list[Any], rng: random.Random, samples: int) -> None:
    """A few listed commands, each issued on a copy of the game: every one accepted."""
    for command in rng.sample(legal, min(samples, len(legal))):
        trial = copy.deepcopy(game)
        try:
            trial.issue(command, rollback=False)
        except SimError as exc:
            raise Failure("listed command refused", f"{type(exc).__name__}: {exc}", command.model_dump(mode="json")) from exc
        except Exception as exc:  # noqa: BLE001
            raise _unexpected("listed command crashed", exc, command.model_dump(mode="json")) from exc


def random_command(game: Game, rng: random.Random, run: GameRun) -> dict[str, Any]:
    """A command that may or may not be legal: a random path, a random activation, a spell..."""
    state = game.state
    units = [u for u in state.units.values() if u.alive]
    me = game.rules.to_act(state)
    mine = [u for u in units if u.owner == me and not getattr(u, "tapped", False)] or [u for u in units if u.owner == me] or units
    chosen = rng.choice(mine) if mine else None
    unit = chosen.id if chosen is not None else "u0"
    # the set-up's squares in its order, each once: a set of strings iterated in hash order made a
    # seed play differently from one process to the next (PYTHONHASHSEED)
    squares = [int(s) for s in dict.fromkeys(str(x["at"]) for x in run.setup.get("sites", []))] or SQUARES
    kind = rng.choice(["move", "move", "move", "defend", "intercept", "pick_up", "drop", "activate", "cast", "cast", "summon", "summon", "conjure", "play_site"])
    p = pools()
    run.unlisted[kind] += 1
    if kind == "move":
        path = _walk(rng, chosen.location if chosen is not None and chosen.location else "1", squares)
        attack: Any = None
        if rng.random() < 0.3:
            attack = "site" if rng.random() < 0.3 or not units else rng.choice(units).id
        return {"command": "move_and_attack", "unit": unit, "path": path, "attack": attack}
    if kind in ("defend", "intercept"):
        return {"command": kind, "unit": rng.choice(units).id if units else "u0"}
    if kind in ("pick_up", "drop"):
        others = [u.id for u in units] + [a for a in getattr(state, "artifacts", {})]
        return {"command": kind, "unit": unit, "targets": rng.sample(others, min(len(others), rng.randint(0, 2)))}
    targets = _state_targets(rng, game) if rng.random() < 0.7 else []
    if kind == "activate":
        sources = [u.id for u in units if abilities_of(u.card)] + [s for s in getattr(state, "sites", {})]
        return {"command": "activate", "source": rng.choice(sources) if sources else unit, "targets": targets}
    if kind == "cast":
        casters = [u.id for u in units if u.owner == me and (u.kind == "avatar" or "Spellcaster" in " ".join(getattr(u, "keywords", ())))]
        by = rng.choice(casters) if casters and rng.random() < 0.7 else unit if rng.random() < 0.3 else None
        card = rng.choice(p.spells)
        if run.shaped > 0 and rng.random() < run.shaped:  # a spell that may be cast now, by a caster, targets in its shape
            card, by, shaped = shaped_cast(game, rng, me, casters)
            if shaped is not None:
                targets = shaped
        return {"command": "cast", "card": card, "targets": targets, "by": by}
    if kind == "summon":
        return {"command": "summon", "card": rng.choice(p.interesting_minions), "at": _location(rng, squares), "id": f"n{run.commands}", "targets": targets}
    if kind == "conjure":
        name = rng.choice(p.modelled_artifacts + p.auras)
        where: dict[str, Any] = {"bearer": unit} if rng.random() < 0.3 else {"at": _location(rng, SQUARES)}
        return {"command": "conjure", "card": name, "id": f"c{run.commands}", **where, "targets": targets}
    if kind == "play_site":
        return {"command": "play_site", "card": rng.choice(p.sites), "at": rng.randint(1, 20), "targets": targets}
    return {"command": kind}


#: the targets each kind of spell target takes, in order (``spells/``: each kind's ``plan``), one
#: code a target: ``caster`` the casting Avatar or Spellcaster, ``ally``/``enemy``/``minion`` a
#: unit, ``tapped`` a tapped unit, ``here`` a unit at the previous target's location, ``adj`` a
#: location next to the previous target (``diag`` diagonally), ``near`` one up to two steps from
#: it, ``at`` where a unit stands, ``site``/``water`` a site (a water site), ``dir`` a direction,
#: ``rot`` a way round; ``*`` repeats the code before it 0-2 more times
SPELL_SHAPES: dict[str, tuple[tuple[str, ...], ...]] = {
    "Sites": (("site",),), "AnAlly": (("ally",),), "CastingUnit": (("caster",),),
    "AlliedSpellcaster": (("caster",),), "MinionTwoStepsFromCaster": (("caster", "minion"),),
    "SavedMinions": ((), ("minion", "*")), "SitesByWater": ((),), "NoTarget": ((),),
    "Direction": (("dir",),), "UnitToLocation": (("ally", "near"), ("minion", "diag"), ("minion", "near")),
    "AlliedMinionsToCaster": (("caster", "ally", "*"),), "EachAtLocation": (("at", "each"),),
    "Rotation": (("site", "rot"), ("at", "rot")), "AlliesToLocation": (("at", "ally", "*"), ("site", "ally")),
    "MinionDown": (("minion",),), "SiteDown": (("site",), ("at",)), "MinionNearAlly": (("ally", "here"), ("ally", "minion")),
    "MinionDownOrIntoVoid": (("minion",), ("minion", "adj")), "AlliedMinionSteps": (("ally", "adj"),),
    "AlliesStep": (("ally", "adj", "adj", "ally", "adj"), ("ally", "adj")), "AllyMayStep": (("ally", "adj"), ("ally", "adj", "adj")),
    "EnemiesStepTogether": (("at", "adj", "enemy_here", "*"),), "AllyLuresEnemy": (("ally", "enemy", "adj"),),
    "AttackedAllyMoves": (("ally", "adj"),), "AllySwapsWithAdjacentEnemy": (("ally", "enemy"),),
    "AdjacentMinionsStepIn": (("water",),), "MinionMovesToTappedMinion": (("minion", "tapped"),),
    "WaterSiteOverflows": (("water", "dir"),), "AllyShootsAndIsDragged": (("ally", "dir"), ("ally", "dir", "enemy")),
    "DamageAtLocationUpToSteps": (("caster", "near"), ("caster", "at")), "ShootDamage": (("caster", "dir"),),
    "KillAtLocationUpToSteps": (("caster", "water"), ("caster", "near")), "NearbyMinionHurtAndUntapped": (("caster", "minion"),),
    "WaterSitePullsIn": (("water", "minion"),), "UnburrowAll": (("site",), ("at",)),
}


def shaped_cast(game: Game, rng: random.Random, me: str, casters: list[str]) -> tuple[str, str | None, list[str] | None]:
    """A spell, its caster and targets that stand a chance: in an attack's defend window, Dodge
    Roll for the attacked ally (codex: Attack, a timing exception), else a spell of the pool
    (one needing a casting unit only when ``me`` has one), cast by one of ``me``'s casters."""
    state = game.state
    attack = getattr(state, "attack", None)
    by = rng.choice(casters) if casters else None
    if attack is not None and attack.window_open and not attack.defenders and attack.target_kind == "unit" and "Dodge Roll" in SPELLS:
        return "Dodge Roll", by, [attack.target, *([] if rng.random() < 0.2 else [_near(rng, str(state.units[attack.target].location), 1)])]
    card = rng.choice(pools().spells)
    for _ in range(3):
        if casters or "caster" not in (SPELL_SHAPES.get(type(SPELLS[card].target).__name__) or ((),))[0]:
            break
        card = rng.choice(pools().spells)
    return card, by, spell_targets(game, rng, card, me, by)


def spell_targets(game: Game, rng: random.Random, card: str, me: str, by: str | None) -> list[str] | None:
    """Targets for ``card`` cast by ``me`` in the shape its kind of target takes (``SPELL_SHAPES``),
    drawn from the realm as it is: most fit, so casts get past their targets' checks and the
    spells' own rules are exercised. None for a kind with no shape here."""
    spell = SPELLS.get(card)
    shapes = SPELL_SHAPES.get(type(spell.target).__name__) if spell is not None else None
    if not shapes:
        return None
    state = game.state
    units = [u for u in state.units.values() if u.alive and u.location]
    features = getattr(state, "features", {}).values()
    sites = [f for f in features if f.kind == "site" and f.location]
    water = [str(f.location) for f in sites if f.water]
    casters = [u for u in units if u.owner == me and (u.kind == "avatar" or "Spellcaster" in getattr(u, "keywords", ()))]
    out: list[str] = []
    last = ""  # the location the previous target stands at or is

    def unit_from(pool: list[Any]) -> None:
        nonlocal last
        pick = rng.choice(pool) if pool else rng.choice(units) if units else None
        if pick is not None:
            out.append(pick.id)
            last = str(pick.location)

    def place(text: str) -> None:
        nonlocal last
        out.append(text)
        last = text

    codes = list(rng.choice(shapes))
    i = 0
    while i < len(codes):
        code = codes[i]
        if code == "*":
            codes[i:i + 1] = [codes[i - 1]] * rng.randint(0, 2)
            continue
        if code == "caster":
            named = [u for u in casters if u.id == by]
            unit_from(named or casters)
        elif code in ("ally", "enemy", "minion", "tapped"):
            pool = [u for u in units if (code != "ally" or u.owner == me) and (code != "enemy" or u.owner != me)
                    and (code != "minion" or u.kind == "minion") and (code != "tapped" or getattr(u, "tapped", False))]
            unit_from(pool)
        elif code in ("here", "enemy_here"):
            unit_from([u for u in units if u.location == last and u.id not in out and (code == "here" or u.owner != me)])
        elif code == "each":  # every unit at the location, each then where it goes
            there = last
            for u in [u for u in units if u.location == there]:
                out.append(u.id)
                out.append(_near(rng, there, 1))
        elif code in ("adj", "diag", "near"):
            place(_near(rng, last or _location(rng, SQUARES), {"adj": 1, "diag": -1, "near": 2}[code]))
        elif code == "at":
            place(str(rng.choice(units).location) if units else _location(rng, SQUARES))
        elif code in ("site", "water"):
            pool = water if code == "water" and water else [str(f.location) for f in sites]
            place(rng.choice(pool) if pool else _location(rng, SQUARES))
        elif code == "dir":
            out.append(rng.choice(["north", "south", "east", "west"]))
        elif code == "rot":
            out.append(rng.choice(["clockwise", "counterclockwise"]))
        i += 1
    return out


def _near(rng: random.Random, location: str, steps: int) -> str:
    """A location in ``location``'s region ``steps`` orthogonal steps away or fewer (-1: one
    diagonal step), inside the realm."""
    square, slash, region = location.partition("/")
    try:
        row, column = divmod(int(square) - 1, 5)
    except ValueError:
        return _location(rng, SQUARES)
    if steps < 0:
        moves = [(a, b) for a in (-1, 1) for b in (-1, 1)]
    else:
        moves = [(a, b) for a in range(-steps, steps + 1) for b in range(-steps, steps + 1) if 0 < abs(a) + abs(b) <= steps]
    cells = [(row + a, column + b) for a, b in moves if 0 <= row + a < 4 and 0 <= column + b < 5]
    if not cells:
        return location
    r, c = rng.choice(cells)
    return f"{r * 5 + c + 1}{slash}{region}"


def _state_targets(rng: random.Random, game: Game) -> list[str]:
    """Targets drawn from what the realm holds now: units, where units are, sites, directions."""
    state = game.state
    units = [u for u in state.units.values() if u.alive and u.location]
    sites = [f.location for f in getattr(state, "features", {}).values() if f.kind == "site" and f.location]
    out: list[str] = []
    for _ in range(rng.choice([1, 1, 2, 2, 3])):
        pick = rng.random()
        if units and pick < 0.4:
            out.append(rng.choice(units).id)
        elif units and pick < 0.6:
            out.append(str(rng.choice(units).location))
        elif sites and pick < 0.85:
            out.append(str(rng.choice(sites)))
        elif pick < 0.95:
            out.append(rng.choice(["north", "south", "east", "west"]))
        else:
            out.append(_location(rng, SQUARES))
    return out


def _walk(rng: random.Random, start: str, squares: list[int]) -> list[str]:
    """A path of 0-3 steps: mostly to orthogonal neighbours, now and then anywhere."""
    path: list[str] = []
    here = start
    for _ in range(rng.randint(0, 3)):
        square = int(here.partition("/")[0])
        row, column = divmod(square - 1, 5)
        near = [r * 5 + c + 1 for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)) if 0 <= r < 4 and 0 <= c < 5]
        here = f"{rng.choice(near)}{rng.choice(REGIONS)}" if rng.random() < 0.85 else _location(rng, squares)
        path.append(here)
    return path


def try_unlisted(game: Game, rng: random.Random, run: GameRun) -> list[GameEvent]:
    """Issue a random command with a rollback: refused, the game is as it was; else it is played.
    Up to a few commands are drawn and asked about (``Game.refusals``, as ``sim why --defend``
    asks), the first without a reason issued (else the last): a cast or a summon with random
    targets is mostly refused, and the fuzzer wants some to happen."""
    before = _hash(game)
    for _ in range(4):
        command = random_command(game, rng, run)
        try:
            reasons: list[SimError] | None = game.refusals(command)
        except SimError:
            reasons = None  # a command that doesn't parse: issuing it is refused too
        except Exception as exc:  # noqa: BLE001
            raise _unexpected("refusals crashed", exc, command) from exc
        if reasons == []:
            break
    if _hash(game) != before:
        raise Failure("refusals changed the game", "asking why a command would be refused changed the state or events", command)
    try:
        events = game.issue(command)
    except SimError as exc:
        if _hash(game) != before:
            raise Failure("refusal changed the game", "a refused command left the state or events changed", command) from None
        if reasons == []:
            raise Failure("refusals disagree", f"no reason given, yet issuing it is refused: {exc}", command) from None
        return []
    except Exception as exc:  # noqa: BLE001
        raise _unexpected("unlisted command crashed", exc, command) from exc
    if reasons:
        raise Failure("refusals disagree", f"reasons given ({reasons[0]}), yet issuing it is accepted", command)
    run.accepted[str(command.get("command"))] += 1
    return events


def play_one(
    seed: int, turns: int = 3, samples: int = 2, unlisted: float = 0.25, max_commands: int = 400, heavy: bool = False,
    shaped: float = 0.8,
) -> GameRun:
    """One random game of ``seed`` (``heavy``: a crowded realm; ``shaped``: the share of casts
    shaped, ``GameRun.shaped``, 0 for the games of seeds found before shaped casts); raises
    ``Failure`` on a broken invariant."""
    rng = random.Random(seed)
    run = GameRun(seed, options=random_options(rng, seed), shaped=shaped)
    try:
        return _play(run, rng, turns, samples, unlisted, max_commands, heavy)
    except Failure as failure:
        failure.run = run
        raise


def _play(run: GameRun, rng: random.Random, turns: int, samples: int, unlisted: float, max_commands: int, heavy: bool) -> GameRun:
    try:
        game = build(run, rng, heavy)
    except SimError:
        return run  # even the sites alone refused: nothing to play
    run.game = game
    lookahead = Lookahead.from_events(recorded(game))
    rules = game.rules
    end = rules.turn_number(game.state) + turns
    seen = len(game.pending_events)
    while rules.turn_number(game.state) < end and run.commands < max_commands:
        try:
            legal = list(game.legal_commands())
        except SimError:
            legal = []
        except Exception as exc:  # noqa: BLE001
            raise _unexpected("legal commands crashed", exc) from exc
        for event in recorded(game)[seen:]:
            lookahead.process(event)
        seen = len(game.pending_events)
        check_reach(game, lookahead, rng)
        if not legal:
            break
        check_listed(game, legal, rng, samples)
        if rng.random() < 0.1:  # a copy (``Game.refusals`` tries commands on one) lists the same
            try:
                copied = list(copy.deepcopy(game).legal_commands())
            except Exception as exc:  # noqa: BLE001
                raise _unexpected("a copy's legal commands crashed", exc) from exc
            if copied != legal:
                raise Failure("a copy lists other commands", f"{len(copied)} listed on a copy, {len(legal)} on the game")
        if rng.random() < unlisted:
            try_unlisted(game, rng, run)
            run.commands += 1
            continue
        chosen = rng.choice(legal)
        try:
            game.issue(chosen, rollback=False)
        except SimError as exc:
            raise Failure("chosen listed command refused", f"{type(exc).__name__}: {exc}", chosen.model_dump(mode="json")) from exc
        except Exception as exc:  # noqa: BLE001
            raise _unexpected("chosen listed command crashed", exc, chosen.model_dump(mode="json")) from exc
        run.commands += 1
    events = run.events()
    try:
        verdict = verify(events)
    except Exception as exc:  # noqa: BLE001
        raise _unexpected("verify crashed", exc) from exc
    if not verdict.ok:
        raise Failure("log does not verify", verdict.message)
    if state_hash(fold(events)) != state_hash(game.state):
        raise Failure("replay hash differs", "the fold of the log is not the game's state")
    return run


# --- the script -------------------------------------------------------------------------------


def scenario_of(run: GameRun, failure: Failure | None) -> dict[str, Any]:
    """The failing game as a scenario: its set-up, the commands issued, and the failing one."""
    script = [e.command for e in run.events() if isinstance(e, CommandIssued) and e.command.get("command") != "set_up"]
    if failure is not None and failure.command is not None:
        script.append({**failure.command, "note": f"fuzz: {failure.kind}"})
    return {
        "title": f"fuzz seed {run.seed}", "ruleset": "sorcery", "active_player": "p1", "seed": run.seed,
        "options": run.options, "setup": run.setup, "script": script,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.sorcery.fuzz_realms")
    parser.add_argument("--seeds", default="0:200", help="FIRST:LAST (LAST excluded) or one seed")
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--dump", type=Path, default=None, help="write each failing game as a scenario here")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--heavy", action="store_true", help="crowded realms: 16-20 sites, 8-16 units, the Globe more often")
    parser.add_argument("--timeout", type=int, default=60, help="seconds a game may take before it counts as a hang")
    parser.add_argument("--unlisted", type=float, default=0.25, help="the share of commands drawn unlisted (casts, summons, ...)")
    parser.add_argument("--shaped", type=float, default=0.8, help="the share of casts shaped to their spell's targets (0: as before shaped casts)")
    args = parser.parse_args(argv)
    first, _, last = args.seeds.partition(":")
    seeds = range(int(first), int(last)) if last else [int(first)]
    kinds: Counter[str] = Counter()
    drawn: Counter[str] = Counter()
    accepted: Counter[str] = Counter()
    started = time.perf_counter()
    commands = dropped = 0
    def hang(*_: Any) -> None:
        raise Hang()

    signal.signal(signal.SIGALRM, hang)
    for seed in seeds:
        signal.alarm(args.timeout)
        try:
            run = play_one(seed, args.turns, unlisted=args.unlisted, heavy=args.heavy, shaped=args.shaped)
            commands += run.commands
            dropped += run.setup_dropped
            drawn += run.unlisted
            accepted += run.accepted
        except Hang:
            kinds["hang"] += 1
            print(f"seed {seed}: hang: more than {args.timeout} s: {traceback.format_exc().splitlines()[-3].strip()}", flush=True)
            continue
        except Failure as failure:
            kinds[failure.kind] += 1
            print(f"seed {seed}: {failure}", flush=True)
            if failure.command is not None and not args.quiet:
                print(f"    command: {failure.command}", flush=True)
            if args.dump is not None:
                import yaml

                args.dump.mkdir(parents=True, exist_ok=True)
                if failure.run is not None:
                    text = yaml.safe_dump(scenario_of(failure.run, failure), sort_keys=False)
                    (args.dump / f"seed-{seed}.yaml").write_text(text)
        finally:
            signal.alarm(0)
    took = time.perf_counter() - started
    print(f"{len(seeds)} seeds in {took:.1f} s, {commands} commands, {dropped} set-up parts refused; failures: {dict(kinds) or 'none'}")
    if not args.quiet:
        print("unlisted commands accepted / drawn: " + ", ".join(f"{k} {accepted[k]}/{drawn[k]}" for k in sorted(drawn)))
    return 1 if kinds else 0


if __name__ == "__main__":
    sys.exit(main())
