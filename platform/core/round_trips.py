"""A write transaction in two round trips on PostgreSQL: BEGIN goes with its first statement,
COMMIT with its last.

psycopg sends BEGIN on its own before a transaction's first statement, and Django's
``atomic()`` sends COMMIT on its own at the end: two of the four round trips of a move
(games/services/matches.py). A caller that holds the only ``atomic()`` block and knows which
statements are its first and last puts ``begin_prefix()`` before the first and
``commit_suffix()`` after the last, in the same ``execute`` (psycopg's client-side binding
sends such a string as one simple query).

- ``begin_prefix`` turns psycopg's own BEGIN off for this transaction (its ``autocommit``; Django's
  flag is left as it is), so the statement's BEGIN opens it.
- After ``commit_suffix``'s COMMIT, Django's commit at the end of the block finds nothing open
  and sends nothing (psycopg commits only an open transaction), then runs the ``on_commit``
  callbacks as always. So nothing may write after the statement that carries the COMMIT.
- ``commit_suffix(wait_for_disk=False)`` commits without waiting for the log to reach the disk
  (a move's commit; see ``MOVE_COMMIT_WAITS_FOR_DISK`` in the README).
- An error rolls back as before: Django's rollback sends ROLLBACK when a transaction is open,
  and a failed COMMIT has already ended it.

Anywhere else (SQLite, a block inside another, a test's transaction, a block already marked
for rollback) both return "" and the transaction runs as Django runs it.
"""

from __future__ import annotations

from django.db import connection
from psycopg.pq import TransactionStatus


def _sole_block() -> bool:
    """True on PostgreSQL inside exactly one ``atomic()`` block that is still good."""
    return (
        connection.vendor == "postgresql"
        and connection.in_atomic_block
        and len(connection.atomic_blocks) == 1
        and not connection.needs_rollback
    )


def begin_prefix() -> str:
    """Return "BEGIN; " to send before the first statement of the caller's transaction, or ""
    when that cannot be done (see the module)."""
    pg = connection.connection
    if not _sole_block() or pg is None:
        return ""
    if pg.info.transaction_status != TransactionStatus.IDLE:  # it has begun already
        return ""
    pg.autocommit = True  # no BEGIN of psycopg's: the statement carries it
    return "BEGIN; "


# PostgreSQL's own words for a commit that returns before its log reaches the disk (for this
# transaction only): a crash of the platform loses nothing, a crash of the database server or
# its machine can lose the last moments' commits, as SQLite's WAL with synchronous=NORMAL can.
NOT_WAITING_FOR_DISK = "SET LOCAL synchronous_commit TO OFF; "


def commit_suffix(*, wait_for_disk: bool = True) -> str:
    """Return "; COMMIT" to send after the last statement of the caller's transaction, or ""
    (see the module). The caller must write nothing after it. ``wait_for_disk=False``: the
    COMMIT returns without waiting for the log's flush (``NOT_WAITING_FOR_DISK``)."""
    if not _sole_block():
        return ""
    return "; " + ("" if wait_for_disk else NOT_WAITING_FOR_DISK) + "COMMIT"
