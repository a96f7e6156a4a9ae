"""Server-rendered league pages: the list, and a season with its tables and rounds."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.leagues.models import Fixture, League, Membership, Season
from tournaments.leagues.selectors import division_standings, memberships_of
from tournaments.leagues.services.events import season_group
from tournaments.leagues.services.leagues import next_level
from tournaments.play_now import seat_links


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
    context: dict[str, object] = {"league": league, "seasons": seasons, "season": season}
    if season is not None:
        context.update(_season_context(season, request.user))
    return render(request, "leagues/season.html", context)


def season_live(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Render just a season's tables and rounds (web/live.js re-fetches them)."""
    season = get_object_or_404(
        Season.objects.select_related("league"), league__slug=slug, number=number
    )
    context = {
        "league": season.league,
        "season": season,
        **_season_context(season, request.user),
    }
    return render(request, "leagues/_season.html", context)


def _season_context(season: Season, user: Any) -> dict[str, object]:
    """Return each division's table and rounds with their fixtures, and the live group; the
    reader's waiting matches link to their seats ("your match: play now")."""
    divisions = []
    all_fixtures: list[Fixture] = []
    levels = season.divisions.count()
    for division in season.divisions.order_by("level"):
        members: dict[int, Membership] = {m.pk: m for m in memberships_of(division)}
        rounds = []
        for rnd in division.rounds.order_by("number").prefetch_related("fixtures__match"):
            fixtures = [
                (f, [members[m] for m in f.members if m in members])
                for f in rnd.fixtures.order_by("id")
            ]
            all_fixtures.extend(f for f, _ in fixtures)
            rounds.append((rnd, fixtures))
        table = division_standings(division=division)
        _mark_zones(season, table, division.level, levels)
        divisions.append({"division": division, "table": table, "rounds": rounds})
    links = seat_links(user, (f.match_id for f in all_fixtures))
    play_now = []
    for fixture in all_fixtures:
        url = links.get(fixture.match_id) if fixture.match_id else None
        fixture.play_url = url  # read by the template
        if url:
            play_now.append(fixture)
    return {"divisions": divisions, "group": season_group(season.pk), "play_now": play_now}


def _mark_zones(season: Season, table: list[Any], level: int, levels: int) -> None:
    """Give each row of a division's table its ``zone``: "up" or "down" where the season, as
    it stands, would move it (the same rule as the next season's: services.next_level), else
    ""; withdrawn members do not move."""
    active = [row for row in table if row.active]
    for row in table:
        row.zone = ""
    for position, row in enumerate(active, start=1):
        moved = next_level(season, position, len(active), level, levels)
        row.zone = "up" if moved < level else "down" if moved > level else ""
