"""Reads for the live sockets of tournaments, leaderboards and league seasons: their versions.

Each returns None when there is no such thing, so the socket can refuse it (close code 4404).
"""

from __future__ import annotations

from django.db.models import Max

from tournaments.leagues.models import Season
from tournaments.models import Tournament
from tournaments.ratings.models import RatingChange
from tournaments.ratings.selectors import UnknownBoard, board_check


def tournament_version(*, tournament_id: int) -> int | None:
    """Return the version of a tournament's events (bumped by each change)."""
    rows = Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True)
    version = rows.first()
    return None if version is None else int(version)


def leaderboard_version(*, game: str, pool: str) -> int | None:
    """Return the version of a leaderboard: the id of its newest rating change (0 if none).

    Versions grow but skip (rating change ids are shared by every board): a client reloads on
    any event newer than what it shows.
    """
    try:
        board_check(game=game, pool=pool)
    except UnknownBoard:
        return None
    changes = RatingChange.objects.filter(rating__game=game, rating__pool=pool)
    return int(changes.aggregate(v=Max("id"))["v"] or 0)


def season_version(*, season_id: int) -> int | None:
    """Return the version of a league season's events (bumped when its standings change)."""
    version = Season.objects.filter(pk=season_id).values_list("version", flat=True).first()
    return None if version is None else int(version)
