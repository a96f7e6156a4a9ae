"""Ids in a URL beyond what the database stores are no object: 404, before any query.

A path id of 10**20 overflowed the database driver (OverflowError, a 500). Every route with
an ``<int:…>`` id, now and later, is covered here rather than in each view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asgiref.sync import iscoroutinefunction
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase

from core.middleware import DualMiddleware

MAX_ID = 2**63 - 1  # PostgreSQL's bigint and SQLite's INTEGER


def id_bounds_check(view_args: tuple[Any, ...], view_kwargs: dict[str, Any]) -> None:
    """Raise Http404 when a URL's integer argument cannot be an id."""
    for value in (*view_args, *view_kwargs.values()):
        if isinstance(value, int) and not 0 <= value <= MAX_ID:
            raise Http404(f"no object with the id {value}")


class IdBoundsMiddleware(DualMiddleware):
    """Answer 404 when a URL's integer argument cannot be an id.

    Its view hook is a coroutine under ASGI: a sync hook there would cost every request a
    hop to a thread and back (Django adapts each sync ``process_view``).
    """

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        super().__init__(get_response)
        self.process_view = self._aprocess_view if iscoroutinefunction(self) else self._process_view

    def handle(self, request: HttpRequest) -> HttpResponseBase:
        response: HttpResponseBase = self.get_response(request)
        return response

    async def ahandle(self, request: HttpRequest) -> HttpResponseBase:
        return await self.aget_response(request)

    def _process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., Any],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> None:
        id_bounds_check(view_args, view_kwargs)

    async def _aprocess_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., Any],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> None:
        id_bounds_check(view_args, view_kwargs)
