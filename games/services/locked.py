"""The locked read that starts every write of a match: its row and its seats (matches.py).

Two fixed SQL statements, written once per database, instead of two ORM queries. A move's
transaction spent a third of its time here, most of it building the same SQL again (0.34 ms
for the match and 0.51 ms for the seats against 0.12 and 0.13 ms now, on SQLite). The rows are
built by core.rows, which converts every field as the ORM does but works out the columns and
their converters once, not per query as ``raw()`` did (a fifth of a move's own time on
PostgreSQL). On PostgreSQL the two go in one round trip. The seats carry their bot's webhook
address as ``bot_webhook_url`` (``Seat.answers_by_webhook``), which the ORM read fetched with the
whole bot.
"""

from __future__ import annotations

from functools import cache

from django.db import connection

from bots.models import Bot
from core.round_trips import begin_prefix
from core.rows import columns, rows_as
from games.models import Match, Seat


@cache
def _statements(vendor: str, for_update: bool) -> tuple[str, str]:
    q = connection.ops.quote_name
    match = f"SELECT {columns(Match)} FROM {q(Match._meta.db_table)} WHERE {q('id')} = %s"
    if for_update:
        match += " FOR UPDATE"
    seats = (
        f"SELECT {columns(Seat, 's')}, b.{q('webhook_url')}"
        f" FROM {q(Seat._meta.db_table)} s"
        f" LEFT OUTER JOIN {q(Bot._meta.db_table)} b ON b.{q('id')} = s.{q('bot_id')}"
        f" WHERE s.{q('match_id')} = %s ORDER BY s.{q('number')}"
    )
    return match, seats


def match_and_seats_locked(match_id: int) -> tuple[Match | None, list[Seat]]:
    """Return the match, locked for the rest of the transaction, and its seats in order; the
    match is None if there is none."""
    match_sql, seats_sql = _statements(
        connection.vendor, bool(connection.features.has_select_for_update)
    )
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # Both in one round trip, with the transaction's BEGIN when this read opens it
            # (core.round_trips): psycopg's client-side binding sends them as one query, and
            # each result follows the one before (nextset).
            begin = begin_prefix()
            cursor.execute(f"{begin}{match_sql}; {seats_sql}", [match_id, match_id])
            if begin:
                cursor.nextset()
            found = rows_as(Match, cursor.fetchall())
            cursor.nextset()
            seats = rows_as(Seat, cursor.fetchall(), extra=["bot_webhook_url"])
            return (found[0], seats) if found else (None, [])
        cursor.execute(match_sql, [match_id])
        found = rows_as(Match, cursor.fetchall())
        if not found:
            return None, []
        cursor.execute(seats_sql, [match_id])
        return found[0], rows_as(Seat, cursor.fetchall(), extra=["bot_webhook_url"])
