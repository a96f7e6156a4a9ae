"""The API speaks English, except the error details people read (README "Languages").

LocaleMiddleware activates the language of the cookie or Accept-Language for every request. The
API is machine-facing, so under /api/ this middleware switches back to English, except on the
endpoints whose answers people read: sign-up, sign-in and password reset (their error details
follow Accept-Language). The refusal reasons of a move, shown on the table, are translated where
the table shows them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.utils import translation

API_PREFIX = "/api/"
# The API paths whose error details people read.
FOR_PEOPLE = ("/api/v1/auth/signup", "/api/v1/auth/login", "/api/v1/auth/password-reset")


def speaks_english(path: str) -> bool:
    """Return whether a request to ``path`` is answered in English whatever its language."""
    return path.startswith(API_PREFIX) and not path.rstrip("/").endswith(FOR_PEOPLE)


def _english(request: HttpRequest) -> None:
    translation.activate(settings.LANGUAGE_CODE)
    request.LANGUAGE_CODE = settings.LANGUAGE_CODE


class ApiEnglishMiddleware:
    """Answer the machine-facing API in English (after LocaleMiddleware)."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        """Switch to English under /api/ (but for the people's endpoints), then go on."""
        if iscoroutinefunction(self):
            return self.__acall__(request)
        if speaks_english(request.path_info):
            _english(request)
        return self.get_response(request)

    async def __acall__(self, request: HttpRequest) -> HttpResponseBase:
        """Switch to English under /api/ (but for the people's endpoints), then go on (async)."""
        if speaks_english(request.path_info):
            _english(request)
        get_response: Callable[[HttpRequest], Awaitable[HttpResponseBase]] = self.get_response
        return await get_response(request)
