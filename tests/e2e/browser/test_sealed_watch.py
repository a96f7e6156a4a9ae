"""A spectator of a sealed match (a duplicate board, a ladder set) in Chromium: the page says
why it shows nothing, keeps saying so while the seat plays, and nothing in its script breaks on
a state that has no version (docs/web.md, "The socket protocol")."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser.conftest import django, signed_in, state, user_create
from tests.e2e.browser.test_table_phone import PHONE, watch_errors
from tests.e2e.browser.test_table_watch import play_cards
from tests.e2e.stack import Stack

SEALED = "This table's cards stay hidden until its round is over."


def sealed_busca(site: Stack, user: str) -> int:
    """A sealed Busca ladder match: ``user`` at seat 0, three greedy house seats."""
    result: int = django(
        site,
        f"""
        import json
        from django.contrib.auth import get_user_model
        from games.services.matches import SeatSpec, match_create
        u = get_user_model().objects.get(username={user!r})
        seats = [SeatSpec(kind="user", user_id=u.pk)] + [SeatSpec(kind="house")] * 3
        m = match_create(game="busca", seats=seats, seed=4, kind="ladder", sealed=True,
                         options={{"players": 4, "max_deals": 1}}, move_timeout=600)
        print(json.dumps(m.pk))
        """,
    )
    return result


def test_a_spectator_of_a_sealed_match_sees_why_and_no_progress(site: Stack, browser: Any) -> None:
    user_create(site, "selma")
    match_id = sealed_busca(site, "selma")
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
