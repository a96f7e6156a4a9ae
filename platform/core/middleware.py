"""A base for middleware that runs in both modes: sync for WSGI-style calls and async under
ASGI, so async views (the bot long-poll) keep running without a thread each."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest
from django.http.response import HttpResponseBase


class DualMiddleware:
    """Subclasses write ``handle`` (sync) and ``ahandle`` (async); ``self.get_response`` and
    ``self.aget_response`` pass the request on in each mode."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if iscoroutinefunction(self):
            return self.ahandle(request)
        return self.handle(request)

    async def aget_response(self, request: HttpRequest) -> HttpResponseBase:
        get_response: Callable[[HttpRequest], Awaitable[HttpResponseBase]] = self.get_response
        return await get_response(request)

    def handle(self, request: HttpRequest) -> HttpResponseBase:
        raise NotImplementedError

    async def ahandle(self, request: HttpRequest) -> HttpResponseBase:
        raise NotImplementedError
