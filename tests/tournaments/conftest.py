"""Fixtures for tournament tests: people, a bot, the formats (or a stand-in until they land)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from bots.services import bot_create
from games.models import Match
from tests.games.conftest import advance
from tests.tournaments import standin
from tournaments import formats
from tournaments.models import Tournament
from tournaments.services.entries import entry_register
from tournaments.services.tournaments import TournamentSpec, registration_open, tournament_create


@pytest.fixture(autouse=True)
def _formats(monkeypatch: pytest.MonkeyPatch) -> None:
    cache.clear()
    real = getattr(formats, "get", None)

    def get(name: str) -> Any:
        try:
            return real(name) if real is not None else standin.get(name)
        except KeyError:  # a format that has not landed yet
            return standin.get(name)

    monkeypatch.setattr(formats, "get", get, raising=False)


@pytest.fixture
def organiser(db: Any) -> Any:
    return get_user_model().objects.create_user("olga", "olga@example.org", "a-long-password-1")


@pytest.fixture
def player(db: Any) -> Any:
    return get_user_model().objects.create_user("pia", "pia@example.org", "a-long-password-1")


@pytest.fixture
def bot(player: Any) -> Any:
    return bot_create(owner=player, name="piabot", games=[]).bot


def house_tournament(organiser: Any, game: str, fmt: str, entries: int, **spec: Any) -> Tournament:
    """Create a tournament with ``entries`` house entries, registration open."""
    options = spec.pop("options", {"eliminate_at": 3} if game == "busca" else {"deals": 1})
    tournament = tournament_create(
        organiser=organiser,
        spec=TournamentSpec(name="Test cup", game=game, format=fmt, options=options, **spec),
    )
    registration_open(tournament_id=tournament.pk, user=organiser)
    strategies = ["house:greedy", "house:random"]
    for i in range(entries):
        entry_register(
            tournament_id=tournament.pk, user=organiser, kind="house", strategy=strategies[i % 2]
        )
    return tournament


def play_out(tournament_id: int, limit: int = 200) -> Tournament:
    """Play every house turn of the tournament's matches until no match can move on."""
    for _ in range(limit):
        running = Match.objects.filter(
            tournament_game__pairing__tournament_id=tournament_id, status=Match.Status.RUNNING
        )
        ids = list(running.values_list("id", flat=True))
        moved = False
        for match_id in ids:
            before = Match.objects.get(pk=match_id).turn
            after = advance(match_id)
            moved = moved or after.turn != before or not after.is_running
        if not ids or not moved:
            break
    return Tournament.objects.get(pk=tournament_id)
