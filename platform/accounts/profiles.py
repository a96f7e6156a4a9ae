"""Reads for the public profiles of people and bots: ratings with their history, matches,
tournaments and leagues."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.urls import reverse
from django.utils.translation import gettext as _

from games import engine
from games.models import Match, Seat
from games.pages import game_label
from tournaments.leagues.models import Membership
from tournaments.models import Entry
from tournaments.ratings.head_to_head import head_to_head
from tournaments.ratings.models import Pool, Rating, RatingChange
from tournaments.ratings.selectors import Z, is_provisional
from tournaments.words import event_name_words

HISTORY = 60  # rating points drawn on a profile chart
RECENT = 20  # matches (a page), tournaments and league seasons listed
MAX_SEATS = 6  # more seats than any game has: the win count checks each seat number
HEAD_TO_HEAD = 10  # opponents listed per game on a bot's page (the API lists them all)
CHART_WIDTH = 320
CHART_HEIGHT = 96
CHART_PAD = 6


@dataclass(frozen=True)
class Subject:
    """Whose profile: a person (``user_id``) or a bot (``bot_id``)."""

    user_id: int | None = None
    bot_id: int | None = None

    @property
    def pool(self) -> str:
        return Pool.BOTS if self.bot_id is not None else Pool.PEOPLE

    def seats(self) -> Q:
        if self.bot_id is not None:
            return Q(kind=Seat.Kind.BOT, bot_id=self.bot_id)
        return Q(kind=Seat.Kind.USER, user_id=self.user_id)


def chart(values: list[float]) -> dict[str, Any] | None:
    """Return the points of a rating history chart (left to right, higher up), or None."""
    if not values:
        return None
    low, high = min(values), max(values)
    span = high - low
    inner_w, inner_h = CHART_WIDTH - 2 * CHART_PAD, CHART_HEIGHT - 2 * CHART_PAD
    step = inner_w / (len(values) - 1) if len(values) > 1 else 0.0
    points = []
    for i, value in enumerate(values):
        x = CHART_PAD + i * step if len(values) > 1 else CHART_WIDTH / 2
        y = CHART_HEIGHT / 2 if span == 0 else CHART_PAD + (high - value) / span * inner_h
        points.append((round(x, 1), round(y, 1)))
    return {
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "points": " ".join(f"{x},{y}" for x, y in points),
        "last": points[-1],
        "low": round(low, 1),
        "high": round(high, 1),
        "start": round(values[0], 1),
        "end": round(values[-1], 1),
        "count": len(values),
    }


def _rating_words(rating: Rating) -> dict[str, Any]:
    return {
        "game": rating.game,
        "game_name": game_label(rating.game),
        "rating": round(rating.ordinal, 1),
        "mu": round(rating.mu, 1),
        "sigma": round(rating.sigma, 1),
        "margin": round(Z * rating.sigma, 1),
        "games": rating.games,
        "wins": rating.wins,
        "provisional": is_provisional(rating.sigma),
        "leaderboard": reverse("leaderboard", args=[rating.game, rating.pool]),
    }


def profile_ratings(subject: Subject) -> list[dict[str, Any]]:
    """Return the subject's rating in each game it has one, with its history chart."""
    field = "bot_id" if subject.bot_id is not None else "user_id"
    value = subject.bot_id if subject.bot_id is not None else subject.user_id
    rows = Rating.objects.filter(**{field: value}).order_by("game")
    out = []
    order = {game: i for i, game in enumerate(engine.names())}
    for rating in sorted(rows, key=lambda r: order.get(r.game, 99)):
        history = list(
            RatingChange.objects.filter(rating=rating)
            .order_by("-id")
            .values_list("ordinal_after", flat=True)[:HISTORY]
        )[::-1]
        row = _rating_words(rating)
        row["chart"] = chart([float(v) for v in history])
        out.append(row)
    return out


def _place_words(place: int | None, seats: int) -> str:
    if place is None:
        return ""
    if place == 1:
        return _("won") if seats > 1 else _("first")
    return _("place %(place)s of %(seats)s") % {"place": place, "seats": seats}


def profile_matches(subject: Subject, page: int | str | None = 1) -> dict[str, Any]:
    """Return one page of the subject's matches, newest first, with the outcome in words:
    ``rows`` and the ``page`` (a Django Page: numbers, previous, next)."""
    ids = (
        Seat.objects.filter(subject.seats())
        # A sealed duplicate table shows nothing until its round ends, finished or not.
        .exclude(match__sealed=True)
        .order_by("-match_id")
        .values_list("match_id", flat=True)
        .distinct()
    )
    shown = Paginator(ids, RECENT).get_page(page)
    seats = (
        Seat.objects.filter(subject.seats(), match_id__in=list(shown))
        .select_related("match")
        .order_by("-match_id", "number")
    )
    out: list[dict[str, Any]] = []
    seen: set[int] = set()
    for seat in seats:
        match = seat.match
        if match.pk in seen:
            continue
        seen.add(match.pk)
        places = (match.result or {}).get("places") or []
        place = places[seat.number] if seat.number < len(places) else None
        if match.status == Match.Status.RUNNING:
            outcome = _("playing now")
        elif match.status == Match.Status.ABORTED:
            outcome = _("stopped without a result")
        else:
            outcome = _place_words(place, len(places))
        out.append(
            {
                "id": match.pk,
                # The page, spelled out: the API also names a route "match".
                "url": f"/matches/{match.pk}/",
                "game_name": game_label(match.game),
                "when": match.finished_at or match.created_at,
                "outcome": outcome,
                "won": place == 1 and match.status == Match.Status.FINISHED,
            }
        )
    _add_players(out, subject)
    return {"rows": out, "page": shown}


