"""The client's address: the one answer for throttles, the sign-in lockout and logs."""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings

UNSPECIFIED = "0.0.0.0"


def _address(text: str) -> str | None:
    """Return ``text`` as a normalised IP address, None if it is not one."""
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_address(request: Any) -> str:
    """Return the address the request came from.

    ``X-Forwarded-For`` is whatever the client wrote, plus one address per proxy it crossed,
    each appended on the right. So it counts only when ``BEHIND_PROXY`` is set, and then only
    the hop the outermost of our ``TRUSTED_PROXIES`` proxies added: the client cannot forge it.
    """
    meta = request.META
    # Always an IP address: the sign-in lockout stores it in an address column, which
    # PostgreSQL checks. A request with no peer (a test client's forced login, a Unix socket)
    # counts as the unspecified address.
    peer = _address(meta.get("REMOTE_ADDR", "") or "") or UNSPECIFIED
    if not settings.BEHIND_PROXY:
        return peer
    hops = [hop for hop in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    if not hops:
        return peer
    hop = hops[-min(settings.TRUSTED_PROXIES, len(hops))]
    return _address(hop) or peer
