"""Reads for the pages: titles, a person's seats and tables, a lobby's seats, live matches."""

from __future__ import annotations

from typing import Any

from django.db.models import Case, IntegerField, Q, Value, When
from django.http import HttpRequest
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _

from games import card_style, live
from games.engine import strategies
from games.forms import game_name
from games.house_names import house_name
from games.models import Match, Seat, Table, TableSeat
from games.reason_words import deck_style
from games.services.notes import owns_a_seat
from games.services.practice import seats_needed


def game_label(game: str) -> str:
    """Return the game's name in the active language."""
    return game_name(game)


def match_title(match: Match) -> str:
    """Return the match's title in words ("Busca #12")."""
    return _("%(game)s #%(number)s") % {"game": game_label(match.game), "number": match.pk}


def seat_name(seat: Seat) -> str:
    """Return who plays a seat, in words: a house bot by its style, never "house:greedy"."""
    if seat.kind == Seat.Kind.HOUSE:
        return house_name(seat.strategy, seat.house_tag)
    return seat.label


def match_context(match: Match, seat: int | None, request: HttpRequest) -> dict[str, Any]:
    """Return what games/match.html needs to show ``match`` to the request's person (at
    ``seat``, or watching): the match page and TV share it."""
    user = request.user
    with deck_style(card_style.card_style(request)):
        state = live.state_message(match, seat)
    return {
        "match": match,
        "seat": seat,
        "my_seats": live.user_seats(match.pk, user),
        "state": state,
        # The person's own bots' notes show live beside their moves (docs/bots.md, "Notes").
        "notes_url": (
            reverse("match-notes", args=[match.pk])
            if owns_a_seat(match, getattr(user, "pk", None))
            else ""
        ),
        "socket_path": f"/ws/matches/{match.pk}/" + (f"seat/{seat}/" if seat is not None else ""),
        "title": match_title(match),
        "can_abort": (
            match.is_running
            and match.is_practice
            and match.created_by_id == getattr(user, "pk", None)
        ),
    }


def replay_context(match: Match, request: HttpRequest) -> dict[str, Any]:
    """Return what games/replay.html needs: the viewer's addresses and the arena command that
    reopens a position (docs/bots.md, "Replays")."""
    origin = request.build_absolute_uri("/").rstrip("/")
    return {
        "match": match,
        "match_id": match.pk,
        "game": match.game,
        "title": match_title(match),
        "match_url": reverse("match", args=[match.pk]),
        "json_url": reverse("match-replay", args=[match.pk]),
        "events_url": reverse("match-events", args=[match.pk]),
        "command": f"python -m games.arena replay {match.pk} --url {origin}",
        "card_style": card_style.card_style(request),
        "suits_url": static("games/suits.svg"),
    }


def seats_of_game(game: str, options: dict[str, Any]) -> int:
    return seats_needed(game, options)


def house_strategies() -> list[str]:
    return strategies.names()


def my_seats(user_id: int, limit: int = 200) -> list[dict[str, Any]]:
    """Return the person's seats, running matches first, newest first."""
    rows = (
        Seat.objects.filter(user_id=user_id, kind=Seat.Kind.USER)
        .select_related("match")
        .annotate(
            running=Case(
                When(match__status=Match.Status.RUNNING, then=Value(0)),
                default=Value(1),
                output_field=IntegerField(),
            )
        )
        .order_by("running", "-match_id")[:limit]
    )
    out = []
    for seat in rows:
        match = seat.match
        result = match.result or {}
        places = result.get("places") or []
        out.append(
            {
                "match": match,
                "game": game_label(match.game),
                "seat": seat.number,
                "url": reverse("match-seat", args=[match.pk, seat.number]),
                "your_turn": match.is_running
                and match.to_move == seat.number
                and not seat.forfeited,
                "place": places[seat.number] if seat.number < len(places) else None,
                "forfeited": seat.forfeited,
            }
        )
    return out


def my_tables(user_id: int) -> list[Table]:
    """Return the open tables the person opened, sits at, or has a seat kept at (a rematch)."""
    return list(
        Table.objects.filter(status=Table.Status.OPEN)
        .filter(Q(seats__user_id=user_id) | Q(seats__reserved_for_id=user_id))
        .distinct()[:50]
    )


def table_seats(table: Table, user: Any, base_url: str) -> list[dict[str, Any]]:
    """Return a lobby's seats as the page shows them; invite links only to the creator."""
    creator = user.is_authenticated and table.created_by_id == user.pk
    rows: list[dict[str, Any]] = []
    seats = TableSeat.objects.filter(table=table).select_related("user", "reserved_for")
    for seat in seats.order_by("number"):
        link = None
        if creator and seat.is_open:
            path = reverse("table-join", args=[table.pk, seat.token])
            link = base_url.rstrip("/") + path
        rows.append(
            {
                "number": seat.number,
                "kind": seat.kind,
                "who": seat.user.get_username() if seat.user else None,
                "kept_for": seat.reserved_for.get_username() if seat.reserved_for else None,
                "strategy": seat.strategy,
                "open": seat.is_open,
                "invite_link": link,
                "mine": user.is_authenticated and seat.user_id == user.pk,
            }
        )
    return rows


def live_matches(limit: int = 12) -> list[dict[str, Any]]:
    """Return the running matches, most recently active first."""
    rows = Match.objects.filter(status=Match.Status.RUNNING).order_by("-updated_at")[:limit]
    seats = Seat.objects.filter(match__in=list(rows)).select_related("bot", "user")
    names: dict[int, list[str]] = {}
    for seat in seats.order_by("match_id", "number"):
        names.setdefault(seat.match_id, []).append(seat_name(seat))
    return [
        {
            "match": m,
            "game": game_label(m.game),
            "players": names.get(m.pk, []),
            "url": reverse("match", args=[m.pk]),
        }
        for m in rows
    ]
