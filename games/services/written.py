"""The writes that end a move's transaction: its log rows, the match's moved fields and, when
the move hands a bot its next turn, that turn's delivery (matches._save).

Fixed SQL, built once per database, instead of ``bulk_create`` and ``save``, which build the
same statements again for every move and read back ids nobody uses. On PostgreSQL the three
writes are one statement (the log rows and the delivery as data-modifying ``WITH`` parts of the
match's ``UPDATE``), so a move pays one round trip for them instead of three. On SQLite, which
has no such statement and no network, they are three statements of the same fixed SQL.

Values are converted by each field, as the ORM does (``pre_save`` then
``get_db_prep_save``): ``auto_now`` fields are set, JSON is adapted, times are made aware.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.db import connection, connections
from django.db.models import Field, Model

from core.round_trips import commit_suffix
from games.models import Match, Move, Seat

DELIVERY_FIELDS = ("delivered_turn", "delivered_at")


def _fields(model: type[Model], names: tuple[str, ...] | None = None) -> list[Field[Any, Any]]:
    if names is None:
        return [f for f in model._meta.concrete_fields if not f.primary_key]
    return [model._meta.get_field(name) for name in names]  # type: ignore[misc]


def _values(instance: Model, fields: list[Field[Any, Any]], add: bool) -> list[Any]:
    db = connections[connection.alias]  # the proxy's every attribute is a thread-local lookup
    return [f.get_db_prep_save(f.pre_save(instance, add), db) for f in fields]


@cache
def _insert(vendor: str, rows: int) -> str:
    q = connection.ops.quote_name
    fields = _fields(Move)
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    columns = ", ".join(q(f.column) for f in fields)
    return f"INSERT INTO {q(Move._meta.db_table)} ({columns}) VALUES " + ", ".join([one] * rows)


@cache
def _update(vendor: str, model: type[Model], names: tuple[str, ...]) -> str:
    q = connection.ops.quote_name
    sets = ", ".join(f"{q(f.column)} = %s" for f in _fields(model, names))
    return f"UPDATE {q(model._meta.db_table)} SET {sets} WHERE {q('id')} = %s"


def moves_write(
    match: Match,
    fields: tuple[str, ...],
    rows: list[Move],
    delivered: Seat | None = None,
    *,
    last: bool = False,
) -> None:
    """Insert ``rows``, write ``fields`` of ``match`` and, if given, ``delivered``'s delivery.

    ``last``: nothing is written after this in the transaction, so on PostgreSQL its COMMIT
    goes in the same round trip when it can (core.round_trips), and unless
    ``MOVE_COMMIT_WAITS_FOR_DISK`` is set it does not wait for the disk: a match goes on from
    it, and a move that ends one is never ``last`` (what records it writes after)."""
    inserted = [v for row in rows for v in _values(row, _fields(Move), add=True)]
    updated = [*_values(match, _fields(Match, fields), add=False), match.pk]
    seat = (
        [*_values(delivered, _fields(Seat, DELIVERY_FIELDS), add=False), delivered.pk]
        if delivered is not None
        else []
    )
    vendor = connection.vendor
    with connection.cursor() as cursor:
        if vendor == "postgresql":
            parts = [f"logged AS ({_insert(vendor, len(rows))})"] if rows else []
            if delivered is not None:
                parts.append(f"delivered AS ({_update(vendor, Seat, DELIVERY_FIELDS)})")
            head = ("WITH " + ", ".join(parts) + " ") if parts else ""
            waits = settings.MOVE_COMMIT_WAITS_FOR_DISK
            tail = commit_suffix(wait_for_disk=waits) if last else ""
            sql = head + _update(vendor, Match, fields) + tail
            cursor.execute(sql, [*inserted, *seat, *updated])
            return
        if rows:
            cursor.execute(_insert(vendor, len(rows)), inserted)
        if delivered is not None:
            cursor.execute(_update(vendor, Seat, DELIVERY_FIELDS), seat)
        cursor.execute(_update(vendor, Match, fields), updated)
