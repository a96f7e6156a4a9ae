"""Fixtures for rating tests: bots, people, and finished matches with the results we choose."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction

from bots.models import Bot
from bots.services import bot_create
from games.models import Match
from games.services.matches import SeatSpec, match_create
from tournaments.ratings.services import ratings_record

SEATS = {"busca": 4, "buraco-cerrado": 4, "buraco-mano-a-mano": 2}


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()  # throttling counts live in the cache


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def owner(db: Any) -> Any:
    return get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")


@pytest.fixture
def make_bot(db: Any) -> Callable[[str], Bot]:
    """Make a bot with an owner of its own: only different owners' bots are rated together."""

    def make(name: str) -> Bot:
        users = get_user_model().objects
        person = users.create_user(f"{name}-owner", f"{name}@example.org", "a-long-password-1")
        return bot_create(owner=person, name=name, games=[]).bot

    return make


@pytest.fixture
def bots(make_bot: Callable[[str], Bot]) -> list[Bot]:
    return [make_bot(name) for name in ("north", "east", "south", "west")]


@pytest.fixture
def people(db: Any) -> list[Any]:
    model = get_user_model()
    return [
        model.objects.create_user(name, f"{name}@example.org", "a-long-password-1")
        for name in ("bea", "cai", "dot", "eli")
    ]


def spec(entrant: Any) -> SeatSpec:
    """Return the seat of a bot, a person, or the house (None)."""
    if entrant is None:
        return SeatSpec(kind="house")
    if isinstance(entrant, Bot):
        return SeatSpec(kind="bot", bot_id=entrant.pk)
    return SeatSpec(kind="user", user_id=entrant.pk)


def finished(game: str, entrants: list[Any], places: list[int]) -> Match:
    """Make a match of ``entrants`` (None = house) and mark it finished with ``places``."""
    assert len(entrants) == SEATS[game] == len(places)
    match = match_create(game=game, seats=[spec(e) for e in entrants], seed=7, move_timeout=5)
    match.status = Match.Status.FINISHED
    match.result = {"places": places, "scores": None, "forfeited": []}
    match.save()
    return match


def play(game: str, entrants: list[Any], places: list[int]) -> Match:
    """Finish a match with ``places`` and rate it, as the recording transaction does."""
    with transaction.atomic():
        match = finished(game, entrants, places)
        ratings_record(match=match)
    return match
