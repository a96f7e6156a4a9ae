"""The league API and pages: public reads, organiser-only management, members join."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.utils.formats import date_format
from rest_framework.test import APIClient

from tests.tournaments.leagues.conftest import T0, WEEK, play_all
from tournaments.leagues.models import League, LeagueRound, Season
from tournaments.leagues.services.leagues import membership_join
from tournaments.leagues.services.rounds import leagues_tick

pytestmark = pytest.mark.django_db


def signed_in(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


SEASON = {
    "starts_at": T0.isoformat(),
    "round_interval": WEEK.total_seconds(),
    "round_window": 86400,
    "rounds": 3,
    "divisions": ["Premier", "Second"],
    "promote": 1,
    "relegate": 1,
}


def test_an_organiser_creates_a_league_and_a_season(organiser: Any) -> None:
    api = signed_in(organiser)
    reply = api.post(
        "/api/v1/leagues",
        {
            "name": "Friday Busca",
            "game": "busca",
            "members": "bots",
            "options": {"eliminate_at": 5},
        },
        format="json",
    )
    assert reply.status_code == 201, reply.content
    slug = reply.json()["slug"]
    assert slug == "friday-busca" and reply.json()["organiser"] == "org"
    reply = api.post(f"/api/v1/leagues/{slug}/seasons", SEASON, format="json")
    assert reply.status_code == 201, reply.content
    season = reply.json()
    assert season["number"] == 1 and [d["name"] for d in season["divisions"]] == [
        "Premier",
        "Second",
    ]
    detail = APIClient().get(f"/api/v1/leagues/{slug}").json()
    assert detail["seasons"][0]["id"] == season["id"]
    assert APIClient().get("/api/v1/leagues").json()["results"][0]["slug"] == slug


def test_only_the_organiser_manages(
    make_league: Callable[..., League],
    make_season: Callable[..., Season],
    make_user: Callable[[str], Any],
) -> None:
    league = make_league()
    season = make_season(league)
    stranger = signed_in(make_user("eve"))
    reply = stranger.post(f"/api/v1/leagues/{league.slug}/seasons", SEASON, format="json")
    assert reply.status_code == 403 and reply.json()["error"] == "not_organiser"
    reply = stranger.post(f"/api/v1/seasons/{season.pk}/next", {}, format="json")
    assert reply.status_code == 403 and reply.json()["error"] == "not_organiser"
    reply = stranger.post(
        f"/api/v1/seasons/{season.pk}/members", {"house": "house:greedy"}, format="json"
    )
    assert reply.status_code == 403
    anonymous = APIClient().post("/api/v1/leagues", {"name": "x"}, format="json")
    assert anonymous.status_code in (401, 403)
    # The organiser may not start the next season before this one has finished.
    reply = signed_in(league.organiser).post(f"/api/v1/seasons/{season.pk}/next", {})
    assert reply.status_code == 409 and reply.json()["error"] == "conflict"


def test_members_join_with_their_own_bots_and_leave(
    make_league: Callable[..., League], make_season: Callable[..., Season], make_bot: Any
) -> None:
    season = make_season(make_league())
    ana, bea = make_bot("ana"), make_bot("bea")
    owner = signed_in(ana.owner)
    url = f"/api/v1/seasons/{season.pk}/members"
    reply = owner.post(url, {"bot": bea.pk}, format="json")
    assert reply.status_code == 403 and reply.json()["error"] == "not_yours"
    reply = owner.post(url, {"bot": ana.pk}, format="json")
    assert reply.status_code == 201 and reply.json()["name"] == "ana"
    again = owner.post(url, {"bot": ana.pk}, format="json")
    assert again.status_code == 409 and again.json()["error"] == "already_member"
    member_id = reply.json()["id"]
    assert signed_in(bea.owner).delete(f"{url}/{member_id}").status_code == 403
    assert owner.delete(f"{url}/{member_id}").status_code == 204


def test_public_reads_of_rounds_standings_and_seeds(
    make_league: Callable[..., League], make_season: Callable[..., Season], organiser: Any
) -> None:
    season = make_season(make_league(), rounds=1)
    for _ in range(2):
        membership_join(season=season, actor=organiser, house="house:greedy")
    division = season.divisions.get()
    public = APIClient()
    before = public.get(f"/api/v1/divisions/{division.pk}/rounds").json()["rounds"][0]
    assert before["status"] == "scheduled" and before["seeds"] is None
    assert len(before["seed_hashes"]) == 2
    rnd = LeagueRound.objects.get(pk=leagues_tick(now=T0).opened[0])
    opened = public.get(f"/api/v1/league-rounds/{rnd.pk}").json()
    fixture = opened["fixtures"][0]
    assert opened["seeds"] is None and fixture["match_url"] == f"/api/v1/matches/{fixture['match']}"
    play_all(fixture["match"])
    done = public.get(f"/api/v1/league-rounds/{rnd.pk}").json()
    assert done["status"] == "finished" and done["seeds"] == rnd.seeds
    table = public.get(f"/api/v1/divisions/{division.pk}/standings").json()
    assert [row["played"] for row in table["rows"]] == [1, 1] and table["version"] >= 2
    assert {"rank", "points", "tiebreaks", "member"} <= set(table["rows"][0])
    assert public.get(f"/api/v1/divisions/{division.pk}").json()["name"] == "Division 1"
    assert public.get(f"/api/v1/seasons/{season.pk}").json()["status"] == "finished"
    assert public.get("/api/v1/league-rounds/999999").status_code == 404


@pytest.mark.parametrize(
    ("language", "one_up", "two_down"),
    [
        ("en", "The top player goes up.", "The bottom 2 go down."),
        ("es", "El primero sube.", "Los 2 últimos bajan."),
        ("ko", "상위 1명이 올라가요.", "하위 2명이 내려가요."),
    ],
)
def test_promotion_and_relegation_places_are_counted_in_words(
    make_league: Callable[..., League],
    make_season: Callable[..., Season],
    language: str,
    one_up: str,
    two_down: str,
) -> None:
    league = make_league()
    make_season(league, promote=1, relegate=2)
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/leagues/{league.slug}/").content.decode()
    assert one_up in page and two_down in page
    assert "1 go up" not in page and "Los 1 primeros" not in page


def test_pages_show_tables_and_deadlines(
    make_league: Callable[..., League], make_season: Callable[..., Season], organiser: Any
) -> None:
    league = make_league()
    season = make_season(league)
    for _ in range(2):
        membership_join(season=season, actor=organiser, house="house:greedy")
    leagues_tick(now=T0)
    client = Client()
    listing = client.get("/leagues/")
    assert listing.status_code == 200 and league.name in listing.content.decode()
    page = client.get(f"/leagues/{league.slug}/").content.decode()
    division = season.divisions.get()
    assert f'id="standings-{division.pk}"' in page and f'data-season="{season.pk}"' in page
    assert 'data-group="league.' in page and "deadline" in page
    # Round 1 opens at T0, written the language's short way (UTC for an anonymous viewer).
    assert date_format(T0, "SHORT_DATETIME_FORMAT") in page
    again = client.get(f"/leagues/{league.slug}/seasons/1/")
    assert again.status_code == 200
    assert client.get(f"/leagues/{league.slug}/seasons/9/").status_code == 404


def test_a_division_with_a_single_member_reads_without_a_server_error(
    make_league: Callable[..., League], make_season: Callable[..., Season], organiser: Any
) -> None:
    """Schema fuzzing found a 500 (FormatError: needs 2 entries) on every read of such a table."""
    league = make_league()
    season = make_season(league)
    membership_join(season=season, actor=organiser, house="house:greedy")
    division = season.divisions.get()
    public = APIClient()
    detail = public.get(f"/api/v1/divisions/{division.pk}")
    assert detail.status_code == 200, detail.content
    table = public.get(f"/api/v1/divisions/{division.pk}/standings")
    assert table.status_code == 200, table.content
    [row] = table.json()["rows"]
    assert row["rank"] == 1 and row["points"] == 0 and row["played"] == 0
    client = Client(raise_request_exception=False)
    assert client.get(f"/leagues/{league.slug}/").status_code == 200
    assert client.get(f"/leagues/{league.slug}/seasons/1/live/").status_code == 200
