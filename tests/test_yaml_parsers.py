"""Scenario files are read, and ``sim legal``'s script lines written, with libyaml's parser where PyYAML has it (``sim.yamlfile.FAST_LOADER``):
a big board's file reads ten times faster. These tests hold it to PyYAML's own parser, the
reference: the same values and the same positions for every example, and for malformed YAML the
same one-line message, since such a file is read again by PyYAML's parser."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from domain.errors import BadInput, SimError
from sim.runner import play
from sim.scenario import load_scenario
from sim.yamlfile import FAST_LOADER, WIDE, _load, load_yaml, script_line

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").rglob("*.yaml"))

needs_libyaml = pytest.mark.skipif(FAST_LOADER is yaml.SafeLoader, reason="PyYAML was built without libyaml: one parser only")


@needs_libyaml
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_libyaml_reads_every_example_as_pyyaml_does(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fast, plain = _load(text, path.name, FAST_LOADER), _load(text, path.name, yaml.SafeLoader)
    assert fast.data == plain.data
    assert fast.positions == plain.positions


MALFORMED = {
    "unclosed flow list": "units: [1, 2\n",
    "mapping in a plain value": "ruleset: a: b\n",
    "tab starting a token": "setup:\n\t- x\n",
    "undefined alias": "setup: *nowhere\n",
    "control character": "ruleset: sor\x07cery\n",
    "two documents": "ruleset: sorcery\n---\nruleset: skirmish\n",
    "lone surrogate": "ruleset: \ud800\n",
}


@needs_libyaml
@pytest.mark.parametrize("text", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_yaml_gets_pyyamls_own_message_and_position(text: str) -> None:
    try:
        _load(text, "scenario.yaml", yaml.SafeLoader)
    except (yaml.YAMLError, UnicodeError) as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    else:
        pytest.fail("PyYAML's parser accepted the malformed text")
    with pytest.raises(BadInput) as refused:
        load_yaml(text, "scenario.yaml")
    assert f"malformed YAML: {problem}" in str(refused.value)
    if mark is not None:
        assert f"scenario.yaml:{mark.line + 1}:{mark.column + 1}" in str(refused.value)


ODD_TEXT = ["é", "a: b", "[x]", "'q'", '"dq"', " lead", "-x", "yes", "null", "1.0", "#c", "x" * 5000, "tab\tx", "nl\nx", "😀", "", "*f", "2001-12-14"]


@needs_libyaml
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_sim_legal_writes_each_listed_command_as_pyyaml_does(path: Path) -> None:
    """``script_line`` (libyaml's emitter) against PyYAML's own ``safe_dump``, on the commands
    ``sim legal`` lists after every example's script."""
    try:
        game = play(load_scenario(path)).game
    except SimError:
        pytest.skip("the example's script ends in a refusal or its set-up is refused: nothing listed")
    for command in game.legal_commands():
        fields = command.model_dump(mode="json")
        assert script_line(fields) == yaml.safe_dump(fields, default_flow_style=True, width=WIDE, sort_keys=False).strip()


@needs_libyaml
@pytest.mark.parametrize("text", ODD_TEXT)
def test_a_command_naming_odd_text_is_written_as_pyyaml_writes_it(text: str) -> None:
    fields = {"command": "move", "unit": text, "path": [text, "1,2"], "numbers": [1, 2.5, None, True]}
    assert script_line(fields) == yaml.safe_dump(fields, default_flow_style=True, width=WIDE, sort_keys=False).strip()
