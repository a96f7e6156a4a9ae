"""core.sqlite.checkpoints: while the server runs, a thread of its own checkpoints the WAL and
the server's new connections leave it to that thread."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.sqlite.checkpoints import Checkpointer, background
from tests.core.test_sqlite import _wrapper


@pytest.fixture(autouse=True)
def _connections_allowed(django_db_blocker: Any) -> Iterator[None]:
    """These tests open their own files, not the test database."""
    with django_db_blocker.unblock():
        yield


def _write(path: Path, rows: int) -> None:
    """Append ``rows`` rows to table t without checkpointing (so the log grows)."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA wal_autocheckpoint=0")
    connection.execute("CREATE TABLE IF NOT EXISTS t (n INTEGER, pad TEXT)")
    connection.executemany("INSERT INTO t VALUES (?, ?)", [(n, "x" * 500) for n in range(rows)])
    connection.commit()
    _open.append(connection)  # kept open: closing the last connection would checkpoint


_open: list[sqlite3.Connection] = []


@pytest.fixture(autouse=True)
def _close_writers() -> Iterator[None]:
    yield
    while _open:
        _open.pop().close()


def _autocheckpoint(path: Path) -> int:
    wrapper = _wrapper(path)
    connection = wrapper.get_new_connection(wrapper.get_connection_params())
    try:
        return int(connection.execute("PRAGMA wal_autocheckpoint").fetchone()[0])
    finally:
        connection.close()


def test_a_checkpoint_copies_the_log_into_the_file(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    _write(path, 200)
    busy, pages, copied = Checkpointer(str(path)).checkpoint() or (1, 0, 0)
    assert busy == 0 and pages > 10 and copied == pages


def test_while_it_runs_new_connections_do_not_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    _write(path, 1)
    assert not background() and _autocheckpoint(path) == 1000  # SQLite's own default
    checkpointer = Checkpointer(str(path), every=0.05)
    checkpointer.start()
    try:
        assert background() and _autocheckpoint(path) == 0
        _write(path, 100)
        deadline = time.monotonic() + 5
        while checkpointer.done < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert checkpointer.done >= 2
    finally:
        checkpointer.stop()
    assert not background() and _autocheckpoint(path) == 1000
    log_left = sqlite3.connect(path).execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    assert log_left[1] == log_left[2]  # every page of the log is in the file


def test_a_missing_database_is_logged_not_raised(tmp_path: Path) -> None:
    assert Checkpointer(str(tmp_path / "none" / "db.sqlite3")).checkpoint() is None
