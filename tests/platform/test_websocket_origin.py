"""A WebSocket opens only from the site's own origin: scheme, host and port (issue 20, part 5).

Channels' AllowedHostsOriginValidator compares the Origin's host with ALLOWED_HOSTS and nothing
else, so a page served on another port of the same host (``http://127.0.0.1:9999``, any local
service) or over the other scheme could open the site's sockets with the visitor's cookies.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets
from websockets.exceptions import InvalidStatus

from tests.processes import Server, environment, manage, server

EXTRA = "https://example.org:8443"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real server (uvicorn, embedded mode) with one extra origin allowed."""
    var: Path = tmp_path_factory.mktemp("origin")
    env = environment(var, WEBSOCKET_EXTRA_ORIGINS=EXTRA)
    manage(env, "migrate", "--no-input", "-v0")
    with server(env, var) as srv:
        yield srv


async def opens(url: str, origin: str | None) -> bool:
    """Tell whether a socket opens from ``origin`` (None: no Origin header) and answers."""
    try:
        async with websockets.connect(url, origin=origin, open_timeout=10) as sock:  # type: ignore[arg-type]
            await sock.send(json.dumps({"ping": 1}))
            reply = json.loads(await asyncio.wait_for(sock.recv(), 10))
            return bool(reply.get("pong") == 1)
    except InvalidStatus as refused:
        assert refused.response.status_code == 403
        return False


@pytest.mark.fixed_stack
def test_only_the_sites_own_origin_opens_a_socket(live: Server) -> None:
    port = live.port
    other = 9999 if port != 9999 else 9998
    url = f"{live.ws_url}/ws/ping/"
    cases = {
        f"http://127.0.0.1:{port}": True,  # the site itself
        EXTRA: True,  # listed in WEBSOCKET_EXTRA_ORIGINS
        f"http://127.0.0.1:{other}": False,  # another port of the same host
        f"https://127.0.0.1:{port}": False,  # the other scheme (the server is plain http)
        "http://127.0.0.1": False,  # port 80, not the site's
        f"http://localhost:{port}": False,  # allowed host, but not the one asked for
        "http://evil.example": False,
        f"http://evil.example:{port}": False,
        "https://example.org": False,  # the extra origin's host on another port
        "http://example.org:8443": False,  # the extra origin's host and port, other scheme
        "null": False,  # a sandboxed frame or a file
    }
    seen = {origin: asyncio.run(opens(url, origin)) for origin in cases}
    assert seen == cases


@pytest.mark.fixed_stack
def test_no_origin_header_is_refused_as_before(live: Server) -> None:
    """Browsers always send Origin on a WebSocket; a client without one is refused, as it was
    with Channels' validator (unless ALLOWED_HOSTS is "*")."""
    assert asyncio.run(opens(f"{live.ws_url}/ws/ping/", None)) is False
