"""The ladder pages, rendered on the server; the ladder page updates live (web/live.js)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games import engine
from tournaments.ladders import selectors
from tournaments.ladders.services.events import ladder_group
from tournaments.ratings.views import game_title


def ladder_index_page(request: HttpRequest) -> HttpResponse:
    """List the ladders, one per game."""
    ladders = selectors.ladder_index()
    for row in ladders:
        row["title"] = game_title(row["game"])
    return render(request, "ladders/index.html", {"ladders": ladders})


def ladder_page(request: HttpRequest, game: str) -> HttpResponse:
    """Show one ladder: its bots with their ratings and its running matches."""
    return render(request, "ladders/ladder.html", _context(game))


def ladder_live(request: HttpRequest, game: str) -> HttpResponse:
    """Render just the live part of a ladder page (web/live.js re-fetches it)."""
    return render(request, "ladders/_ladder.html", _context(game))


def _context(game: str) -> dict[str, Any]:
    if game not in engine.names():
        raise Http404(f"no ladder {game!r}")
    detail = selectors.ladder_detail(game=game)
    return {
        **detail,
        "unsettled": sum(row["settled_with_next"] is False for row in detail["entrants"]),
        "title": game_title(game),
        "group": ladder_group(game),
        "per_bot": settings.LADDER_MATCHES_PER_BOT,
        "move_timeout": settings.LADDER_MOVE_TIMEOUT,
    }
