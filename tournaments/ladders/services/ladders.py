"""The ladders themselves: one per game, made on first use."""

from __future__ import annotations

from games import engine
from tournaments.ladders.models import Ladder
from tournaments.ladders.services.anchors import anchors_ensure
from tournaments.ladders.services.errors import NotFound


def ladder_check(game: str) -> None:
    """Raise NotFound unless ``game`` names a game (and so a ladder)."""
    if game not in engine.names():
        raise NotFound(f"no ladder {game!r}; the ladders are {', '.join(engine.names())}")


def ladder_get(*, game: str) -> Ladder:
    """Return the ladder of ``game`` with its house anchors on it, made if missing."""
    ladder_check(game)
    ladder, _ = Ladder.objects.get_or_create(game=game)
    anchors_ensure(ladder)
    return ladder
