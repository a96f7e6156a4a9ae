"""A plain-text progress bar on stderr (no dependency): redrawn in place on a terminal, a line
every tenth of the run otherwise."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30
REDRAW = 0.2  # seconds between redraws on a terminal


class Progress:
    """Count finished matches out of ``total``; silent when ``enabled`` is false."""

    def __init__(self, total: int, *, enabled: bool = True, stream: TextIO | None = None) -> None:
        self.total = total
        self.done = 0
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.tty = self.stream.isatty()
        self.start = time.monotonic()
        self._drawn = 0.0
        self._tenth = 0

    def advance(self, count: int = 1) -> None:
        self.done += count
        if not self.enabled:
            return
        now = time.monotonic()
        if self.tty:
            if now - self._drawn >= REDRAW or self.done == self.total:
                self._drawn = now
                end = "\n" if self.done == self.total else ""
                self.stream.write("\r" + self.line(now) + end)
                self.stream.flush()
        else:
            tenth = self.done * 10 // self.total
            if tenth > self._tenth:
                self._tenth = tenth
                self.stream.write(self.line(now) + "\n")
                self.stream.flush()

    def line(self, now: float) -> str:
        filled = self.done * WIDTH // self.total
        elapsed = now - self.start
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        return (
            f"[{'#' * filled}{'.' * (WIDTH - filled)}] {self.done}/{self.total} matches"
            f"  {elapsed:.0f} s, about {eta:.0f} s left"
        )
