"""The GODSGLOOM example scenarios the tests play, in one place."""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "godsgloom"
GLOOM_EXAMPLES = sorted(EXAMPLES.glob("*.yaml"))
#: the example with events of every kind (named, not taken as the last: examples are added)
WHOLE_ROUND = EXAMPLES / "19-a-whole-round.yaml"
