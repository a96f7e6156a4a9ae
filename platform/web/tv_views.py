"""TV pages: /tv/ and /tv/<game>/ show the featured live match; current.json names it."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache

from games import pages
from web.tv import current_json, featured, tournament_of, tv_games

POLL_MS = 3000  # how often the page asks whether its match is over
SWITCH_MS = 4000  # how long a finished match stays on screen before the next one


def _game(game: str | None) -> str | None:
    if game is not None and game not in tv_games():
        raise Http404("no such game")
    return game


def _tv_url(game: str | None) -> str:
    return reverse("tv-game", args=[game]) if game else reverse("tv")


@never_cache
def tv_page(request: HttpRequest, game: str | None = None) -> HttpResponse:
    """Show the featured live match (the match page's table), or say that nothing is live."""
    game = _game(game)
    match = featured(game)
    context: dict[str, object] = {
        "tv_game": game,
        "tv_game_name": pages.game_label(game) if game else None,
        "tv_games": [(g, pages.game_label(g), reverse("tv-game", args=[g])) for g in tv_games()],
        "tv_url": _tv_url(game),
        "tv_current": reverse("tv-game-current", args=[game]) if game else reverse("tv-current"),
        "tv_poll_ms": _ms(request, "poll", POLL_MS, 200),
        "tv_switch_ms": _ms(request, "switch", SWITCH_MS, 0),
    }
    if match is None:
        return render(request, "web/tv_empty.html", context)
    tournament, round_number = tournament_of(match)
    context.update(pages.match_context(match, None, request))
    context.update(
        {
            "tv_tournament": tournament,
            "tv_round": round_number,
        }
    )
    return render(request, "web/tv.html", context)


def _ms(request: HttpRequest, name: str, default: int, low: int) -> int:
    """Return a time in milliseconds from the query (``?poll=``, ``?switch=``; the browser
    tests shorten them), bounded; the default when it is missing or not a number."""
    raw = request.GET.get(name, "")
    if not raw.isdigit() or len(raw) > 6:
        return default
    return max(low, min(int(raw), 60000))


@never_cache
def tv_current(request: HttpRequest, game: str | None = None) -> JsonResponse:
    """Name the featured match: ``?showing=<id>`` keeps that one while it runs."""
    game = _game(game)
    raw = request.GET.get("showing", "")
    showing = int(raw) if raw.isdigit() and len(raw) < 12 else None
    return JsonResponse(current_json(game, showing))
