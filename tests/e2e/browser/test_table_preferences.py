"""The table's own settings in Chromium (issue 25): with "undo" chosen a card waits 2 s and
Undo takes it back (nothing reaches the server); left alone it is sent; sound plays only once
chosen; the choices stay on this device across a reload."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser.conftest import django, signed_in, user_create
from tests.e2e.stack import Stack

NAME = "prefs-eva"
MY_TURN = (
    "() => { const m = window.__match.match; return m && m.to_move === 0"
    " && (m.legal_moves || []).length > 0 && !window.__match.pending; }"
)


def busca_with_house(site: Stack) -> int:
    match_id: int = django(
        site,
        f"""
        import json
        from django.contrib.auth import get_user_model
        from games.models import Seat
        from games.services.matches import SeatSpec, match_create
        eva = get_user_model().objects.get(username={NAME!r})
        seats = [SeatSpec(kind=Seat.Kind.USER, user_id=eva.pk)]
        seats += [SeatSpec(kind=Seat.Kind.HOUSE)] * 3
        print(json.dumps(match_create(game="busca", seats=seats, seed=11).pk))
        """,
    )
    return match_id


def turn_of(site: Stack, match_id: int) -> int:
    turn: int = django(
        site,
        f"""
        import json
        from games.models import Match
        print(json.dumps(Match.objects.get(pk={match_id}).turn))
        """,
    )
    return turn


def test_undo_takes_a_card_back_and_sound_is_off_until_chosen(site: Stack, browser: Any) -> None:
    user_create(site, NAME)
    match_id = busca_with_house(site)
    page = signed_in(browser, site, NAME)
    page.goto(f"{site.url}/matches/{match_id}/seat/0/")
    page.wait_for_function(MY_TURN)
    page.click("#help-open")
    assert not page.is_checked("#pref-sound") and not page.is_checked("#pref-undo")
    page.check("#pref-undo")
    page.click("#help-close")
    before = turn_of(site, match_id)
    page.locator("[data-role=hand] button.card.legal").first.click()
    page.wait_for_selector("#undo-bar")
    page.click("#undo-move")
    page.wait_for_timeout(2500)
    assert turn_of(site, match_id) == before  # nothing was sent
    assert page.locator("#undo-bar").count() == 0
    assert page.evaluate("() => window.__tones || 0") == 0  # sound is off
    # Sound on; the card is left alone this time: sent after the wait.
    page.click("#help-open")
    page.check("#pref-sound")
    page.click("#help-close")
    page.wait_for_function(MY_TURN)
    page.locator("[data-role=hand] button.card.legal").first.click()
    page.wait_for_selector("#undo-bar")
    page.wait_for_function(f"() => window.__match.match.turn > {before}", timeout=10000)
    page.wait_for_function("() => (window.__tones || 0) > 0", timeout=10000)
    page.reload()
    page.click("#help-open")
    assert page.is_checked("#pref-sound") and page.is_checked("#pref-undo")
