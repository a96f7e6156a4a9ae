"""People talking at a table in Chromium (issue 25): a quick phrase from one seat shows on the
other person's table in their own language; where the event turned chat on, a written line
arrives, can be reported, and a muted seat is heard no more; axe-clean."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser.conftest import django, screenshot, signed_in, user_create
from tests.e2e.browser.test_accessibility import violations
from tests.e2e.stack import Stack

ANA, BEN = "talk-ana", "talk-ben"


def people_table(site: Stack, chat: bool) -> int:
    """Start a Mano a Mano between the two people; return its id."""
    match_id: int = django(
        site,
        f"""
        import json
        from django.contrib.auth import get_user_model
        from games.models import Seat
        from games.services.matches import SeatSpec, match_create
        users = get_user_model().objects
        ana, ben = users.get(username={ANA!r}), users.get(username={BEN!r})
        m = match_create(game="buraco-mano-a-mano", options={{"deals": 1}}, chat={chat!r},
                         seats=[SeatSpec(kind=Seat.Kind.USER, user_id=ana.pk),
                                SeatSpec(kind=Seat.Kind.USER, user_id=ben.pk)])
        print(json.dumps(m.pk))
        """,
    )
    return match_id


def test_a_phrase_and_a_chat_line_reach_the_other_person(site: Stack, browser: Any) -> None:
    user_create(site, ANA)
    user_create(site, BEN)
    quiet = people_table(site, chat=False)
    talking = people_table(site, chat=True)
    ana = signed_in(browser, site, ANA)
    ben = signed_in(browser, site, BEN, viewport={"width": 390, "height": 844})
    ben.context.add_cookies([{"name": "django_language", "value": "es", "url": site.url}])

    # Phrases only: no field to write in.
    ana.goto(f"{site.url}/matches/{quiet}/seat/0/")
    ana.click("#phrase-open")
    assert ana.locator("#phrase-menu [data-phrase]").count() == 5
    assert ana.locator("#chat-text").count() == 0

    for page, seat in ((ana, 0), (ben, 1)):
        page.goto(f"{site.url}/matches/{talking}/seat/{seat}/")
        page.wait_for_function(
            "() => window.__match && window.__match.socket"
            " && window.__match.socket.readyState === 1"
        )
    ana.click("#phrase-open")
    ana.click("#phrase-menu [data-phrase=gg]")
    # Ben reads it in Spanish, over Ana's seat and in the talk list.
    ben.wait_for_selector(".phrase-bubble[data-seat='0']")
    assert "Buena partida" in (ben.text_content("#talk-log") or "")
    ana.click("#phrase-open")
    ana.fill("#chat-text", "  nice   meld ")
    ana.press("#chat-text", "Enter")
    ben.wait_for_function(
        "() => document.querySelector('#talk-log').textContent.includes('nice meld')"
    )
    assert violations(ben) == []
    screenshot(ben, "table-talk-phone-es")
    ben.click("#talk-log li:last-child .talk-report")
    ben.wait_for_selector("#talk-log li:last-child .talk-report[disabled]")
    # The button turns off as the report leaves; the server stores it a moment later.
    reports: list[str] = []
    for _ in range(50):
        reports = django(
            site,
            """
            import json
            from games.models import ChatReport
            print(json.dumps([r.message.text for r in ChatReport.objects.all()]))
            """,
        )
        if reports:
            break
        ben.wait_for_timeout(200)
    assert reports == ["nice meld"]
    # Ben mutes Ana: her next phrase shows nowhere on his page.
    ben.evaluate("() => document.querySelectorAll('.phrase-bubble').forEach(b => b.remove())")
    ana.click("#phrase-open")
    ana.click("#phrase-menu [data-phrase=thanks]")
    ben.wait_for_selector(".phrase-bubble[data-seat='0'] .phrase-mute")
    ben.click(".phrase-bubble[data-seat='0'] .phrase-mute")
    count = ben.locator("#talk-log li").count()
    ana.click("#phrase-open")
    ana.click("#phrase-menu [data-phrase=oops]")
    ana.wait_for_function("() => document.querySelector('#talk-log').textContent.includes('Oops')")
    ben.wait_for_timeout(500)
    assert ben.locator("#talk-log li").count() == count
