"""Rate limits shared by the API throttles and the sign-in pages: a sliding window.

The counts live in the shared cache (Redis when scaled out). When the cache cannot be reached,
each process counts in its own memory instead (``LOCAL``): the limit then holds per process,
and public reads keep answering through a Redis outage (README, "Operations").
"""

from __future__ import annotations

import contextlib
import logging
import time

from django.core.cache import cache
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

# This process's own counts, used while the shared cache is unreachable.
LOCAL: BaseCache = LocMemCache("rate-limits-local", {"OPTIONS": {"MAX_ENTRIES": 100_000}})
# What the cache raises when its server is down or does not answer in time.
CACHE_DOWN = (RedisError, ConnectionError)


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
        # After a hit: what is left in the window, and the seconds until more is (RateLimit).
        self.remaining = limit
        self.reset = float(window)

    def _key(self, ident: str, slot: int) -> str:
        return f"{self.prefix}:{ident}:{slot}"

    def hit(self, ident: str) -> bool:
        """Count a hit for ``ident``; return False (and set ``wait``) if it is over the limit.

        Counted in the shared cache, or in this process's memory while that is unreachable.
        """
        try:
            return self._hit(cache, ident)
        except CACHE_DOWN as exc:
            log.warning(
                "rate limit %s: the cache is unreachable (%s); counting locally", self.prefix, exc
            )
            return self._hit(LOCAL, ident)

    def _hit(self, cache: BaseCache, ident: str) -> bool:
        now = clock()
        current = int(now // self.slot)
        key = self._key(ident, current)
        ttl = self.window + 2 * self.slot
        slots = range(current - self.window // self.slot, current + 1)
        per_slot = _count(cache, key, ttl, [self._key(ident, s) for s in slots])
        oldest = next((s for s, n in zip(slots, per_slot, strict=True) if n), current)
        self.reset = max(0.0, (oldest + 1) * self.slot + self.window - now)
        if sum(per_slot) <= self.limit:
            self.remaining = self.limit - sum(per_slot)
            return True
        self.remaining = 0
        with contextlib.suppress(ValueError):  # the slot expired meanwhile: nothing to undo
            cache.decr(key)
        # Wait until enough of the oldest hits have left the window.
        excess = sum(per_slot) - self.limit
        for slot, count in zip(slots, per_slot, strict=True):
            excess -= count
            if excess <= 0:
                self.wait = (slot + 1) * self.slot + self.window - now
                break
        self.reset = self.wait
        return False


def _count(cache: BaseCache, key: str, ttl: int, keys: list[str]) -> list[int]:
    """Count a hit in ``key`` (kept ``ttl`` seconds); return the counts of ``keys``.

    On Redis it is one round trip (a pipeline: create the slot, increment it, read the
    window); elsewhere the cache's own ``add``, ``incr`` and ``get_many``.
    """
    redis_cache = getattr(cache, "_cache", None)
    if isinstance(redis_cache, RedisCacheClient):
        names = [cache.make_and_validate_key(k) for k in keys]
        slot = cache.make_and_validate_key(key)
        pipe = redis_cache.get_client(slot, write=True).pipeline(transaction=False)
        pipe.set(slot, 0, ex=ttl, nx=True)
        pipe.incr(slot)
        pipe.mget(names)
        *_, values = pipe.execute()
        return [int(v) if v is not None else 0 for v in values]
    cache.add(key, 0, ttl)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr: start again
        cache.add(key, 1, ttl)
    counts = cache.get_many(keys)
    return [int(counts.get(k, 0)) for k in keys]
