"""PostgreSQL's pipeline mode around a short transaction: fewer round trips, same statements.

In pipeline mode psycopg sends a statement without waiting for its answer until a result is
read. A move's transaction (games/services/matches.py) reads the match and its seats, writes
once and commits: pipelined, the two reads go out together and the write goes out with the
COMMIT, so it waits on the server four times instead of five (begin, the reads, the write
with the commit, and the sync that ends pipeline mode). An error in a statement whose
result nobody read surfaces at the next wait (at the latest, the commit) and rolls the
transaction back as before. SQLite has no network and no pipeline: there it does nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection


@contextmanager
def pipelined() -> Iterator[None]:
    """Run the block in pipeline mode on PostgreSQL (as is elsewhere)."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        yield
        return
    connection.ensure_connection()
    with connection.connection.pipeline():
        yield
