"""The ladder API: public reads; owners and bot tokens join and leave, nobody else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from bots.models import Bot
from bots.services import bot_create
from tests.tournaments.ladders.conftest import join, passed_check, rate
from tournaments.ladders.models import LadderEntry

pytestmark = pytest.mark.django_db
MANO = "buraco-mano-a-mano"
ENTRIES = f"/api/v1/ladders/{MANO}/entries"


def signed_in(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def with_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def test_an_owner_joins_and_leaves_with_their_session(make_bot: Callable[..., Bot]) -> None:
    bot = make_bot("mine")
    api = signed_in(bot.owner)
    reply = api.post(ENTRIES, {"bot": "mine"}, format="json")
    assert reply.status_code == 201
    assert reply.json()["status"] == "active" and reply.json()["bot"] == "mine"
    assert api.post(ENTRIES, {"bot": "mine"}, format="json").status_code == 200
    listed = APIClient().get(f"/api/v1/ladders/{MANO}").json()
    assert [row["name"] for row in listed["entrants"]] == ["mine"]
    assert listed["entrants"][0]["rating"] == 0.0 and listed["running"] == []
    reply = api.delete(ENTRIES, {"bot": "mine"}, format="json")
    assert reply.status_code == 200 and reply.json()["status"] == "left"
    assert APIClient().get(f"/api/v1/ladders/{MANO}").json()["entrants"] == []
    listed = APIClient().get("/api/v1/ladders").json()
    assert listed["count"] == len(listed["results"]) and listed["next"] is None
    index = {row["game"]: row for row in listed["results"]}
    assert set(index) == {"busca", "buraco-cerrado", MANO} and index[MANO]["bots"] == 0


def test_a_bot_token_joins_and_leaves_only_itself(
    make_user: Callable[[str], Any], make_bot: Callable[..., Bot]
) -> None:
    owner = make_user("owner")
    created = bot_create(owner=owner, name="self", games=[])
    make_bot("sibling", owner)
    api = with_token(created.token)
    # No pre-flight check yet: the ladder says why and how to run one.
    refused = api.post(ENTRIES, {}, format="json")
    assert refused.status_code == 400 and refused.json()["error"] == "preflight_required"
    assert f"/api/v1/bots/{created.bot.pk}/preflight" in refused.json()["detail"]
    passed_check(created.bot, "busca")  # another game's check does not count
    assert api.post(ENTRIES, {}, format="json").status_code == 400
    passed_check(created.bot, MANO)
    assert api.post(ENTRIES, {}, format="json").status_code == 201
    assert LadderEntry.objects.get(bot__name="self").status == "active"
    reply = api.post(ENTRIES, {"bot": "sibling"}, format="json")
    assert reply.status_code == 403 and reply.json()["error"] == "forbidden"
    assert not LadderEntry.objects.filter(bot__name="sibling").exists()
    reply = api.delete(f"{ENTRIES}?bot=self")
    assert reply.status_code == 200 and reply.json()["status"] == "left"


def test_another_owners_bot_is_refused(
    make_user: Callable[[str], Any], make_bot: Callable[..., Bot]
) -> None:
    make_bot("theirs")
    api = signed_in(make_user("stranger"))
    reply = api.post(ENTRIES, {"bot": "theirs"}, format="json")
    assert reply.status_code == 403 and reply.json()["error"] == "forbidden"
    join(Bot.objects.get(name="theirs"), MANO)
    reply = api.delete(ENTRIES, {"bot": "theirs"}, format="json")
    assert reply.status_code == 403
    assert LadderEntry.objects.get(bot__name="theirs").status == "active"


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/api/v1/ladders/chess/entries", {"bot": "mine"}, 404, "not_found"),
        (ENTRIES, {"bot": "nobody"}, 404, "not_found"),
        (ENTRIES, {}, 400, "invalid"),
        (ENTRIES, {"bot": "x" * 41}, 400, "invalid"),
        (ENTRIES, {"bot": ["mine"]}, 400, "invalid"),
        (ENTRIES, [1, 2], 400, "invalid"),
    ],
)
def test_bad_requests_get_a_clear_error(
    make_bot: Callable[..., Bot], path: str, body: Any, status: int, code: str
) -> None:
    api = signed_in(make_bot("mine").owner)
    reply = api.post(path, body, format="json")
    assert (reply.status_code, reply.json()["error"]) == (status, code)


def test_unknown_ladders_and_strangers(make_bot: Callable[..., Bot]) -> None:
    assert APIClient().get("/api/v1/ladders/chess").status_code == 404
    assert APIClient().post(ENTRIES, {"bot": "x"}, format="json").status_code in (401, 403)
    bot = make_bot("lonely")
    reply = signed_in(bot.owner).delete(ENTRIES, {"bot": "lonely"}, format="json")
    assert (reply.status_code, reply.json()["error"]) == (404, "not_found")


def test_a_bot_that_does_not_play_the_game_or_is_retired_is_refused(
    make_user: Callable[[str], Any],
) -> None:
    owner = make_user("picky")
    bot_create(owner=owner, name="buscaonly", games=["busca"])
    retired = bot_create(owner=owner, name="old", games=[]).bot
    Bot.objects.filter(pk=retired.pk).update(is_active=False)
    api = signed_in(owner)
    reply = api.post(ENTRIES, {"bot": "buscaonly"}, format="json")
    assert (reply.status_code, reply.json()["error"]) == (400, "bad_game")
    reply = api.post(ENTRIES, {"bot": "old"}, format="json")
    assert (reply.status_code, reply.json()["error"]) == (400, "inactive_bot")


def test_nobody_enters_or_removes_a_house_anchor(
    make_user: Callable[[str], Any], make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_ANCHORS = ["house:greedy"]
    api = signed_in(make_user("cheeky"))
    assert api.post(ENTRIES, {"bot": "whatever"}, format="json").status_code == 404
    assert not LadderEntry.objects.exists(), "a refused join makes no ladder"
    join(make_bot("first"), MANO)  # the first join puts the anchors on
    listed = api.get(f"/api/v1/ladders/{MANO}").json()["entrants"]
    assert {(row["name"], row["kind"]) for row in listed} == {
        ("first", "bot"),
        ("house-greedy", "anchor"),
    }
    for call in (api.post, api.delete):
        reply = call(ENTRIES, {"bot": "house-greedy"}, format="json")
        assert reply.status_code == 403
    assert LadderEntry.objects.get(anchor="house:greedy").status == "active"


def test_the_ladder_shows_how_sure_its_order_is(make_bot: Callable[..., Bot]) -> None:
    for name, mu, sigma in (
        ("sure-top", 40, 1),
        ("sure-low", 10, 1),
        ("new-a", 25, 4),
        ("new-b", 25, 4),
    ):
        bot = make_bot(name)
        join(bot, MANO)
        rate(bot, MANO, mu, sigma)
    body = APIClient().get(f"/api/v1/ladders/{MANO}").json()
    rows = {row["name"]: row for row in body["entrants"]}
    assert [row["rank"] for row in body["entrants"]] == [1, 2, 3, 4]
    assert rows["sure-top"]["rank_low"] == rows["sure-top"]["rank_high"] == 1
    assert rows["sure-top"]["skill_low"] == 38.0 and rows["sure-top"]["skill_high"] == 42.0
    assert rows["new-a"]["rank_low"] < rows["new-a"]["rank_high"]  # wide: it could swap
    assert body["settled"] is False and body["entrants"][-1]["settled_with_next"] is None
    page = Client().get(f"/ladders/{MANO}/").content.decode()
    assert "The order is not yet settled" in page and "probably 38 to 42" in page
    spanish = Client().get(f"/ladders/{MANO}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "The order is not yet settled" not in spanish and "38" in spanish
