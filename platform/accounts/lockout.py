"""The sign-in lockout (django-axes): whom it spares, how it lifts, and what it answers.

Failures are counted per account and per address (settings AXES_*). A lock must never keep
the owner out, so failures from elsewhere do not block:

- a browser holding this account's device cookie (accounts/devices.py), until that browser
  itself fails LOGIN_FAILURE_LIMIT times in LOGIN_LOCKOUT_MINUTES (a stolen cookie buys no
  more guesses than anyone gets);
- a browser with a live session of this account.

A completed password reset lifts the account's lock (``lockout_lift``). Every other client is
limited as before. The answer to a locked-out attempt is a page in plain words, or the API's
error shape.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

from axes.utils import reset
from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import ngettext

from bots.sightings import device_known, device_of, digest_of
from core.rate_limits import CACHE_DOWN, LOCAL

# The API's detail is for people too (a sign-in form): it follows Accept-Language.
LOCKED_OUT = (
    "too many failed sign-ins for this account or from this address; "
    "try again in %(minutes)s minute, or reset your password"
)
LOCKED_OUT_PLURAL = (
    "too many failed sign-ins for this account or from this address; "
    "try again in %(minutes)s minutes, or reset your password"
)


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """Answer a sign-in attempt while its account or address is locked out (429)."""
    minutes = settings.LOGIN_LOCKOUT_MINUTES
    retry = str(math.ceil(minutes * 60))
    if request.path.startswith("/api/"):
        detail = ngettext(LOCKED_OUT, LOCKED_OUT_PLURAL, minutes) % {"minutes": minutes}
        body = {"error": "locked_out", "detail": detail}
        response: HttpResponse = JsonResponse(body, status=429)
    else:
        context = {"minutes": minutes, "limit": settings.LOGIN_FAILURE_LIMIT}
        response = render(request, "accounts/locked_out.html", context, status=429)
    response["Retry-After"] = retry
    return response


def _username(credentials: Any) -> str:
    value = (credentials or {}).get("username")
    return value if isinstance(value, str) else ""


def _failures_key(device: str, username: str) -> str:
    account = hashlib.sha256(username.encode()).hexdigest()[:16]
    return f"signin-device:{digest_of('device', device)[:32]}:{account}"


def _device_failures(key: str) -> int:
    try:
        return int(cache.get(key) or 0)
    except CACHE_DOWN:
        return int(LOCAL.get(key) or 0)


def _device_failed(key: str) -> None:
    ttl = settings.LOGIN_LOCKOUT_MINUTES * 60
    for store in (cache, LOCAL):
        try:
            store.add(key, 0, ttl)
            store.incr(key)
            return
        except ValueError:  # expired between add and incr
            store.add(key, 1, ttl)
            return
        except CACHE_DOWN:
            continue


def _device_clear(key: str) -> None:
    for store in (cache, LOCAL):
        try:
            store.delete(key)
        except CACHE_DOWN:
            continue


def trusted_sign_in(request: HttpRequest | None, credentials: Any = None) -> bool:
    """Tell axes to spare this attempt (``AXES_WHITELIST_CALLABLE``): the browser holds a live
    session of the account, or its device cookie, and has not itself failed too often."""
    username = _username(credentials)
    if request is None or not username:
        return False
    # The session itself, verified as Django verifies it: the API's sign-in views run without
    # authentication classes, which leaves request.user anonymous.
    if hasattr(request, "session"):
        user = get_user(request)
        if user.is_authenticated and user.get_username() == username:
            return True
    device = device_of(request.COOKIES)
    if device is None:
        return False
    if _device_failures(_failures_key(device, username)) >= settings.LOGIN_FAILURE_LIMIT:
        return False
    return device_known(username=username, device=device)


@receiver(user_login_failed, dispatch_uid="accounts.lockout.failed")
def _count_trusted_failure(
    sender: Any, credentials: Any, request: HttpRequest | None = None, **kwargs: Any
) -> None:
    """Count a failure of a browser this account trusts: it has a limit of its own."""
    username = _username(credentials)
    device = device_of(request.COOKIES) if request is not None else None
    if device is not None and device_known(username=username, device=device):
        _device_failed(_failures_key(device, username))


@receiver(user_logged_in, dispatch_uid="accounts.lockout.signed_in")
def _clear_trusted_failures(sender: Any, request: HttpRequest | None, user: Any, **kw: Any) -> None:
    device = device_of(request.COOKIES) if request is not None else None
    if device is not None:
        _device_clear(_failures_key(device, user.get_username()))


def lockout_lift(*, username: str, request: HttpRequest | None = None) -> int:
    """Lift the lockout of an account (a completed password reset); return attempts removed."""
    if request is not None and (device := device_of(request.COOKIES)) is not None:
        _device_clear(_failures_key(device, username))
    return int(reset(username=username))
