"""A test's database connection: what it sent to PostgreSQL (read off libpq's own trace), and
whether it is back as Django left it."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from psycopg import pq


@contextmanager
def sent() -> Iterator[list[str]]:
    """Yield a list that holds, afterwards, the queries the connection sent to PostgreSQL (its
    simple-protocol messages, one round trip each), read off libpq's own trace; on SQLite it
    stays empty."""
    if connection.vendor != "postgresql":
        yield []
        return
    connection.ensure_connection()
    raw = connection.connection.pgconn
    queries: list[str] = []
    with tempfile.TemporaryFile("w+") as trace:
        raw.trace(trace.fileno())
        raw.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
        try:
            yield queries
        finally:
            raw.untrace()
            trace.seek(0)
            for line in trace.read().splitlines():
                direction, _, kind, *text = line.split("\t")
                if direction == "F" and kind in ("Query", "Sync"):
                    queries.append(" ".join(text).strip())


def clean() -> bool:
    """The connection is back as Django left it: no transaction open, autocommit on."""
    if connection.vendor != "postgresql":
        return connection.get_autocommit()
    raw = connection.connection
    idle = raw.info.transaction_status == pq.TransactionStatus.IDLE
    return idle and raw.autocommit and connection.get_autocommit()


def in_transaction() -> bool:
    """A transaction is open on the connection now (at the database, on PostgreSQL)."""
    if connection.vendor != "postgresql":
        return connection.in_atomic_block
    status = connection.connection.info.transaction_status
    return bool(status == pq.TransactionStatus.INTRANS)
