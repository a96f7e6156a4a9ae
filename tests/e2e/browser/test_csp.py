"""The pages work under the Content-Security-Policy: no violation, scripts and Swagger run."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser.conftest import screenshot, signed_in, user_create
from tests.e2e.stack import Stack

PAGES = ["/", "/play/", "/tournaments/", "/leagues/", "/leaderboards/", "/accounts/bots/"]


def watch_violations(page: Any) -> list[str]:
    """Collect the browser's reports of Content-Security-Policy violations on ``page``."""
    seen: list[str] = []
    page.on(
        "console",
        lambda msg: seen.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    return seen


def test_the_pages_and_the_api_docs_run_without_a_violation(site: Stack, browser: Any) -> None:
    user_create(site, "cora")
    page = signed_in(browser, site, "cora")
    violations = watch_violations(page)
    for path in PAGES:
        reply = page.goto(f"{site.url}{path}")
        assert reply is not None and reply.status == 200, path
        assert "script-src 'self'" in reply.headers["content-security-policy"]
    page.goto(f"{site.url}/api/docs/")
    page.wait_for_selector(".opblock", timeout=20000)  # Swagger UI ran and drew the operations
    screenshot(page, "csp-api-docs")
    assert violations == []
