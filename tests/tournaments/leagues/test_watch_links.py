"""A league page links each fixture to its match page, and a member whose match waits for them
sees "your match: play now" (issue "The table", Watch)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from games.models import Match
from tests.tournaments.leagues.conftest import T0
from tournaments.leagues.models import League, Season
from tournaments.leagues.services.leagues import membership_join
from tournaments.leagues.services.rounds import leagues_tick

pytestmark = pytest.mark.django_db


def test_fixtures_link_to_match_pages_and_members_get_play_now(
    make_league: Callable[..., League],
    make_season: Callable[..., Season],
    make_user: Callable[[str], Any],
) -> None:
    league = make_league(members="people")
    season = make_season(league)
    ana, ben, stranger = make_user("ana"), make_user("ben"), make_user("cleo")
    for person in (ana, ben):
        membership_join(season=season, actor=person)
    leagues_tick(now=T0)
    match = Match.objects.get(fixture__round__season=season)
    seat = match.seats.get(user=ana).number

    as_ana = Client()
    as_ana.force_login(ana)
    page = as_ana.get(f"/leagues/{league.slug}/").content.decode()
    assert 'href="/api/v1' not in page
    assert f'href="/matches/{match.pk}/"' in page
    assert "your match: play now" in page
    assert f'href="/matches/{match.pk}/seat/{seat}/"' in page

    for client in (Client(), _signed_in(stranger)):
        other = client.get(f"/leagues/{league.slug}/").content.decode()
        assert f'href="/matches/{match.pk}/"' in other
        assert "play now" not in other and "/seat/" not in other
    # The live fragment (re-fetched by web/live.js) is rendered for its reader the same way.
    fragment = as_ana.get(f"/leagues/{league.slug}/seasons/1/live/").content.decode()
    assert f'href="/matches/{match.pk}/seat/{seat}/"' in fragment
    assert not re.search(r'href="/api/v1', fragment)


def _signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client
