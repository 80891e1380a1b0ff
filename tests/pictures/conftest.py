"""A real browser for the viewer's tests: Debian's Chromium (or ``SIM_CHROMIUM``) driven by
playwright's Python package, pointed at that executable (playwright's own browser download is
not used). Without a browser the tests skip, saying why; with ``SIM_REQUIRE_BROWSER=1`` (which
``.ci/run`` sets) or under CI they fail instead."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: headless, and without the background traffic Chromium starts on its own (updates, sync,
#: field trials): the tests check that the page itself requests nothing
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str | None:
    given = os.environ.get("SIM_CHROMIUM")
    if given:
        return given
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def browser_required() -> bool:
    return os.environ.get("SIM_REQUIRE_BROWSER") == "1" or os.environ.get("CI", "").lower() == "true"


def need(reason: str) -> None:
    if browser_required():
        pytest.fail(f"a browser is required here (SIM_REQUIRE_BROWSER=1 or CI) but: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        need(f"playwright is not installed ({exc}); pip install -e '.[test]'")
    path = chromium_path()
    if path is None:
        need("no Chromium found (looked for SIM_CHROMIUM, /usr/bin/chromium, chromium, chromium-browser, google-chrome);"
             " apt-get install chromium")
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        except Exception as exc:  # a browser that does not start is no browser
            need(f"Chromium at {path} did not start: {exc}")
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """Where the viewer's screenshots go (one per ruleset), to look at as a user would."""
    folder = Path(os.environ.get("SIM_SCREENSHOTS", Path(__file__).resolve().parents[2] / "build" / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
