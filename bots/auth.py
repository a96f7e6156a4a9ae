"""Bearer-token authentication and per-token throttling, for DRF and the async views alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from rest_framework import exceptions, permissions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.throttling import BaseThrottle

from bots.models import Bot, BotToken
from bots.services import token_authenticate
from bots.sightings import bot_seen
from bots.versions import HEADER, version_seen
from core.addresses import client_address
from core.rate_limits import SlidingWindow


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
    stated = request.META.get(HEADER)
    if stated is not None:  # its version (docs/bots.md, "Versions"): a write only on a change
        version_seen(row.bot, stated)
    # The owner was seen at this address (linked accounts): one write per bot and address
    # an hour at most, the mark in the cache.
    bot_seen(
        bot_id=row.bot_id,
        owner_id=row.bot.owner_id,
        address=client_address(request),
        meta=request.META,
    )
    return row


class BotTokenAuthentication(BaseAuthentication):
    """``Authorization: Bearer <token>``: the request's user is the owner, its auth the token.

    The owner is there for bookkeeping only: a token acts as its bot and nothing more. Views
    that act for a person (organising, staff, accounts, bot management) require ``IsPerson``;
    views a bot may use pass ``token_bot(request)`` on to the services, which then grant that
    bot's own rights and never its owner's.
    """

    def authenticate(self, request: Any) -> tuple[Any, BotToken] | None:
        row = authenticate_bot(request)
        return None if row is None else (row.bot.owner, row)

    def authenticate_header(self, request: Any) -> str:
        return 'Bearer realm="api"'


def token_bot(request: Any) -> Bot | None:
    """Return the bot whose token signs the request, None for a person or anonymous."""
    auth = getattr(request, "auth", None)
    return auth.bot if isinstance(auth, BotToken) else None


TOKEN_REFUSED = "a bot token acts only as its bot and cannot do this; sign in as a person"


class TokenRefused(exceptions.PermissionDenied):
    """A bot token asked for something only a person's session may do."""

    default_code = "forbidden"
    default_detail = TOKEN_REFUSED


class IsPerson(permissions.BasePermission):
    """A signed-in person (session); a bot token never carries its owner's rights."""

    message = TOKEN_REFUSED
    code = "forbidden"

    def has_permission(self, request: Any, view: Any) -> bool:
        return bool(request.user.is_authenticated and token_bot(request) is None)


class IsPersonToWrite(IsPerson):
    """Anyone may read; writing needs a person's session."""

    def has_permission(self, request: Any, view: Any) -> bool:
        return request.method in permissions.SAFE_METHODS or super().has_permission(request, view)


RATE_STATE = "rate_limit"  # the request attribute that carries a throttle's RateState


@dataclass(frozen=True)
class RateState:
    """Where a request left its rate limit: the limit of its window, and what is left."""

    limit: int
    window: int
    remaining: int
    reset: float  # seconds until more of the limit is free


class TokenRateThrottle(BaseThrottle):
    """Limit requests per bot token (or per signed-in person, or per address) and minute.

    A sliding window (``SlidingWindow``): at most ``BOT_RATE_LIMIT`` requests in any 60 s.
    """

    window = 60

    def __init__(self) -> None:
        self._wait = 0.0

    def ident_of(self, request: Any) -> str:
        auth = getattr(request, "auth", None)
        if isinstance(auth, BotToken):
            return f"token:{auth.pk}"
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return f"user:{user.pk}"
        return f"addr:{client_address(request)}"

    def allow_request(self, request: Any, view: Any) -> bool:
        limiter = SlidingWindow("throttle", settings.BOT_RATE_LIMIT, self.window)
        allowed = limiter.hit(self.ident_of(request))
        self.state = RateState(limiter.limit, limiter.window, limiter.remaining, limiter.reset)
        # The request the middleware sees (DRF wraps it): web.api_rate_headers answers it.
        setattr(getattr(request, "_request", request), RATE_STATE, self.state)
        if allowed:
            return True
        self._wait = limiter.wait
        return False

    def wait(self) -> float:
        return max(self._wait, 1.0)
