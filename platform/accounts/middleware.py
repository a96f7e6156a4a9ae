"""Show times in the signed-in person's own time zone."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone

from accounts.selectors import atime_zone_of, time_zone_of
from core.middleware import DualMiddleware


class TimezoneMiddleware(DualMiddleware):
    """Activate the person's time zone for the request (the site default otherwise)."""

    def handle(self, request: HttpRequest) -> HttpResponseBase:
        """Run the request under the person's time zone."""
        with timezone.override(time_zone_of(request.user)):
            response: HttpResponseBase = self.get_response(request)
            return response

    async def ahandle(self, request: HttpRequest) -> HttpResponseBase:
        """Run the request under the person's time zone (async)."""
        zone = await atime_zone_of(await request.auser())
        with timezone.override(zone):
            return await self.aget_response(request)
