"""What the home page shows: live matches, tournaments, the top of each leaderboard.

Tournaments and ratings are other apps that grow in their own time: each read is guarded so
the home page works while they are missing or their tables do not exist yet.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import DatabaseError
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

from accounts.follows import HOME_LIVE, followed_live, follows_count
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
        from tournaments.words import event_name_words

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
            "name": event_name_words(t.name),
            "game": game_label(t.game),
            "status": _STATUS.get(t.status, t.status),
            "starts_at": getattr(t, "starts_at", None),
            "url": _url("tournament", t.pk),
        }
        for t in rows
    ]


_STATUS = {"running": _("playing now"), "registration": _("open for entries")}
DEMO_PREFIX = "Demo:"  # the demo command's tournaments (web/management/commands/demo.py)


def demo() -> dict[str, Any] | None:
    """Return the demo tournament while it is scheduled or running: the home page keeps it in
    view (with TV) until it ends."""
    try:
        from tournaments.models import Tournament
        from tournaments.words import event_name_words

        row = (
            Tournament.objects.filter(
                name__startswith=DEMO_PREFIX, status__in=["registration", "running"]
            )
            .order_by("-id")
            .first()
        )
    except (ImportError, AttributeError, DatabaseError):
        log.debug("tournaments are not available", exc_info=True)
        return None
    if row is None:
        return None
    return {
        "name": event_name_words(row.name),
        "running": row.status == "running",
        "starts_at": row.starts_at,
        "url": _url("tournament", row.pk),
        "tv_url": _url("tv-game", row.game),
    }


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


def following(user: AbstractBaseUser | AnonymousUser | None) -> dict[str, Any] | None:
    """Return the live matches of the players a signed-in person follows (None signed out)."""
    if user is None or not user.is_authenticated:
        return None
    return {
        "count": follows_count(follower=user),
        "live": followed_live(follower=user, limit=HOME_LIVE),
        "url": _url("following"),
    }


def home_context(user: AbstractBaseUser | AnonymousUser | None = None) -> dict[str, Any]:
    return {
        "following": following(user),
        "live": live_matches(),
        "demo": demo(),
        "tv_url": _url("tv"),
        "tournaments": tournaments(),
        "leaderboards": leaderboard_tops(),
        "leaderboards_url": _url("leaderboards"),
    }
