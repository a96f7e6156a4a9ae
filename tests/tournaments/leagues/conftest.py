"""Fixtures for league tests: a formats stand-in until the library lands, people, bots."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from bots.services import bot_create
from games import engine
from games.models import Match, Seat
from games.services.callers import Caller
from games.services.matches import move_submit
from tests.games.conftest import advance
from tests.tournaments.leagues import standin
from tournaments import formats
from tournaments.leagues.models import League, Season
from tournaments.leagues.services.leagues import SeasonPlan, league_create, season_create

T0 = datetime(2030, 1, 7, 18, 0, tzinfo=UTC)  # a Monday evening; every test runs on this clock
WEEK = timedelta(days=7)
DAY = timedelta(days=1)
QUICK = {"deals": 1}  # short Mano a Mano games: pairs in every format


@pytest.fixture(autouse=True)
def _formats_and_fast(monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    real = getattr(formats, "get", None)

    def get(name: str) -> Any:
        # The real Swiss and round robin once they are registered; the stand-in until then.
        try:
            return real(name) if real is not None else standin.get(name)
        except KeyError:
            return standin.get(name)

    monkeypatch.setattr(formats, "get", get, raising=False)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()


@pytest.fixture
def make_user(db: Any) -> Callable[[str], Any]:
    def make(name: str) -> Any:
        return get_user_model().objects.create_user(name, f"{name}@example.org", "pw-long-123")

    return make


@pytest.fixture
def organiser(make_user: Callable[[str], Any]) -> Any:
    return make_user("org")


@pytest.fixture
def make_league(organiser: Any) -> Callable[..., League]:
    def make(members: str = "bots", game: str = "buraco-mano-a-mano", **options: Any) -> League:
        return league_create(
            organiser=organiser,
            name=f"League {League.objects.count() + 1}",
            game=game,
            members=members,
            options=options or QUICK,
        )

    return make


def plan(**changes: Any) -> SeasonPlan:
    base: dict[str, Any] = {
        "starts_at": T0,
        "round_interval": WEEK,
        "round_window": 2 * DAY,
        "rounds": 3,
    }
    return SeasonPlan(**(base | changes))


@pytest.fixture
def make_season() -> Callable[..., Season]:
    def make(league: League, **changes: Any) -> Season:
        return season_create(league=league, plan=plan(**changes))

    return make


@pytest.fixture
def make_bot(make_user: Callable[[str], Any]) -> Callable[[str], Any]:
    def make(name: str) -> Any:
        return bot_create(owner=make_user(f"{name}-owner"), name=name, games=[]).bot

    return make


def play_all(match_id: int) -> Match:
    """Play a match to its end: house turns in-process, bot seats through move_submit."""
    for _ in range(10000):
        match = advance(match_id)
        if not match.is_running:
            return match
        seat = match.seats.get(number=match.to_move)
        assert seat.kind == Seat.Kind.BOT, "a person's seat is waiting"
        rules = engine.get(match.game)
        state = rules.load(match.snapshot)
        move = rules.move_json(rules.legal_moves(state)[0])
        caller = Caller(user_id=seat.bot.owner_id, bot_id=seat.bot_id)
        move_submit(match_id=match_id, caller=caller, turn=match.turn, move=move)
    raise AssertionError("the match did not end")
