"""What a locked-out sign-in sees: a page in plain words, or the API's error shape."""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import ngettext

# The API's detail is for people too (a sign-in form): it follows Accept-Language.
LOCKED_OUT = (
    "too many failed sign-ins for this account or from this address; "
    "try again in %(minutes)s minute, or reset your password"
)
LOCKED_OUT_PLURAL = (
    "too many failed sign-ins for this account or from this address; "
    "try again in %(minutes)s minutes, or reset your password"
)


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """Answer a sign-in attempt while its account or address is locked out (429)."""
    minutes = settings.LOGIN_LOCKOUT_MINUTES
    retry = str(math.ceil(minutes * 60))
    if request.path.startswith("/api/"):
        detail = ngettext(LOCKED_OUT, LOCKED_OUT_PLURAL, minutes) % {"minutes": minutes}
        body = {"error": "locked_out", "detail": detail}
        response: HttpResponse = JsonResponse(body, status=429)
    else:
        context = {"minutes": minutes, "limit": settings.LOGIN_FAILURE_LIMIT}
        response = render(request, "accounts/locked_out.html", context, status=429)
    response["Retry-After"] = retry
    return response
