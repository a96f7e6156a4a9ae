"""A bot token in leagues: it joins its own bot, never organises nor enters another bot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from bots.services import bot_create
from tests.tournaments.leagues.conftest import T0, WEEK
from tournaments.leagues.models import League, Membership

pytestmark = pytest.mark.django_db

SEASON = {
    "starts_at": T0.isoformat(),
    "round_interval": WEEK.total_seconds(),
    "round_window": 86400,
    "rounds": 3,
    "divisions": ["Premier"],
}


def with_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def refused(reply: Any) -> bool:
    return reply.status_code == 403 and "bot token" in reply.json()["detail"]


def test_an_organisers_bot_token_cannot_organise(
    organiser: Any, make_league: Callable[..., League]
) -> None:
    league = make_league()
    token = bot_create(owner=organiser, name="orgbot", games=[]).token
    api = with_token(token)
    assert refused(api.post(f"/api/v1/leagues/{league.slug}/seasons", SEASON, format="json"))
    reply = api.post(
        "/api/v1/leagues", {"name": "Mine", "game": "busca", "members": "bots"}, format="json"
    )
    assert refused(reply)


def test_a_token_joins_only_its_own_bot(
    organiser: Any, make_user: Callable[[str], Any], make_league: Callable[..., League]
) -> None:
    league = make_league()
    client = APIClient()
    client.force_authenticate(organiser)
    season = client.post(f"/api/v1/leagues/{league.slug}/seasons", SEASON, format="json").json()
    owner = make_user("bea")
    first = bot_create(owner=owner, name="first", games=[])
    second = bot_create(owner=owner, name="second", games=[])
    url = f"/api/v1/seasons/{season['id']}/members"
    api = with_token(first.token)
    assert refused(api.post(url, {"bot": second.bot.pk}, format="json"))
    assert refused(api.post(url, {"house": "house:greedy"}, format="json"))
    assert api.post(url, {}, format="json").status_code == 201
    member = Membership.objects.get(bot=first.bot)
    assert refused(with_token(second.token).delete(f"{url}/{member.pk}"))
