"""One error shape for the whole API: ``{"error": code, "detail": text}``.

The one place that turns failures into that shape: service errors (``ServiceError`` and its
subclasses in the apps' ``errors`` modules), DRF's errors, Django's own 400, 403, 404 and 500
under ``/api/`` (the handlers in config/urls.py) and the async views of bots/stream.py.
Pages outside ``/api/`` get the site's HTML error pages (templates 404.html and 500.html of the
learn app, inside the site's layout).
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError as DatabaseInterfaceError
from django.db import OperationalError as DatabaseOperationalError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseServerError, JsonResponse
from django.template import loader
from django.views import defaults
from kombu.exceptions import OperationalError as BrokerOperationalError
from redis.exceptions import RedisError
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import ServiceError

API_PREFIX = "/api/"
# Failures of a backing service, not of the request: Redis (cache, channel layer, broker),
# the broker as Celery sees it, the database. Under /api/ they answer 503 ``unavailable``.
OUTAGES: tuple[type[BaseException], ...] = (
    RedisError,
    BrokerOperationalError,
    DatabaseOperationalError,
    DatabaseInterfaceError,
    ConnectionError,
)
RETRY_AFTER = 2  # seconds a client is asked to wait after 503 unavailable (docs/bots.md)
UNAVAILABLE = "a service the platform needs is unreachable for a moment; retry shortly"


def error_body(code: str, detail: str) -> dict[str, str]:
    """Return the API's error body."""
    return {"error": code, "detail": detail}


def error_response(status: int, code: str, detail: str, **headers: str) -> JsonResponse:
    """Return an error as a plain Django response (for views outside DRF)."""
    response = JsonResponse(error_body(code, detail), status=status)
    for name, value in headers.items():
        response[name] = value
    return response


def is_outage(exc: BaseException | None) -> bool:
    """Return whether ``exc`` (or an exception it was raised from) is a backing service down."""
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, OUTAGES):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def unavailable_response() -> JsonResponse:
    """Answer 503 ``unavailable`` with ``Retry-After``: a service we need is down, not you."""
    return error_response(503, "unavailable", UNAVAILABLE, **{"Retry-After": str(RETRY_AFTER)})


def is_api(request: HttpRequest) -> bool:
    """Return whether the request is for the API (JSON errors) rather than a page (HTML)."""
    return request.path.startswith(API_PREFIX)


def bad_request_handler(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Answer a request Django refused itself (too many fields, …): JSON under /api/."""
    if is_api(request):
        return error_response(400, "bad_request", "the request was refused as malformed")
    return defaults.bad_request(request, exception or Exception())


def permission_denied_handler(
    request: HttpRequest, exception: Exception | None = None
) -> HttpResponse:
    """Answer a refusal outside DRF: JSON ``permission_denied`` under /api/."""
    if is_api(request):
        return error_response(403, "permission_denied", str(exception or "") or "not allowed")
    return defaults.permission_denied(request, exception or PermissionDenied())


def not_found_handler(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Answer 404: JSON ``not_found`` under /api/, the site's 404.html page elsewhere."""
    if is_api(request):
        return error_response(404, "not_found", f"nothing at {request.path}")
    return defaults.page_not_found(request, exception or Http404())


def server_error_page() -> HttpResponse:
    """Return the site's 500 page, rendered without the request (the session, the user and the
    database may be what failed); if even that fails, a plain page."""
    try:
        return HttpResponseServerError(loader.get_template("500.html").render())
    except Exception:  # the page of last resort must not fail in turn
        return HttpResponseServerError(
            "<!doctype html><title>Server error</title><h1>Server error</h1>",
            content_type="text/html",
        )


def server_error_handler(request: HttpRequest) -> HttpResponse:
    """Answer 500: JSON ``server_error`` under /api/ (no internals), the 500 page elsewhere.

    A backing service that is down (``OUTAGES``) answers 503 ``unavailable`` under /api/
    instead. Django calls this handler while the exception is handled (asgiref carries it into
    the thread of an async request), so ``sys.exc_info`` names it.
    """
    if is_api(request):
        if is_outage(sys.exc_info()[1]):
            return unavailable_response()
        return error_response(500, "server_error", "the server failed; the error is logged")
    return server_error_page()


def _text(detail: Any) -> str:
    if isinstance(detail, list):
        return "; ".join(_text(item) for item in detail)
    if isinstance(detail, dict):
        return "; ".join(f"{key}: {_text(value)}" for key, value in detail.items())
    return str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Turn service errors and DRF errors into the API's error shape.

    Anything else (a bug) is re-raised by DRF and answered by ``server_error_handler``.
    """
    if isinstance(exc, ServiceError):
        return Response(exc.to_json(), status=exc.status)
    if is_outage(exc):
        return Response(
            error_body("unavailable", UNAVAILABLE),
            status=503,
            headers={"Retry-After": str(RETRY_AFTER)},
        )
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(exc.messages)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "not found")
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        body: dict[str, Any] = error_body("invalid", _text(exc.detail))
        if isinstance(exc.detail, dict):
            body["fields"] = exc.detail
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else str(exc.default_code)
        body = error_body(code, _text(exc.detail))
    else:  # DRF answers only its own exceptions (Http404 and PermissionDenied became those)
        body = error_body("bad_request", _text(response.data))
    response.data = body
    return response
