"""The card table on a phone (390×844): a whole Busca match against house bots, with the hand
and the actions always on screen, each finished trick held in view with its taker, score
sheets, the result banner, refusals, the "?" panel and the first-visit hint."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser.conftest import django, screenshot, signed_in, state, user_create
from tests.e2e.stack import Stack

PHONE = {"width": 390, "height": 844}


def busca_match(site: Stack, user: str, *, players: int, eliminate_at: int, seed: int) -> int:
    seats = ", ".join(["SeatSpec(kind='user', user_id=u.pk)"] + ["SeatSpec(kind='house')"] * (players - 1))
    result: int = django(
        site,
        f"""
        import json
        from django.contrib.auth import get_user_model
        from games.services.matches import SeatSpec, match_create
        u = get_user_model().objects.get(username={user!r})
        m = match_create(game="busca", seats=[{seats}], seed={seed}, kind="practice",
                         options={{"players": {players}, "eliminate_at": {eliminate_at}}},
                         move_timeout=600)
        print(json.dumps(m.pk))
        """,
    )
    return result


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def shown_names(page: Any) -> list[str]:
    """The seats' names as the felt shows them, in seat order."""
    found: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#table .seat')]"
        ".sort((a, b) => a.dataset.seat - b.dataset.seat)"
        ".map(s => s.querySelector('.name').textContent)"
    )
    return found


def assert_on_screen(page: Any, selector: str) -> None:
    b = box(page, selector)
    assert b["y"] >= 0 and b["y"] + b["height"] <= PHONE["height"] + 0.5, (selector, b)
    assert b["x"] >= -0.5 and b["x"] + b["width"] <= PHONE["width"] + 0.5, (selector, b)


def test_a_person_plays_a_whole_busca_match_on_a_phone(site: Stack, browser: Any) -> None:
    user_create(site, "fara")
    match_id = busca_match(site, "fara", players=4, eliminate_at=1, seed=3)  # fara plays two deals
    page = signed_in(browser, site, "fara", viewport=PHONE)
    page.goto(f"{site.url}/matches/{match_id}/seat/0/")

    # The first visit shows a hint of three lines; once closed it stays closed.
    hint = page.locator("#first-hint")
    assert hint.is_visible() and hint.locator("li").count() == 3
    screenshot(page, "table-phone-hint")
    page.click("#first-hint-close")
    assert not hint.is_visible()
    page.reload()
    assert not page.locator("#first-hint").is_visible()

    # The "?" panel opens over the game with the short rules and a link to the full ones.
    page.click("#help-open")
    assert page.locator("#help").is_visible()
    assert page.locator("#help a[href='/rules/busca/']").count() == 1
    page.keyboard.press("Escape")
    assert not page.locator("#help").is_visible()

    page.wait_for_function("() => window.__match.match.to_move === 0")
    names = shown_names(page)
    assert len(set(names)) == 4  # three house bots, told apart
    felt = page.locator("#table")
    for name in names:
        assert name in felt.inner_text()
    assert "seat 0" not in page.locator("main").inner_text().lower()
    assert page.locator("#table .seat.pos-bottom.mine").count() == 1
    assert page.locator("#table .dealer-chip").count() == 1
    # The whole table fits above the fixed hand and actions.
    page.locator("#table").scroll_into_view_if_needed()
    page.evaluate("() => document.getElementById('table').scrollIntoView({block: 'start'})")
    table_box = box(page, "#table")
    dock_box = box(page, "#controls")
    assert table_box["y"] >= 0 and table_box["y"] + table_box["height"] <= dock_box["y"] + 1, (table_box, dock_box)
    screenshot(page, "table-phone-busca")

    refused_seen = False
    pauses = 0
    played = 0
    summaries = 0
    deal = 1
    while True:
        page.wait_for_function(
            "() => { const m = window.__match.match; return m.status !== 'running' ||"
            " (m.to_move === 0 && (m.legal_moves || []).length > 0) ||"
            " !(m.view.in_deal || []).includes(0); }"
        )
        current = state(page)["match"]
        if current["status"] != "running":
            break
        if 0 not in current["view"]["in_deal"]:
            page.wait_for_function("() => window.__match.match.status !== 'running'", timeout=60000)
            break
        assert_on_screen(page, "[data-role=hand]")
        assert_on_screen(page, "[data-role=actions]")
        if current["view"]["deal"] > deal:
            # A new deal: the last one's score sheet comes up after its last trick.
            deal = current["view"]["deal"]
            sheet = page.locator("[data-role=deal-summary]")
            sheet.wait_for(timeout=4000)
            text = sheet.inner_text()
            assert "Buscas" in text and "took the last trick" in text
            assert all(name in text for name in names)
            summaries += 1
            screenshot(page, "table-phone-deal-summary")
            sheet.locator("button").click()
            assert not sheet.count()
        refused = page.locator("[data-role=hand] button.card.refused")
        if not refused_seen and refused.count():
            # A card that may not be played says why, and is not sent.
            first = refused.first
            reason = first.get_attribute("data-reason")
            assert reason and first.get_attribute("aria-describedby")
            first.focus()  # dimmed, yet focusable: the keyboard reaches it
            page.keyboard.press("Enter")
            assert page.locator("#error").inner_text() == reason
            assert state(page)["match"]["turn"] == current["turn"]
            refused_seen = True
        view = current["view"]
        completes = len(view["trick"]["cards"]) == len(view["in_deal"]) - 1
        before = current["turn"]
        page.locator("[data-role=hand] button.card.legal").first.click()
        page.wait_for_function(f"() => window.__match.match.turn > {before}")
        played += 1
        if completes:
            # The trick stays on the table with its taker; the server did not wait.
            trick = page.locator("[data-role=trick].paused")
            trick.wait_for(timeout=3000)
            after = state(page)["match"]["view"]
            done = after["tricks"][-1] if after["tricks"] else after["last_deal"]["tricks"][-1]
            taker = names[done["winner"]]
            assert taker in trick.locator(".trick-caption").inner_text()
            assert trick.locator("figure").count() == len(view["in_deal"])
            pauses += 1
            if pauses == 1:
                screenshot(page, "table-phone-trick-pause")
            page.wait_for_function(
                "() => !document.querySelector('[data-role=trick].paused')", timeout=4000
            )
    assert played >= 20 and pauses >= 3 and summaries == 1 and refused_seen
    final = state(page)["match"]
    assert final["status"] == "finished"
    banner = page.locator("#result-banner")
    banner.wait_for()
    places = banner.locator(".places li")
    assert places.count() == 4
    assert all(any(name in places.nth(i).inner_text() for name in names) for i in range(4))
    assert not page.locator("#resign").is_visible()
    assert page.locator("#table .seat.to-move").count() == 0
    assert "to move" not in page.locator("#table").inner_text()
    page.locator("[data-role=deal-summary], #open-summary").first.wait_for()
    if not page.locator("[data-role=deal-summary]").count():
        page.click("#open-summary")
    summary = page.locator("[data-role=deal-summary]")
    assert "Buscas" in summary.inner_text() and summary.locator("tr").count() >= 3
    screenshot(page, "table-phone-over")
