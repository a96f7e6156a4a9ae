"""The rules pages and the docs pages: thin views over learn.games and learn.docs."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from learn.docs import doc_get, doc_list, doc_titles
from learn.games import GAMES, rules_game_get


def rules_index(request: HttpRequest) -> HttpResponse:
    """List the three games, a line on each."""
    return render(request, "learn/rules_index.html", {"games": list(GAMES.values())})


def rules(request: HttpRequest, game: str) -> HttpResponse:
    """Show the complete rules of one game."""
    found = rules_game_get(slug=game)
    if found is None:
        raise Http404(_("There is no game with that name."))
    return render(request, found.template, {"game": found, "games": list(GAMES.values())})


def rules_short(request: HttpRequest, game: str) -> HttpResponse:
    """Return the rules of one game in a few lines, as an HTML fragment for the table."""
    found = rules_game_get(slug=game)
    if found is None:
        raise Http404(_("There is no game with that name."))
    return render(request, found.short_template, {"game": found})


def docs_index(request: HttpRequest) -> HttpResponse:
    """List the docs."""
    return render(request, "learn/docs_index.html", {"docs": doc_titles()})


def doc(request: HttpRequest, page: str) -> HttpResponse:
    """Show one doc from docs/ as a page of the site."""
    found = doc_get(name=page)
    if found is None:
        raise Http404(_("There is no page with that name in the docs."))
    return render(request, "learn/doc.html", {"doc": found, "docs": doc_list()})
