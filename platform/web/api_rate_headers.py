"""Every API answer says its rate limit, as the IETF httpapi RateLimit header fields do.

``RateLimit-Policy: "requests";q=6000;w=60`` names the policy: at most q requests in any w
seconds, per token (or signed-in person, or address). ``RateLimit: "requests";r=5990;t=42``,
on an answer the throttle counted, says what is left of it and the seconds until more is free
(bots.auth.TokenRateThrottle leaves that on the request). docs/bots.md, "Rate limits".
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

from bots.auth import RATE_STATE, RateState
from core.middleware import DualMiddleware
from web.api_language import API_PREFIX

POLICY = "requests"
WINDOW = 60  # bots.auth.TokenRateThrottle.window


def rate_headers(request: HttpRequest, response: HttpResponseBase) -> None:
    """Add the RateLimit fields to an API answer."""
    if not request.path_info.startswith(API_PREFIX):
        return
    response["RateLimit-Policy"] = f'"{POLICY}";q={settings.BOT_RATE_LIMIT};w={WINDOW}'
    state = getattr(request, RATE_STATE, None)
    if isinstance(state, RateState):
        response["RateLimit"] = f'"{POLICY}";r={state.remaining};t={max(0, round(state.reset))}'


class RateLimitHeadersMiddleware(DualMiddleware):
    """Add the RateLimit fields to every answer under /api/."""

    def handle(self, request: HttpRequest) -> HttpResponseBase:
        response: HttpResponseBase = self.get_response(request)
        rate_headers(request, response)
        return response

    async def ahandle(self, request: HttpRequest) -> HttpResponseBase:
        response = await self.aget_response(request)
        rate_headers(request, response)
        return response
