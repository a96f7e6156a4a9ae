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
from typing import Any

import pytest
import websockets
from asgiref.testing import ApplicationCommunicator
from websockets.exceptions import InvalidStatus

from tests.processes import Server, environment, migrate, server
from web.origins import SiteOriginValidator

EXTRA = "https://example.org:8443"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real server (uvicorn, embedded mode) with one extra origin allowed."""
    var: Path = tmp_path_factory.mktemp("origin")
    env = environment(var, WEBSOCKET_EXTRA_ORIGINS=EXTRA)
    migrate(env)
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


async def accepting_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The smallest WebSocket app: accept, then wait for the close."""
    await receive()
    await send({"type": "websocket.accept"})
    await receive()


def handshake(origin: str | None, host: str, scheme: str = "ws", **headers: str) -> bool:
    """Run one handshake through the validator in-process; tell whether it was accepted."""
    sent = {"host": host, **({"origin": origin} if origin is not None else {}), **headers}
    scope = {
        "type": "websocket",
        "path": "/ws/ping/",
        "scheme": scheme,
        "headers": [(k.encode(), v.encode("latin1")) for k, v in sent.items()],
        "subprotocols": [],
    }

    async def run() -> bool:
        talk = ApplicationCommunicator(SiteOriginValidator(accepting_app), scope)
        await talk.send_input({"type": "websocket.connect"})
        reply = await talk.receive_output(2)
        await talk.send_input({"type": "websocket.disconnect", "code": 1000})
        await talk.wait(2)
        return bool(reply["type"] == "websocket.accept")

    return asyncio.run(run())


# In-process handshakes: Channels checks the thread's database connections around each
# consumer message (a query on PostgreSQL with health checks), so these may touch the database.
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("origin", "host", "scheme", "accepted"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", "ws", True),
        ("http://127.0.0.1:9999", "127.0.0.1:8000", "ws", False),
        ("https://127.0.0.1:8000", "127.0.0.1:8000", "ws", False),
        ("http://evil.example", "127.0.0.1:8000", "ws", False),
        ("http://LOCALHOST:8000", "localhost:8000", "ws", True),  # hosts compare without case
        ("http://localhost", "localhost", "ws", True),  # default port on both sides
        ("http://localhost:80", "localhost", "ws", True),
        ("https://localhost", "localhost", "wss", True),
        ("https://localhost:443", "localhost:443", "wss", True),
        ("http://localhost", "localhost", "wss", False),
        ("http://[::1]:8000", "[::1]:8000", "ws", True),
        ("http://[::2]:8000", "[::1]:8000", "ws", False),
        ("http://evil.example:8000", "evil.example:8000", "ws", False),  # not in ALLOWED_HOSTS
        ("http://127.0.0.1:8000/page", "127.0.0.1:8000", "ws", False),  # not an origin
        ("http://user@127.0.0.1:8000", "127.0.0.1:8000", "ws", False),
        ("http://127.0.0.1:99999", "127.0.0.1:8000", "ws", False),  # bad port: refused, no 500
        ("ftp://127.0.0.1:8000", "127.0.0.1:8000", "ws", False),
        ("null", "127.0.0.1:8000", "ws", False),
        ("http://127.0.0.1:8000", "127.0.0.1:junk", "ws", False),
        ("http://127.0.0.1:8000", "", "ws", False),
    ],
)
def test_the_origin_must_be_the_sites_scheme_host_and_port(
    settings: Any, origin: str, host: str, scheme: str, accepted: bool
) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
    settings.WEBSOCKET_EXTRA_ORIGINS = []
    assert handshake(origin, host, scheme) is accepted


@pytest.mark.django_db
def test_an_extra_origin_is_matched_whole(settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    settings.WEBSOCKET_EXTRA_ORIGINS = ["https://example.org:8443", "http://app.example"]
    assert handshake("https://example.org:8443", "127.0.0.1:8000")
    assert handshake("http://app.example:80", "127.0.0.1:8000")
    assert not handshake("https://example.org", "127.0.0.1:8000")
    assert not handshake("http://example.org:8443", "127.0.0.1:8000")
    assert not handshake("https://app.example", "127.0.0.1:8000")


@pytest.mark.django_db
def test_behind_a_tls_proxy_the_forwarded_scheme_counts(settings: Any) -> None:
    """The proxy ends TLS and speaks plain ws to us: the page is https, as Django sees it."""
    settings.ALLOWED_HOSTS = ["cards.example"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    forwarded = {"x-forwarded-proto": "https"}
    assert handshake("https://cards.example", "cards.example", **forwarded)
    assert not handshake("http://cards.example", "cards.example", **forwarded)
    assert handshake("http://cards.example", "cards.example")  # no header: the socket's own
    settings.SECURE_PROXY_SSL_HEADER = None  # not behind a proxy: the header is the client's
    assert not handshake("https://cards.example", "cards.example", **forwarded)


@pytest.mark.django_db
def test_no_origin_is_refused_unless_every_host_is_allowed(settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    assert not handshake(None, "127.0.0.1:8000")
    settings.ALLOWED_HOSTS = ["*"]
    assert handshake(None, "127.0.0.1:8000")
    # "*" allows every host, but an Origin present must still be the site's.
    assert handshake("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert not handshake("http://127.0.0.1:9999", "127.0.0.1:8000")
