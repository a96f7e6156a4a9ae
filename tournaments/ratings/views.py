"""The leaderboard pages, rendered on the server."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.paginator import InvalidPage
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.api_fields import whole_number
from tournaments.live import leaderboard_version
from tournaments.ratings.selectors import (
    RANK_DRAWS,
    UnknownBoard,
    leaderboard_group,
    leaderboard_index,
    rated_count,
)
from tournaments.ratings.selectors import leaderboard_page as board_page

GAME_TITLES: dict[str, Promise] = {
    "busca": gettext_lazy("Busca"),
    "buraco-cerrado": gettext_lazy("Buraco Cerrado"),
    "buraco-mano-a-mano": gettext_lazy("Buraco Mano a Mano"),
}
# A leaderboard's pool, as the title of its board.
POOL_TITLES: dict[str, Promise] = {
    "bots": gettext_lazy("Bots"),
    "people": gettext_lazy("People"),
}


def game_title(game: str) -> str:
    return str(GAME_TITLES.get(game, game))


def pool_title(pool: str) -> str:
    return str(POOL_TITLES.get(pool, pool))


def leaderboard_index_page(request: HttpRequest) -> HttpResponse:
    """List the leaderboards, one per game and pool."""
    boards = leaderboard_index()
    games: dict[str, list[dict[str, object]]] = {}
    for board in boards:
        board["title"] = pool_title(board["pool"])
        games.setdefault(game_title(board["game"]), []).append(board)
    return render(
        request,
        "ratings/index.html",
        {"games": games, "min_games": settings.LEADERBOARD_MIN_GAMES},
    )


def leaderboard_page_view(request: HttpRequest, game: str, pool: str) -> HttpResponse:
    """Show one leaderboard page with a sparkline per row."""
    return render(request, "ratings/leaderboard.html", _board_context(request, game, pool))


def leaderboard_live(request: HttpRequest, game: str, pool: str) -> HttpResponse:
    """Render just the leaderboard table of one page (web/live.js re-fetches it)."""
    return render(request, "ratings/_board.html", _board_context(request, game, pool))


def _board_context(request: HttpRequest, game: str, pool: str) -> dict[str, Any]:
    raw = request.GET.get("page", "1")
    number = whole_number(raw, maximum=10**6) or 1
    # The version first: a change landing while the page is read only makes it look older.
    version = leaderboard_version(game=game, pool=pool)
    try:
        page = board_page(game=game, pool=pool, page=number)
    except UnknownBoard as exc:
        raise Http404(str(exc)) from None
    except InvalidPage:
        raise Http404(f"no page {number} of this leaderboard") from None
    return {
        "page": page,
        "version": version,
        # Translators: a leaderboard's title, e.g. "Busca: Bots".
        "title": _("%(game)s: %(pool)s") % {"game": game_title(game), "pool": pool_title(pool)},
        "group": leaderboard_group(game, pool),
        "game": game,
        "pool": pool,
        "min_games": settings.LEADERBOARD_MIN_GAMES,
        # Rated but not yet listed: an empty board says why (tournaments/ratings/_board.html).
        "rated": rated_count(game=game, pool=pool),
        "provisional_sigma": settings.RATING_PROVISIONAL_SIGMA,
        "draws": RANK_DRAWS,
    }
