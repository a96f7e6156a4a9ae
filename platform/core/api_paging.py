"""The API's one list shape: ``{"count", "next", "previous", "results"}`` (DRF's page-number
pagination, ``?page=n``, REST_FRAMEWORK["PAGE_SIZE"] a page)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db.models import QuerySet
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


def paged(
    view: APIView,
    request: Request,
    rows: Sequence[Any] | QuerySet[Any],
    shape: Callable[[Any], Any] | None = None,
) -> Response:
    """Answer one page of ``rows`` in the list shape, each shaped by ``shape`` (rows already
    shaped without it); a page past the end answers 404 ``not_found``."""
    paginator = PageNumberPagination()
    page = paginator.paginate_queryset(rows, request, view=view) or []
    return paginator.get_paginated_response([shape(r) for r in page] if shape else list(page))
