"""The per-token rate limit is a sliding window: never twice the limit across a boundary."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient

from bots.services import bot_create
from core import rate_limits
from tests.processes import free_port

pytestmark = pytest.mark.django_db
LIMIT = 10


@pytest.fixture
def token(settings: Any) -> str:
    settings.BOT_RATE_LIMIT = LIMIT
    cache.clear()
    owner = get_user_model().objects.create_user("rita", "rita@example.org", "pw")
    return bot_create(owner=owner, name="ritabot", games=[]).token


class Clock:
    """The time the throttle reads, moved by the test instead of waiting a minute."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_twice_the_limit_straddling_a_minute_boundary_lets_only_the_limit_through(
    token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock(6_000_000 * 60 + 59.5)  # half a second before a minute boundary
    monkeypatch.setattr(rate_limits, "clock", clock)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    passed: list[float] = []
    for second in (clock.now, clock.now + 1.0):  # LIMIT before the boundary, LIMIT after it
        clock.now = second
        for _ in range(LIMIT):
            reply = api.get("/api/v1/bot/me")
            if reply.status_code == 200:
                passed.append(clock.now)
            else:
                assert reply.status_code == 429 and reply.json()["error"] == "throttled"
                assert 1 <= int(reply["Retry-After"]) <= 61
    assert len(passed) == LIMIT, f"{len(passed)} requests passed within 2 s"
    # Once a minute has gone by since the first burst, the token may go on.
    clock.now += 60.5
    assert api.get("/api/v1/bot/me").status_code == 200


def test_refused_requests_do_not_extend_the_wait(
    token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock(1_000_000.0)
    monkeypatch.setattr(rate_limits, "clock", clock)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    for _ in range(LIMIT):
        assert api.get("/api/v1/bot/me").status_code == 200
    for step in range(30):
        clock.now += 1
        assert api.get("/api/v1/bot/me").status_code == 429, step
    clock.now += 31
    assert api.get("/api/v1/bot/me").status_code == 200


def test_with_the_cache_unreachable_the_limit_is_counted_in_this_process(
    token: str, settings: Any
) -> None:
    """A Redis cache on a port where nothing listens (a Redis outage): requests are neither
    refused nor failed, and the limit still holds, counted in this process's memory."""
    rate_limits.LOCAL.clear()
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    statuses = [api.get("/api/v1/bot/me").status_code for _ in range(LIMIT + 2)]
    assert statuses == [200] * LIMIT + [429, 429]
