"""core.rows: models built from fixed SQL equal what the ORM fetches, field by field."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from bots.services import bot_create
from core.rows import columns, rows_as
from games.models import Match, Seat
from games.services.locked import match_and_seats_locked
from games.services.matches import SeatSpec, match_create

pytestmark = pytest.mark.django_db


def _values(instance: Any) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def _match() -> Match:
    owner = get_user_model().objects.create_user("rows", "rows@example.org", "a-long-password-1")
    bot = bot_create(owner=owner, name="rows", games=[]).bot
    bot.webhook_url = "https://bots.example.org/hook"
    bot.save(update_fields=["webhook_url"])
    seats = [SeatSpec(kind="bot", bot_id=bot.pk), SeatSpec(kind="house")]
    match = match_create(game="buraco-mano-a-mano", seats=seats, options={"deals": 1})
    match.deadline = timezone.now() + timedelta(seconds=9)
    match.clock = {"bank": 3.5, "per_move": [1, 2]}
    match.save()
    Seat.objects.filter(match=match, number=0).update(forfeited=True, bank=1.25, transit=[0.5])
    return match


def test_a_row_becomes_the_model_the_orm_would_fetch() -> None:
    match = _match()
    table = connection.ops.quote_name(Match._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns(Match)} FROM {table} WHERE id = %s", [match.pk])
        [built] = rows_as(Match, cursor.fetchall())
    fetched = Match.objects.get(pk=match.pk)
    assert _values(built) == _values(fetched)
    assert isinstance(built.snapshot, dict) and isinstance(built.clock, dict)
    assert built.deadline is not None and built.deadline.tzinfo is not None
    assert built._state.adding is False and built._state.db == fetched._state.db


def test_the_locked_read_gives_the_seats_as_models_with_the_bots_webhook() -> None:
    match = _match()
    locked, seats = match_and_seats_locked(match.pk)
    assert locked is not None and _values(locked) == _values(Match.objects.get(pk=match.pk))
    fetched = list(Seat.objects.filter(match=match).order_by("number"))
    assert [_values(s) for s in seats] == [_values(s) for s in fetched]
    assert seats[0].forfeited is True and seats[1].forfeited is False  # 1/0 on SQLite
    assert [s.bot_webhook_url for s in seats] == ["https://bots.example.org/hook", None]
    assert seats[0].answers_by_webhook


def test_no_match_reads_as_none() -> None:
    assert match_and_seats_locked(10**9) == (None, [])


def test_extra_columns_must_match_the_names_given() -> None:
    match = _match()
    table = connection.ops.quote_name(Match._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns(Match)}, 1, 2 FROM {table} WHERE id = %s", [match.pk])
        rows = cursor.fetchall()
    with pytest.raises(ValueError):
        rows_as(Match, rows, extra=["one"])
