"""Keep waiting async views (the long-poll, the event stream) from holding a thread each.

Django's ASGI handler gives every request its own thread for thread-sensitive sync code, made
on first use and kept until the request ends. Its ``request_started`` receivers are sync, so
they make that thread at the start of every request, and a long-poll then keeps an idle thread
for as long as it waits. In that fresh thread they have nothing to do: it holds no database
connection to recycle and no query log to reset. Under ASGI we replace them with an async
receiver that does nothing, so a request that runs no sync code makes no thread.
``request_finished`` keeps Django's receiver: it closes the connections a sync view opened.
"""

from __future__ import annotations

from typing import Any

from django.core import signals
from django.db import close_old_connections, reset_queries


async def _request_started(**kwargs: Any) -> None:
    """Do nothing: see the module's docstring."""


def install() -> None:
    """Swap Django's sync ``request_started`` receivers for the async no-op (ASGI only)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_started.disconnect(reset_queries)
    signals.request_started.connect(_request_started, dispatch_uid="cardtables-asgi-started")
