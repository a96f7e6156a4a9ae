"""BEGIN with the first statement and COMMIT with the last (core/round_trips.py), on the real
database of the pass: on PostgreSQL the transaction's statements really go as two queries, its
on_commit work runs once after, an error still rolls everything back, and the connection comes
out clean; anywhere the merge cannot be done, Django's own transaction runs unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import DatabaseError, connection, transaction

from core.round_trips import NOT_WAITING_FOR_DISK, begin_prefix, commit_suffix
from tests.pg_trace import clean, sent

pytestmark = pytest.mark.django_db(transaction=True)

POSTGRES = connection.vendor == "postgresql"


@pytest.fixture(autouse=True)
def _probe() -> Iterator[None]:
    """A table of this connection's own to write to."""
    with connection.cursor() as cursor:
        cursor.execute("CREATE TEMPORARY TABLE round_trip_probe (name varchar(20))")
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE round_trip_probe")


def _write(head: str, name: str, tail: str = "") -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"{head}INSERT INTO round_trip_probe (name) VALUES (%s){tail}", [name])


def _written() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM round_trip_probe")
        return {name for (name,) in cursor.fetchall()}


def test_a_sole_block_sends_its_statements_as_two_queries() -> None:
    ran: list[str] = []
    if not POSTGRES:  # SQLite: no round trips to save, Django's transaction as it is
        with transaction.atomic():
            assert (begin_prefix(), commit_suffix()) == ("", "")
        return
    with sent() as queries, transaction.atomic():
        _write(begin_prefix(), "first")
        assert begin_prefix() == ""  # begun: a second statement carries no BEGIN
        transaction.on_commit(lambda: ran.append("committed"))
        _write("", "last", commit_suffix())
        assert ran == []  # on_commit work waits for the end of the block
    assert len(queries) == 2, queries
    assert queries[0].startswith('"BEGIN; INSERT') and queries[1].endswith('; COMMIT"')
    assert ran == ["committed"] and clean()
    assert _written() == {"first", "last"}


def test_a_commit_can_leave_the_disk_to_catch_up() -> None:
    if not POSTGRES:
        with transaction.atomic():
            assert commit_suffix(wait_for_disk=False) == ""
        return
    with sent() as queries, transaction.atomic():
        _write(begin_prefix(), "first")
        _write("", "last", commit_suffix(wait_for_disk=False))
    assert queries[1].endswith(f'; {NOT_WAITING_FOR_DISK}COMMIT"') and clean()
    assert _written() == {"first", "last"}
    with connection.cursor() as cursor:  # the setting was the transaction's only
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone()[0] == "on"


def test_an_error_after_the_begin_rolls_it_all_back() -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        _write(begin_prefix(), "lost")
        raise RuntimeError("the move was refused")
    assert clean() and _written() == set()


def test_a_failed_last_statement_commits_nothing() -> None:
    with pytest.raises(DatabaseError), transaction.atomic():
        _write(begin_prefix(), "lost")
        with connection.cursor() as cursor:
            cursor.execute(f"INSERT INTO no_such_table VALUES (1){commit_suffix()}")
    assert clean() and _written() == set()


def test_a_block_inside_another_is_left_to_django() -> None:
    with transaction.atomic(), transaction.atomic():
        assert (begin_prefix(), commit_suffix()) == ("", "")
    with transaction.atomic():  # a block marked for rollback is left alone too
        transaction.set_rollback(True)
        assert (begin_prefix(), commit_suffix()) == ("", "")
    assert clean()
    assert (begin_prefix(), commit_suffix()) == ("", "")  # and outside any block
