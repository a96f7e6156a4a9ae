"""TV and the watchable pace, on a real server with a real worker and browser.

The worker has one process (EMBEDDED_WORKER_CONCURRENCY=1): a paced house move that slept in
it would hold every other match up. Paced moves are scheduled instead, so an unpaced
tournament's match runs at full speed next to a paced one, whose moves come 0.5 s or more apart.
TV features a house-bot tournament's match and moves on to the next one when it ends.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import httpx
import pytest

from tests.e2e.browser.conftest import _require_browser, django, screenshot
from tests.e2e.browser.test_csp import watch_violations
from tests.e2e.stack import Stack, stack

GAME = "buraco-mano-a-mano"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """The platform in embedded mode with a single worker process."""
    import os

    _require_browser()
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    var = tmp_path_factory.mktemp("tv")
    with stack("embedded", var, EMBEDDED_WORKER_CONCURRENCY="1") as platform:
        yield platform


def house_cup(organiser: httpx.Client, game: str, fmt: str, entries: int, **options: Any) -> int:
    """Create and start a tournament of house bots; return its id."""
    created = organiser.post(
        "/tournaments",
        json={
            "name": f"House {fmt} {time.monotonic_ns()}",
            "game": game,
            "format": fmt,
            "options": options,
            "open_registration": True,
            "open_to": "bots",
        },
    )
    assert created.status_code == 201, created.text
    tournament = created.json()["id"]
    for n in range(entries):
        strategy = ("house:greedy", "house:random")[n % 2]
        entered = organiser.post(
            f"/tournaments/{tournament}/entries", json={"kind": "house", "strategy": strategy}
        )
        assert entered.status_code == 201, entered.text
    assert organiser.post(f"/tournaments/{tournament}/start").status_code == 200
    return int(tournament)


def moves_of(site: Stack, tournament: int) -> dict[str, Any]:
    """Return each match of the tournament: its status and its moves' commit times."""
    return django(  # type: ignore[no-any-return]
        site,
        f"""
        import json
        from games.models import Match, Move
        out = {{}}
        for m in Match.objects.filter(tournament_game__pairing__tournament_id={tournament}):
            rows = Move.objects.filter(match=m).order_by("turn")
            times = [t.isoformat() for t in rows.values_list("created_at", flat=True)]
            out[m.pk] = {{"status": m.status, "times": times, "pace": m.house_pace,
                         "created": m.created_at.isoformat()}}
        print(json.dumps(out))
        """,
    )


def seconds(times: list[str]) -> list[float]:
    return [datetime.fromisoformat(t).timestamp() for t in times]


def test_paced_house_moves_wait_without_holding_the_worker(site: Stack) -> None:
    with site.person() as organiser:
        # Four paced tables (16 house entries, as the demo) share the one worker process.
        paced = house_cup(organiser, "busca", "table_knockout", 16, eliminate_at=3, house_pace=1)
        quick = house_cup(organiser, GAME, "single_elimination", 2, deals=1)
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            fast = list(moves_of(site, quick).values())
            if fast and fast[0]["status"] == "finished":
                break
            time.sleep(0.3)
        else:
            raise AssertionError("the unpaced match did not finish")
        while time.monotonic() < deadline:
            tables = list(moves_of(site, paced).values())
            if len(tables) == 4 and all(len(t["times"]) >= 7 for t in tables):
                break
            time.sleep(0.5)
        else:
            raise AssertionError("the paced matches did not move")
        organiser.post(f"/tournaments/{paced}/cancel")
    fast_times = seconds(fast[0]["times"])
    assert len(fast_times) > 20 and fast[0]["pace"] == 0
    # Unpaced: at once and in one go, although the one worker has paced moves pending.
    assert fast_times[0] - seconds([fast[0]["created"]])[0] < 2.0
    assert fast_times[-1] - fast_times[0] < 2.0
    for table in tables:
        gaps = [b - a for a, b in itertools.pairwise(seconds(table["times"])[:7])]
        assert table["pace"] == 1, table
        assert min(gaps) >= 0.5, gaps  # each paced move waited at least half the pace
        # About a second each: a move that slept in the one worker would leave the other three
        # tables waiting, about 4 s a move.
        assert sum(gaps) / len(gaps) <= 2.0, gaps


def shown(page: Any) -> int | None:
    """Return the match the TV page shows, its table included (None: nothing live, or between
    two pages)."""
    try:
        value = page.evaluate(
            "() => window.__tv && window.__tv.shown !== null"
            " && document.querySelector('#match').dataset.match === String(window.__tv.shown)"
            " ? window.__tv.shown : null"
        )
    except Exception:  # the page is navigating
        return None
    return None if value is None else int(value)


def test_tv_shows_a_live_match_and_moves_on_when_it_ends(site: Stack, browser: Any) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(20000)
    violations = watch_violations(page)
    tv_url = f"{site.url}/tv/{GAME}/?poll=300&switch=600"
    page.goto(tv_url)
    assert page.locator("#tv-nothing").count() == 1  # nothing live yet, said in words
    assert page.locator("main a[href='/tournaments/']").count() >= 1
    with site.person() as organiser:
        cup = house_cup(organiser, GAME, "single_elimination", 4, deals=1, house_pace=0.05)
    # The empty TV page loads the first match that starts by itself.
    page.wait_for_function("() => window.__tv && window.__tv.shown !== null", timeout=30000)
    first = shown(page)
    assert first is not None
    assert page.locator(f"#match[data-match='{first}']").count() == 1
    assert page.locator("#tv").get_attribute("data-match") == str(first)
    assert page.locator("header.site nav a", has_text="TV").count() == 1
    screenshot(page, "tv-first")
    # Each house seat is named as in the standings, with its event letter, though the table has
    # one of each style ("Greedy house bot A" beside "Random house bot B").
    names = page.locator("#table .seat[aria-label]").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))"
    )
    assert len(names) == 2 and all(re.fullmatch(r".+ house bot [A-D]", n) for n in names), names
    every_game = browser.new_context().new_page()
    every_game.goto(f"{site.url}/tv/")  # all games: a live match too (this cup's, or the demo's)
    assert every_game.locator("#tv[data-match] #tv-title").count() == 1
    assert every_game.locator("#match[data-match]").count() == 1
    every_game.close()
    deadline = time.monotonic() + 90
    second = None
    while time.monotonic() < deadline:
        now = shown(page)
        if now is not None and now != first:
            second = now
            break
        time.sleep(0.2)
    assert second is not None, "TV did not move on"
    matches = moves_of(site, cup)
    assert matches[str(first)]["status"] == "finished"  # it moved on because the match ended
    assert str(second) in matches  # to the tournament's next match
    screenshot(page, "tv-second")
    assert violations == []  # TV and the table it embeds run under the policy
