"""SQLite's WAL checkpoints in a thread of their own, off the writers' path.

In WAL mode SQLite copies the log back into the database file once the log passes 1,000 pages,
in the commit that passed it, and with ``synchronous=NORMAL`` that copy ends in an fsync. The
commit holds the one write turn (``core.sqlite.base``) all that while, so every queued writer
waited too: the embedded server's occasional 60 ms move at half load (bench.api_load).

While the server runs, a ``Checkpointer`` copies the log every ``CHECKPOINT_SECONDS`` from a
connection of its own (``PRAGMA wal_checkpoint(PASSIVE)``, which never waits for writers or
readers and never blocks them), and the connections the server opens turn their own automatic
checkpoints off (``background()``). Other processes (a management command, the tests) keep
SQLite's automatic checkpoints.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

from django.db import connections

log = logging.getLogger(__name__)

CHECKPOINT_SECONDS = 1.0
_running = threading.Event()  # set while a Checkpointer runs in this process


def background() -> bool:
    """Tell whether this process checkpoints in the background (connections then do not)."""
    return _running.is_set()


class Checkpointer:
    """Checkpoint the WAL of the database file at ``path`` every ``every`` seconds."""

    def __init__(self, path: str, every: float = CHECKPOINT_SECONDS) -> None:
        self.path = path
        self.every = every
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.done = 0  # checkpoints run, for the tests

    def start(self) -> None:
        _running.set()
        self.thread = threading.Thread(target=self._run, name="sqlite-checkpoints", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopping.wait(self.every):
            self.checkpoint()

    def checkpoint(self) -> tuple[int, int, int] | None:
        """Copy what it can of the log into the file now; return SQLite's (busy, pages in the
        log, pages copied), or None if the database could not be opened."""
        try:
            connection = sqlite3.connect(self.path, timeout=1)
            try:
                row = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            finally:
                connection.close()
        except sqlite3.Error as exc:
            log.warning("could not checkpoint %s: %r", self.path, exc)
            return None
        self.done += 1
        busy, pages, copied = row
        return int(busy), int(pages), int(copied)

    def stop(self) -> None:
        """Stop the thread, checkpoint once more, and let connections checkpoint again."""
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(timeout=10)
        _running.clear()
        self.checkpoint()


def for_default_database() -> Checkpointer | None:
    """Return a Checkpointer for the default database if it is an SQLite file, else None."""
    database = connections["default"]
    if database.vendor != "sqlite" or database.is_in_memory_db():
        return None
    name = str(database.settings_dict.get("NAME") or "")
    return Checkpointer(name) if name and not name.startswith("file:") else None
