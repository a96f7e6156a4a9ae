"""Dark mode and the skip link (issue 25, "Basics"; docs/web.md, "Dark mode").

A device that prefers dark gets dark pages; the footer's switch (Light / Dark / As the device)
overrides the device either way and is kept across a reload (the ``theme`` cookie, read by the
server); axe's color-contrast rule passes on the home page, a rules page and a match table in
both themes; "Skip to the content" is the first Tab stop and Enter moves focus into the content.
Few page loads: each test walks several checks on one page.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.browser.conftest import django, screenshot, signed_in, user_create
from tests.e2e.stack import Stack

DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def contrast_violations(page: Any) -> list[str]:
    """Run only axe's color-contrast rule on the page as it is; return what it finds."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"runOnly": {"type": "rule", "values": ["color-contrast"]}})
    return [
        f"{violation['id']}: {[', '.join(node['target']) for node in violation['nodes'][:5]]}"
        for violation in results.response["violations"]
    ]


def luminance(page: Any, selector: str = "body", prop: str = "backgroundColor") -> float:
    """Return the relative luminance (0 black … 1 white) of a computed colour on the page."""
    value: float = page.evaluate(
        """([selector, prop]) => {
          const rgb = getComputedStyle(document.querySelector(selector))[prop].match(/[\\d.]+/g);
          const lin = (c) => {
            c /= 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          };
          const [r, g, b] = rgb.slice(0, 3).map(Number).map(lin);
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        }""",
        [selector, prop],
    )
    return value


def assert_dark(page: Any) -> None:
    assert luminance(page) < 0.05, "the page's background is not dark"
    assert luminance(page, "body", "color") > 0.6, "the text is not light"
    assert luminance(page, "main a[href]", "color") > 0.3, "a link is not light"


def assert_light(page: Any) -> None:
    assert luminance(page) > 0.85, "the page's background is not light"
    assert luminance(page, "body", "color") < 0.05, "the text is not dark"


def choose(page: Any, theme: str) -> None:
    """Pick a theme in the footer's switch (it applies at once, without a page load)."""
    page.locator("footer.site select#theme-switch").select_option(theme)


def check_skip_link(page: Any, target: str) -> None:
    """The first Tab press focuses the skip link, shown on screen; Enter moves focus into
    ``target``."""
    link = page.locator("a.skip-link")
    assert link.bounding_box()["y"] < 0  # out of sight until focused
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('a.skip-link')")
    box = link.bounding_box()
    assert box["y"] >= 0 and box["height"] > 10  # visible on focus
    assert link.inner_text().strip() == "Skip to the content"
    page.keyboard.press("Enter")
    assert page.evaluate("(target) => document.activeElement.closest(target) !== null", target), (
        page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
    )
    assert page.evaluate("() => document.activeElement.closest('main#main') !== null")


@pytest.fixture(scope="module")
def match(site: Stack) -> int:
    """A Busca practice match: "tamsin" at seat 0 with three house bots."""
    user_create(site, "tamsin")
    found: int = django(
        site,
        """
        import json
        from django.contrib.auth import get_user_model
        from games.models import Match
        from games.services.matches import SeatSpec, match_create
        me = get_user_model().objects.get(username="tamsin")
        seats = [SeatSpec(kind="user", user_id=me.pk)] + [SeatSpec(kind="house")] * 3
        m = match_create(game="busca", seats=seats, options={}, move_timeout=600,
                         created_by_id=me.pk, kind=Match.Kind.PRACTICE)
        print(json.dumps(m.pk))
        """,
    )
    return found


def test_a_dark_device_gets_dark_pages_and_the_switch_overrides_it(
    site: Stack, browser: Any
) -> None:
    page = browser.new_context(color_scheme="dark", **DESKTOP).new_page()
    page.set_default_timeout(20000)
    page.goto(f"{site.url}/")  # page load 1
    assert page.evaluate("() => document.documentElement.dataset.theme") is None
    assert_dark(page)
    assert page.locator("footer.site select#theme-switch").input_value() == "auto"
    screenshot(page, "theme-home-dark")
    assert contrast_violations(page) == []
    # the check can fail: grey on grey is reported
    page.evaluate(
        """() => { const p = document.createElement('p'); p.id = 'grey'; p.textContent = 'grey';
          p.style.color = '#777'; p.style.background = '#888';
          document.querySelector('main').append(p); }"""
    )
    assert any(found.startswith("color-contrast") for found in contrast_violations(page))
    page.evaluate("() => document.getElementById('grey').remove()")

    choose(page, "light")  # the person's choice wins over the device
    assert_light(page)
    assert contrast_violations(page) == []
    page.reload()  # page load 2: the server paints it light from the cookie
    assert page.evaluate("() => document.documentElement.dataset.theme") == "light"
    assert_light(page)
    assert page.locator("footer.site select#theme-switch").input_value() == "light"

    page.goto(f"{site.url}/rules/busca/")  # page load 3
    assert_light(page)
    assert contrast_violations(page) == []
    choose(page, "auto")  # back to the device: dark
    assert page.evaluate("() => document.documentElement.dataset.theme") is None
    assert_dark(page)
    screenshot(page, "theme-rules-dark")
    assert contrast_violations(page) == []


def test_the_skip_link_on_the_home_page(site: Stack, browser: Any) -> None:
    page = browser.new_context(**DESKTOP).new_page()
    page.goto(f"{site.url}/")
    check_skip_link(page, "main#main")


def test_a_light_device_chooses_dark_at_the_table(site: Stack, browser: Any, match: int) -> None:
    page = signed_in(browser, site, "tamsin", color_scheme="light", **DESKTOP)
    page.goto(f"{site.url}/matches/{match}/seat/0/")
    page.wait_for_function(
        "() => window.__match && window.__match.match &&"
        " (window.__match.match.legal_moves || []).length > 0"
    )
    check_skip_link(page, "#controls")  # a player skips to their hand and moves
    # the first-visit hint shows (it sits on the page, not on the felt): its colours are checked
    page.evaluate("() => { document.getElementById('first-hint').hidden = false; }")
    assert_light(page)
    assert contrast_violations(page) == []

    choose(page, "dark")
    assert_dark(page)
    assert contrast_violations(page) == []
    page.reload()  # the choice is kept: dark on a light device
    page.wait_for_function("() => window.__match && window.__match.match")
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert_dark(page)
    # the cards stay white, like real cards
    assert luminance(page, "#hand-box .card .face-bg", "fill") > 0.9
    screenshot(page, "theme-table-dark")
