"""Rematch: the same people at the same seats, house bots where bots sat; it starts when the
others join; only players may ask, and only once the match is over."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games.models import Match, Seat, Table
from games.services import rematch, tables
from games.services.errors import NotYourSeat
from games.services.matches import match_resign

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> list[Any]:
    users = get_user_model().objects
    return [
        users.create_user(n, f"{n}@example.org", "a-long-password-1") for n in ("ra", "rb", "rc")
    ]


def _played(people: list[Any]) -> Any:
    """Return a finished Busca match: two people (seats 0 and 1) and two house bots."""
    host, guest, _ = people
    table = tables.table_open(
        user_id=host.pk, game="busca", others=["invite", "house:random", "house:greedy"]
    )
    tables.table_seat_take(token=table.seats.get(number=1).token, user_id=guest.pk)
    match = tables.table_start(table_id=table.pk, user_id=host.pk)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)  # as if played out
    match.refresh_from_db()
    return match


def test_a_rematch_keeps_the_seats_and_starts_when_the_other_joins(people: list[Any]) -> None:
    host, guest, stranger = people
    match = _played(people)
    table = rematch.rematch_open(match_id=match.pk, user_id=guest.pk)
    assert table.status == Table.Status.OPEN and not table.public
    rows = {row.number: row for row in table.seats.all()}
    assert rows[1].user_id == guest.pk
    assert rows[0].reserved_for_id == host.pk and rows[0].user_id is None
    assert (rows[2].kind, rows[2].strategy) == ("house", "house:random")
    with pytest.raises(tables.SeatTaken, match="kept for another player"):
        tables.table_seat_take(token=rows[0].token, user_id=stranger.pk)
    with pytest.raises(NotYourSeat):
        rematch.rematch_open(match_id=match.pk, user_id=stranger.pk)
    joined = rematch.rematch_open(match_id=match.pk, user_id=host.pk)
    assert joined.pk == table.pk and joined.status == Table.Status.STARTED
    seats = Seat.objects.filter(match=joined.match).order_by("number")
    assert [(s.kind, s.user_id) for s in seats][:2] == [("user", host.pk), ("user", guest.pk)]


def test_no_rematch_while_the_match_runs(people: list[Any]) -> None:
    host = people[0]
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", others=["house:greedy"])
    match = tables.table_start(table_id=table.pk, user_id=host.pk)
    with pytest.raises(tables.RematchRefused, match="still being played"):
        rematch.rematch_open(match_id=match.pk, user_id=host.pk)


def test_alone_with_house_bots_the_rematch_starts_at_once(people: list[Any]) -> None:
    host = people[0]
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", others=["house:greedy"])
    match = tables.table_start(table_id=table.pk, user_id=host.pk)
    match_resign(match_id=match.pk, seat=1)
    again = rematch.rematch_open(match_id=match.pk, user_id=host.pk)
    assert again.status == Table.Status.STARTED and again.match_id != match.pk


def test_a_rematch_names_the_places_from_its_host(people: list[Any]) -> None:
    from django.contrib.auth.models import AnonymousUser

    from games.lobby import lobby_context

    match = _played(people)
    table = rematch.rematch_open(match_id=match.pk, user_id=people[1].pk)  # seat 1 asks
    places = {s["number"]: s["place"] for s in lobby_context(table, AnonymousUser(), "/")["seats"]}
    assert places[1] == "Host" and places[2] == "Second player" and places[0] == "Fourth player"
