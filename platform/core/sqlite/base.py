"""Django's SQLite backend, with the process's write transactions queued on a lock.

SQLite has one writer at a time. A transaction that finds the write lock taken waits in
SQLite's busy handler, which sleeps in steps of up to 100 ms and checks again: under load a
writer can lose that race several times, and a move then waits a second or more while the
database sat idle in between (bench.api_load's embedded p99). The embedded platform's writers
are threads of one process (the web server, its worker and beat), so they queue here instead,
on a lock that hands over the moment a transaction commits or rolls back. Writers in other
processes (a ``manage.py`` command) still meet SQLite's own lock and busy handler.
"""

from __future__ import annotations

import threading

from django.db import OperationalError
from django.db.backends.sqlite3 import base

_writer = threading.Lock()


class DatabaseWrapper(base.DatabaseWrapper):  # type: ignore[misc]
    holds_writer = False

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
            super()._close()
        finally:
            self._release_writer()
