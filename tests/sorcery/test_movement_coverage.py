"""Issue 22's measure: the cards whose rules text about movement the simulator does not model
(``coverage.movement_missing``), shown by ``sim cards --unmodelled`` and its ``--json``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from domain.rulesets.sorcery.coverage import derive, movement_missing, movement_texts
from sim.cli import main


def sim(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_card_with_unmodelled_movement_text_is_counted() -> None:
    assert "Willing Tribute" in movement_missing()
    assert movement_texts(derive("Willing Tribute")) == ("Sacrifice → Untap an adjacent Evil ally.",)


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
    tribute = next(c for c in data["cards"] if c["name"] == "Willing Tribute")
    assert tribute["movement_missing"] == ["Sacrifice → Untap an adjacent Evil ally."]


ROOT = Path(__file__).resolve().parents[2]

#: the codex entries about movement issue 22 asks the table of docs/sorcery.md to cover
MOVEMENT_ENTRIES = (
    "Adjacent", "Airborne", "As If Adjacent", "At Rest", "Basic Movement", "Burrowing", "Burrowed Safely",
    "Carrying Units", "Carrying Artifacts", "Defend", "Enter", "Fly", "Fly Over", "Forced Movement", "Immobile",
    "Intercept", "Move", "Move and Attack", "Movement +X", "Moves Freely", "Nearby", "Oversized Units", "Path",
    "Projectile", "Range of Motion", "Ranged", "Step", "Stops", "Submerge", "Teleport", "Traverse", "Unburrow",
    "Untap", "Voidwalk",
)


def _movement_table() -> dict[str, str]:
    text = (ROOT / "docs" / "sorcery.md").read_text()
    section = text.split("## Codex entries about movement", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:-1] for line in section.splitlines() if line.startswith("| ") and not line.startswith("| codex entry")]
    return {name.strip(): "|".join(rest) for first, *rest in rows for name in first.split(",")}


def test_the_docs_state_the_movement_figure() -> None:
    docs = " ".join((ROOT / "docs" / "sorcery.md").read_text().split())
    assert f"cards with movement text not modelled (`coverage.movement_missing`): {len(movement_missing())}" in docs


def test_the_docs_table_has_a_row_for_every_codex_entry_about_movement() -> None:
    table = _movement_table()
    missing = [entry for entry in MOVEMENT_ENTRIES if not any(name == entry or name.startswith(entry) for name in table)]
    assert missing == []


def test_every_scenario_the_table_names_exists() -> None:
    numbers = {p.name.split("-")[0] for p in (ROOT / "examples" / "sorcery").glob("*.yaml")}
    named = {n for row in _movement_table().values() for n in re.findall(r"\b(\d{2,3}[a-f]?)\b", row.split("|")[0])}
    assert named and named <= numbers, sorted(named - numbers)
