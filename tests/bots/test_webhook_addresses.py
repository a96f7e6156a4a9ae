"""Webhooks reach public addresses only, and exactly the address that was checked."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils import timezone

from bots import webhooks
from bots.services import bot_create, webhook_url_check
from bots.tasks import webhook_turn
from games.models import Match
from games.services.callers import Caller
from games.services.practice import practice_match_create
from tests.games.conftest import advance


@pytest.mark.parametrize(
    "address",
    [
        "100.64.0.1",  # carrier-grade NAT, shared address space
        "2002:7f00:1::1",  # 6to4 around 127.0.0.1
        "64:ff9b::7f00:1",  # NAT64 around 127.0.0.1
        "::ffff:127.0.0.1",  # IPv4-mapped loopback
        "192.0.2.1",  # documentation
        "10.1.2.3",
        "169.254.169.254",  # cloud metadata
        "::1",
        "0.0.0.0",
    ],
)
def test_an_address_that_is_not_global_is_refused(settings: Any, address: str) -> None:
    settings.WEBHOOK_HTTP_HOSTS = []
    literal = f"[{address}]" if ":" in address else address
    with pytest.raises(ValidationError, match=r"public|resolve"):
        webhook_url_check(f"https://{literal}/turn")


def fake_resolver(answers: dict[str, list[str]]) -> Any:
    """Answer names from ``answers`` (each lookup takes the next answer); IPs as themselves."""
    real = socket.getaddrinfo
    asked: list[str] = []

    def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else str(host)
        if name not in answers:
            return real(host, port, *args, **kwargs)
        asked.append(name)
        queue = answers[name]
        address = queue.pop(0) if len(queue) > 1 else queue[0]
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (address, int(port or 0)))]

    getaddrinfo.asked = asked  # type: ignore[attr-defined]
    return getaddrinfo


@pytest.fixture
def listener() -> Iterator[tuple[int, list[dict[str, str]]]]:
    """A local HTTP server that records every request it gets."""
    seen: list[dict[str, str]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            seen.append(dict(self.headers))
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1], seen
    finally:
        server.shutdown()


@pytest.fixture
def tcp_listener() -> Iterator[tuple[int, list[str]]]:
    """A local TCP port that records every connection (TLS or not) made to it."""
    seen: list[str] = []
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    sock.settimeout(0.2)
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, peer = sock.accept()
            except OSError:
                continue
            seen.append(str(peer))
            conn.close()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield sock.getsockname()[1], seen
    finally:
        stop.set()
        thread.join()
        sock.close()


def test_a_dns_rebinding_to_loopback_never_reaches_it(
    settings: Any, monkeypatch: pytest.MonkeyPatch, tcp_listener: tuple[int, list[str]]
) -> None:
    """The name is public when checked, then 127.0.0.1: the call must not follow it."""
    port, seen = tcp_listener
    settings.WEBHOOK_HTTP_HOSTS = []
    resolver = fake_resolver({"rebind.test": ["1.1.1.1", "127.0.0.1"]})
    monkeypatch.setattr(socket, "getaddrinfo", resolver)
    url = f"https://rebind.test:{port}/turn"
    with pytest.raises((httpx.HTTPError, ValidationError)):
        webhooks.webhook_post(url, content=b"{}", headers={}, timeout=1.0)
    assert seen == [], "the call followed the second DNS answer to 127.0.0.1"
    assert resolver.asked == ["rebind.test"], "the name was resolved more than once"


def test_the_call_goes_to_the_checked_address_with_the_original_host(
    settings: Any, monkeypatch: pytest.MonkeyPatch, listener: tuple[int, list[dict[str, str]]]
) -> None:
    port, seen = listener
    settings.WEBHOOK_HTTP_HOSTS = ["hook.test"]  # allowed explicitly, like 127.0.0.1 in tests
    monkeypatch.setattr(socket, "getaddrinfo", fake_resolver({"hook.test": ["127.0.0.1"]}))
    reply = webhooks.webhook_post(
        f"http://hook.test:{port}/turn", content=b"{}", headers={"X-Test": "1"}, timeout=5
    )
    assert reply.status_code == 200
    assert seen[0]["Host"] == f"hook.test:{port}" and seen[0]["X-Test"] == "1"


def test_a_name_that_resolves_to_a_private_address_is_refused(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.WEBHOOK_HTTP_HOSTS = []
    monkeypatch.setattr(socket, "getaddrinfo", fake_resolver({"cgnat.test": ["100.64.1.1"]}))
    with pytest.raises(ValidationError, match=r"100\.64\.1\.1"):
        webhook_url_check("https://cgnat.test/turn")


@pytest.mark.django_db
def test_the_webhook_task_does_not_follow_a_rebinding(
    settings: Any, monkeypatch: pytest.MonkeyPatch, tcp_listener: tuple[int, list[str]]
) -> None:
    """The whole turn: registered while public, rebound to 127.0.0.1 before the call."""
    port, seen = tcp_listener
    settings.WEBHOOK_HTTP_HOSTS = []
    answers = {"rebind.test": ["1.1.1.1"]}
    monkeypatch.setattr(socket, "getaddrinfo", fake_resolver(answers))
    owner = get_user_model().objects.create_user("wes", "wes@example.org", "pw")
    bot = bot_create(owner=owner, name="hooked", webhook_url=f"https://rebind.test:{port}/t").bot
    match = practice_match_create(
        caller=Caller(owner.pk, bot.pk), game="buraco-mano-a-mano", seats=["me", "house:greedy"]
    )
    match = advance(match.pk)  # the house plays until the bot is due
    assert match.to_move == 0 and match.deadline is not None
    answers["rebind.test"] = ["1.1.1.1", "127.0.0.1"]  # public for the check, then loopback
    soon = timezone.now() + timedelta(seconds=2)
    Match.objects.filter(pk=match.pk).update(deadline=soon)
    webhook_turn(match.pk, match.turn)
    assert seen == [], "the webhook call followed the second DNS answer to 127.0.0.1"
