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
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from bots import webhooks
from bots.models import Bot
from bots.services import bot_create, webhook_url_check
from bots.tasks import webhook_turn
from games import engine
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


# Addresses that are not globally reachable, though Python 3.11's ``is_global`` says they are
# (or says so of the IPv6 wrapper around them). Each one must be refused as a literal, as a
# DNS answer at registration, and as a DNS answer at call time.
HIDDEN = [
    "::127.0.0.1",  # IPv4-compatible loopback
    "::10.0.0.1",  # IPv4-compatible private
    "::ffff:0:7f00:1",  # IPv4-translated loopback (::ffff:0:127.0.0.1)
    "::ffff:0:a9fe:a9fe",  # IPv4-translated cloud metadata (169.254.169.254)
    "::ffff:169.254.169.254",  # IPv4-mapped cloud metadata
    "fec0::1",  # site-local (deprecated, still routed inside some sites)
    "feff::1",  # site-local, the top of fec0::/10
    "192.0.0.8",  # IETF protocol assignments, 192.0.0.0/24
    "192.0.0.255",
    "192.88.99.1",  # 6to4 relay anycast
    "2002:c000:0208::1",  # 6to4 around 192.0.2.8 (documentation)
    "2002:a00:1::1",  # 6to4 around 10.0.0.1
    "2002:c058:6301::1",  # 6to4 around 192.88.99.1 (relay anycast)
    "64:ff9b::a9fe:a9fe",  # NAT64 around 169.254.169.254
    "64:ff9b::c000:8",  # NAT64 around 192.0.0.8
    "64:ff9b:1::7f00:1",  # local-use NAT64 (RFC 8215), 127.0.0.1 at the /96 position
    "64:ff9b:1:7f00:1::",  # local-use NAT64, 127.0.0.1 at the /48 position
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo, public server, public client
    "2001:0:7f00:1:8000:63bf:3fff:fdd2",  # Teredo with server 127.0.0.1
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo with client 127.0.0.1 (inverted bits)
]

# Ordinary global addresses: they must still pass.
GLOBAL = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "192.0.1.1",  # next to 192.0.0.0/24
    "192.88.98.1",
    "192.88.100.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
    "2002:808:808::1",  # 6to4 around 8.8.8.8
    "64:ff9b::808:808",  # NAT64 around 8.8.8.8
]


def literal_url(address: str) -> str:
    return f"https://[{address}]/turn" if ":" in address else f"https://{address}/turn"


@pytest.mark.parametrize("address", HIDDEN)
def test_an_address_hidden_from_is_global_is_refused(settings: Any, address: str) -> None:
    settings.WEBHOOK_HTTP_HOSTS = []
    with pytest.raises(ValidationError, match=r"not a public address"):
        webhook_url_check(literal_url(address))


@pytest.mark.parametrize("address", HIDDEN)
def test_a_name_resolving_to_a_hidden_address_is_refused(
    settings: Any, monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    settings.WEBHOOK_HTTP_HOSTS = []
    monkeypatch.setattr(socket, "getaddrinfo", fake_resolver({"hidden.test": [address]}))
    with pytest.raises(ValidationError, match=r"not a public address"):
        webhook_url_check("https://hidden.test/turn")


@pytest.mark.parametrize("address", HIDDEN)
def test_a_name_rebound_to_a_hidden_address_is_refused_at_call_time(
    settings: Any, monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    """Public when registered, then a hidden address: the call itself refuses to go there."""
    settings.WEBHOOK_HTTP_HOSTS = []
    answers = {"later.test": ["1.1.1.1"]}
    monkeypatch.setattr(socket, "getaddrinfo", fake_resolver(answers))
    webhook_url_check("https://later.test/turn")
    answers["later.test"] = [address]
    with pytest.raises(ValidationError, match=r"not a public address"):
        webhooks.webhook_post("https://later.test/turn", content=b"{}", headers={}, timeout=1)


@pytest.mark.parametrize("address", GLOBAL)
def test_an_ordinary_global_address_still_passes(
    settings: Any, monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    settings.WEBHOOK_HTTP_HOSTS = []
    webhook_url_check(literal_url(address))
    monkeypatch.setattr(socket, "getaddrinfo", fake_resolver({"public.test": [address]}))
    target = webhooks.webhook_target("https://public.test/turn")
    assert target.address == address


@pytest.mark.django_db
@pytest.mark.parametrize("address", ["::127.0.0.1", "::ffff:0:7f00:1", "fec0::1", "192.0.0.8"])
def test_the_api_and_the_form_refuse_a_hidden_address(settings: Any, address: str) -> None:
    """Where a webhook is accepted: the bot API (create and change) and the "My bots" form."""
    settings.WEBHOOK_HTTP_HOSTS = []
    owner = get_user_model().objects.create_user("hid", "hid@example.org", "pw")
    api = APIClient()
    api.force_authenticate(owner)
    url = literal_url(address)
    body = {"name": "hidden", "games": [engine.names()[0]], "webhook_url": url}
    created = api.post("/api/v1/bots", body, format="json")
    assert created.status_code == 400, created.content
    assert "not a public address" in created.json()["detail"]
    bot = bot_create(owner=owner, name="plain").bot
    changed = api.patch(f"/api/v1/bots/{bot.pk}", {"webhook_url": url}, format="json")
    assert changed.status_code == 400, changed.content
    page = Client()
    page.force_login(owner)
    form = {"name": "formed", "games": [engine.names()[0]], "webhook_url": url}
    reply = page.post("/accounts/bots/", form)
    assert reply.status_code == 400
    assert "not a public address" in reply.text
    assert not Bot.objects.filter(webhook_url=url).exists()
