"""The ASGI application: HTTP and WebSocket, plus the embedded worker on lifespan start-up."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from config.parent import die_with_parent

die_with_parent()
django.setup()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402

from config import request_signals  # noqa: E402
from config.embedded import runtime  # noqa: E402
from config.request_threads import on_reused_threads  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from config.socket_session import socket_auth_stack  # noqa: E402
from config.waiting import PATHS as WAITING_PATHS  # noqa: E402
from config.waiting import WaitingHandler  # noqa: E402
from core import events  # noqa: E402
from core.sqlite import checkpoints  # noqa: E402
from web.origins import SiteOriginValidator  # noqa: E402
from web.pulse import pulse  # noqa: E402

log = logging.getLogger(__name__)
GIL_SWITCH_SECONDS = 0.0005
request_signals.install()
# The server's threads (the event loop, request threads, the embedded worker) share one GIL. A
# thread that wants it waits until the holder lets go, up to the switch interval (5 ms by
# default): a move's answer could wait that long behind a house strategy or a worker's poll.
# At 0.5 ms a move's p50 fell from 5.8 to 5.3 ms and its p99 from 20 to 15 ms (bench.request_floor).
sys.setswitchinterval(GIL_SWITCH_SECONDS)

Scope = dict[str, Any]


async def lifespan(scope: Scope, receive: Any, send: Any) -> None:
    """Register this loop for worker threads and run the embedded worker while serving; on
    SQLite, checkpoint the WAL in a thread of its own (core/sqlite/checkpoints.py)."""
    checkpointer = checkpoints.for_default_database()
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            try:
                events.set_server_loop(asyncio.get_running_loop())
                if checkpointer is not None:
                    checkpointer.start()
                if settings.EMBEDDED_WORKER:
                    await asyncio.to_thread(runtime.start)
                    pulse.join("worker", runtime.worker_alive, runtime.live_queues)
                    pulse.join("beat", runtime.beat_alive)
                pulse.join("web")
            except Exception as exc:  # the server must not serve half-started
                log.exception("start-up failed")
                await send({"type": "lifespan.startup.failed", "message": str(exc)})
                return
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            pulse.stop()
            if settings.EMBEDDED_WORKER:
                await asyncio.to_thread(runtime.stop)
            events.set_server_loop(None)
            if checkpointer is not None:
                await asyncio.to_thread(checkpointer.stop)
            await send({"type": "lifespan.shutdown.complete"})
            return


_router = ProtocolTypeRouter(
    {
        "http": on_reused_threads(get_asgi_application()),
        # Only the site's own scheme, host and port, or WEBSOCKET_EXTRA_ORIGINS (web/origins.py).
        "websocket": SiteOriginValidator(socket_auth_stack(URLRouter(websocket_urlpatterns))),
    }
)


_waiting = WaitingHandler()


async def application(scope: Scope, receive: Any, send: Any) -> None:
    """Route lifespan events here, the bot's waiting endpoints to their handler, the rest
    through Channels."""
    if scope["type"] == "lifespan":
        await lifespan(scope, receive, send)
    elif scope["type"] == "http" and scope["path"] in WAITING_PATHS:
        await _waiting(scope, receive, send)
    else:
        await _router(scope, receive, send)
