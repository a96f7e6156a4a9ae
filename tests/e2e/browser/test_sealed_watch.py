"""A spectator of a sealed match (a duplicate board, a ladder set) in Chromium: the page says
why it shows nothing, keeps saying so while the seat plays, and nothing in its script breaks on
a state that has no version (docs/web.md, "The socket protocol")."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser.conftest import signed_in, state, user_create
from tests.e2e.browser.test_table_phone import PHONE, busca_match, watch_errors
from tests.e2e.browser.test_table_watch import play_cards
from tests.e2e.stack import Stack

SEALED = "This table's cards stay hidden until its round is over."


def test_a_spectator_of_a_sealed_match_sees_why_and_no_progress(site: Stack, browser: Any) -> None:
    user_create(site, "selma")
    match_id = busca_match(  # a sealed Busca ladder match: selma at seat 0, three house seats
        site, "selma", players=4, eliminate_at=31, seed=4, kind="ladder", sealed=True, max_deals=1
    )
    watcher = browser.new_context(viewport=PHONE).new_page()
    watcher.set_default_timeout(20000)
    errors = watch_errors(watcher)
    watcher.goto(f"{site.url}/matches/{match_id}/")
    watcher.wait_for_function("() => window.__match && window.__match.match")
    assert SEALED in watcher.locator("#table").inner_text()
    seen = state(watcher)
    assert seen["match"]["turn"] is None and seen["match"]["to_move"] is None
    player = signed_in(browser, site, "selma", viewport=PHONE)
    player.add_init_script("localStorage.setItem('table-hint-seen', '1');")
    player.goto(f"{site.url}/matches/{match_id}/seat/0/")
    play_cards(player, 2)
    assert state(player)["match"]["turn"] >= 8  # her two cards and the house's six
    watcher.wait_for_timeout(500)
    seen = state(watcher)
    assert seen["match"]["turn"] is None and seen["version"] in (None, -1)
    assert SEALED in watcher.locator("#table").inner_text()
    assert errors == []
