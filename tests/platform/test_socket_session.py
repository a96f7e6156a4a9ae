"""config.socket_session: a socket gets the session in its scope, and its frames go straight to
the server (Channels' session wrapper checked the session on every frame for nothing)."""

from __future__ import annotations

import asyncio
from importlib import import_module
from typing import Any

import pytest
from channels.auth import get_user
from channels.sessions import CookieMiddleware
from django.conf import settings

from config.socket_session import SocketSessionMiddleware, socket_auth_stack


class Inner:
    """An ASGI app that keeps what it was called with."""

    def __init__(self) -> None:
        self.calls: list[tuple[dict[str, Any], Any]] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.calls.append((scope, send))


async def server_send(message: dict[str, Any]) -> None:
    """The server's own send."""


def scope_of(kind: str, cookie: str = "") -> dict[str, Any]:
    headers = [(b"cookie", cookie.encode())] if cookie else []
    return {"type": kind, "path": "/ws/x/", "headers": headers}


@pytest.mark.django_db
def test_a_socket_gets_its_session_and_the_servers_own_send() -> None:
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["marker"] = "mine"
    session.save()
    inner = Inner()
    app = CookieMiddleware(SocketSessionMiddleware(inner))
    asyncio.run(app(scope_of("websocket", f"sessionid={session.session_key}"), None, server_send))
    [(scope, send)] = inner.calls
    assert send is server_send
    assert scope["session"].session_key == session.session_key
    assert scope["session"]["marker"] == "mine"


def test_an_http_scope_keeps_channels_wrapped_send() -> None:
    inner = Inner()
    app = CookieMiddleware(SocketSessionMiddleware(inner))
    asyncio.run(app(scope_of("http"), None, server_send))
    [(scope, send)] = inner.calls
    assert send is not server_send and "session" in scope


@pytest.mark.django_db
def test_the_stack_puts_the_user_in_a_sockets_scope() -> None:
    inner = Inner()
    asyncio.run(socket_auth_stack(inner)(scope_of("websocket"), None, server_send))
    [(scope, send)] = inner.calls
    assert send is server_send
    assert asyncio.run(_user_is_anonymous(scope))


async def _user_is_anonymous(scope: dict[str, Any]) -> bool:
    return bool((await get_user(scope)).is_anonymous)
