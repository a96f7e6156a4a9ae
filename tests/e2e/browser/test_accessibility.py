"""axe-core (bundled by axe-playwright-python) finds no serious or critical violation on the
rules pages, a docs page, the 404 page, a tournament page and a match table."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.browser.conftest import django, screenshot, signed_in, user_create
from tests.e2e.stack import Stack

BLOCKING = {"serious", "critical"}
PHONE = {"viewport": {"width": 390, "height": 844}}


def violations(page: Any) -> list[str]:
    """Run axe on the page as it is; return the serious and critical violations in words."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") in BLOCKING:
            targets = [", ".join(node["target"]) for node in violation["nodes"][:5]]
            found.append(f"{violation['id']} ({violation['impact']}): {targets}")
    return found


def check(page: Any, url: str, name: str, status: int = 200) -> None:
    """Open ``url``; no serious or critical axe violation and no CSP violation on it."""
    blocked: list[str] = []

    def note(message: Any) -> None:
        if "Content Security Policy" in message.text:
            blocked.append(message.text)

    page.on("console", note)
    try:
        reply = page.goto(url)
        assert reply is not None and reply.status == status, (url, reply and reply.status)
        page.wait_for_load_state("networkidle")
        screenshot(page, f"a11y-{name}")
        assert violations(page) == [], url
    finally:
        page.remove_listener("console", note)
    assert blocked == [], url


@pytest.fixture(scope="module")
def anonymous(browser: Any) -> Any:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(20000)
    yield page
    context.close()


def test_axe_itself_reports_a_violation(site: Stack, anonymous: Any) -> None:
    """The check can fail: a picture without words is a critical violation."""
    anonymous.goto(f"{site.url}/rules/")
    anonymous.evaluate(
        "() => { const i = document.createElement('img');"
        " i.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';"
        " document.querySelector('main').append(i); }"
    )
    assert any(found.startswith("image-alt") for found in violations(anonymous))


@pytest.mark.parametrize(
    "path",
    ["/rules/", "/rules/busca/", "/rules/buraco-cerrado/", "/rules/buraco-mano-a-mano/"],
)
def test_the_rules_pages(site: Stack, anonymous: Any, path: str) -> None:
    check(anonymous, f"{site.url}{path}", path.strip("/").replace("/", "-"))
    width = anonymous.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, (path, width)  # nothing sticks out sideways on a phone


def test_the_nav_leads_to_the_rules_and_a_game(site: Stack, anonymous: Any) -> None:
    anonymous.goto(f"{site.url}/")
    anonymous.locator("header.site .menu-toggle").click()  # a phone: the links are in the menu
    anonymous.locator("header.site nav a", has_text="Rules").click()
    anonymous.wait_for_url(f"{site.url}/rules/")
    anonymous.locator("main .rules-games a", has_text="Mano a Mano").click()
    anonymous.wait_for_url(f"{site.url}/rules/buraco-mano-a-mano/")
    assert anonymous.locator("#example-close").is_visible()
    assert anonymous.locator("#example-close .pc").count() >= 7
    width = anonymous.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390  # nothing sticks out sideways on a phone


def test_the_docs_pages(site: Stack, anonymous: Any) -> None:
    check(anonymous, f"{site.url}/docs/", "docs")
    check(anonymous, f"{site.url}/docs/bots/", "docs-bots")


def test_the_404_page(site: Stack, anonymous: Any) -> None:
    check(anonymous, f"{site.url}/no-such-page/", "404", status=404)
    check(anonymous, f"{site.url}/rules/poker/", "rules-404", status=404)


def test_a_tournament_page(site: Stack, anonymous: Any) -> None:
    tournament = django(
        site,
        """
        import json
        from django.contrib.auth import get_user_model
        from tournaments.services.entries import entry_register
        from tournaments.services.tournaments import (
            TournamentSpec, registration_open, tournament_create, tournament_start)
        boss = get_user_model().objects.create_user("axe-boss", "boss@example.org", "pw-123456789")
        spec = TournamentSpec(name="Accessible cup", game="busca", format="table_knockout",
                              options={"eliminate_at": 5}, open_to="bots")
        t = tournament_create(organiser=boss, spec=spec)
        registration_open(tournament_id=t.pk, user=boss)
        for n in range(8):
            entry_register(tournament_id=t.pk, user=boss, kind="house",
                           strategy="house:greedy" if n % 2 else "house:random")
        tournament_start(tournament_id=t.pk, user=boss)
        print(json.dumps(t.pk))
        """,
    )
    check(anonymous, f"{site.url}/tournaments/{tournament}/", "tournament")


def test_a_match_table(site: Stack, browser: Any) -> None:
    user_create(site, "axel")
    match = django(
        site,
        """
        import json
        from django.contrib.auth import get_user_model
        from games.models import Match
        from games.services.matches import SeatSpec, match_create
        me = get_user_model().objects.get(username="axel")
        seats = [SeatSpec(kind="user", user_id=me.pk)] + [SeatSpec(kind="house")] * 3
        m = match_create(game="busca", seats=seats, options={}, move_timeout=600,
                         created_by_id=me.pk, kind=Match.Kind.PRACTICE)
        print(json.dumps(m.pk))
        """,
    )
    page = signed_in(browser, site, "axel", **PHONE)
    page.goto(f"{site.url}/matches/{match}/seat/0/")
    page.wait_for_function(
        "() => window.__match && window.__match.match &&"
        " (window.__match.match.legal_moves || []).length > 0"
    )
    screenshot(page, "a11y-table")
    assert re.search(r"/matches/\d+/seat/0/$", page.url)
    assert violations(page) == []
    page.context.close()
