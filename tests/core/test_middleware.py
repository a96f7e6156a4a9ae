"""core.middleware.DualMiddleware runs a subclass in the mode of the chain it sits in."""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase

from core.middleware import DualMiddleware


class Tag(DualMiddleware):
    def handle(self, request: HttpRequest) -> HttpResponseBase:
        response: HttpResponseBase = self.get_response(request)
        response["X-Mode"] = "sync"
        return response

    async def ahandle(self, request: HttpRequest) -> HttpResponseBase:
        response = await self.aget_response(request)
        response["X-Mode"] = "async"
        return response


def test_a_sync_chain_runs_handle() -> None:
    middleware = Tag(lambda request: HttpResponse("ok"))
    assert not iscoroutinefunction(middleware)
    assert middleware(HttpRequest())["X-Mode"] == "sync"


async def test_an_async_chain_runs_ahandle() -> None:
    async def view(request: HttpRequest) -> HttpResponse:
        return HttpResponse("ok")

    middleware = Tag(view)
    assert iscoroutinefunction(middleware)
    assert (await middleware(HttpRequest()))["X-Mode"] == "async"
