"""Red Rock of Ravannis: "Artifacts can't be carried here." (its text; codex: Carrying
Artifacts, Can vs. Can't). Before, only the Pick Up at its location was refused, while the
coverage report listed the whole sentence as not modelled, and a bearer walking in with an
artifact went on bearing it there.

What happens to a bearer carrying an artifact into the Rock's location the sources do not say
(the codex and the digest have no entry; the Rock's other sentence pulls a bearer "along with"
its artifact toward the site). Rule option ``red_rock_bearer_enters``: ``drops`` (default) the
bearer enters and the artifact can't be carried there, so it lies at the Rock's location;
``refused`` a bearer of an artifact can't enter the Rock's location at all. Either way, an
artifact borne there anyhow (set up so, the bearer's carrier entering) lies there."""

from __future__ import annotations

from typing import Any

from domain.rulesets.sorcery.coverage import derive
from tests.helpers import game, reach

ROCK = "Red Rock of Ravannis"


def rock_game(options: str = "", units: str = "", artifacts: str = "") -> Any:
    return game(
        f"""
title: the Red Rock at 8
ruleset: sorcery
active_player: p1
{options}
setup:
  sites:
    - {{at: 7, card: Valley, controller: p1}}
    - {{at: 8, card: Valley, controller: p1}}
    - {{at: 9, card: Valley, controller: p1}}
  units:
    - {{id: gaster, card: Snallygaster, owner: p1, at: 7}}
{units}
  artifacts:
    - {{id: rock, card: {ROCK}, controller: p2, at: 8}}
    - {{id: dagger, card: Poisonous Dagger, controller: p1, bearer: gaster}}
{artifacts}
"""
    )


def _move(unit: str, *path: str) -> dict[str, Any]:
    return {"command": "move_and_attack", "unit": unit, "path": list(path)}


def test_red_rock_artifacts_cant_be_carried_here_is_reported_modelled() -> None:
    derivation = derive(ROCK)
    assert derivation.unmodelled == ()
    assert any(m.text == "Artifacts can't be carried here." for m in derivation.modelled)


def test_red_rock_a_bearer_entering_drops_the_artifact_there() -> None:
    g = rock_game()
    events = g.issue(_move("gaster", "8"))
    dropped = [e for e in events if e.name == "ArtifactDropped"]
    assert [(e.feature, e.unit, e.at) for e in dropped] == [("dagger", "gaster", "8")]
    assert ROCK in dropped[0].reason and "can't be carried here" in dropped[0].reason
    assert "can't be carried here" in dropped[0].describe(str)
    assert g.state.units["gaster"].location == "8"
    assert g.state.features["dagger"].bearer is None and g.state.features["dagger"].location == "8"


def test_red_rock_a_bearer_passing_through_leaves_the_artifact_at_the_rock() -> None:
    g = rock_game()
    g.issue(_move("gaster", "8", "9"))
    assert g.state.units["gaster"].location == "9"
    assert g.state.features["dagger"].location == "8"


def test_red_rock_a_bearer_set_up_at_the_rock_bears_nothing_there() -> None:
    g = rock_game(units="    - {id: boars, card: Wild Boars, owner: p1, at: 8}",
                  artifacts="    - {id: boots, card: Seven-League Boots, controller: p1, bearer: boars}")
    assert g.state.features["boots"].bearer is None and g.state.features["boots"].location == "8"


def test_red_rock_its_pull_brings_the_bearer_in_and_the_artifact_lies_at_its_site() -> None:
    g = rock_game()
    g.issue({"command": "end_turn"})
    assert g.state.units["gaster"].location == "8"
    assert g.state.features["dagger"].bearer is None and g.state.features["dagger"].location == "8"


def test_red_rock_option_refused_a_bearer_cant_enter_the_rock_location() -> None:
    g = rock_game("options: {red_rock_bearer_enters: refused}")
    answer = reach(g, "gaster")
    assert "8" not in answer
    assert any(ROCK in str(r) for r in answer.why_not("8"))
    refused = [e for e in g.issue(_move("gaster", "8")) if e.name == "StepRefused"]
    assert len(refused) == 1 and "can't be carried here" in str(refused[0].rule)
    assert g.state.units["gaster"].location == "7"
    g.issue({"command": "drop", "unit": "gaster", "targets": ["dagger"]})
    assert "8" in reach(g, "gaster")


def test_red_rock_option_refused_the_pull_takes_the_artifact_alone() -> None:
    g = rock_game("options: {red_rock_bearer_enters: refused}")
    g.issue({"command": "end_turn"})
    assert g.state.units["gaster"].location == "7"
    assert g.state.features["dagger"].bearer is None and g.state.features["dagger"].location == "8"
