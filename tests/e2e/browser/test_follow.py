"""Follow a bot in Chromium on a phone, in Korean: its live match shows on the home page with a
link to watch it, and the pages on the way (the bot's page, the home page, Following) are
axe-clean, break no Content-Security-Policy and stay within 390 px."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser.conftest import django, screenshot, signed_in, user_create
from tests.e2e.browser.test_accessibility import violations
from tests.e2e.browser.test_csp import watch_violations
from tests.e2e.stack import Stack

FAN = "follow-fan"
OWNER = "follow-owner"
BOT = "followed-bot"
PHONE = {"viewport": {"width": 390, "height": 844}, "locale": "ko-KR"}


def fits_and_is_clean(page: Any, name: str) -> None:
    page.wait_for_load_state("networkidle")
    screenshot(page, f"follow-{name}")
    assert violations(page) == [], name
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, (name, width)
    # Nothing is cut inside a box that scrolls either (the results table on a phone).
    cut = page.evaluate(
        "() => [...document.querySelectorAll('.table-scroll')]"
        ".filter(e => e.scrollWidth > e.clientWidth).map(e => [e.scrollWidth, e.clientWidth])"
    )
    assert cut == [], name


def test_follow_a_bot_and_its_live_match_shows_on_the_home_page(site: Stack, browser: Any) -> None:
    user_create(site, FAN)
    user_create(site, OWNER)
    token = site.createbot(BOT, owner=OWNER)["token"]
    with site.client(token) as bot:
        body = {"game": "busca", "seats": ["me", "house:random", "house:random", "house:random"]}
        created = bot.post("/matches", json=body)
        assert created.status_code == 201, created.text
        match_id = int(created.json()["id"])
    page = signed_in(browser, site, FAN, **PHONE)
    blocked = watch_violations(page)
    home = page.locator("#following-title + p")
    assert "아직 아무도 팔로우하지 않았어요" in (home.text_content() or "")  # words, in Korean

    page.goto(f"{site.url}/bots/{BOT}/")
    button = page.locator("button.follow-button")
    assert (button.text_content() or "").strip() == f"{BOT} 팔로우"
    fits_and_is_clean(page, "bot-page")
    button.click()  # a plain form POST: no script needed
    page.wait_for_url(f"{site.url}/bots/{BOT}/")
    assert "팔로워 1명" in (page.text_content(".follow-count") or "")
    assert page.locator("button.follow-button.following").text_content() == "언팔로우"

    page.goto(f"{site.url}/")
    watch = page.locator(f'.home-following a[href="/matches/{match_id}/"]')
    assert watch.count() == 1 and BOT in (page.text_content(".followed-live") or "")
    fits_and_is_clean(page, "home")

    page.goto(f"{site.url}/accounts/following/")
    assert page.locator(f'.follows a[href="/bots/{BOT}/"]').count() == 1
    fits_and_is_clean(page, "following")
    page.goto(f"{site.url}/")
    watch.click()
    page.wait_for_url(f"{site.url}/matches/{match_id}/")
    assert blocked == []


def test_a_profile_with_results_by_game_fits_a_phone(site: Stack, browser: Any) -> None:
    user_create(site, "profile-reader")
    django(
        site,
        """
        import json
        from django.contrib.auth import get_user_model
        from games.services.matches import SeatSpec, match_create
        me = get_user_model().objects.get(username="profile-reader")
        seats = [SeatSpec(kind="user", user_id=me.pk)] + [SeatSpec(kind="house")] * 3
        for n in range(22):
            m = match_create(game="busca", seats=seats, seed=n, move_timeout=600)
            m.status = "finished"
            m.result = {"places": [1 + n % 4, 2, 3, 4], "scores": None, "forfeited": []}
            m.save()
        print(json.dumps(True))
        """,
    )
    page = signed_in(browser, site, "profile-reader", **{**PHONE, "locale": "es-ES"})
    blocked = watch_violations(page)
    page.goto(f"{site.url}/people/profile-reader/")
    row = page.locator('table.win-rates tr[data-game="busca"] td')
    assert row.all_text_contents() == ["22", "6", "27 %"]  # Spanish: a space before %
    assert page.locator('nav.pages a[rel="next"]').text_content() == "Partidas anteriores"
    fits_and_is_clean(page, "profile")
    assert blocked == []
