"""The way in, in Chromium on a 390x844 phone: an open table listed and joined with one tap;
two people pressing Play now on Mano a Mano land at the same match, then play it again with
Rematch; a lone person fills with house bots. In English, Spanish and Korean, axe-clean, and
with no Content-Security-Policy violation."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.browser.conftest import django, screenshot, signed_in, state, user_create
from tests.e2e.browser.test_accessibility import violations
from tests.e2e.browser.test_csp import watch_violations
from tests.e2e.stack import Stack

PHONE = {"width": 390, "height": 844}
SEAT = re.compile(r"/matches/(\d+)/seat/(\d+)/$")


def _match_of(page: Any) -> int:
    found = SEAT.search(page.url)
    assert found, page.url
    return int(found.group(1))


def test_an_open_table_is_listed_and_taken_with_one_tap(site: Stack, browser: Any) -> None:
    user_create(site, "lia")
    user_create(site, "minho")
    host = signed_in(browser, site, "lia", viewport=PHONE)
    guest = signed_in(browser, site, "minho", viewport=PHONE, locale="ko-KR")
    blocked = watch_violations(host) + watch_violations(guest)
    host.goto(f"{site.url}/play/")
    assert host.locator("#id_public").is_checked()  # open by default
    assert not host.locator("#id_move_timeout").is_visible()  # behind More options
    host.locator("#more-options summary").click()
    assert host.locator("#id_move_timeout").is_visible()
    host.select_option("#id_game", "buraco-mano-a-mano")
    host.locator("main form.play-form button[type=submit]").click()
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_id = int(host.url.rstrip("/").rsplit("/", 1)[1])
    assert "listed in the lobby" in host.locator(".messages").inner_text()

    guest.goto(f"{site.url}/play/")
    row = guest.locator(f".open-table[data-table='{table_id}']")
    assert "lia" in row.inner_text() and "1자리 참" in row.inner_text()
    assert guest.locator("html").get_attribute("lang") == "ko"
    assert violations(guest) == []
    screenshot(guest, "lobby-open-tables-ko")
    row.locator("button.sit-down").click()
    guest.wait_for_url(f"{site.url}/tables/{table_id}/")
    assert "minho" in guest.locator("#table-seats").inner_text()
    assert not guest.locator(f".open-table[data-table='{table_id}']").count()
    host.click("#start-table")
    host.wait_for_url(SEAT)
    guest.wait_for_url(SEAT, timeout=15000)  # the table page moves by itself
    assert _match_of(host) == _match_of(guest)

    # A private table with a password: not listed; its page asks for the password.
    host.goto(f"{site.url}/play/")
    host.uncheck("#id_public")
    host.locator("#more-options summary").click()
    host.select_option("#id_game", "buraco-mano-a-mano")
    host.fill("#id_password", "open sesame")
    host.locator("main form.play-form button[type=submit]").click()
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    private = host.url
    guest.goto(f"{site.url}/play/tables/")
    private_id = private.rstrip("/").rsplit("/", 1)[1]
    assert f"data-table='{private_id}'" not in guest.content()
    assert f'data-table="{private_id}"' not in guest.content()
    guest.goto(private)
    guest.fill("#sit-password", "open barley")
    guest.click("#sit-down")
    guest.wait_for_url(private)
    refusal = "이 테이블의 비밀번호가 아닙니다. 방장에게 물어보고 다시 시도하세요."
    assert refusal in guest.locator(".messages").inner_text()
    assert violations(guest) == []
    screenshot(guest, "table-password-refused-ko")
    guest.fill("#sit-password", "open sesame")
    guest.click("#sit-down")
    guest.wait_for_url(private)
    assert "minho" in guest.locator("#table-seats").inner_text()
    assert blocked == []


def test_play_now_pairs_two_browsers_and_rematch_seats_them_again(
    site: Stack, browser: Any
) -> None:
    user_create(site, "nora")
    user_create(site, "olmo")
    first = signed_in(browser, site, "nora", viewport=PHONE)
    second = signed_in(browser, site, "olmo", viewport=PHONE, locale="es-ES")
    blocked = watch_violations(first) + watch_violations(second)
    first.goto(f"{site.url}/play/")
    first.locator(".play-now-button[data-game='buraco-mano-a-mano']").click()
    first.wait_for_url(f"{site.url}/play/now/")
    assert "Looking for people near your rating" in first.locator("#play-now-status").inner_text()
    assert violations(first) == []
    screenshot(first, "play-now-waiting")
    second.goto(f"{site.url}/play/")
    second.locator(".play-now-button[data-game='buraco-mano-a-mano']").click()
    second.wait_for_url(SEAT)
    first.wait_for_url(SEAT, timeout=15000)  # the waiting page's poll sends it to the seat
    match_id = _match_of(first)
    assert _match_of(second) == match_id

    # The match ends (nora resigns at her table); both are offered a rematch.
    seat = int(SEAT.search(first.url).group(2))  # type: ignore[union-attr]
    first.once("dialog", lambda dialog: dialog.accept())
    first.click("#resign")
    for page in (first, second):
        page.wait_for_function("() => window.__match.match.status === 'finished'")
        page.wait_for_selector("#rematch-form:not([hidden])", timeout=15000)
    assert second.locator("#rematch").inner_text() == "Revancha"
    screenshot(second, "rematch-offered-es")
    # olmo's Play page, opened before nora asks, shows the offer when it comes, without a reload.
    lobby = second.context.new_page()
    lobby.goto(f"{site.url}/play/")
    assert lobby.locator("#kept-for-you").is_hidden()
    first.click("#rematch")
    first.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert "kept for olmo" in first.locator("#table-seats").inner_text()
    lobby.wait_for_selector("#kept-for-you:not([hidden]) .join-rematch", timeout=15000)
    assert "nora" in lobby.locator("#kept-for-you").inner_text()
    assert violations(lobby) == []
    lobby.close()
    # olmo's finished match page learns that nora asked, in Spanish.
    second.wait_for_function(
        "() => document.getElementById('rematch-asked').textContent.includes('nora')"
    )
    assert second.locator("#rematch-asked").inner_text() == "nora pide la revancha."
    assert second.locator("#rematch").inner_text() == "Unirse a la revancha"
    second.click("#rematch")
    second.wait_for_url(SEAT)
    first.wait_for_url(SEAT, timeout=15000)
    again = _match_of(first)
    assert again == _match_of(second) and again != match_id
    assert int(SEAT.search(second.url).group(2)) == 1 - seat  # type: ignore[union-attr]
    assert state(first)["match"]["status"] == "running"
    assert blocked == []


def test_a_lone_person_fills_the_empty_seats_with_house_bots(site: Stack, browser: Any) -> None:
    user_create(site, "pilar")
    page = signed_in(browser, site, "pilar", viewport=PHONE, locale="es-ES")
    blocked = watch_violations(page)
    page.goto(f"{site.url}/play/")
    page.locator(".play-now-button[data-game='busca']").click()
    page.wait_for_url(f"{site.url}/play/now/")
    assert not page.locator("#play-now-fill").count()
    # As if pilar had waited a minute: the next poll offers the choice.
    django(
        site,
        """
        import json
        from datetime import timedelta
        from django.utils import timezone
        from games.models import QueueEntry
        QueueEntry.objects.filter(user__username="pilar").update(
            joined_at=timezone.now() - timedelta(seconds=60))
        print(json.dumps(True))
        """,
    )
    page.wait_for_selector("#play-now-fill", timeout=10000)
    assert page.locator("#play-now-fill").inner_text() == "Completar con bots de la casa"
    assert violations(page) == []
    screenshot(page, "play-now-fill-es")
    page.click("#play-now-fill")
    page.wait_for_url(SEAT)
    kinds = django(
        site,
        f"""
        import json
        from games.models import Seat
        print(json.dumps(sorted(Seat.objects.filter(match_id={_match_of(page)})
                                .values_list("kind", flat=True))))
        """,
    )
    assert kinds == ["house", "house", "house", "user"]
    assert blocked == []
