"""Send channel-layer events from any thread: request handlers, Celery tasks, worker threads.

In embedded mode the channel layer lives in memory on the server's event loop, so a worker
thread must hand its event to that loop (``asyncio.run_coroutine_threadsafe``) instead of
spinning up a loop of its own, whose queues no consumer would ever read. Every task sends
through ``group_send`` here.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

_server_loop: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()


def set_server_loop(loop: asyncio.AbstractEventLoop | None) -> None:
    """Remember the event loop of the ASGI server in this process (None when it stops)."""
    global _server_loop
    with _lock:
        _server_loop = loop


def server_loop() -> asyncio.AbstractEventLoop | None:
    """Return the ASGI server's loop in this process, if one is running."""
    loop = _server_loop
    return loop if loop is not None and loop.is_running() else None


def group_send(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to a channel-layer group and wait until the layer has taken it."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = server_loop()
    if loop is None:
        async_to_sync(layer.group_send)(group, message)
        return
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        raise RuntimeError("group_send blocks; from async code await agroup_send instead")
    future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
    future.result(timeout=settings.EVENT_SEND_TIMEOUT)


async def agroup_send(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to a group from code running on the server's event loop."""
    layer = get_channel_layer()
    if layer is not None:
        await layer.group_send(group, message)
