"""Never a silent wrong answer (docs/sorcery.md, "What is not modelled"): every command that prints
a game or what may be done in it says which card text the ruleset does not model. ``sim run``,
``check``, ``reach`` and ``why`` did; ``sim legal``, ``sim play`` and ``sim replay`` printed their
answers about the same board without a word. The reference is the game state's own diagnostics
(``Ruleset.diagnostics``), read here once and looked for in each output."""

from __future__ import annotations

import json
from pathlib import Path

from sim.diagnostics import diagnostics_of
from sim.logfile import write_jsonl
from sim.runner import play
from sim.scenario import load_scenario
from tests.cli_runs import sim
from tests.helpers import EXAMPLES

SHARK = EXAMPLES / "sorcery" / "05-giant-shark.yaml"



def _unmodelled() -> list[str]:
    found = [str(d) for d in diagnostics_of(play(load_scenario(SHARK)).game.state)]
    assert found  # the Giant Shark's trigger and the rest the example names
    return found


def _says_each(output: str, found: list[str]) -> None:
    flat = " ".join(output.split())  # rich wraps long warnings
    for text in found:
        assert "warning: " + " ".join(text.split()) in flat, text


def test_legal_names_the_card_text_it_does_not_model() -> None:
    found = _unmodelled()
    text = sim("legal", str(SHARK))
    assert text.exit_code == 0, text.output
    _says_each(text.output, found)
    data = json.loads(sim("legal", str(SHARK), "--json").output)
    assert len(data["diagnostics"]) == len(found)


def test_play_names_the_card_text_it_does_not_model(tmp_path: Path) -> None:
    found = _unmodelled()
    text = sim("play", str(SHARK), "--turns", "1", "--db", str(tmp_path / "a.sqlite"))
    assert text.exit_code == 0, text.output
    _says_each(text.output, found)
    data = json.loads(sim("play", str(SHARK), "--turns", "1", "--db", str(tmp_path / "b.sqlite"), "--json").output)
    assert len(data["diagnostics"]) == len(found)


def test_replay_names_the_card_text_it_does_not_model(tmp_path: Path) -> None:
    found = _unmodelled()
    log = tmp_path / "shark.jsonl"
    with log.open("w", encoding="utf-8") as out:
        write_jsonl(play(load_scenario(SHARK)).events, out)
    text = sim("replay", str(log))
    assert text.exit_code == 0, text.output
    _says_each(text.output, found)
    data = json.loads(sim("replay", str(log), "--json").output)
    assert len(data["diagnostics"]) == len(found)
