"""Live pages over WebSockets: one channel-layer membership per process and group.

Every live socket (a match table, a tournament, a leaderboard, a league season) listens to one
channel-layer group. Instead of one membership per socket, each ASGI process joins a group once
and fans its messages out to the local sockets: with Redis, a message per socket would cost a
round trip each, and a thousand spectators would each wait on the layer.

``VersionedGroupConsumer`` is the read-only socket of the pages whose events carry a version
(tournaments, leaderboards, leagues): a ``state`` message with the current version on connect
and on ``{"action": "sync"}``, then an ``event`` message per group event. Protocol: docs/web.md.

Each socket's events wait in an ``Outbox`` of bounded length: a reader that falls too far
behind gets one fresh ``state`` in place of the events it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from core.api_parsers import BoundedJsonMessages

log = logging.getLogger(__name__)

CLOSE_NOT_FOUND = 4404
# An alias that names no channel layer: sockets get their events through the relay below.
RELAY_ONLY = "core.live:relay-only"


class Listener(Protocol):
    """A socket that takes a group's messages (a consumer)."""

    def deliver(self, event: dict[str, Any]) -> None: ...

    def missed(self) -> None:
        """Events may have been lost (the relay lost the layer): send a fresh state next."""


RETRY_MAX = 2.0  # seconds between a relay's attempts to join its group again, at most
JOIN_WAIT = 2.0  # seconds a new socket waits for its relay to join before going on anyway


class _Relay:
    """This process's membership of one group, passing every message to the local listeners.

    It outlives the channel layer's failures: a read that times out or a Redis that restarts
    makes it join again (with a fresh channel, after a short pause), and then every listener is
    told that it may have missed events, so each sends its reader a fresh state. A dead relay
    would leave its sockets silent for good.
    """

    def __init__(self, group: str) -> None:
        self.group = group
        self.listeners: set[Listener] = set()
        self.task: asyncio.Task[None] | None = None
        self.joined = asyncio.Event()
        self.failures = 0  # in a row, since the last successful join
        # Awaited once per message before the listeners get it: it may warm what they all
        # need (a match's spectator text), so a thousand writers find it ready and none waits.
        self.prepare: Callable[[dict[str, Any]], Awaitable[None]] | None = None

    async def _prepared(self, event: dict[str, Any]) -> None:
        if self.prepare is None:
            return
        try:
            await self.prepare(event)
        except Exception:  # the listeners then do the work themselves
            log.exception("live relay of %s could not prepare an event", self.group)

    async def run(self) -> None:
        from channels.layers import get_channel_layer

        layer = get_channel_layer()
        assert layer is not None
        while True:
            channel = None
            try:
                channel = await layer.new_channel(prefix="relay.")
                await layer.group_add(self.group, channel)
                if self.failures:
                    for listener in list(self.listeners):
                        listener.missed()
                self.failures = 0
                self.joined.set()
                while True:
                    event = await layer.receive(channel)
                    await self._prepared(event)
                    for listener in list(self.listeners):
                        listener.deliver(event)
            except Exception as exc:  # the layer failed: join again (CancelledError ends it)
                self.failures += 1
                # Once per outage at warning level: a Redis that stays down is retried quietly.
                level = logging.WARNING if self.failures == 1 else logging.DEBUG
                log.log(level, "live relay of %s lost the channel layer (%r)", self.group, exc)
                await asyncio.sleep(min(RETRY_MAX, 0.05 * 2**self.failures))
            finally:
                if channel is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.shield(layer.group_discard(self.group, channel))


_relays: dict[str, _Relay] = {}

# A socket whose reader falls this many events behind has them dropped and gets one fresh
# ``state`` instead (Outbox): a reader slower than the table never grows the server's memory.
OUTBOX_EVENTS = 64
RESYNC = None  # what Outbox.get returns when the socket must be sent a fresh state


class Outbox:
    """The events waiting for one socket's writer, at most ``limit`` of them.

    The relay puts events in without ever waiting. When a slow or silent reader lets ``limit``
    pile up (its writer is stuck on a full network buffer), they are all dropped and the writer
    is told to send one fresh ``state`` instead: a state stands for every event before it, so
    a reader that catches up loses nothing, and one that never reads costs a bounded queue.
    """

    def __init__(self, limit: int = OUTBOX_EVENTS) -> None:
        self.limit = limit
        self.events: deque[dict[str, Any]] = deque()
        self.behind = False
        self.dropped = 0  # events replaced by a fresh state, over the socket's life
        self.ready = asyncio.Event()

    def put(self, event: dict[str, Any]) -> None:
        if len(self.events) >= self.limit:
            self.dropped += len(self.events) + 1
            self.events.clear()
            self.behind = True
        elif not self.behind:
            self.events.append(event)
        else:
            self.dropped += 1  # the coming state will hold it
        self.ready.set()

    def resync(self) -> None:
        """Drop what waits and send a fresh state next (events may have been lost)."""
        self.dropped += len(self.events)
        self.events.clear()
        self.behind = True
        self.ready.set()

    async def get(self) -> dict[str, Any] | None:
        """Return the next event, or RESYNC (None): send a fresh state, then go on."""
        while not self.events and not self.behind:
            self.ready.clear()
            await self.ready.wait()
        if self.behind:
            self.behind = False
            return RESYNC
        return self.events.popleft()


