"""A command is read as it is written: a location in the scenario notation (README: a bare
square is the surface, or the void), never silently as another region; a ``player`` wherever
a command may name one."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery import commands as sorcery_commands
from tests.helpers import game

BURROWED = """
title: t
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
    - {at: 8, card: Valley, controller: p1}
  units:
    - {id: trolls, card: Cave Trolls, owner: p1, at: 7/underground}
"""


def test_a_bare_square_for_a_unit_below_the_surface_is_refused_naming_both_ways_to_write_it() -> None:
    g = game(BURROWED)
    before = g.version
    with pytest.raises(BadInput, match="'8' is ambiguous for a unit underground: write 8/underground to stay underground, or 8/surface"):
        g.issue({"command": "cast", "card": "Blink", "targets": ["trolls", "8"]})
    assert g.version == before and g.state.units["trolls"].location == "7/underground"


def test_a_region_written_out_is_the_one_the_rules_judge() -> None:
    g = game(BURROWED)
    with pytest.raises(IllegalCommand, match="from 7/underground to 8 by Blink"):  # the surface: not where it may go
        g.issue({"command": "cast", "card": "Blink", "targets": ["trolls", "8/surface"]})
    g.issue({"command": "cast", "card": "Blink", "targets": ["trolls", "8/underground"]})
    assert g.state.units["trolls"].location == "8/underground"


SUMMONING = """
title: t
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 8, card: Valley, controller: p1}
"""


def test_summon_and_conjure_take_a_player_as_every_command_does() -> None:
    """README: any command may name its ``player``; it is checked when given."""
    g = game(SUMMONING)
    g.issue({"command": "summon", "player": "p1", "card": "Bosk Troll", "at": "8", "id": "troll"})
    assert g.state.units["troll"].owner == "p1"
    with pytest.raises(BadInput, match="player 'p1' and owner 'p2' differ"):
        g.issue({"command": "summon", "player": "p1", "owner": "p2", "card": "Bosk Troll", "at": "8", "id": "troll2"})
    with pytest.raises(IllegalCommand):
        g.issue({"command": "summon", "player": "p2", "card": "Bosk Troll", "at": "8", "id": "troll3"})
    g.issue({"command": "conjure", "player": "p1", "card": "Poisonous Dagger", "id": "dagger", "bearer": "troll"})
    assert g.state.features["dagger"].bearer == "troll"


# --- logs are forever: fields added to a command later are recorded only when used -----------------


ADDED_LATER = {
    sorcery_commands.UnitSetup: {"summoned": True},
    sorcery_commands.SetUp: {"auras": [{"id": "a1", "card": "Flood", "controller": "p1", "at": "1"}]},
    sorcery_commands.MoveAndAttack: {"split": {"x": 1}},
    sorcery_commands.Cast: {"by": "avatar", "turn": 90},
    sorcery_commands.PlaySite: {"targets": ["3"]},
    sorcery_commands.Activate: {"turn": 180},
}
REQUIRED = {
    sorcery_commands.UnitSetup: {"id": "u", "card": "Wild Boars", "owner": "p1", "at": "1"},
    sorcery_commands.SetUp: {},
    sorcery_commands.MoveAndAttack: {"unit": "u"},
    sorcery_commands.Cast: {"card": "Blink"},
    sorcery_commands.PlaySite: {"card": "Valley", "at": "2"},
    sorcery_commands.Activate: {"source": "s"},
}


@pytest.mark.parametrize("cls", list(ADDED_LATER), ids=lambda c: c.__name__)
def test_a_field_added_later_is_left_out_of_the_record_at_its_default(cls: type) -> None:
    """A command written before the field existed is recorded as it was then (docs/design.md,
    "Logs are forever"): the field is absent from its JSON, not written with its default."""
    recorded = cls(**REQUIRED[cls]).model_dump(mode="json")
    assert not set(ADDED_LATER[cls]) & set(recorded), recorded
    assert set(cls.ADDED_LATER) == set(ADDED_LATER[cls])


@pytest.mark.parametrize("cls", list(ADDED_LATER), ids=lambda c: c.__name__)
def test_a_field_added_later_is_recorded_when_used(cls: type) -> None:
    command = cls(**REQUIRED[cls], **ADDED_LATER[cls])
    recorded = command.model_dump(mode="json")
    assert set(ADDED_LATER[cls]) <= set(recorded)
    assert cls.model_validate(recorded) == command
