"""One error shape for the whole API: ``{"error": code, "detail": text}``."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.services.errors import MatchError


def _text(detail: Any) -> str:
    if isinstance(detail, list):
        return "; ".join(_text(item) for item in detail)
    if isinstance(detail, dict):
        return "; ".join(f"{key}: {_text(value)}" for key, value in detail.items())
    return str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Turn service errors and DRF errors into the API's error shape."""
    if isinstance(exc, MatchError):
        return Response(exc.to_json(), status=exc.status)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(exc.messages)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        body: dict[str, Any] = {"error": "invalid", "detail": _text(exc.detail)}
        if isinstance(exc.detail, dict):
            body["fields"] = exc.detail
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else "error"
        body = {"error": code, "detail": _text(exc.detail)}
    else:
        body = {"error": "error", "detail": _text(response.data)}
    response.data = body
    return response
