"""Brackets and rankings people read (issue 25), in Chromium on a 390 by 844 phone and a desktop.

One finished knockout of house bots, one Busca table knockout, one league of two divisions and
an empty leaderboard are made once for the module; pages open in English, Spanish and Korean:
the page is never wider than the screen (the bracket scrolls sideways inside its own box), axe
finds nothing serious, no inline script or style is blocked, and the texts are the reader's
language.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e.browser.conftest import django, screenshot
from tests.e2e.browser.test_accessibility import violations
from tests.e2e.stack import Stack

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
WORDS = {  # a word of each page in the reader's language
    "en-GB": ("Bracket", "Fairness"),
    "es-ES": ("Cuadro", "Equidad"),
    "ko-KR": ("대진표", "공정성"),
}


@pytest.fixture(scope="module")
def events(site: Stack) -> dict[str, Any]:
    """Create a knockout of 8 house bots (played to its end by the site's worker) and a league
    of two divisions with promotion and relegation; return their addresses."""
    made = django(
        site,
        """
        import json
        from datetime import timedelta
        from django.contrib.auth import get_user_model
        from django.utils import timezone
        from tournaments.services.entries import entry_register
        from tournaments.services.tournaments import (
            TournamentSpec, registration_open, tournament_create, tournament_start)
        from tournaments.leagues.services.leagues import (
            SeasonPlan, league_create, membership_join, season_create)
        users = get_user_model().objects
        boss = users.create_user("brackets-boss", "bb@example.org", "x-long-pass-1")
        spec = TournamentSpec(name="Bracket cup", game="buraco-mano-a-mano",
                              format="single_elimination", options={"deals": 1})
        t = tournament_create(organiser=boss, spec=spec)
        registration_open(tournament_id=t.pk, user=boss)
        for i in range(8):
            entry_register(tournament_id=t.pk, user=boss, kind="house",
                           strategy=["house:greedy", "house:random"][i % 2])
        tournament_start(tournament_id=t.pk, user=boss)
        spec = TournamentSpec(name="Busca cup", game="busca", format="table_knockout",
                              options={"eliminate_at": 3})
        busca = tournament_create(organiser=boss, spec=spec)
        registration_open(tournament_id=busca.pk, user=boss)
        for i in range(8):
            entry_register(tournament_id=busca.pk, user=boss, kind="house",
                           strategy=["house:greedy", "house:random"][i % 2])
        tournament_start(tournament_id=busca.pk, user=boss)
        league = league_create(organiser=boss, name="Zone league", game="buraco-mano-a-mano",
                               members="bots", options={"deals": 1})
        plan = SeasonPlan(starts_at=timezone.now() + timedelta(days=7),
                          round_interval=timedelta(days=7), round_window=timedelta(days=2),
                          rounds=3, promote=1, relegate=1, divisions=("Top", "Bottom"))
        season = season_create(league=league, plan=plan)
        top, bottom = season.divisions.order_by("level")
        for division in (top, bottom):
            for strategy in ("house:greedy", "house:random", "house:greedy"):
                membership_join(season=season, actor=boss, house=strategy, division=division)
        print(json.dumps({"tournament": t.pk, "busca": busca.pk, "league": league.slug}))
        """,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status = django(
            site,
            f"""
            import json
            from tournaments.models import Tournament
            ids = [{made["tournament"]}, {made["busca"]}]
            print(json.dumps(sorted(set(Tournament.objects.filter(pk__in=ids)
                                        .values_list("status", flat=True)))))
            """,
        )
        if status == ["finished"]:
            return made
        time.sleep(1)
    raise AssertionError("the knockouts did not finish")


def opened(browser: Any, site: Stack, path: str, locale: str, viewport: dict[str, int]) -> Any:
    """Open ``path`` in a new context; fail on a Content-Security-Policy violation later."""
    page = browser.new_context(locale=locale, viewport=viewport).new_page()
    page.set_default_timeout(20000)
    page.blocked = []  # type: ignore[attr-defined]
    page.on(
        "console",
        lambda m: page.blocked.append(m.text) if "Content Security Policy" in m.text else None,  # type: ignore[attr-defined]
    )
    reply = page.goto(f"{site.url}{path}")
    assert reply is not None and reply.status == 200, path
    page.wait_for_load_state("networkidle")
    return page


def page_width(page: Any) -> int:
    return int(page.evaluate("() => document.documentElement.scrollWidth"))


@pytest.mark.parametrize("locale", ["en-GB", "es-ES", "ko-KR"])
def test_a_bracket_reads_on_a_phone(
    site: Stack, browser: Any, events: dict[str, Any], locale: str
) -> None:
    page = opened(browser, site, f"/tournaments/{events['tournament']}/", locale, PHONE)
    bracket_word, fairness_word = WORDS[locale]
    assert page.locator("#bracket-h").inner_text() == bracket_word
    assert page_width(page) <= PHONE["width"]
    box = page.locator("#bracket-box")
    scroll = box.evaluate(
        "b => ({overflow: getComputedStyle(b).overflowX, inner: b.scrollWidth,"
        " outer: b.clientWidth, right: b.getBoundingClientRect().right})"
    )
    assert scroll["overflow"] == "auto" and scroll["inner"] > scroll["outer"], scroll
    assert scroll["right"] <= PHONE["width"]
    # Lines join the rounds; the final has one winner, bold, with its mark.
    assert page.locator("#bracket path.link").count() == 6
    final = page.locator("#pairing-W3-1")
    assert final.locator(".slot.winner").count() == 1
    weight = final.locator(".slot.winner text.name").evaluate("t => getComputedStyle(t).fontWeight")
    assert int(weight) >= 700
    # Two entrants never read alike: each drawn text stands for one whole name (its title).
    pairs = page.locator("#bracket .slot:not(.empty) text.name").evaluate_all(
        "ts => ts.map(t => [t.lastChild.textContent, t.querySelector('title').textContent])"
    )
    drawn: dict[str, set[str]] = {}
    for short, full in pairs:
        drawn.setdefault(short, set()).add(full.split(",")[0])
    assert len(drawn) == 8 and all(len(fulls) == 1 for fulls in drawn.values()), drawn
    # Standings have a rank for everyone now; the seeds are folded behind "Fairness".
    fairness = page.locator("details#fairness")
    assert fairness_word in fairness.locator("summary").inner_text()
    assert fairness.evaluate("d => d.open") is False
    box.evaluate("b => b.scrollLeft = b.scrollWidth")
    screenshot(page, f"bracket-phone-{locale}")
    assert violations(page) == []
    assert page.blocked == []  # type: ignore[attr-defined]


def test_a_bracket_on_a_desktop_fits_without_scrolling(
    site: Stack, browser: Any, events: dict[str, Any]
) -> None:
    page = opened(browser, site, f"/tournaments/{events['tournament']}/", "en-GB", DESKTOP)
    box = page.locator("#bracket-box")
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth")
    title = page.locator("#pairing-W3-1 .slot.winner text.name title").text_content()
    assert title.endswith(", winner")
    screenshot(page, "bracket-desktop")


def test_a_busca_table_knockout_reads_on_a_phone(
    site: Stack, browser: Any, events: dict[str, Any]
) -> None:
    page = opened(browser, site, f"/tournaments/{events['busca']}/", "es-ES", PHONE)
    assert page_width(page) <= PHONE["width"]
    assert page.locator("#bracket g.pairing").count() == 3
    assert page.locator("#bracket path.link").count() == 4
    assert page.locator("#bracket .slot.winner").count() == 5
    # Before this page, every entrant read rank 1 before any result; now each has its rank.
    ranks = page.locator("#standings td.rank").all_text_contents()
    assert len(ranks) == 8 and "1" in ranks and "\N{EN DASH}" not in "".join(ranks)
    screenshot(page, "bracket-busca-phone-es")
    assert violations(page) == []
    assert page.blocked == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("locale", ["en-GB", "es-ES", "ko-KR"])
def test_a_league_table_and_an_empty_leaderboard_on_a_phone(
    site: Stack, browser: Any, events: dict[str, Any], locale: str
) -> None:
    page = opened(browser, site, f"/leagues/{events['league']}/", locale, PHONE)
    up = page.locator("tr.zone-up")
    down = page.locator("tr.zone-down")
    assert up.count() == 1 and down.count() == 1
    colours = [
        row.locator("td").first.evaluate("td => getComputedStyle(td).backgroundColor")
        for row in (up, down)
    ]
    plain = page.locator("table.standings tbody tr:not([data-zone]) td").first
    assert len({*colours, plain.evaluate("td => getComputedStyle(td).backgroundColor")}) == 3
    assert page.locator(".zone-legend").count() == 2
    assert page_width(page) <= PHONE["width"]
    screenshot(page, f"league-zones-{locale}")
    assert violations(page) == []
    assert page.blocked == []  # type: ignore[attr-defined]

    page = opened(browser, site, "/leaderboards/busca/people/", locale, PHONE)
    assert page.locator("#how-to-appear a").count() == 1
    assert page.locator("#leaderboard-empty").is_visible()
    assert page_width(page) <= PHONE["width"]
    screenshot(page, f"leaderboard-empty-{locale}")
    assert violations(page) == []
    assert page.blocked == []  # type: ignore[attr-defined]
