"""Issue 22's measure: the cards whose rules text about movement the simulator does not model
(``coverage.movement_missing``), shown by ``sim cards --unmodelled`` and its ``--json``."""

from __future__ import annotations

import json

from click.testing import CliRunner

from domain.rulesets.sorcery.coverage import derive, movement_missing, movement_texts
from sim.cli import main


def sim(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_card_with_unmodelled_movement_text_is_counted() -> None:
    assert "Sugarplum Pixies" in movement_missing()
    assert movement_texts(derive("Sugarplum Pixies")) == ("At the end of your turn, untap another nearby ally.",)


def test_a_card_whose_unmodelled_text_is_not_about_movement_is_not_counted() -> None:
    """Zap! deals damage; nothing of it moves anything."""
    assert derive("Zap!").unmodelled
    assert "Zap!" not in movement_missing()


def test_a_keyword_gap_is_judged_by_the_keyword_not_by_the_explanation() -> None:
    """Stealth's gap explanation mentions projectiles; Stealth itself is not movement text."""
    assert any("projectiles" in text for text in derive("Winter Nymph").unmodelled)
    assert movement_texts(derive("Winter Nymph")) == ()


def test_sim_cards_unmodelled_states_the_movement_figure() -> None:
    figure = len(movement_missing())
    assert f"{figure} with movement text not modelled" in sim("cards", "--unmodelled")
    data = json.loads(sim("cards", "--unmodelled", "--json"))
    assert data["coverage"]["movement_missing"] == figure
    pixies = next(c for c in data["cards"] if c["name"] == "Sugarplum Pixies")
    assert pixies["movement_missing"] == ["At the end of your turn, untap another nearby ally."]