async def listen(
    group: str,
    listener: Listener,
    prepare: Callable[[dict[str, Any]], Awaitable[None]] | None = None,
) -> None:
    """Start passing the messages of ``group`` to ``listener`` (once this returns); ``prepare``
    is awaited once per message before any listener gets it (see _Relay.prepare)."""
    relay = _relays.get(group)
    if relay is None or relay.task is None or relay.task.done():
        relay = _relays[group] = _Relay(group)
        relay.task = asyncio.create_task(relay.run())
    if prepare is not None:
        relay.prepare = prepare
    relay.listeners.add(listener)
    try:
        await asyncio.wait_for(asyncio.shield(relay.joined.wait()), JOIN_WAIT)
    except TimeoutError:
        # The layer is down: the socket still gets its state from the database, and a fresh
        # one once the relay joins (Listener.missed).
        log.warning("live relay of %s has not joined its group yet", group)


async def unlisten(group: str, listener: Listener) -> None:
    """Stop passing messages to ``listener``; the last one out leaves the group."""
    relay = _relays.get(group)
    if relay is None:
        return
    relay.listeners.discard(listener)
    if not relay.listeners and relay.task is not None:
        del _relays[group]
        relay.task.cancel()
        await asyncio.gather(relay.task, return_exceptions=True)


class VersionedGroupConsumer(BoundedJsonMessages, AsyncJsonWebsocketConsumer):
    """A read-only socket on one group whose events carry a version.

    Subclasses name the group and the event type, and read the current version (None when the
    thing is gone or unknown: the socket then closes with 4404).
    """

    channel_layer_alias = RELAY_ONLY
    event_type = ""
    group = ""
    listening = False
    outbox: Outbox | None = None
    writer: asyncio.Task[None] | None = None

    def group_of(self, kwargs: dict[str, Any]) -> str:
        """Return the group named by the URL's arguments."""
        raise NotImplementedError

    def version_of(self, kwargs: dict[str, Any]) -> int | None:
        """Return the current version (a database read), or None when there is no such thing."""
        raise NotImplementedError

    def not_found_detail(self, kwargs: dict[str, Any]) -> str:
        return "no such page"

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        # Accept first: a close code only reaches the client after the handshake.
        await self.accept()
        if await sync_to_async(self.version_of)(kwargs) is None:
            await self._not_found()
            return
        # Listen before reading the version, so no change falls between the two.
        self.group = self.group_of(kwargs)
        self.outbox = Outbox()
        self.writer = asyncio.create_task(self._write())
        await listen(self.group, self)
        self.listening = True
        await self._send_state()

    async def disconnect(self, code: int) -> None:
        if self.listening:
            self.listening = False
            await unlisten(self.group, self)
        if self.writer is not None:
            self.writer.cancel()

    def deliver(self, event: dict[str, Any]) -> None:
        """Queue a group event for this socket (called by the relay; never blocks)."""
        if self.outbox is not None and event.get("type") == self.event_type:
            self.outbox.put(event)

    def missed(self) -> None:
        if self.outbox is not None:
            self.outbox.resync()

    async def _write(self) -> None:
        assert self.outbox is not None
        while True:
            event = await self.outbox.get()
            if event is None:  # RESYNC: a fresh state stands for the dropped events
                await self._send_state()
                continue
            body = {key: value for key, value in event.items() if key != "type"}
            await self.send_json({"type": "event", **body})

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("action") == "sync":
            await self._send_state()
        else:
            await self.send_json(
                {"type": "error", "error": "bad_request", "detail": 'send {"action": "sync"}'}
            )

    async def _send_state(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        version = await sync_to_async(self.version_of)(kwargs)
        if version is None:
            await self._not_found()
            return
        await self.send_json({"type": "state", "version": version})

    async def _not_found(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        detail = self.not_found_detail(kwargs)
        await self.send_json({"type": "error", "error": "not_found", "detail": detail})
        await self.close(code=CLOSE_NOT_FOUND)
