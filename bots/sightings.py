"""Sightings: the device cookies and client addresses people are seen with (docs/accounts.md).

What is kept is an HMAC-SHA256 digest under ``SIGHTING_KEY`` of the random device cookie (set
at sign-up, sign-in and password reset) and of the client address of sign-ins, sign-ups and
bot API calls: never the cookie or the address itself. Sightings live ``SIGHTING_DAYS`` after
they were last seen; older ones are never used and the beat deletes them
(``sightings_purge``). bots/owners.py links accounts that share a digest; the sign-up limit
counts the sign-ups of an address; the sign-in lockout trusts a browser by its cookie.

Callers pass the client's address as ``core.addresses.client_address`` finds it (it applies
BEHIND_PROXY), so this module needs no request.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import re
import secrets
import time
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from redis.exceptions import RedisError

from bots.models import Sighting

Kind = Sighting.Kind
Source = Sighting.Source
DEVICE_RULE = re.compile(r"^[A-Za-z0-9_-]{43}$")  # secrets.token_urlsafe(32)
SIGNUP_WINDOW = timedelta(days=1)


def digest_of(kind: str, value: str) -> str:
    """Return the keyed digest of a device cookie or an address (the kind is part of it)."""
    key = settings.SIGHTING_KEY.encode()
    return hmac.new(key, f"{kind!s}:{value}".encode(), hashlib.sha256).hexdigest()


def cutoff(now: datetime | None = None) -> datetime:
    """Return the oldest ``last_seen`` that still counts."""
    return (now or timezone.now()) - timedelta(days=settings.SIGHTING_DAYS)


def address_shared(address: str, meta: Mapping[str, Any] | None = None) -> bool:
    """Tell whether an address is shared by nature: loopback, private, link-local, CGNAT or
    any other non-global address (IPv4 inside IPv6 is unwrapped), or the proxy's own address
    (BEHIND_PROXY, and the request carried no forwarded hop)."""
    if meta is not None and settings.BEHIND_PROXY and not meta.get("HTTP_X_FORWARDED_FOR"):
        return True
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return True
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if embedded is not None:
            ip = embedded
    return not ip.is_global


def address_counts(address: str, meta: Mapping[str, Any] | None = None) -> bool:
    """Tell whether an address links accounts and counts for the sign-up limit."""
    return settings.LINK_PRIVATE_ADDRESSES or not address_shared(address, meta)


def device_of(cookies: Mapping[str, str]) -> str | None:
    """Return the request's device cookie if it is one this site could have made."""
    value = cookies.get(settings.DEVICE_COOKIE_NAME, "")
    return value if DEVICE_RULE.match(value) else None


def device_new() -> str:
    return secrets.token_urlsafe(32)


def sighting_record(
    *, user_id: int, kind: str, digest: str, source: str, shared: bool = False
) -> None:
    """Note that ``user_id`` was seen with ``digest`` now (one row per user, digest, source)."""
    now = timezone.now()
    rows = Sighting.objects.filter(user_id=user_id, kind=kind, digest=digest, source=source)
    if rows.update(last_seen=now, shared=shared):
        return
    try:
        with transaction.atomic():
            Sighting.objects.create(
                user_id=user_id,
                kind=kind,
                digest=digest,
                source=source,
                shared=shared,
                first_seen=now,
                last_seen=now,
            )
    except IntegrityError:  # a parallel request made it first
        rows.update(last_seen=now, shared=shared)


def person_seen(
    *,
    user_id: int,
    source: str,
    address: str,
    device: str | None,
    meta: Mapping[str, Any] | None = None,
) -> str:
    """Record a sign-in or sign-up: the browser's device cookie (a new one if it has none) and
    the address. Return the device cookie the browser keeps."""
    device = device or device_new()
    sighting_record(
        user_id=user_id, kind=Kind.DEVICE, digest=digest_of(Kind.DEVICE, device), source=source
    )
    sighting_record(
        user_id=user_id,
        kind=Kind.ADDRESS,
        digest=digest_of(Kind.ADDRESS, address),
        source=source,
        shared=address_shared(address, meta),
    )
    return device


# (bot, address digest) -> until when this process knows the shared mark is set: most calls
# then cost no cache round trip either. Bounded: emptied when it reaches SEEN_HERE_MAX.
_seen_here: dict[tuple[int, str], float] = {}
SEEN_HERE_MAX = 50_000


def bot_seen(*, bot_id: int, owner_id: int, address: str, meta: Mapping[str, Any]) -> bool:
    """Record a bot API call's address for its owner, at most once per SIGHTING_BOT_INTERVAL
    per (bot, address): the "seen recently" mark lives in the cache, so a call costs no write,
    and this process remembers marks it saw for a tenth of the interval, so most calls cost no
    cache round trip. Return whether it wrote. While the cache is unreachable nothing is
    written."""
    digest = digest_of(Kind.ADDRESS, address)
    key = (bot_id, digest)
    now = time.monotonic()
    if _seen_here.get(key, 0.0) > now:
        return False
    try:
        fresh = cache.add(f"sighted:{bot_id}:{digest[:32]}", 1, settings.SIGHTING_BOT_INTERVAL)
    except (RedisError, ConnectionError):
        return False
    if len(_seen_here) >= SEEN_HERE_MAX:
        _seen_here.clear()
    _seen_here[key] = now + settings.SIGHTING_BOT_INTERVAL / 10
    if not fresh:
        return False
    sighting_record(
        user_id=owner_id,
        kind=Kind.ADDRESS,
        digest=digest,
        source=Source.BOT_API,
        shared=address_shared(address, meta),
    )
    return True


def device_known(*, username: str, device: str | None) -> bool:
    """Tell whether this device cookie was given to the account ``username`` in the window."""
    if not device or not username:
        return False
    field = get_user_model().USERNAME_FIELD
    return Sighting.objects.filter(
        **{f"user__{field}": username},
        kind=Kind.DEVICE,
        digest=digest_of(Kind.DEVICE, device),
        last_seen__gte=cutoff(),
    ).exists()


def signup_wait(address: str, meta: Mapping[str, Any] | None = None) -> timedelta | None:
    """Return how long this address must wait before its next sign-up (None: it may now).

    At most SIGNUPS_PER_ADDRESS_PER_DAY sign-ups in any 24 hours, counted from the accounts
    signed up from this address; shared addresses are free unless LINK_PRIVATE_ADDRESSES.
    """
    if not address_counts(address, meta):
        return None
    now = timezone.now()
    limit = settings.SIGNUPS_PER_ADDRESS_PER_DAY
    times = list(
        Sighting.objects.filter(
            kind=Kind.ADDRESS,
            source=Source.SIGN_UP,
            digest=digest_of(Kind.ADDRESS, address),
            first_seen__gt=now - SIGNUP_WINDOW,
        )
        .order_by("first_seen")
        .values_list("first_seen", flat=True)
    )
    if len(times) < limit:
        return None
    # The next sign-up fits once enough of these are a day old.
    return max(times[len(times) - limit] + SIGNUP_WINDOW - now, timedelta(seconds=1))


def sightings_purge() -> int:
    """Delete the sightings older than SIGHTING_DAYS; return how many went."""
    deleted, _ = Sighting.objects.filter(last_seen__lt=cutoff()).delete()
    return deleted
