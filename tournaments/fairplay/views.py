"""The fair-play pages: one report per tournament, ladder or leaderboard, for staff and the
tournament's organiser (docs/fair-play.md). Everyone else is told why they may not see it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.fairplay.paging import BadPage, NoSuchPage, flagged_page, page_number
from tournaments.fairplay.services import (
    Scope,
    UnknownScope,
    can_view,
    fair_play_report,
    ladder_scope,
    leaderboard_scope,
    tournament_scope,
)


def _page(request: HttpRequest, find: Any, *args: Any) -> HttpResponse:
    try:
        scope: Scope = find(*args)
    except UnknownScope as exc:
        raise Http404(str(exc)) from None
    if not can_view(request.user, scope):
        refusal = _("Only staff and the event's organiser see its fair-play report.")
        if not request.user.is_authenticated:
            refusal += " " + _("Sign in first.")
        return render(
            request, "fairplay/refused.html", {"scope": scope, "refusal": refusal}, status=403
        )
    try:
        number = page_number(request.GET.get("page"))
        report = fair_play_report(scope)
        page = flagged_page(report, number)
    except (BadPage, NoSuchPage) as exc:
        raise Http404(str(exc)) from None
    context = {
        "scope": scope,
        "report": report,
        "page": page,
        "fdr": settings.FAIR_PLAY_FDR,
        "busca": scope.game == "busca",
    }
    return render(request, "fairplay/report.html", context)


def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A tournament's report: staff and its organiser."""
    return _page(request, tournament_scope, tournament_id)


def ladder_page(request: HttpRequest, game: str) -> HttpResponse:
    """A ladder's report: staff."""
    return _page(request, ladder_scope, game)


def leaderboard_page(request: HttpRequest, game: str, pool: str) -> HttpResponse:
    """A leaderboard's report: staff."""
    return _page(request, leaderboard_scope, game, pool)
