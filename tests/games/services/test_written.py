"""games.services.written: a move's writes as fixed SQL (one statement on PostgreSQL) store
exactly what the ORM would: the log rows, the match's moved fields, the seat's delivery."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from games.models import Match, Move, Seat
from games.services.matches import MOVED_FIELDS, SeatSpec, match_create
from games.services.written import moves_write

pytestmark = pytest.mark.django_db


def _match(bot: Any) -> tuple[Match, list[Seat]]:
    seats = [SeatSpec(kind="bot", bot_id=bot.pk), SeatSpec(kind="house")]
    match = match_create(game="buraco-mano-a-mano", seats=seats, options={"deals": 1})
    return match, list(match.seats.order_by("number"))


def test_the_rows_the_fields_and_the_delivery_are_written(bot_token: tuple[Any, str]) -> None:
    match, seats = _match(bot_token[0])
    turn = match.turn
    rows = [
        Move(match=match, turn=turn, seat=0, move={"draw": "stock"}, public={"draw": "stock"},
             by=Move.By.ENTRANT, answer_ms=12),
        Move(match=match, turn=turn + 1, seat=1, move={"x": [1, "é"]}, public={}, by=Move.By.HOUSE),
    ]
    deadline = timezone.now() + timedelta(seconds=30)
    match.turn, match.to_move, match.deadline = turn + 2, 0, deadline
    match.snapshot = {"kept": ["as", "json"], "n": 3}
    delivered = seats[0]
    delivered.delivered_turn, delivered.delivered_at = turn + 2, timezone.now()
    before = match.updated_at
    with transaction.atomic():
        moves_write(match, MOVED_FIELDS, rows, delivered)
    stored = Match.objects.get(pk=match.pk)
    assert (stored.turn, stored.to_move, stored.snapshot) == (turn + 2, 0, match.snapshot)
    assert stored.deadline == deadline and stored.updated_at > before
    logged = list(Move.objects.filter(match=match).order_by("turn").values(
        "turn", "seat", "move", "public", "by", "answer_ms"))[-2:]
    assert logged == [
        {"turn": turn, "seat": 0, "move": {"draw": "stock"}, "public": {"draw": "stock"},
         "by": "entrant", "answer_ms": 12},
        {"turn": turn + 1, "seat": 1, "move": {"x": [1, "é"]}, "public": {}, "by": "house",
         "answer_ms": None},
    ]
    assert all(m.created_at is not None for m in Move.objects.filter(match=match))
    seat = Seat.objects.get(pk=delivered.pk)
    assert seat.delivered_turn == turn + 2 and seat.delivered_at == delivered.delivered_at
    assert Seat.objects.get(pk=seats[1].pk).delivered_turn == seats[1].delivered_turn


def test_without_rows_or_a_delivery_only_the_match_is_written(bot_token: tuple[Any, str]) -> None:
    match, seats = _match(bot_token[0])
    logged = Move.objects.filter(match=match).count()
    match.status, match.to_move = Match.Status.ABORTED, None
    with transaction.atomic():
        moves_write(match, MOVED_FIELDS, [])
    stored = Match.objects.get(pk=match.pk)
    assert stored.status == Match.Status.ABORTED and stored.to_move is None
    assert Move.objects.filter(match=match).count() == logged
    assert Seat.objects.get(pk=seats[0].pk).delivered_turn == seats[0].delivered_turn
