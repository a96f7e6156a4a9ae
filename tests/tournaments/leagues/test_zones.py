"""League tables colour the places that go up or down a division, and say so in words
(issue 25)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from tournaments.leagues.models import League, Season
from tournaments.leagues.services.leagues import membership_join

pytestmark = pytest.mark.django_db


def test_promotion_and_relegation_places_are_marked(
    make_league: Callable[..., League], make_season: Callable[..., Season]
) -> None:
    league = make_league()
    season = make_season(league, promote=1, relegate=1, divisions=("Top", "Middle", "Bottom"))
    divisions = list(season.divisions.order_by("level"))
    for division in divisions:
        for strategy in ("house:greedy", "house:random", "house:greedy"):
            membership_join(
                season=season, actor=league.organiser, house=strategy, division=division
            )
    body = Client().get(f"/leagues/{league.slug}/").content.decode()
    zones = {}
    for division in divisions:
        part = body[body.index(f'id="standings-{division.pk}"') :]
        part = part[: part.index("</table>")]
        rows = part.split("<tr id=")[1:]
        zones[division.name] = [
            "up" if 'data-zone="up"' in row else "down" if 'data-zone="down"' in row else ""
            for row in rows
        ]
    # The top division sends its last down, the bottom its first up; the middle does both.
    assert zones == {
        "Top": ["", "", "down"],
        "Middle": ["up", "", "down"],
        "Bottom": ["up", "", ""],
    }
    assert body.count('class="zone-key zone-up"') == 2
    assert body.count('class="zone-key zone-down"') == 2
    assert body.count("goes up</span>") == 2 and body.count("goes down</span>") == 2
    assert "(as the table stands)" in body
    assert "leagues/leagues.css" in body
    # Before any result nobody has a rank yet: a dash, not a shared first place.
    dash = '<td class="rank">\N{EN DASH}<span class="visually-hidden"> no result yet'
    assert body.count(dash) == 9
    assert "zone-up" not in Client().get("/leagues/").content.decode()


def test_no_zone_without_promotion_or_relegation(
    make_league: Callable[..., League], make_season: Callable[..., Season]
) -> None:
    league = make_league()
    season = make_season(league, divisions=("Top", "Bottom"))
    for division in season.divisions.all():
        for strategy in ("house:greedy", "house:random"):
            membership_join(
                season=season, actor=league.organiser, house=strategy, division=division
            )
    body = Client().get(f"/leagues/{league.slug}/").content.decode()
    assert "data-zone" not in body and "zone-legend" not in body
