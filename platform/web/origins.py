"""Which pages may open the site's WebSockets: the site's own origin, scheme, host and port.

A browser sends ``Origin`` with every WebSocket handshake and, unlike for ``fetch``, enforces
nothing: the server must. Channels' ``AllowedHostsOriginValidator`` compares the Origin's host
with ALLOWED_HOSTS only, so a page on another port of the host (any local service) or over
the other scheme could open a socket with the visitor's cookies. Here an origin is accepted
when its scheme, host and port are the site's as this very request reached it (the Host header,
whose host must be in ALLOWED_HOSTS, and the request's scheme, https behind a proxy when
``SECURE_PROXY_SSL_HEADER`` says so), or when it is listed in ``WEBSOCKET_EXTRA_ORIGINS``.

A handshake without Origin (not a browser) is refused, as Channels' validator did, unless
ALLOWED_HOSTS is ``*``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

Scope = dict[str, Any]
Origin = tuple[str, str, int]

DEFAULT_PORTS = {"http": 80, "https": 443}
# The scheme of the page a socket's scheme belongs to.
PAGE_SCHEMES = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def parse_origin(text: str) -> Origin | None:
    """Return ``(scheme, host, port)`` of an origin such as ``https://example.org:8443``.

    None for anything else: ``null``, a path, credentials, an unknown scheme or a bad port.
    """
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if scheme not in DEFAULT_PORTS or not host or parts.username or parts.password:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    return scheme, host, port if port is not None else DEFAULT_PORTS[scheme]


def _headers(scope: Scope) -> dict[bytes, str]:
    found: dict[bytes, str] = {}
    for name, value in scope.get("headers", []):
        found.setdefault(bytes(name).lower(), bytes(value).decode("latin1"))
    return found


def _allowed_hosts() -> list[str]:
    hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not hosts:  # as Django's own HttpRequest.get_host
        hosts = [".localhost", "127.0.0.1", "[::1]"]
    return hosts


def _scheme(scope: Scope, headers: dict[bytes, str]) -> str:
    """The page scheme the request came over, as Django's ``request.is_secure`` decides it."""
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        name, secure = proxy
        header = name.removeprefix("HTTP_").replace("_", "-").lower().encode()
        if header in headers:
            value = headers[header].split(",", 1)[0].strip()
            return "https" if value == secure else "http"
    return PAGE_SCHEMES.get(str(scope.get("scheme", "ws")), "http")


def site_origin(scope: Scope) -> Origin | None:
    """Return the site's own origin for this handshake; None if its Host is not allowed."""
    headers = _headers(scope)
    scheme = _scheme(scope, headers)
    host_header = headers.get(b"host", "")
    if settings.USE_X_FORWARDED_HOST and b"x-forwarded-host" in headers:
        host_header = headers[b"x-forwarded-host"].split(",", 1)[0].strip()
    domain, port_text = split_domain_port(host_header)
    if not domain or not validate_host(domain, _allowed_hosts()):
        return None
    if port_text:
        try:
            port = int(port_text)
        except ValueError:
            return None
    else:
        port = DEFAULT_PORTS[scheme]
    host = domain[1:-1] if domain.startswith("[") else domain  # split_domain_port keeps [::1]
    return scheme, host.lower(), port


def extra_origins() -> set[Origin]:
    """The origins of WEBSOCKET_EXTRA_ORIGINS (those that parse)."""
    parsed = (parse_origin(text) for text in settings.WEBSOCKET_EXTRA_ORIGINS)
    return {origin for origin in parsed if origin is not None}


def origin_allowed(scope: Scope) -> bool:
    """Tell whether this WebSocket handshake may go on (see the module's docstring)."""
    headers = _headers(scope)
    if b"origin" not in headers:
        return "*" in settings.ALLOWED_HOSTS
    origin = parse_origin(headers[b"origin"])
    if origin is None:
        return False
    return origin == site_origin(scope) or origin in extra_origins()


class SiteOriginValidator:
    """ASGI middleware: a WebSocket from any other origin is closed before it opens (403)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            raise ValueError("SiteOriginValidator guards WebSocket connections only")
        if origin_allowed(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
