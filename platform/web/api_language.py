"""The API speaks English, except the error details people read (README "Languages").

LocaleMiddleware activates the language of the cookie or Accept-Language for every request. The
API is machine-facing, so under /api/ this middleware switches back to English, except on the
endpoints whose answers people read: sign-up, sign-in and password reset (their error details
follow Accept-Language). The refusal reasons of a move, shown on the table, are translated where
the table shows them.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.utils import translation

from core.middleware import DualMiddleware

API_PREFIX = "/api/"
# The API paths whose error details people read.
FOR_PEOPLE = ("/api/v1/auth/signup", "/api/v1/auth/login", "/api/v1/auth/password-reset")


def speaks_english(path: str) -> bool:
    """Return whether a request to ``path`` is answered in English whatever its language."""
    return path.startswith(API_PREFIX) and not path.rstrip("/").endswith(FOR_PEOPLE)


def _english(request: HttpRequest) -> None:
    translation.activate(settings.LANGUAGE_CODE)
    request.LANGUAGE_CODE = settings.LANGUAGE_CODE


class ApiEnglishMiddleware(DualMiddleware):
    """Answer the machine-facing API in English (after LocaleMiddleware)."""

    def handle(self, request: HttpRequest) -> HttpResponseBase:
        """Switch to English under /api/ (but for the people's endpoints), then go on."""
        if speaks_english(request.path_info):
            _english(request)
        response: HttpResponseBase = self.get_response(request)
        return response

    async def ahandle(self, request: HttpRequest) -> HttpResponseBase:
        """Switch to English under /api/ (but for the people's endpoints), then go on (async)."""
        if speaks_english(request.path_info):
            _english(request)
        return await self.aget_response(request)
