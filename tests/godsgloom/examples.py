"""The GODSGLOOM example scenarios the tests play, in one place."""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "godsgloom"
GLOOM_EXAMPLES = sorted(EXAMPLES.glob("*.yaml"))
#: the example with events of every kind (named, not taken as the last: examples are added)
WHOLE_ROUND = EXAMPLES / "19-a-whole-round.yaml"
#: the example several tests self-play: named, as it was GLOOM_EXAMPLES[-2] until examples 32-35
#: were added and moved that index onto another example
SELF_PLAYED = EXAMPLES / "30-harass-disabled.yaml"
