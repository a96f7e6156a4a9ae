"""Send channel-layer events from any thread: request handlers, Celery tasks, worker threads.

In embedded mode the channel layer lives in memory on the server's event loop, so a worker
thread must hand its event to that loop (``asyncio.run_coroutine_threadsafe``) instead of
spinning up a loop of its own, whose queues no consumer would ever read. In a process with no
server (a Celery worker on Redis) events go through one long-lived loop in a daemon thread, so
the Redis layer keeps its connections instead of opening new ones on a new loop per event.
Every task sends through ``group_send`` here.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

_server_loop: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()
log = logging.getLogger(__name__)


def set_server_loop(loop: asyncio.AbstractEventLoop | None) -> None:
    """Remember the event loop of the ASGI server in this process (None when it stops)."""
    global _server_loop
    with _lock:
        _server_loop = loop


def server_loop() -> asyncio.AbstractEventLoop | None:
    """Return the ASGI server's loop in this process, if one is running."""
    loop = _server_loop
    return loop if loop is not None and loop.is_running() else None


_sender_loop: asyncio.AbstractEventLoop | None = None


def _sending_loop() -> asyncio.AbstractEventLoop:
    """Return this process's event loop for events: the server's, or one of our own."""
    global _sender_loop
    loop = server_loop()
    if loop is not None:
        return loop
    with _lock:
        if _sender_loop is None or not _sender_loop.is_running():
            _sender_loop = asyncio.new_event_loop()
            started = threading.Event()
            _sender_loop.call_soon(started.set)
            threading.Thread(
                target=_sender_loop.run_forever, name="channel-layer-events", daemon=True
            ).start()
            started.wait(5)
        return _sender_loop


def group_send(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to a channel-layer group and wait until the layer has taken it."""
    group_send_all([(group, message)])


Messages = list[tuple[str, dict[str, Any]]]


def group_send_all(messages: Messages, *, wait: bool = True) -> None:
    """Send each (group, message) in order, in one trip to the event loop, and wait until the
    layer has taken them all: a change's events cost one hand-over, not one each.

    ``wait=False`` in the server's own process: hand the messages to the server's loop and
    return at once, so a request does not wait for the layer (a move's answer goes back while
    its events go out). They still go out in the order they were handed over, each batch after
    the one before (``_in_turn``); a failure is logged there. Elsewhere (a worker, a command)
    it waits as with ``wait=True``: a process may end right after.
    """
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all() -> None:
        batch = getattr(layer, "group_send_all", None)  # core.channel_layer's, on Redis
        if batch is not None:
            await batch(messages)
            return
        failed: Exception | None = None
        for group, message in messages:
            try:
                await layer.group_send(group, message)
            except Exception as exc:  # the others still go; the first failure is raised
                failed = failed or exc
        if failed is not None:
            raise failed

    if server_loop() is None and settings.EMBEDDED:
        # Embedded, with no server in this process (a management command, a test): the
        # in-memory layer is only read here, so send on a loop of the caller's own.
        async_to_sync(send_all)()
        return
    loop = _sending_loop()
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        raise RuntimeError("group_send blocks; from async code await agroup_send instead")
    if not wait and loop is server_loop():
        groups = [group for group, _ in messages]
        loop.call_soon_threadsafe(_in_turn, loop, send_all, groups)
        return
    future = asyncio.run_coroutine_threadsafe(send_all(), loop)
    future.result(timeout=settings.EVENT_SEND_TIMEOUT)


# Batches handed over without waiting and not yet sent, at most this many per loop: beyond it
# (the layer is down or far behind) a batch is dropped and logged, as a failed send would be.
# Clients see the gap in versions and read the state again (docs/DESIGN.md, "Events").
OUTBOX_LIMIT = 1000


class _Outbox:
    """The batches one loop sends in turn; used on that loop's thread only."""

    def __init__(self) -> None:
        self.tail: asyncio.Task[None] | None = None
        self.pending = 0


# Weak keys: a loop that ends (a test's, a restarted server's) takes its outbox with it.
_outboxes: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Outbox] = (
    weakref.WeakKeyDictionary()
)


def _in_turn(
    loop: asyncio.AbstractEventLoop, send: Callable[[], Awaitable[None]], groups: list[str]
) -> None:
    """On ``loop``: send a batch once the batch handed over before it is sent."""
    outbox = _outboxes.setdefault(loop, _Outbox())
    if outbox.pending >= OUTBOX_LIMIT:
        log.error("events to %s dropped: %d batches wait already", groups, outbox.pending)
        return
    previous = outbox.tail

    async def after_previous() -> None:
        try:
            if previous is not None and not previous.done():
                await asyncio.wait([previous])
            await asyncio.wait_for(send(), settings.EVENT_SEND_TIMEOUT)
        except Exception:  # a lost event must never undo or block a committed change
            log.exception("could not send the events to %s", groups)
        finally:
            outbox.pending -= 1

    outbox.pending += 1
    outbox.tail = loop.create_task(after_previous())


async def agroup_send(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to a group from code running on the server's event loop."""
    layer = get_channel_layer()
    if layer is not None:
        await layer.group_send(group, message)
