"""Ids in a URL beyond what the database stores are no object: 404, before any query.

A path id of 10**20 overflowed the database driver (OverflowError, a 500). Every route with
an ``<int:…>`` id, now and later, is covered here rather than in each view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse

MAX_ID = 2**63 - 1  # PostgreSQL's bigint and SQLite's INTEGER


class IdBoundsMiddleware:
    """Answer 404 when a URL's integer argument cannot be an id."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., Any],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> None:
        for value in (*view_args, *view_kwargs.values()):
            if isinstance(value, int) and not 0 <= value <= MAX_ID:
                raise Http404(f"no object with the id {value}")
