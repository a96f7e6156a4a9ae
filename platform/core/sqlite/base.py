"""Django's SQLite backend, with write transactions queued on a lock and connections reused.

**Writers queue.** SQLite has one writer at a time. A transaction that finds the write lock
taken waits in SQLite's busy handler, which sleeps in steps of up to 100 ms and checks again:
under load a writer can lose that race several times, and a move then waits a second or more
while the database sat idle in between (bench.api_load's embedded p99). The embedded
platform's writers are threads of one process (the web server, its worker and beat), so they
queue here instead, on a lock that hands over the moment a transaction commits or rolls back.
Writers in other processes (a ``manage.py`` command) still meet SQLite's own lock and busy
handler.

**Connections are reused.** Django opens a connection for each request and each trip to the
thread pool, and closes it after (``CONN_MAX_AGE`` 0): on SQLite that open, with its pragmas,
cost a fifth of the embedded server's time in bench.two_bots. A closed connection goes back to
a small pool per database file instead (rolled back first, never inside a transaction), and the
next open takes it: what the PostgreSQL settings get from psycopg's pool. A pooled connection
is only handed out while its file is the same file (device and inode): a test that deletes and
recreates a database never gets a connection to the old one.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from typing import Any

from django.db import OperationalError
from django.db.backends.sqlite3 import base

from core.sqlite.checkpoints import background

_writer = threading.Lock()
IDLE_PER_FILE = 16  # open connections kept per database file


def _identity(path: str) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


class ConnectionPool:
    """Idle SQLite connections per database file, at most ``size`` each (thread-safe)."""

    def __init__(self, size: int = IDLE_PER_FILE) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.idle: dict[str, list[tuple[tuple[int, int], sqlite3.Connection]]] = {}

    def take(self, path: str) -> sqlite3.Connection | None:
        """Return an idle connection to the file now at ``path``, or None."""
        now = _identity(path)
        while True:
            with self.lock:
                kept = self.idle.get(path)
                if not kept:
                    return None
                identity, connection = kept.pop()
            if identity == now:
                return connection
            connection.close()  # the file was replaced: this one points at the old one

    def give(self, path: str, connection: sqlite3.Connection) -> bool:
        """Keep ``connection`` for the next open of ``path``; False if it must be closed."""
        identity = _identity(path)
        if identity is None:
            return False
        try:
            if connection.in_transaction:
                connection.rollback()  # never hand on an open transaction
        except sqlite3.Error:
            return False
        with self.lock:
            kept = self.idle.setdefault(path, [])
            if len(kept) >= self.size:
                return False
            kept.append((identity, connection))
        return True

    def clear(self) -> int:
        """Close every idle connection; return how many there were."""
        with self.lock:
            everything = [c for kept in self.idle.values() for _, c in kept]
            self.idle.clear()
        for connection in everything:
            connection.close()
        return len(everything)


pool = ConnectionPool()


class DatabaseWrapper(base.DatabaseWrapper):  # type: ignore[misc]
    holds_writer = False

    def _pooled_path(self) -> str | None:
        """The database file whose connections are pooled, or None (memory, URIs)."""
        name = str(self.settings_dict.get("NAME") or "")
        if not name or self.is_in_memory_db() or name.startswith("file:"):
            return None
        return name

    def get_new_connection(self, conn_params: dict[str, Any]) -> sqlite3.Connection:
        path = self._pooled_path()
        if path is not None and (connection := pool.take(path)) is not None:
            return connection
        connection = super().get_new_connection(conn_params)
        if background():  # a thread of this process checkpoints (core/sqlite/checkpoints.py)
            connection.execute("PRAGMA wal_autocheckpoint=0")
        return connection  # type: ignore[no-any-return]

    def _start_transaction_under_autocommit(self) -> None:
        waited = float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
        if not _writer.acquire(timeout=waited):
            raise OperationalError(f"database is locked: no write turn within {waited:g} s")
        self.holds_writer = True
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release_writer()
            raise

    def _release_writer(self) -> None:
        if self.holds_writer:
            self.holds_writer = False
            _writer.release()

    def _commit(self) -> None:
        try:
            super()._commit()
        finally:
            self._release_writer()

    def _rollback(self) -> None:
        try:
            super()._rollback()
        finally:
            self._release_writer()

    def _close(self) -> None:
        try:
            path = self._pooled_path()
            connection = self.connection
            if connection is None or path is None or not pool.give(path, connection):
                super()._close()
        finally:
            self._release_writer()
