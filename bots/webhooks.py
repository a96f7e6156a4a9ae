"""Where a webhook may point, and calling it at exactly the address that was checked.

A name is resolved once per check; the call then connects to that address, with the original
name in the Host header and in TLS (SNI and certificate). A second lookup would let a DNS
answer that changes between the check and the call ("rebinding") point the call at us.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
from django.conf import settings
from django.core.exceptions import ValidationError

from bots.signing import signature

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

# Ranges refused by name: Python 3.11's ``is_global`` calls them global, but they are not
# reachable on the Internet (site-local IPv6, IETF protocol assignments, the 6to4 relay anycast,
# local-use NAT64 of RFC 8215).
_REFUSED = [
    ipaddress.ip_network(n)
    for n in ("fec0::/10", "192.0.0.0/24", "192.88.99.0/24", "64:ff9b:1::/48")
]
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_LOCAL_NAT64 = ipaddress.ip_network("64:ff9b:1::/48")
# Where RFC 6052 puts the IPv4 address after a NAT64 prefix of each length that 64:ff9b:1::/48
# allows: (first bit, bit count) pieces, the u octet (bits 64-71) skipped.
_RFC6052 = {
    48: ((48, 16), (72, 16)),
    56: ((56, 8), (72, 24)),
    64: ((72, 32),),
    96: ((96, 32),),
}


def resolve(host: str, port: int) -> list[str]:
    """Return the addresses ``host`` resolves to (tests put a fake resolver here)."""
    infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    return [str(info[4][0]) for info in infos]


def _bits(value: int, first: int, count: int) -> int:
    """Return ``count`` bits of a 128-bit ``value`` from bit ``first`` (0 = the leftmost)."""
    return (value >> (128 - first - count)) & ((1 << count) - 1)


def embedded_ipv4(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """Return every IPv4 address ``address`` carries to another network.

    IPv4-compatible ``::a.b.c.d``, IPv4-mapped ``::ffff:a.b.c.d``, IPv4-translated
    ``::ffff:0:a.b.c.d``, 6to4 ``2002::/16``, Teredo ``2001::/32`` (server and client), NAT64
    ``64:ff9b::/96`` and local-use NAT64 ``64:ff9b:1::/48`` (at every RFC 6052 position).
    """
    value = int(address)
    found: list[ipaddress.IPv4Address] = []
    if value >> 32 == 0:  # IPv4-compatible (deprecated, but still an IPv4 address)
        found.append(ipaddress.IPv4Address(value & 0xFFFFFFFF))
    if address.ipv4_mapped is not None:
        found.append(address.ipv4_mapped)
    if value >> 32 == 0xFFFF0000:  # IPv4-translated, RFC 2765
        found.append(ipaddress.IPv4Address(value & 0xFFFFFFFF))
    if address.sixtofour is not None:
        found.append(address.sixtofour)
    if address.teredo is not None:
        found.extend(address.teredo)
    if address in _NAT64:
        found.append(ipaddress.IPv4Address(value & 0xFFFFFFFF))
    if address in _LOCAL_NAT64:
        for pieces in _RFC6052.values():
            v4 = 0
            for first, count in pieces:
                v4 = (v4 << count) | _bits(value, first, count)
            found.append(ipaddress.IPv4Address(v4))
    return found


def is_public(address: Address) -> bool:
    """Tell whether ``address`` is globally reachable, every embedded IPv4 address included.

    An IPv4 address carried in IPv6 (see ``embedded_ipv4``) must be public itself; an
    IPv4-mapped, -compatible or -translated address is judged by the IPv4 address alone, since
    that is where a connection to it goes.
    """
    if any(address in net for net in _REFUSED if net.version == address.version):
        return False
    if isinstance(address, ipaddress.IPv6Address):
        inner = embedded_ipv4(address)
        if not all(is_public(v4) for v4 in inner):
            return False
        value = int(address)
        if inner and (value >> 32 == 0 or value >> 32 in (0xFFFF, 0xFFFF0000)):
            return True  # mapped, compatible or translated: only the IPv4 address counts
    return address.is_global and not address.is_multicast


@dataclass(frozen=True)
class Target:
    """A checked webhook: the URL as registered and the one address to connect to."""

    url: str
    host: str
    port: int
    address: str

    def direct_url(self) -> str:
        """Return the URL with the host replaced by the checked address."""
        parts = urlsplit(self.url)
        literal = f"[{self.address}]" if ":" in self.address else self.address
        return urlunsplit(parts._replace(netloc=f"{literal}:{self.port}"))

    def host_header(self) -> str:
        default = 443 if urlsplit(self.url).scheme == "https" else 80
        name = f"[{self.host}]" if ":" in self.host else self.host
        return name if self.port == default else f"{name}:{self.port}"


# The names of this machine a webhook may use when WEBHOOK_LOOPBACK allows it (embedded mode by
# default), each with the one address the call goes to. Only these spellings: the exemption is
# by the URL's own host, never by what a name resolves to, so no DNS answer (or rebinding) and
# no other form of a loopback address (::1, ::ffff:127.0.0.1, 127.0.0.2) ever gets through.
LOOPBACK_HOSTS = {"127.0.0.1": "127.0.0.1", "localhost": "127.0.0.1"}


def loopback_target(url: str) -> Target | None:
    """Return the target of a webhook on this machine, if WEBHOOK_LOOPBACK allows it, else None.

    http or https to ``127.0.0.1`` or ``localhost`` (taken as 127.0.0.1, without asking DNS),
    on a port of 1024 or above: the ports below are the machine's own services, never a bot's.
    """
    parts = urlsplit(url)
    host = parts.hostname or ""
    address = LOOPBACK_HOSTS.get(host)
    if address is None or parts.scheme not in ("http", "https"):
        return None
    if host in settings.WEBHOOK_HTTP_HOSTS:
        return None  # listed by hand: checked as every listed host is
    if not settings.WEBHOOK_LOOPBACK:
        raise ValidationError(
            "this platform does not call webhooks on its own machine (127.0.0.1, localhost): "
            "WEBHOOK_LOOPBACK is off; give a public https address"
        )
    try:
        port = parts.port
    except ValueError:
        raise ValidationError("the webhook URL has a bad port") from None
    if port is None or port < 1024:
        raise ValidationError(
            "a webhook on this machine needs its port, 1024 or above (http://127.0.0.1:8765/)"
        )
    return Target(url=url, host=host, port=port, address=address)


def webhook_target(url: str) -> Target:
    """Check a webhook URL and resolve it once; raise ValidationError if it may not be called.

    https only (plain http for hosts in WEBHOOK_HTTP_HOSTS), and every address the name
    resolves to must be globally reachable, except for the hosts WEBHOOK_HTTP_HOSTS allows
    and, with WEBHOOK_LOOPBACK, ``127.0.0.1`` and ``localhost`` (``loopback_target``).
    """
    local = loopback_target(url)
    if local is not None:
        return local
    parts = urlsplit(url)
    host = parts.hostname or ""
    allowed = host in settings.WEBHOOK_HTTP_HOSTS
    if parts.scheme not in ("https", "http") or (parts.scheme == "http" and not allowed):
        raise ValidationError("a webhook must use https (plain http only for WEBHOOK_HTTP_HOSTS)")
    if not host:
        raise ValidationError("the webhook URL has no host")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise ValidationError("the webhook URL has a bad port") from None
    try:
        literal: Address | None = ipaddress.ip_address(host)
    except ValueError:
        literal = None
    try:
        found = [str(literal)] if literal is not None else resolve(host, port)
    except OSError:
        raise ValidationError(f"the webhook host {host} does not resolve") from None
    if not found:
        raise ValidationError(f"the webhook host {host} does not resolve")
    if not allowed:
        for text in found:
            if not is_public(ipaddress.ip_address(text)):
                raise ValidationError(
                    f"the webhook host {host} resolves to {text}, which is not a public address"
                )
    return Target(url=url, host=host, port=port, address=found[0])


# A reply is a move: a few kilobytes. More is refused before it fills a worker's memory.
MAX_REPLY_BYTES = 64 * 1024


def webhook_post(
    url: str,
    *,
    content: bytes,
    headers: dict[str, str],
    timeout: float,
    timing: dict[str, float] | None = None,
) -> httpx.Response:
    """Check ``url`` now and POST to the very address checked (raises ValidationError).

    ``timeout`` bounds the whole call, not each read: a bot that trickles its answer a byte at
    a time must not hold a worker past its own deadline. Raises ``httpx.TimeoutException``
    when the time is up and ``httpx.DecodingError`` when the reply is too large. ``timing``,
    if given, gets ``connect_ms``: the TCP handshake's time, one network round trip (the
    transit of a clocked match, games/services/clock.py).
    """
    target = webhook_target(url)
    extensions: dict[str, Any] = {}
    if timing is not None:
        extensions["trace"] = _connect_timer(timing)
    if urlsplit(url).scheme == "https":
        extensions["sni_hostname"] = target.host
    request = _post(
        target.direct_url(),
        content=content,
        headers={**headers, "Host": target.host_header()},
        extensions=extensions,
        timeout=timeout,
    )
    try:
        return asyncio.run(asyncio.wait_for(request, timeout))
    except TimeoutError:
        raise httpx.ReadTimeout(f"the webhook did not answer within {timeout:.1f} s") from None


def signed_post(
    url: str,
    *,
    secret: str,
    body: bytes,
    timeout: float,
    timing: dict[str, float] | None = None,
) -> httpx.Response:
    """POST ``body`` to a bot's webhook, signed with ``secret`` (docs/bots.md, "Webhooks")."""
    stamp = str(int(time.time()))
    return webhook_post(
        url,
        content=body,
        headers={
            "Content-Type": "application/json",
            "X-Timestamp": stamp,
            "X-Signature": signature(secret, stamp, body),
            "User-Agent": "cardtables-webhook/1",
        },
        timeout=timeout,
        timing=timing,
    )


def _connect_timer(timing: dict[str, float]) -> Any:
    """Return an httpcore trace hook that times the TCP connect into ``timing``."""
    started: list[float] = []

    async def trace(event: str, info: dict[str, Any]) -> None:
        if event == "connection.connect_tcp.started":
            started.append(time.perf_counter())
        elif event == "connection.connect_tcp.complete" and started:
            timing["connect_ms"] = (time.perf_counter() - started[-1]) * 1000

    return trace


async def _post(
    url: str,
    *,
    content: bytes,
    headers: dict[str, str],
    extensions: dict[str, Any],
    timeout: float,
) -> httpx.Response:
    async with (
        httpx.AsyncClient(timeout=timeout, follow_redirects=False) as client,
        client.stream(
            "POST", url, content=content, headers=headers, extensions=extensions
        ) as response,
    ):
        body = bytearray()
        async for chunk in response.aiter_bytes():
            body += chunk
            if len(body) > MAX_REPLY_BYTES:
                raise httpx.DecodingError(f"the webhook's reply is over {MAX_REPLY_BYTES} bytes")
        return httpx.Response(response.status_code, content=bytes(body), request=response.request)
