"""Limits a bot can read: the RateLimit header fields on every API answer, and its budgets in
GET /api/v1/bot/limits and on its page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from bots.services import bot_create

pytestmark = pytest.mark.django_db
POLICY = re.compile(r'"requests";q=(\d+);w=60')
STATE = re.compile(r'"requests";r=(\d+);t=(\d+)')


@pytest.fixture(autouse=True)
def _fresh_counts() -> None:
    cache.clear()


@pytest.fixture
def made() -> Any:
    owner = get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")
    return bot_create(owner=owner, name="budgeted", games=[])


def as_bot(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def state(reply: Any) -> tuple[int, int]:
    found = STATE.fullmatch(reply["RateLimit"])
    assert found, reply["RateLimit"]
    return int(found.group(1)), int(found.group(2))


def test_every_answer_says_the_policy_and_what_is_left(made: Any, settings: Any) -> None:
    settings.BOT_RATE_LIMIT = 3
    client = as_bot(made.token)
    first, second = client.get("/api/v1/bot/me"), client.get("/api/v1/matches/999999")
    assert first.status_code == 200 and second.status_code == 404
    for reply in (first, second):
        assert POLICY.fullmatch(reply["RateLimit-Policy"]).group(1) == "3"  # type: ignore[union-attr]
    assert state(first)[0] == 2 and state(second)[0] == 1
    assert 0 < state(first)[1] <= 61
    client.get("/api/v1/bot/me")
    refused = client.get("/api/v1/bot/me")
    assert refused.status_code == 429 and state(refused)[0] == 0
    assert state(refused)[1] >= 1 and int(refused["Retry-After"]) >= 1
    # An answer the throttle never counted still names the policy.
    anonymous = APIClient().get("/api/v1/bot/me", HTTP_AUTHORIZATION="Bearer nope")
    assert anonymous.status_code == 401 and "RateLimit-Policy" in anonymous
    # Pages are not the API.
    assert "RateLimit-Policy" not in Client().get("/")


@pytest.mark.django_db(transaction=True)  # the long-poll reads from its own thread
def test_the_long_poll_says_it_too(made: Any) -> None:
    reply = as_bot(made.token).get("/api/v1/bot/turns?wait=0")
    assert reply.status_code == 200 and POLICY.fullmatch(reply["RateLimit-Policy"])
    assert state(reply)[0] == 6000 - 1


def test_the_bot_reads_its_budgets_with_their_use(made: Any, settings: Any) -> None:
    client = as_bot(made.token)
    client.post("/api/v1/matches", {"game": "busca"}, format="json")
    body = client.get("/api/v1/bot/limits").json()
    budgets = {b["name"]: b for b in body["budgets"]}
    assert set(budgets) == {
        "requests", "practice_matches", "practice_matches_started", "preflight_checks",
        "challenges_waiting", "challenges_per_hour", "versions_per_day", "event_streams",
        "long_polls",
    }
    for budget in budgets.values():
        assert set(budget) == {
            "name", "scope", "limit", "used", "remaining", "window", "reset", "detail"
        }
    assert budgets["requests"]["used"] == 2 and budgets["requests"]["window"] == 60
    assert budgets["practice_matches"]["used"] == 1
    assert budgets["practice_matches"]["remaining"] == settings.PRACTICE_MATCH_LIMIT - 1
    assert budgets["practice_matches_started"]["used"] == 1
    assert budgets["event_streams"]["used"] == 0 and budgets["long_polls"]["limit"] == 4
    assert budgets["preflight_checks"]["used"] == 0 and budgets["preflight_checks"]["reset"] is None
    # A person's session is no bot.
    person = APIClient()
    person.force_login(made.bot.owner)
    refused = person.get("/api/v1/bot/limits")
    assert refused.status_code == 403 and "bot token" in refused.json()["detail"]


def test_the_bot_page_shows_the_same_budgets(made: Any) -> None:
    as_bot(made.token).post("/api/v1/matches", {"game": "busca"}, format="json")
    owner = Client()
    owner.force_login(made.bot.owner)
    page = owner.get(f"/accounts/bots/{made.bot.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    section = page.split('id="bot-limits"')[1].split("</section>")[0]
    row = section.split('data-budget="practice_matches"')[1].split("</tr>")[0]
    assert "<td>1</td>" in row and "<td>10</td>" in row
    assert "Límites" in page  # in the reader's language
