"""Show times in the signed-in person's own time zone."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone

from accounts.selectors import atime_zone_of, time_zone_of


class TimezoneMiddleware:
    """Activate the person's time zone for the request (the site default otherwise)."""

    # Both modes, so async views (the bot long-poll) keep running without a thread each.
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        """Run the request under the person's time zone."""
        if iscoroutinefunction(self):
            return self.__acall__(request)
        with timezone.override(time_zone_of(request.user)):
            return self.get_response(request)

    async def __acall__(self, request: HttpRequest) -> HttpResponseBase:
        """Run the request under the person's time zone (async)."""
        zone = await atime_zone_of(await request.auser())
        get_response: Callable[[HttpRequest], Awaitable[HttpResponseBase]] = self.get_response
        with timezone.override(zone):
            return await get_response(request)
