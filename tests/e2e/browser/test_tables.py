"""Two people and two house bots at one table (invite link, two browser contexts); a spectator
watches a bot match advance without a reload, then replays it."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.e2e.browser.conftest import screenshot, signed_in, state, user_create
from tests.e2e.stack import Stack


def test_two_people_and_two_house_bots_play_busca_from_two_browsers(
    site: Stack, browser: Any
) -> None:
    user_create(site, "dora")
    user_create(site, "eli")
    host = signed_in(browser, site, "dora")
    guest = signed_in(browser, site, "eli")
    host.goto(f"{site.url}/play/")
    host.select_option("#id_game", "busca")
    host.locator("main form.play-form button[type=submit]").click()
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    for number in (2, 3):  # seat 1 stays an invitation
        form = host.locator(".seat-form", has=host.locator(f"input[value='{number}']"))
        form.locator("select").select_option("house:random")
        form.locator("button").click()
    link = host.locator(".invite-link[data-seat='1']").input_value()
    guest.goto(link)
    guest.click("#take-seat")
    guest.wait_for_url(re.compile(r"/tables/\d+/$"))
    host.reload()
    assert "eli" in host.locator("#table-seats").inner_text()
    screenshot(host, "table-invited")
    host.click("#start-table")
    host.wait_for_url(re.compile(r"/matches/\d+/seat/0/$"))
    # The guest's table page polls and moves to their seat by itself.
    guest.wait_for_url(re.compile(r"/matches/\d+/seat/1/$"), timeout=15000)

    pages = {0: host, 1: guest}
    played = 0
    deadline = time.monotonic() + 60
    while played < 8 and time.monotonic() < deadline:
        for seat, page in pages.items():
            current = state(page)["match"]
            if current["to_move"] == seat and current.get("legal_moves"):
                before = current["turn"]
                page.locator("[data-role=hand] button.card.legal").first.click()
                page.wait_for_function(f"() => window.__match.match.turn > {before}")
                played += 1
        time.sleep(0.05)
    assert played >= 8
    # Both pages follow the same match live.
    host.wait_for_function("() => window.__match.version >= 8")
    guest.wait_for_function("() => window.__match.version >= 8")
    screenshot(host, "two-people-host")
    screenshot(guest, "two-people-guest")


def test_a_spectator_sees_a_bot_match_advance_and_then_replays_it(
    site: Stack, browser: Any
) -> None:
    bot = site.createbot("walker")
    page = browser.new_context().new_page()
    page.set_default_timeout(20000)
    with site.client(bot["token"]) as client:
        created = client.post(
            "/matches", json={"game": "buraco-mano-a-mano", "options": {"deals": 1}}
        )
        assert created.status_code == 201, created.text
        match_id = created.json()["id"]
        page.goto(f"{site.url}/matches/{match_id}/")
        page.evaluate("() => { window.__loadedAt = performance.timeOrigin; }")
        start = state(page)["version"]
        for _ in range(6):
            turns = client.get("/bot/turns", params={"wait": 10}).json()["turns"]
            [turn] = [t for t in turns if t["match"] == match_id]
            client.post(
                f"/matches/{match_id}/moves",
                json={"turn": turn["turn"], "move": turn["legal_moves"][-1]},
            )
            page.wait_for_function(f"() => window.__match.version > {turn['turn']}")
        assert state(page)["version"] > start + 6
        assert page.evaluate("() => window.__loadedAt === performance.timeOrigin")  # no reload
        # The spectator's table follows at a watchable pace; "Jump to live" catches up.
        if page.locator("#jump-live").is_visible():
            page.click("#jump-live")
        page.wait_for_function("() => window.__shown.version === window.__match.version")
        assert page.locator("#log li").count() == state(page)["version"]
        assert not page.locator(".hand.mine").count()  # a spectator sees no hand
        screenshot(page, "spectator")
        client.post(f"/matches/{match_id}/resign", json={})
    page.wait_for_function("() => window.__match.match.status === 'finished'")
    page.wait_for_selector("#replay:not([hidden])")
    # A resigned match shows its result: the places by name, and who resigned.
    banner = page.locator("#result-banner")
    assert banner.is_visible()
    assert "Resigned: walker" in banner.inner_text()
    assert banner.locator(".places li").count() == 2
    page.click("[data-replay=next]")
    page.click("[data-replay=next]")
    assert "step 2 of" in page.locator("#replay-where").inner_text()
    # The replay shows both hands.
    assert page.locator("#replay-table [data-hand-seat]").count() == 2
    page.click("[data-replay=last]")
    screenshot(page, "replay")
