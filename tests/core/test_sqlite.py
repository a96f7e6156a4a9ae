"""The embedded database engine (core.sqlite): writers queue on a lock, connections are reused."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.sqlite.base import ConnectionPool, DatabaseWrapper, pool


def _wrapper(path: Path) -> Any:
    settings: dict[str, Any] = {
        "ENGINE": "core.sqlite",
        "NAME": str(path),
        "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 5},
        "ATOMIC_REQUESTS": False,
        "AUTOCOMMIT": True,
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": False,
        "TIME_ZONE": None,
        "USER": "",
        "PASSWORD": "",
        "HOST": "",
        "PORT": "",
        "TEST": {},
    }
    wrapper = DatabaseWrapper(settings, alias=f"test-{path.name}")
    wrapper.inc_thread_sharing()
    return wrapper


@pytest.fixture(autouse=True)
def _connections_allowed(django_db_blocker: Any) -> Iterator[None]:
    """These tests open their own files, not the test database."""
    with django_db_blocker.unblock():
        yield


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "db.sqlite3"
    first = _wrapper(path)
    with first.cursor() as cursor:
        cursor.execute("CREATE TABLE t (n INTEGER)")
    first.close()
    yield path
    pool.clear()


def _opened_then_closed(path: Path) -> Any:
    """Open a connection to ``path`` and close it (into the pool); return it."""
    wrapper = _wrapper(path)
    wrapper.ensure_connection()
    opened = wrapper.connection
    wrapper.close()
    return opened


def test_a_closed_connection_is_reused(database: Path) -> None:
    opened = _opened_then_closed(database)
    again = _wrapper(database)
    again.ensure_connection()
    assert again.connection is opened  # no new open, no pragmas again
    again.close()


def test_an_open_transaction_is_rolled_back_before_reuse(database: Path) -> None:
    wrapper = _wrapper(database)
    wrapper.ensure_connection()
    wrapper.connection.execute("BEGIN")
    wrapper.connection.execute("INSERT INTO t VALUES (1)")
    wrapper.close()  # mid-transaction: it must not reach the next user open
    again = _wrapper(database)
    with again.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM t")
        assert cursor.fetchone()[0] == 0
    assert not again.connection.in_transaction
    again.close()


def test_a_replaced_file_gets_a_new_connection(database: Path) -> None:
    old = _opened_then_closed(database)
    database.unlink()  # a test deleted and re-made its database
    fresh = _wrapper(database)
    with fresh.cursor() as cursor:
        cursor.execute("CREATE TABLE u (n INTEGER)")
    assert fresh.connection is not old
    fresh.close()


def test_the_pool_is_bounded(tmp_path: Path) -> None:
    import sqlite3

    small = ConnectionPool(size=2)
    path = tmp_path / "x.sqlite3"
    opened = [sqlite3.connect(path, check_same_thread=False) for _ in range(3)]
    kept = [small.give(str(path), c) for c in opened]
    assert kept == [True, True, False]
    assert small.clear() == 2


def test_writers_of_one_process_queue_on_the_lock(database: Path) -> None:
    first, second = _wrapper(database), _wrapper(database)
    first.ensure_connection()
    second.ensure_connection()
    first._start_transaction_under_autocommit()  # what atomic() does on SQLite
    waited: list[bool] = []

    def write() -> None:
        second._start_transaction_under_autocommit()
        waited.append(True)
        second._rollback()

    thread = threading.Thread(target=write)
    thread.start()
    thread.join(0.3)
    assert waited == []  # it waits for the first writer's turn to end
    first._rollback()
    thread.join(5)
    assert waited == [True]
    first.close()
    second.close()
