"""Bearer-token authentication and per-token throttling, for DRF and the async views alike."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.throttling import SimpleRateThrottle

from bots.models import BotToken
from bots.services import token_authenticate


def bearer_token(request: HttpRequest) -> str | None:
    """Return the Bearer token of the request, None without one; raise on a malformed header."""
    header = get_authorization_header(request).split()
    if not header or header[0].lower() != b"bearer":
        return None
    if len(header) != 2:
        raise exceptions.AuthenticationFailed("write the header as 'Authorization: Bearer <token>'")
    try:
        return str(header[1].decode("ascii"))
    except UnicodeDecodeError:
        raise exceptions.AuthenticationFailed("the token is not ASCII") from None


def authenticate_bot(request: HttpRequest) -> BotToken | None:
    """Return the token row of a Bearer request, None without a token; raise if it is bad."""
    token = bearer_token(request)
    if token is None:
        return None
    row = token_authenticate(token)
    if row is None:
        raise exceptions.AuthenticationFailed("the token is unknown or revoked")
    return row


class BotTokenAuthentication(BaseAuthentication):
    """``Authorization: Bearer <token>``: the request's user is the owner, its auth the token."""

    def authenticate(self, request: Any) -> tuple[Any, BotToken] | None:
        row = authenticate_bot(request)
        return None if row is None else (row.bot.owner, row)

    def authenticate_header(self, request: Any) -> str:
        return 'Bearer realm="api"'


class TokenRateThrottle(SimpleRateThrottle):
    """Limit requests per bot token (or per signed-in person, or per address)."""

    scope = "api"

    def get_rate(self) -> str:
        return f"{settings.BOT_RATE_LIMIT}/min"

    def get_cache_key(self, request: Any, view: Any) -> str:
        auth = getattr(request, "auth", None)
        if isinstance(auth, BotToken):
            ident = f"token:{auth.pk}"
        elif getattr(request, "user", None) is not None and request.user.is_authenticated:
            ident = f"user:{request.user.pk}"
        else:
            ident = f"addr:{self.get_ident(request)}"
        return f"throttle:{self.scope}:{ident}"
