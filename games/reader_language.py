"""The language a socket's reader reads: sockets pass no LocaleMiddleware, so the consumer
asks this module once on connect and renders its texts inside ``translation.override``.

The order is the site's: the ``django_language`` cookie (the header's switch sets it), the
signed-in person's saved language (``Profile.language``, when the account has one), the
browser's ``Accept-Language``, and English.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.http.cookie import parse_cookie
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

DEFAULT = "en"


def supported(code: str | None) -> str | None:
    """Return the site's language for ``code`` ("es-ES" -> "es"), or None when it has none."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def _header(scope: dict[str, Any], name: bytes) -> str:
    headers: Iterable[tuple[bytes, bytes]] = scope.get("headers") or ()
    return ", ".join(value.decode("latin-1") for key, value in headers if key.lower() == name)


def scope_cookie(scope: dict[str, Any], name: str) -> str | None:
    """Return the cookie ``name`` of a socket's request, or None."""
    cookies = scope.get("cookies")
    if not isinstance(cookies, dict):
        cookies = parse_cookie(_header(scope, b"cookie"))
    value = cookies.get(name)
    return value if isinstance(value, str) else None


def _cookie_language(scope: dict[str, Any]) -> str | None:
    return supported(scope_cookie(scope, settings.LANGUAGE_COOKIE_NAME))


def _account_language(user: Any) -> str | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    # getattr with defaults: a person without a profile, or before the language field exists.
    profile = getattr(user, "profile", None)
    return supported(getattr(profile, "language", None))


def _browser_language(scope: dict[str, Any]) -> str | None:
    for code, _quality in parse_accept_lang_header(_header(scope, b"accept-language")):
        if code != "*" and (found := supported(code)) is not None:
            return found
    return None


def scope_language(scope: dict[str, Any]) -> str:
    """Return the language for the socket of ``scope`` (reads the database: call it sync)."""
    return (
        _cookie_language(scope)
        or _account_language(scope.get("user"))
        or _browser_language(scope)
        or DEFAULT
    )
