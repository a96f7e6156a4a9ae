"""A bot token acts only as its bot: never with its owner's staff, organiser or own rights."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from bots.services import bot_create
from tests.tournaments.conftest import house_tournament
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def with_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


@pytest.fixture
def staff_token(db: Any) -> str:
    """The token of a bot whose owner is staff."""
    staff = get_user_model().objects.create_user("sam", "sam@example.org", "pw", is_staff=True)
    return bot_create(owner=staff, name="sambot", games=[]).token


def assert_token_refused(reply: Any) -> None:
    assert reply.status_code == 403, reply.content
    body = reply.json()
    assert body["error"] == "forbidden" and "bot token" in body["detail"], body


@pytest.mark.parametrize("action", ["pause", "cancel", "start"])
def test_a_staff_bots_token_cannot_manage_anothers_tournament(
    organiser: Any, staff_token: str, action: str
) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 4)
    assert_token_refused(
        with_token(staff_token).post(f"/api/v1/tournaments/{tournament.pk}/{action}")
    )
    assert Tournament.objects.get(pk=tournament.pk).status == "registration"


def test_a_staff_bots_token_cannot_enter_a_third_persons_bot(
    organiser: Any, staff_token: str, bot: Any
) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 2)
    reply = with_token(staff_token).post(
        f"/api/v1/tournaments/{tournament.pk}/entries",
        {"kind": "bot", "bot": bot.name},
        format="json",
    )
    assert_token_refused(reply)
    assert not Entry.objects.filter(tournament=tournament, bot=bot).exists()


def test_a_token_cannot_enter_a_sibling_bot_nor_its_owner(organiser: Any, player: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 2, open_to="both")
    token = bot_create(owner=player, name="first", games=[], plays_with_people=True).token
    bot_create(owner=player, name="second", games=[], plays_with_people=True)
    api = with_token(token)
    url = f"/api/v1/tournaments/{tournament.pk}/entries"
    assert_token_refused(api.post(url, {"kind": "bot", "bot": "second"}, format="json"))
    assert_token_refused(api.post(url, {"kind": "user"}, format="json"))
    mine = api.post(url, {}, format="json")
    assert mine.status_code == 201, mine.content
    assert mine.json()["kind"] == "bot"


def test_a_token_cannot_create_tournaments_add_house_entries_or_replace(
    organiser: Any,
) -> None:
    token = bot_create(owner=organiser, name="olgabot", games=[]).token
    api = with_token(token)
    reply = api.post(
        "/api/v1/tournaments",
        {"name": "x", "game": "busca", "format": "table_knockout"},
        format="json",
    )
    assert_token_refused(reply)
    tournament = house_tournament(organiser, "busca", "table_knockout", 2)
    url = f"/api/v1/tournaments/{tournament.pk}/entries"
    assert_token_refused(api.post(url, {"kind": "house"}, format="json"))
    entry = Entry.objects.filter(tournament=tournament).first()
    assert entry is not None
    assert_token_refused(api.post(f"{url}/{entry.pk}/replace", {}, format="json"))
    assert_token_refused(api.post(f"{url}/{entry.pk}/withdraw", {}, format="json"))


def test_a_token_withdraws_its_own_bot_only(organiser: Any, player: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 2)
    first = bot_create(owner=player, name="first", games=[])
    second = bot_create(owner=player, name="second", games=[])
    url = f"/api/v1/tournaments/{tournament.pk}/entries"
    with_token(first.token).post(url, {}, format="json")
    theirs = with_token(second.token).post(url, {}, format="json").json()["id"]
    assert_token_refused(with_token(first.token).post(f"{url}/{theirs}/withdraw"))
    assert with_token(second.token).post(f"{url}/{theirs}/withdraw").status_code == 200


def test_account_and_bot_management_need_a_session(player: Any) -> None:
    created = bot_create(owner=player, name="first", games=[])
    api = with_token(created.token)
    assert_token_refused(api.get("/api/v1/auth/me"))
    assert_token_refused(api.get("/api/v1/bots"))
    assert_token_refused(api.post(f"/api/v1/bots/{created.bot.pk}/tokens", {}, format="json"))
    assert api.get("/api/v1/bot/me").status_code == 200
