"""A person plays Busca in the browser: open a table, fill it with house bots, play by clicking."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.browser.conftest import hands, screenshot, signed_in, state, user_create
from tests.e2e.stack import Stack


def play_one_card(page: Any) -> None:
    """Wait for this seat's turn and click the first highlighted (legal) card."""
    page.locator("[data-role=hand] button.card.legal").first.click()


def check_private(page: Any, site: Stack, match_id: int, seat: int) -> None:
    """The page holds no card of another seat's hand: not in the DOM, not in the page source."""
    truth = hands(site, match_id)
    html = page.content()
    mine = set(truth["hands"][seat])
    for other, hand in enumerate(truth["hands"]):
        if other == seat:
            continue
        for card in hand:
            assert card not in mine  # one pack in Busca: every card is unique
            assert f'"{card}"' not in html, f"seat {other}'s {card} is on seat {seat}'s page"
    shown = page.eval_on_selector_all(
        "[data-hand-seat] [data-card]", "nodes => nodes.map(n => n.dataset.card)"
    )
    assert set(shown) <= mine


def test_a_person_plays_a_whole_busca_deal_against_three_house_bots(
    site: Stack, browser: Any
) -> None:
    user_create(site, "bea")
    page = signed_in(browser, site, "bea")
    screenshot(page, "home")
    page.goto(f"{site.url}/play/")
    page.locator("#more-options summary").click()  # the options are behind "More options"
    page.select_option("#id_game", "busca")
    page.select_option("#id_others", "house:greedy")
    screenshot(page, "play-form")  # before typing: a full-page shot scrolls a focused field
    page.fill("#id_eliminate_at", "60")
    page.locator("main form.play-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    screenshot(page, "table-lobby")
    page.click("#start-table")
    page.wait_for_url(re.compile(r"/matches/\d+/seat/0/$"))
    match_id = int(re.findall(r"/matches/(\d+)/", page.url)[0])

    played = 0
    while True:
        page.wait_for_function(
            "() => { const m = window.__match.match; return m.status !== 'running' ||"
            " m.view.deal > 1 || (m.to_move === 0 && (m.legal_moves || []).length > 0); }"
        )
        current = state(page)["match"]
        if current["status"] != "running" or current["view"]["deal"] > 1:
            break
        if played == 3:
            assert "Your turn" in page.locator("#notice").inner_text()
            assert page.title().startswith("● Your turn")
            check_private(page, site, match_id, 0)
            screenshot(page, "busca-seat")
        before = current["turn"]
        play_one_card(page)
        page.wait_for_function(f"() => window.__match.match.turn > {before}")
        played += 1
    assert played == 10  # four players hold ten cards each: ten tricks in the deal
    final = state(page)["match"]
    assert final["view"]["deal"] == 2 and final["view"]["last_deal"]["points"][0] is not None
    log = page.locator("#log li")
    assert log.count() >= 40
    check_private(page, site, match_id, 0)
    screenshot(page, "busca-after-deal")
    page.goto(f"{site.url}/me/matches/")
    assert page.locator(f"a[href='/matches/{match_id}/seat/0/']").count() == 1
    screenshot(page, "my-matches")