def profile_win_rates(subject: Subject) -> list[dict[str, Any]]:
    """Return, per game, the subject's finished matches, wins and win rate (percent).

    A win is place 1 in the result (shared firsts count for each); a finished match is one
    with a result: aborted, sealed and pre-flight matches do not count (docs/accounts.md).
    """
    won = Q()
    for number in range(MAX_SEATS):
        won |= Q(number=number, **{f"match__result__places__{number}": 1})
    rows = (
        Seat.objects.filter(
            subject.seats(), match__status=Match.Status.FINISHED, match__sealed=False
        )
        .exclude(match__kind=Match.Kind.PREFLIGHT)
        .values("match__game")
        .annotate(
            finished=Count("match", distinct=True),
            wins=Count("match", filter=won, distinct=True),
        )
    )
    order = {game: i for i, game in enumerate(engine.names())}
    out = [
        {
            "game": row["match__game"],
            "game_name": game_label(row["match__game"]),
            "finished": row["finished"],
            "wins": row["wins"],
            "rate": round(100 * row["wins"] / row["finished"]),
        }
        for row in rows
        if row["finished"]
    ]
    return sorted(out, key=lambda row: order.get(row["game"], 99))


def player_link(seat: Seat) -> dict[str, Any]:
    """Return a seat's player in words, with the profile it links to (none for the house)."""
    if seat.kind == Seat.Kind.BOT and seat.bot is not None:
        return {"name": seat.bot.name, "url": reverse("bot-profile", args=[seat.bot.name])}
    if seat.kind == Seat.Kind.USER and seat.user is not None:
        name = seat.user.get_username()
        return {"name": name, "url": reverse("person", args=[name])}
    return {"name": _("house bot"), "url": None}


def _add_players(rows: list[dict[str, Any]], subject: Subject) -> None:
    """Give each match row the other players, linked to their profiles."""
    seats = (
        Seat.objects.filter(match_id__in=[row["id"] for row in rows])
        .exclude(subject.seats())
        .select_related("bot", "user")
        .order_by("match_id", "number")
    )
    others: dict[int, list[dict[str, Any]]] = {}
    for seat in seats:
        others.setdefault(seat.match_id, []).append(player_link(seat))
    for row in rows:
        row["others"] = others.get(row["id"], [])


def _tournament_status(status: str) -> str:
    words = {
        "draft": _("not open yet"),
        "registration": _("taking entries"),
        "running": _("playing now"),
        "finished": _("finished"),
        "cancelled": _("cancelled"),
    }
    return words.get(status, status)


def profile_tournaments(subject: Subject, limit: int = RECENT) -> list[dict[str, Any]]:
    """Return the tournaments the subject entered, newest first."""
    if subject.bot_id is not None:
        entries = Entry.objects.filter(Q(bot_id=subject.bot_id) | Q(bot2_id=subject.bot_id))
    else:
        entries = Entry.objects.filter(Q(user_id=subject.user_id) | Q(user2_id=subject.user_id))
    rows = entries.select_related("tournament").order_by("-tournament_id")[:limit]
    return [
        {
            "name": event_name_words(entry.tournament.name),
            "url": reverse("tournament", args=[entry.tournament_id]),
            "game_name": game_label(entry.tournament.game),
            "status": _tournament_status(entry.tournament.status),
        }
        for entry in rows
    ]


def profile_leagues(subject: Subject, limit: int = RECENT) -> list[dict[str, Any]]:
    """Return the league seasons the subject is a member of, newest first."""
    members = Membership.objects.filter(
        bot_id=subject.bot_id if subject.bot_id is not None else None,
        user_id=subject.user_id if subject.bot_id is None else None,
    )
    rows = members.select_related("division__season__league").order_by("-id")[:limit]
    out = []
    for member in rows:
        season = member.division.season
        out.append(
            {
                "name": season.league.name,
                "season": season.number,
                "division": member.division.name,
                "url": reverse("league-season-page", args=[season.league.slug, season.number]),
                "withdrawn": member.status == Membership.Status.WITHDRAWN,
            }
        )
    return out


def profile_head_to_head(bot_id: int, limit: int = HEAD_TO_HEAD) -> list[dict[str, Any]]:
    """Return, per game, the bot's record against the ``limit`` bots it met most, and how
    many others it met."""
    groups: dict[str, dict[str, Any]] = {}
    for meeting in head_to_head(bot_id=bot_id):
        group = groups.setdefault(
            meeting.game,
            {"game": meeting.game, "game_name": game_label(meeting.game), "rows": [], "more": 0},
        )
        if len(group["rows"]) < limit:
            group["rows"].append(meeting.to_json())
        else:
            group["more"] += 1
    return list(groups.values())


def profile(subject: Subject, page: int | str | None = 1) -> dict[str, Any]:
    """Return everything a public profile shows (``page``: of its matches)."""
    return {
        "ratings": profile_ratings(subject),
        "matches": profile_matches(subject, page),
        "win_rates": profile_win_rates(subject),
        "tournaments": profile_tournaments(subject),
        "leagues": profile_leagues(subject),
        "pool": subject.pool,
    }
