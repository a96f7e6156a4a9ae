"""The Play form shows only the chosen game's options; copy buttons copy (a real browser)."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.browser.conftest import screenshot, signed_in, user_create
from tests.e2e.browser.test_csp import watch_violations
from tests.e2e.stack import Stack

PHONE = {"width": 390, "height": 844}


def test_the_play_form_follows_the_chosen_game_and_the_invite_link_copies(
    site: Stack, browser: Any
) -> None:
    user_create(site, "pia")
    page = signed_in(
        browser,
        site,
        "pia",
        viewport=PHONE,
        permissions=["clipboard-read", "clipboard-write"],
    )
    violations = watch_violations(page)
    page.goto(f"{site.url}/play/")
    page.locator("#more-options summary").click()  # the game's options are behind it
    busca = page.locator("[data-option-group=busca]")
    buraco = page.locator("[data-option-group=buraco]")
    page.select_option("#id_game", "busca")
    assert busca.is_visible() and not buraco.is_visible()
    assert page.locator("#id_eliminate_at").is_visible()
    assert not page.locator("#id_target").is_visible()
    assert page.locator("#rules-link").get_attribute("href") == "/rules/busca/"
    page.select_option("#id_game", "buraco-mano-a-mano")
    assert buraco.is_visible() and not busca.is_visible()
    assert page.locator("#id_target").is_visible() and page.locator("#id_deals").is_visible()
    assert not page.locator("#id_players").is_visible()
    assert page.locator("#rules-link").get_attribute("href") == "/rules/buraco-mano-a-mano/"
    assert "Buraco Mano a Mano" in page.locator("#rules-link").inner_text()
    screenshot(page, "play-form-mano-a-mano")
    page.fill("#id_deals", "2")
    page.check("#id_rated")
    page.locator("main form.play-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert "rated table of Buraco Mano a Mano" in page.locator(".messages").inner_text()
    link = page.locator("#invite-1").input_value()
    page.locator("button.copy-button[data-copy='#invite-1']").click()
    page.wait_for_function(
        "() => document.getElementById('copy-status').textContent.includes('copied')"
    )
    assert page.locator("#copy-status").inner_text() == "Invite link copied"
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    screenshot(page, "lobby-invite-copied")
    # A new bot's page: the token's copy button copies the token shown once.
    page.goto(f"{site.url}/accounts/bots/")
    page.fill("#id_name", "piabot")
    page.locator("main form.stack button[type=submit]").click()
    token = page.locator("#new-token").input_value()
    assert token in page.locator("#run-command").inner_text()
    page.click("#copy-token")
    page.wait_for_function(
        "() => document.getElementById('copy-status').textContent === 'Token copied'"
    )
    assert page.evaluate("() => navigator.clipboard.readText()") == token
    screenshot(page, "bot-token-copied")
    # The profile pages and the tournament form run under the policy too.
    page.goto(f"{site.url}/bots/piabot/")
    assert 'href="/people/pia/"' in page.content()
    page.goto(f"{site.url}/people/pia/")
    assert page.locator("h1").inner_text() == "pia"
    screenshot(page, "profile-person")
    page.goto(f"{site.url}/tournaments/new?preset=mano-swiss-bots")
    assert not page.locator("#id_format").is_visible()  # behind "More options"
    page.locator("#advanced-options summary").click()
    assert page.locator("#id_format").input_value() == "swiss"
    screenshot(page, "tournament-presets")
    assert violations == []
