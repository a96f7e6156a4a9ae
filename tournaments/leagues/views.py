"""Server-rendered league pages: the list, and a season with its tables and rounds."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.leagues.models import League, Membership, Season
from tournaments.leagues.selectors import division_standings, memberships_of
from tournaments.leagues.services.events import season_group


def league_list(request: HttpRequest) -> HttpResponse:
    """Show every league."""
    leagues = League.objects.select_related("organiser").order_by("name")
    return render(request, "leagues/list.html", {"leagues": leagues})


def league_page(request: HttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    """Show a season (the latest by default): division tables, rounds, fixtures, deadlines."""
    league = get_object_or_404(League.objects.select_related("organiser"), slug=slug)
    seasons = list(league.seasons.order_by("number"))
    if number is None:
        season = seasons[-1] if seasons else None
    else:
        season = get_object_or_404(Season, league=league, number=number)
    divisions = []
    if season is not None:
        for division in season.divisions.order_by("level"):
            members: dict[int, Membership] = {m.pk: m for m in memberships_of(division)}
            rounds = []
            for rnd in division.rounds.order_by("number").prefetch_related("fixtures__match"):
                fixtures = [
                    (f, [members[m] for m in f.members if m in members])
                    for f in rnd.fixtures.order_by("id")
                ]
                rounds.append((rnd, fixtures))
            table = division_standings(division=division)
            divisions.append({"division": division, "table": table, "rounds": rounds})
    context = {
        "league": league,
        "seasons": seasons,
        "season": season,
        "divisions": divisions,
        "group": season_group(season.pk) if season else "",
    }
    return render(request, "leagues/season.html", context)
