"""Busca's card style on a phone (390 by 844): the Spanish deck with Latin suits (drawn by
cards.js, the shapes of games/suits.svg), or with French faces; the ``card_style`` cookie keeps
the choice, a control on the table (in the "?" panel) and on the Play form sets it, and the
page's language picks the default (Latin in es, id, ko)."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser.conftest import screenshot, signed_in, user_create
from tests.e2e.browser.test_csp import watch_violations
from tests.e2e.browser.test_table_phone import PHONE, busca_match, watch_errors
from tests.e2e.stack import Stack

HAND = "#hand-box .card[data-card]"
LATIN_NAMES = ("coins", "cups", "swords", "clubs")


def hand_cards(page: Any) -> list[dict[str, Any]]:
    page.wait_for_selector(HAND)
    found: list[dict[str, Any]] = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].map((c) => ({
            style: c.dataset.cardStyle, suit: c.dataset.suit, label: c.getAttribute('aria-label'),
            text: c.textContent,
            use: c.querySelector('.face use')?.getAttribute('href') || null,
            width: c.querySelector('.face > use:last-of-type')?.getBoundingClientRect().width || 0,
        }))""",
        HAND,
    )
    return found


def set_style(page: Any, site: Stack, style: str) -> None:
    page.context.add_cookies([{"name": "card_style", "value": style, "url": site.url}])


def test_the_busca_table_draws_latin_or_french_suits(site: Stack, browser: Any) -> None:
    user_create(site, "luz")
    match_id = busca_match(site, "luz", players=4, eliminate_at=31, seed=5)
    page = signed_in(browser, site, "luz", viewport=PHONE)
    errors = watch_errors(page)
    url = f"{site.url}/matches/{match_id}/seat/0/"

    # No cookie, an English page: French faces, the suits named as the Spanish deck names them.
    page.goto(url)
    cards = hand_cards(page)
    assert cards and {c["style"] for c in cards} == {"french"}
    assert all(c["use"].startswith("#suit-fr-") for c in cards)
    assert all(c["suit"] in LATIN_NAMES and c["suit"] in c["label"] for c in cards)

    # The cookie asks for Latin suits: each card draws its suit from the page's sprite and keeps
    # its name for screen readers; no letter stands for a suit.
    set_style(page, site, "latin")
    page.reload()
    cards = hand_cards(page)
    assert {c["style"] for c in cards} == {"latin"}
    for card in cards:
        assert card["use"] is not None and card["use"].startswith("#suit-la-"), card
        assert card["width"] > 5, "the suit is drawn"
        assert not set(card["text"]) & set("CDHS") and card["suit"] in card["label"]
    screenshot(page, "table-phone-latin-suits")
    assert page.locator("#card-suits symbol#suit-la-D").count() == 1

    # The control in the "?" panel switches back to French faces (a form: no inline script).
    page.click("#help-open")
    page.locator("#help .card-style-choice[data-style=french]").click()
    page.wait_for_load_state()
    cards = hand_cards(page)
    assert {c["style"] for c in cards} == {"french"}
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies["card_style"] == "french"
    page.click("#help-open")
    assert (
        page.locator("#help .card-style-choice[data-style=french]").get_attribute("aria-pressed")
        == "true"
    )
    assert errors == []


def test_the_play_form_sets_the_card_style(site: Stack, browser: Any) -> None:
    import re

    user_create(site, "sol")
    page = signed_in(browser, site, "sol", viewport=PHONE)
    page.goto(f"{site.url}/play/")
    page.locator("#more-options summary").click()  # the options are behind "More options"
    page.select_option("#id_game", "busca")
    # An English page without the cookie: French faces are chosen; the person picks Latin.
    assert page.locator("input[name=card_style][value=french]").is_checked()
    latin = page.locator("input[name=card_style][value=latin]")
    assert latin.is_visible()
    latin.check()
    page.select_option("#id_others", "house:greedy")
    page.locator("form.play-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert {c["name"]: c["value"] for c in page.context.cookies()}["card_style"] == "latin"
    page.goto(f"{site.url}/play/")
    page.locator("#more-options summary").click()  # the options are behind "More options"
    page.select_option("#id_game", "busca")
    assert page.locator("input[name=card_style][value=latin]").is_checked()


def test_buraco_keeps_french_faces_with_the_latin_cookie(site: Stack, browser: Any) -> None:
    from tests.e2e.browser.conftest import django

    user_create(site, "rui")
    match_id: int = django(
        site,
        """
        import json
        from django.contrib.auth import get_user_model
        from games.services.matches import SeatSpec, match_create
        u = get_user_model().objects.get(username="rui")
        m = match_create(game="buraco-mano-a-mano", seats=[SeatSpec(kind="user", user_id=u.pk),
                         SeatSpec(kind="house")], seed=4, kind="practice", move_timeout=600)
        print(json.dumps(m.pk))
        """,
    )
    page = signed_in(browser, site, "rui", viewport=PHONE)
    set_style(page, site, "latin")
    page.goto(f"{site.url}/matches/{match_id}/seat/0/")
    cards = hand_cards(page)
    assert cards and all(c["style"] is None for c in cards)
    assert all(c["use"].startswith("#suit-fr-") or c["use"] == "#suit-joker" for c in cards)


def test_a_spanish_browser_gets_latin_suits_by_default(site: Stack, browser: Any) -> None:
    user_create(site, "eva")
    match_id = busca_match(site, "eva", players=4, eliminate_at=31, seed=6)
    page = signed_in(browser, site, "eva", viewport=PHONE, locale="es-ES")
    page.goto(f"{site.url}/matches/{match_id}/seat/0/")
    assert page.locator("html").get_attribute("lang") == "es"
    cards = hand_cards(page)
    assert {c["style"] for c in cards} == {"latin"}
    assert all(c["use"].startswith("#suit-la-") for c in cards)


def test_the_spanish_rules_page_draws_the_spanish_deck(site: Stack, browser: Any) -> None:
    """The rules page draws Busca's cards as a Spanish reader's table does: Spanish suits from
    games/suits.svg and the numbers 1, 10, 11, 12 (issue 25: it drew French cards)."""
    page = browser.new_context(viewport=PHONE, locale="es-ES").new_page()
    errors = watch_errors(page)
    violated = watch_violations(page)
    page.goto(f"{site.url}/rules/busca/")
    drawn = page.evaluate(
        """() => [...document.querySelectorAll('.pc.pc-latin')].map((c) => ({
            rank: c.querySelector('.pc-rank').textContent,
            width: c.querySelector('svg.pc-suit use').getBBox().width,
        }))"""
    )
    assert len(drawn) >= 20 and all(d["width"] > 0 for d in drawn), drawn[:3]
    assert {"1", "10", "11", "12"} <= {d["rank"] for d in drawn}
    assert page.locator(".pc:not(.pc-latin):not(.pc-back)").count() == 0
    assert errors == [] and violated == []
