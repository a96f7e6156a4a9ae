"""What the home page shows: live matches, tournaments, the top of each leaderboard.

Tournaments and ratings are other apps that grow in their own time: each read is guarded so
the home page works while they are missing or their tables do not exist yet.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError
from django.urls import NoReverseMatch, reverse

from games.pages import game_label, live_matches

log = logging.getLogger(__name__)
TOP = 5


def _url(name: str, *args: Any) -> str | None:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


def tournaments() -> list[dict[str, Any]]:
    """Return the running and upcoming tournaments, running first."""
    try:
        from tournaments.models import Tournament

        rows = list(
            Tournament.objects.filter(status__in=["running", "registration"]).order_by(
                "-status", "starts_at", "-id"
            )[:10]
        )
    except (ImportError, AttributeError, DatabaseError):
        log.debug("tournaments are not available", exc_info=True)
        return []
    return [
        {
            "name": t.name,
            "game": game_label(t.game),
            "status": t.status,
            "starts_at": getattr(t, "starts_at", None),
            "url": _url("tournament", t.pk),
        }
        for t in rows
    ]


def leaderboard_tops() -> list[dict[str, Any]]:
    """Return the first rows of each leaderboard that lists anyone."""
    try:
        from tournaments.ratings.selectors import leaderboard_index, leaderboard_page

        boards = [b for b in leaderboard_index() if b["listed"]]
        tops = []
        for board in boards:
            page = leaderboard_page(game=board["game"], pool=board["pool"], per_page=TOP)
            tops.append(
                {
                    "game": game_label(board["game"]),
                    "pool": board["pool"],
                    "rows": page.rows,
                    "url": _url("leaderboard", board["game"], board["pool"]),
                }
            )
    except (ImportError, AttributeError, TypeError, DatabaseError):
        log.debug("leaderboards are not available", exc_info=True)
        return []
    return tops


def home_context() -> dict[str, Any]:
    return {
        "live": live_matches(),
        "tournaments": tournaments(),
        "leaderboards": leaderboard_tops(),
        "leaderboards_url": _url("leaderboards"),
    }
