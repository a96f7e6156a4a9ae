"""A real server and a real browser (Debian's chromium through Playwright) for the page tests.

Outside CI the tests skip with a clear message when /usr/bin/chromium is missing; on CI
(CI=true) they fail instead. Screenshots go to var/screenshots/ as artifacts.
"""

from __future__ import annotations

import json
import os
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.stack import Stack, stack
from tests.processes import ROOT
from tests.services import on_ci

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = ROOT / "var" / "screenshots"
PASSWORD = "a-long-password-for-tests"


def _require_browser() -> None:
    if CHROMIUM.exists():
        return
    if on_ci():
        pytest.fail(f"{CHROMIUM} is missing, and CI=true requires the browser tests to run")
    pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium to run the browser tests")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """Run one platform (embedded mode) for every browser test of this worker process.

    The tests share it: each signs up people and makes bots of names no other test uses
    (``user_create`` fails on a name taken), and none changes a setting or stops a process.
    A module that needs other settings defines its own ``site`` (test_tv.py).
    """
    _require_browser()
    # Playwright's sync API runs its own loop; the Django test machinery must not object.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    var = tmp_path_factory.mktemp("browser")
    with stack("embedded", var, PERSON_MOVE_TIMEOUT="600", BOT_MOVE_TIMEOUT="600") as platform:
        yield platform


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium for the module's tests (a context each).

    Per module, not per worker: while Playwright's sync API is open it leaves its event loop
    marked as running in the thread, so ``asyncio.run`` in any other test of the worker would
    fail. Launching Chromium takes about a second; the platform (``site``) is the costly part,
    and it is shared.
    """
    from playwright.sync_api import sync_playwright

    _require_browser()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(autouse=True)
def _contexts_closed_after_each_test(browser: Any) -> Iterator[None]:
    """Close the contexts a test opened in the shared browser: their pages' sockets stop with
    them (a module's own context fixture, set up before, stays)."""
    before = set(browser.contexts)
    yield
    for context in browser.contexts:
        if context not in before:
            context.close()


def django(site: Stack, code: str) -> Any:
    """Run Python in a ``manage.py shell`` of the site; return what it prints as JSON."""
    out = site.run(textwrap.dedent(code))
    return json.loads(out.strip().splitlines()[-1])


def user_create(site: Stack, name: str) -> None:
    django(
        site,
        f"""
        import json
        from django.contrib.auth import get_user_model
        get_user_model().objects.create_user({name!r}, {name + "@example.org"!r}, {PASSWORD!r})
        print(json.dumps(True))
        """,
    )


def signed_in(browser: Any, site: Stack, name: str, **context: Any) -> Any:
    """Return a new page of a new browser context, signed in as ``name``."""
    page = browser.new_context(**context).new_page()
    page.set_default_timeout(20000)
    page.goto(f"{site.url}/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{site.url}/")
    return page


def hands(site: Stack, match_id: int) -> dict[str, Any]:
    """Return the engine's view of every seat (hands included) and the match's state."""
    return django(
        site,
        f"""
        import json
        from games import engine
        from games.models import Match
        from games.selectors import load_state
        m = Match.objects.get(pk={match_id})
        rules = engine.get(m.game)
        state = load_state(m)
        views = [rules.view(state, s) for s in range(rules.seats(state))]
        print(json.dumps({{"turn": m.turn, "status": m.status,
                          "hands": [v.get("hand") or [] for v in views]}}))
        """,
    )


def screenshot(page: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def state(page: Any) -> dict[str, Any]:
    """Return what the page's script holds: version and the match it shows."""
    result: dict[str, Any] = page.evaluate(
        "() => ({version: window.__match.version, match: window.__match.match})"
    )
    return result
