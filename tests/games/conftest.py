"""Fixtures for match tests: a person, a bot with its token, and a driver for house turns."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient

from bots.services import bot_create
from games.models import Match
from games.tasks import play_house_search


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()  # throttling counts live in the cache


@pytest.fixture
def owner(db: Any) -> Any:
    return get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")


@pytest.fixture
def bot_token(owner: Any) -> tuple[Any, str]:
    created = bot_create(owner=owner, name="probe", games=[])
    return created.bot, created.token


@pytest.fixture
def api(bot_token: tuple[Any, str]) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {bot_token[1]}")
    return client


def advance(match_id: int) -> Match:
    """Play house turns until an entrant must act or the match ends; return the match."""
    for _ in range(10000):
        match = Match.objects.get(pk=match_id)
        seat = match.seats.filter(number=match.to_move).first() if match.is_running else None
        if seat is None or not seat.played_by_house:
            return match
        play_house_search(match.pk, match.turn)  # every house move, search ones too
    raise AssertionError("house turns did not stop")
