"""core.pipelined: on PostgreSQL a block runs in pipeline mode, an error in a statement whose
answer nobody read still rolls its transaction back, and the connection comes out clean; on
SQLite it runs the block as it is. A move's whole path through it is in
tests/games/services/test_move_transaction.py."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

from core.pipelined import pipelined
from games.models import Match

pytestmark = pytest.mark.django_db(transaction=True)

POSTGRES = connection.vendor == "postgresql"


def _pipeline_on() -> bool:
    raw = connection.connection
    return POSTGRES and raw is not None and raw._pipeline is not None  # type: ignore[union-attr]


def test_the_block_runs_pipelined_on_postgresql_only() -> None:
    with pipelined():
        inside = _pipeline_on()
        with connection.cursor() as first, connection.cursor() as second:
            first.execute("SELECT 1")
            second.execute("SELECT 2")
            assert (first.fetchone(), second.fetchone()) == ((1,), (2,))
    assert inside is POSTGRES
    assert not _pipeline_on()


def test_inside_a_transaction_already_open_it_changes_nothing() -> None:
    with transaction.atomic(), pipelined():
        assert not _pipeline_on()


def test_an_error_nobody_read_rolls_the_transaction_back() -> None:
    table = connection.ops.quote_name(Match._meta.db_table)
    with (
        pytest.raises(IntegrityError),
        pipelined(),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(f"UPDATE {table} SET game = 'x' WHERE id = -1")
        # No such match for the foreign key: refused, but no answer is read here.
        cursor.execute(
            "INSERT INTO games_move (match_id, turn, seat, move, public, by, created_at)"
            " VALUES (-1, 0, 0, '1', '1', 'house', CURRENT_TIMESTAMP)"
        )
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE" if POSTGRES else "SELECT 1")
    assert not _pipeline_on()
    with connection.cursor() as cursor:  # the connection is usable, and nothing was written
        cursor.execute("SELECT COUNT(*) FROM games_move WHERE match_id = -1")
        assert cursor.fetchone() == (0,)
