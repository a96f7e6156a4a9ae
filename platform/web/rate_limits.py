"""Rate limits shared by the API throttles and the sign-in pages: a sliding window."""

from __future__ import annotations

import contextlib
import time

from django.core.cache import cache


def clock() -> float:
    """Return the time now (tests of the window move it)."""
    return time.time()


class SlidingWindow:
    """Allow at most ``limit`` hits in any ``window`` seconds per key, across processes.

    Hits are counted in slots (a sixtieth of the window, at least a second) with the cache's
    atomic ``incr``; a hit is allowed when the slots of the last ``window`` plus one slot hold
    no more than ``limit`` hits. Any ``window`` seconds lie inside those slots, so the limit
    holds in every window, never twice the limit across a boundary as a fixed window allows.
    A refused hit is taken back, so a client that keeps knocking is let in again as soon as
    old hits leave the window.
    """

    def __init__(self, prefix: str, limit: int, window: int = 60) -> None:
        self.prefix, self.limit, self.window = prefix, limit, window
        # One-second slots for a minute; a sixtieth of longer windows (an hour: a minute).
        self.slot = max(1, window // 60)
        self.wait = 0.0

    def _key(self, ident: str, slot: int) -> str:
        return f"{self.prefix}:{ident}:{slot}"

    def hit(self, ident: str) -> bool:
        """Count a hit for ``ident``; return False (and set ``wait``) if it is over the limit."""
        now = clock()
        current = int(now // self.slot)
        key = self._key(ident, current)
        ttl = self.window + 2 * self.slot
        cache.add(key, 0, ttl)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr: start again
            cache.add(key, 1, ttl)
        slots = range(current - self.window // self.slot, current + 1)
        counts = cache.get_many([self._key(ident, s) for s in slots])
        per_slot = [int(counts.get(self._key(ident, s), 0)) for s in slots]
        if sum(per_slot) <= self.limit:
            return True
        with contextlib.suppress(ValueError):  # the slot expired meanwhile: nothing to undo
            cache.decr(key)
        # Wait until enough of the oldest hits have left the window.
        excess = sum(per_slot) - self.limit
        for slot, count in zip(slots, per_slot, strict=True):
            excess -= count
            if excess <= 0:
                self.wait = (slot + 1) * self.slot + self.window - now
                break
        return False
