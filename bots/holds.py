"""What one bot token holds open: its event streams and its long-polls, a bounded number of each.

A token may hold ``STREAMS_PER_TOKEN`` event streams and ``LONG_POLLS_PER_TOKEN`` long-polls at
once (settings; docs/bots.md, "Limits per token"). A new one over the bound is let in and the
oldest one is closed: ``take`` returns the holders it evicted, and marks them, so that each
notices (``evicted``) even if the wake-up sent to it is lost.

The registry lives in this process's memory in embedded mode (one server process), and in
Redis when scaled out, so that the bound holds across every web process. While Redis is
unreachable nothing is counted and nothing is closed: the waiting endpoints keep answering
(README, "Operations"), the bound is back when Redis is.

Holders are named by the caller: the channel-layer channel a waiting request listens on, so an
evicted holder on any process can be woken through the layer.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Protocol

import redis
from django.conf import settings
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

STREAM = "stream"
POLL = "poll"
# The setting that bounds each kind of hold.
LIMIT_SETTINGS = {STREAM: "STREAMS_PER_TOKEN", POLL: "LONG_POLLS_PER_TOKEN"}
# A registry entry no one refreshes (its process died) is forgotten after this long; an evicted
# mark, after this long too (by then its holder has long noticed).
FORGET_AFTER = 24 * 3600
EVICTED_MARK_SECONDS = 3600
REDIS_DOWN = (RedisError, ConnectionError, OSError)


def limit_of(kind: str) -> int:
    """Return how many holds of ``kind`` one token may have."""
    return int(getattr(settings, LIMIT_SETTINGS[kind]))


class Registry(Protocol):
    def take(self, kind: str, token: str, holder: str, limit: int) -> list[str]: ...

    def evicted(self, holder: str) -> bool: ...

    def drop(self, kind: str, token: str, holder: str) -> None: ...

    def count(self, kind: str, token: str) -> int: ...


class MemoryRegistry:
    """The registry of one process (embedded mode): thread-safe, bounded per token."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.holds: dict[tuple[str, str], dict[str, float]] = {}
        self.marks: dict[str, float] = {}

    def take(self, kind: str, token: str, holder: str, limit: int) -> list[str]:
        """Register ``holder``; return the oldest holders beyond ``limit``, now evicted."""
        now = time.monotonic()
        with self.lock:
            held = self.holds.setdefault((kind, token), {})
            held[holder] = now
            others = sorted((at, name) for name, at in held.items() if name != holder)
            out = [name for _, name in others[: max(0, len(held) - limit)]]
            for name in out:
                del held[name]
                self.marks[name] = now
            self._prune(now)
        return out

    def _prune(self, now: float) -> None:
        old = [name for name, at in self.marks.items() if now - at > EVICTED_MARK_SECONDS]
        for name in old:
            del self.marks[name]

    def evicted(self, holder: str) -> bool:
        with self.lock:
            return holder in self.marks

    def count(self, kind: str, token: str) -> int:
        with self.lock:
            return len(self.holds.get((kind, token), {}))

    def drop(self, kind: str, token: str, holder: str) -> None:
        with self.lock:
            held = self.holds.get((kind, token))
            if held is not None:
                held.pop(holder, None)
                if not held:
                    del self.holds[(kind, token)]
            self.marks.pop(holder, None)


# Register KEYS[1] = the token's sorted set, ARGV = holder, now, limit, forget, mark seconds;
# evict the oldest others beyond the limit, mark them, and return them. One script: atomic.
TAKE = """
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
local n = redis.call('ZCARD', KEYS[1])
local over = n - tonumber(ARGV[3])
local out = {}
if over > 0 then
  for _, name in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
    if #out >= over then break end
    if name ~= ARGV[1] then
      table.insert(out, name)
    end
  end
  for _, name in ipairs(out) do
    redis.call('ZREM', KEYS[1], name)
    redis.call('SET', KEYS[2] .. name, '1', 'EX', ARGV[5])
  end
end
return out
"""


class RedisRegistry:
    """The registry shared by every web process (scaled mode)."""

    def __init__(self, url: str, prefix: str) -> None:
        self.client = redis.Redis.from_url(
            url, socket_timeout=2, socket_connect_timeout=2, decode_responses=True
        )
        self.prefix = f"{prefix}:holds"
        self.script = self.client.register_script(TAKE)

    def _key(self, kind: str, token: str) -> str:
        return f"{self.prefix}:{kind}:{token}"

    def _mark(self) -> str:
        return f"{self.prefix}:evicted:"

    def take(self, kind: str, token: str, holder: str, limit: int) -> list[str]:
        out = self.script(
            keys=[self._key(kind, token), self._mark()],
            args=[holder, time.time(), limit, FORGET_AFTER, EVICTED_MARK_SECONDS],
        )
        return [str(name) for name in out]

    def evicted(self, holder: str) -> bool:
        return bool(self.client.exists(self._mark() + holder))

    def count(self, kind: str, token: str) -> int:
        return int(self.client.zcard(self._key(kind, token)))

    def drop(self, kind: str, token: str, holder: str) -> None:
        pipe = self.client.pipeline()
        pipe.zrem(self._key(kind, token), holder)
        pipe.delete(self._mark() + holder)
        pipe.execute()


_registry: Registry | None = None
_registry_lock = threading.Lock()


def registry() -> Registry:
    """Return this process's registry: Redis when scaled out, memory otherwise."""
    global _registry
    with _registry_lock:
        if _registry is None:
            if settings.REDIS_URL:
                prefix = str(settings.CACHES["default"].get("KEY_PREFIX") or "cardtables")
                _registry = RedisRegistry(settings.REDIS_URL, prefix)
            else:
                _registry = MemoryRegistry()
        return _registry


def holds_in_memory() -> bool:
    """Tell whether the registry is this process's memory: its calls then take microseconds
    and need no thread (a Redis registry's calls are network round trips)."""
    return isinstance(registry(), MemoryRegistry)


def hold_take(*, kind: str, token: str, holder: str) -> list[str]:
    """Register a new hold of ``token``; return the holders it evicts (none while Redis is
    unreachable: then nothing is counted)."""
    try:
        return registry().take(kind, token, holder, limit_of(kind))
    except REDIS_DOWN as exc:
        log.warning("holds of %s: the registry is unreachable (%r); not counted", kind, exc)
        return []


def hold_evicted(*, holder: str) -> bool:
    """Tell whether a newer hold of the same token closed ``holder`` (False if unknown)."""
    try:
        return registry().evicted(holder)
    except REDIS_DOWN:
        return False


def hold_drop(*, kind: str, token: str, holder: str) -> None:
    """Forget a hold that ended (nothing to do if the registry is unreachable)."""
    try:
        registry().drop(kind, token, holder)
    except REDIS_DOWN as exc:
        log.warning("holds of %s: could not forget %s (%r)", kind, holder, exc)


def holds_count(*, kind: str, token: str) -> int | None:
    """Return how many holds of ``kind`` the token has (None while the registry is unreachable)."""
    try:
        return registry().count(kind, token)
    except REDIS_DOWN:
        return None


def hold_key(digest: str) -> str:
    """Return the registry's name for a token (from its digest; never the token itself)."""
    return digest[:32]

