"""Who a league is for (bots, people or both), and a bot's consent to leagues with people."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from bots.services import token_issue
from games.models import Seat
from tests.tournaments.leagues.conftest import T0
from tournaments.leagues.models import League, Membership, Season
from tournaments.leagues.services.errors import LeagueError
from tournaments.leagues.services.leagues import (
    league_create,
    membership_join,
    season_next_create,
)
from tournaments.leagues.services.rounds import leagues_tick

pytestmark = pytest.mark.django_db


def signed_in(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_audience_is_checked_when_a_league_is_created(organiser: Any) -> None:
    with pytest.raises(LeagueError, match="'bots', 'people' or 'both'") as refused:
        league_create(organiser=organiser, name="Odd", game="busca", members="all")
    assert refused.value.code == "bad_members"
    api = signed_in(organiser)
    body = {"name": "Open", "game": "buraco-mano-a-mano", "options": {"deals": 1}}
    bad = api.post("/api/v1/leagues", {**body, "members": "everyone"}, format="json")
    assert bad.status_code == 400 and "members" in bad.json()["fields"]
    missing = api.post("/api/v1/leagues", body, format="json")
    assert missing.status_code == 400 and "members" in missing.json()["fields"]
    made = api.post("/api/v1/leagues", {**body, "members": "both"}, format="json")
    assert made.status_code == 201 and made.json()["members"] == "both"
    listed = APIClient().get("/api/v1/leagues").json()["results"]
    assert [row["members"] for row in listed] == ["both"]


def test_a_league_for_both_takes_people_and_consenting_bots(
    make_league: Callable[..., League],
    make_season: Callable[..., Season],
    make_user: Callable[[str], Any],
    make_bot: Callable[[str], Any],
) -> None:
    season = make_season(make_league(members="both"))
    ana = make_user("ana")
    person = signed_in(ana).post(f"/api/v1/seasons/{season.pk}/members", {}, format="json")
    assert person.status_code == 201 and person.json()["kind"] == "user"
    shy = make_bot("shy")
    refused = signed_in(shy.owner).post(
        f"/api/v1/seasons/{season.pk}/members", {"bot": shy.pk}, format="json"
    )
    assert refused.status_code == 400, refused.content
    assert refused.json()["error"] == "consent_required" and "'shy'" in refused.json()["detail"]
    willing = make_bot("willing")
    api = signed_in(willing.owner)
    allowed = api.patch(f"/api/v1/bots/{willing.pk}", {"plays_with_people": True}, format="json")
    assert allowed.status_code == 200
    joined = api.post(f"/api/v1/seasons/{season.pk}/members", {"bot": willing.pk}, format="json")
    assert joined.status_code == 201 and joined.json()["kind"] == "bot"
    # A round seats the person and the bot at one table.
    rnd = leagues_tick(now=T0).opened
    [fixture] = [f for r in season.league_rounds.filter(pk__in=rnd) for f in r.fixtures.all()]
    kinds = {s.kind for s in fixture.match.seats.all()}
    assert kinds == {Seat.Kind.USER, Seat.Kind.BOT}


def test_a_bots_token_is_refused_too_and_leagues_for_bots_need_no_consent(
    make_league: Callable[..., League],
    make_season: Callable[..., Season],
    make_bot: Callable[[str], Any],
) -> None:
    bot = make_bot("tokened")
    token = APIClient()
    token.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(bot=bot).token}")
    mixed = make_season(make_league(members="both"))
    refused = token.post(f"/api/v1/seasons/{mixed.pk}/members", {}, format="json")
    assert refused.status_code == 400 and refused.json()["error"] == "consent_required"
    for_bots = make_season(make_league(members="bots"))
    joined = token.post(f"/api/v1/seasons/{for_bots.pk}/members", {}, format="json")
    assert joined.status_code == 201, joined.content


def test_people_leagues_still_refuse_bots_and_bot_leagues_people(
    make_league: Callable[..., League],
    make_season: Callable[..., Season],
    make_user: Callable[[str], Any],
    make_bot: Callable[[str], Any],
) -> None:
    willing = make_bot("willing")
    willing.plays_with_people = True
    willing.save()
    people = make_season(make_league(members="people"))
    with pytest.raises(LeagueError) as refused:
        membership_join(season=people, actor=willing.owner, bot=willing)
    assert refused.value.code == "people_only"
    bots = make_season(make_league(members="bots"))
    with pytest.raises(LeagueError) as refused:
        membership_join(season=bots, actor=make_user("ana"))
    assert refused.value.code == "bots_only"


def test_the_next_season_leaves_out_a_bot_whose_owner_withdrew_consent(
    make_league: Callable[..., League],
    make_season: Callable[..., Season],
    make_user: Callable[[str], Any],
    make_bot: Callable[[str], Any],
) -> None:
    season = make_season(make_league(members="both"))
    ana = make_user("ana")
    membership_join(season=season, actor=ana)
    stays, leaves = make_bot("stays"), make_bot("leaves")
    for bot in (stays, leaves):
        bot.plays_with_people = True
        bot.save()
        membership_join(season=season, actor=bot.owner, bot=bot)
    leaves.plays_with_people = False  # its membership of this season stays
    leaves.save()
    assert Membership.objects.filter(division__season=season, bot=leaves).exists()
    Season.objects.filter(pk=season.pk).update(status=Season.Status.FINISHED)
    season.refresh_from_db()
    nxt = season_next_create(season=season)
    carried = Membership.objects.filter(division__season=nxt)
    assert {m.label for m in carried} == {"ana", "stays"}


def test_the_league_pages_say_who_it_is_for(make_league: Callable[..., League]) -> None:
    for members in ("bots", "people", "both"):
        make_league(members=members)
    listed = Client().get("/leagues/").content.decode()
    for members, label in (("bots", "For bots"), ("people", "For people"), ("both", "Bots and")):
        assert f'data-audience="{members}">{label}' in listed
    mixed = League.objects.get(members="both")
    page = Client().get(f"/leagues/{mixed.slug}/", HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert 'data-audience="both">bots e pessoas<' in page
    assert "Você pode encontrar bots na sua mesa" in page
