"""Fixtures for ladder tests: people, their bots, ratings, and bots on a ladder."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone

from bots.models import Bot, Preflight
from bots.services import bot_create
from games import engine
from tournaments.ladders.models import LadderEntry
from tournaments.ladders.services.entries import entry_join
from tournaments.ratings.models import Pool, Rating
from tournaments.ratings.selectors import ordinal


@pytest.fixture(autouse=True)
def _fast(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # The search anchor thinks 200 ms a move; tests that need anchors name the quick ones.
    settings.LADDER_ANCHORS = []
    settings.LADDER_MAX_RUNNING = 50
    settings.LADDER_MATCHES_PER_BOT = 2
    settings.LADDER_MATCHES_PER_ANCHOR = 4
    cache.clear()


@pytest.fixture
def make_user(db: Any) -> Callable[[str], Any]:
    def make(name: str) -> Any:
        return get_user_model().objects.create_user(name, f"{name}@example.org", "pw-long-123")

    return make


@pytest.fixture
def make_bot(make_user: Callable[[str], Any]) -> Callable[..., Bot]:
    """Make a bot that passed a pre-flight check of every game (ladders take no other)."""

    def make(name: str, owner: Any = None, checked: bool = True) -> Bot:
        owner = owner if owner is not None else make_user(f"{name}-owner")
        bot = bot_create(owner=owner, name=name, games=[]).bot
        if checked:
            for game in engine.names():
                passed_check(bot, game)
        return bot

    return make


def passed_check(bot: Bot, game: str) -> Preflight:
    """Record a passed pre-flight check of ``bot`` in ``game``, finished now."""
    return Preflight.objects.create(
        bot=bot,
        game=game,
        target="ladder",
        move_timeout=5,
        status=Preflight.Status.PASSED,
        finished_at=timezone.now(),
    )


def join(bot: Bot, game: str) -> LadderEntry:
    entry, _ = entry_join(game=game, user=bot.owner, bot_name=bot.name)
    return entry


def rate(bot: Bot, game: str, mu: float, sigma: float) -> Rating:
    """Give ``bot`` a rating in the bots pool of ``game``."""
    row, _ = Rating.objects.update_or_create(
        game=game,
        bot=bot,
        defaults={"pool": Pool.BOTS, "mu": mu, "sigma": sigma, "ordinal": ordinal(mu, sigma)},
    )
    return row
