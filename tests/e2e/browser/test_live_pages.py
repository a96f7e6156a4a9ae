"""A tournament page and a leaderboard update by themselves when a match ends.

Two pull bots meet in a two-entry knockout of Mano a Mano (one deal). Its one match is rated
(bots pool), so when it ends the tournament's table card shows the places and both bots' rows
on the leaderboard count one more game, on pages opened before the match and never reloaded.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tests.e2e.browser.conftest import django, screenshot
from tests.e2e.stack import Stack, play_until_over

GAME = "buraco-mano-a-mano"
BOTS = ("alpha", "beta")


def seed_ratings(site: Stack) -> None:
    """Give both bots three rated games, so that they are listed on the leaderboard already."""
    django(
        site,
        f"""
        import json
        from bots.models import Bot
        from tournaments.ratings.models import Rating
        for name in {BOTS!r}:
            Rating.objects.create(game={GAME!r}, pool="bots", bot=Bot.objects.get(name=name),
                                  mu=25.0, sigma=6.0, ordinal=7.0, games=3, wins=1)
        print(json.dumps(True))
        """,
    )


def tournament_match(client: Any, tournament_id: int) -> int:
    """Wait until the tournament's first match exists; return its id."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        bracket = client.get(f"/tournaments/{tournament_id}/bracket").json()["bracket"]
        matches = [m for r in bracket for p in r["pairings"] for m in p["matches"]]
        if matches:
            return int(matches[0]["id"])
        time.sleep(0.2)
    raise AssertionError("the tournament's match was not created")


def live_page(browser: Any, url: str, part: str) -> Any:
    """Open ``url`` and wait until its live part's socket has its first state message."""
    page = browser.new_context().new_page()
    page.set_default_timeout(20000)
    page.goto(url)
    page.wait_for_function(f"() => window.__live?.[{part!r}]?.states >= 1")
    page.evaluate("() => { window.__notReloaded = true; }")
    return page


def test_a_tournament_page_and_a_leaderboard_update_when_a_match_ends(
    site: Stack, browser: Any
) -> None:
    # Two owners: bots of one owner are never rated against each other (docs/ratings.md).
    tokens = {name: site.createbot(name, owner=f"{name}-owner")["token"] for name in BOTS}
    seed_ratings(site)
    alpha, beta = (site.client(tokens[name]) for name in BOTS)
    with alpha, beta, site.person() as organiser:
        created = organiser.post(
            "/tournaments",
            json={
                "name": "Live cup",
                "game": GAME,
                "format": "single_elimination",
                "options": {"deals": 1},
                "open_registration": True,
            },
        )
        assert created.status_code == 201, created.text
        tournament_id = created.json()["id"]
        for client in (alpha, beta):
            entered = client.post(f"/tournaments/{tournament_id}/entries", json={})
            assert entered.status_code == 201, entered.text
        assert organiser.post(f"/tournaments/{tournament_id}/start").status_code == 200
        match_id = tournament_match(alpha, tournament_id)

        cup = live_page(browser, f"{site.url}/tournaments/{tournament_id}/", "tournament-live")
        board = live_page(browser, f"{site.url}/leaderboards/{GAME}/bots/", "leaderboard-live")
        card = cup.locator("#rounds .table-card").first
        assert "place 1" not in card.inner_text()
        games = {name: board.locator(f"tr[data-name='{name}'] td.games") for name in BOTS}
        assert [games[name].inner_text() for name in BOTS] == ["3", "3"]
        assert cup.locator("header.site nav a", has_text="Leaderboards").count() == 1
        screenshot(cup, "live-tournament-before")
        screenshot(board, "live-leaderboard-before")

        with ThreadPoolExecutor(2) as pool:
            runs = [
                pool.submit(play_until_over, client, match_id, random.Random(n), timeout=50)
                for n, client in enumerate((alpha, beta))
            ]
            final = [run.result() for run in runs]
        assert final[0]["status"] == "finished", final[0]

    # Both pages change by themselves: no reload (the marker survives), fragments swapped in.
    cup.wait_for_function(
        "() => document.querySelector('#rounds .table-card')?.innerText.includes('place 1')"
    )
    cup.wait_for_function(
        "() => document.getElementById('tournament-status').dataset.status === 'finished'"
    )
    for name in BOTS:
        board.wait_for_function(
            f"() => document.querySelector(\"tr[data-name='{name}'] td.games\")"
            "?.textContent.trim() === '4'"
        )
    for page, part in ((cup, "tournament-live"), (board, "leaderboard-live")):
        assert page.evaluate("() => window.__notReloaded") is True
        assert page.evaluate(f"() => window.__live[{part!r}].refreshes") >= 1
    assert "place 2" in cup.locator("#rounds .table-card").first.inner_text()
    assert cup.locator("#standings").count() == 1
    screenshot(cup, "live-tournament-after")
    screenshot(board, "live-leaderboard-after")
