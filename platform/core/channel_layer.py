"""The Redis channel layer, with a batch send that costs one round trip when nobody listens.

channels_redis' ``group_send`` reads a group's members in two round trips (dropping the
expired ones, then listing the rest) before it sends anything. A move sends two or three
events (its match's group and a bot's), and mostly nobody is in those groups: a practice match
nobody watches, a bot that takes its next turn from the move's answer. Those round trips ran on
the server's event loop, which a move's answer shares: about half a millisecond of each move
(bench.request_floor). ``group_send_all`` reads every group of a batch in one pipeline, then
sends, in order, only to the groups that have members, with channels_redis' own send.
"""

from __future__ import annotations

import time
from typing import Any

from channels_redis.core import RedisChannelLayer as ChannelsRedisLayer


class RedisChannelLayer(ChannelsRedisLayer):  # type: ignore[misc]
    """channels_redis' layer plus ``group_send_all`` (core.events sends through it)."""

    async def group_send_all(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
        """Send each (group, message) in order; a group with no member costs no more than its
        share of one pipeline. A failing send does not stop the others; the first failure is
        raised at the end."""
        for group, _ in messages:
            assert self.require_valid_group_name(group), "Group name not valid"
        oldest = int(time.time()) - self.group_expiry
        by_connection: dict[int, list[int]] = {}
        for position, (group, _) in enumerate(messages):
            by_connection.setdefault(self.consistent_hash(group), []).append(position)
        listened = [False] * len(messages)
        for index, positions in by_connection.items():
            pipe = self.connection(index).pipeline(transaction=False)
            for position in positions:
                key = self._group_key(messages[position][0])
                pipe.zremrangebyscore(key, min=0, max=oldest)
                pipe.zcard(key)
            replies = await pipe.execute()
            for n, position in enumerate(positions):
                listened[position] = int(replies[2 * n + 1]) > 0
        failed: Exception | None = None
        for (group, message), members in zip(messages, listened, strict=True):
            if not members:
                continue
            try:
                await self.group_send(group, message)
            except Exception as exc:  # the others still go
                failed = failed or exc
        if failed is not None:
            raise failed
