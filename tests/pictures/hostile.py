"""A scenario whose every free text is hostile: a title, a description, a unit id and an alias
holding a script, an image with an onerror handler, quotes and an ampersand."""

from __future__ import annotations

from pathlib import Path

import yaml

SCRIPT = "<script>window.__pwned = 1</script>"
IMAGE = "<img src=x onerror=\"window.__pwned = 2\">"
QUOTES = "it's \"quoted\" & <b>bold</b>"
UNIT = f"x{SCRIPT}{IMAGE}'\""
TITLE = f"Title {SCRIPT} {IMAGE} {QUOTES}"
DESCRIPTION = f"Description {SCRIPT} {IMAGE} {QUOTES}"


def hostile_scenario(folder: Path) -> Path:
    data = {
        "title": TITLE,
        "ruleset": "tinyepic",
        "description": DESCRIPTION,
        "aliases": {f"{IMAGE}'": "1,0"},
        "setup": {
            "terrain": [". . . .", ". . . ."],
            "units": [
                {"id": UNIT, "owner": "p1", "class": "Rogue", "at": "0,0", "movement": 3, "health": 4},
                {"id": "ogre", "owner": "p2", "class": "Beast", "at": "3,1", "movement": 2, "health": 6},
            ],
        },
        "script": [{"command": "move", "unit": UNIT, "path": ["1,0", "2,0"]}],
    }
    path = folder / "hostile.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


#: a unit id holding characters XML 1.0 can't carry (a double-quoted YAML string may): the
#: pictures drop them, so the id a picture carries is not the id the game knows
CONTROL = "a\x01b\x0cc"


def control_character_scenario(folder: Path) -> Path:
    data = {
        "title": "an id with control characters",
        "ruleset": "tinyepic",
        "setup": {
            "terrain": [". . . .", ". . . ."],
            "units": [
                {"id": CONTROL, "owner": "p1", "class": "Rogue", "at": "0,0", "movement": 3, "health": 4},
                {"id": "ogre", "owner": "p2", "class": "Beast", "at": "3,1", "movement": 2, "health": 6},
            ],
        },
    }
    path = folder / "control.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path
