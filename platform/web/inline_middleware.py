"""Django's and django-csp's middleware, with their hooks run in the event loop under ASGI.

Under ASGI, Django's ``MiddlewareMixin`` runs every ``process_request`` and ``process_response``
in a thread (``sync_to_async``), and the handler does the same for every sync ``process_view``:
with a dozen middleware, a bare request made about twenty hops to a thread and back (issue 22,
bench/request_floor.py). The hooks below read and write only the request and the response
(headers, cookies, the active language, lazy objects), so they run in place. The one hook that
may write to the database, the session's save, still goes to a thread, and only when the
session changed; the messages' hook too, only when messages were read or added.

Each class is the library's own, so its behaviour and settings are unchanged; only where its
hooks run differs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async
from csp.middleware import CSPMiddleware as LibraryCSPMiddleware
from django.conf import settings
from django.contrib.auth.middleware import AuthenticationMiddleware as DjangoAuthentication
from django.contrib.messages.middleware import MessageMiddleware as DjangoMessages
from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessions
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.middleware.clickjacking import XFrameOptionsMiddleware as DjangoXFrame
from django.middleware.common import CommonMiddleware as DjangoCommon
from django.middleware.csrf import CsrfViewMiddleware as DjangoCsrf
from django.middleware.locale import LocaleMiddleware as DjangoLocale
from django.middleware.security import SecurityMiddleware as DjangoSecurity


class InlineHooks:
    """For a ``MiddlewareMixin`` whose hooks do no I/O: under ASGI, run them in the loop.

    ``response_needs_thread`` names the case where ``process_response`` may do I/O after all
    (then, and only then, it runs in a thread as Django would run it).
    """

    get_response: Callable[[HttpRequest], Any]

    def response_needs_thread(self, request: HttpRequest) -> bool:
        return False

    async def __acall__(self, request: HttpRequest) -> HttpResponseBase:
        response = None
        process_request = getattr(self, "process_request", None)
        if process_request is not None:
            response = process_request(request)
        response = response or await self.get_response(request)
        process_response = getattr(self, "process_response", None)
        if process_response is None:
            return response  # type: ignore[no-any-return]
        if self.response_needs_thread(request):
            return await sync_to_async(process_response, thread_sensitive=True)(  # type: ignore[no-any-return]
                request, response
            )
        return process_response(request, response)  # type: ignore[no-any-return]


class SecurityMiddleware(InlineHooks, DjangoSecurity):
    """Django's: headers and the HTTPS redirect."""


class CSPMiddleware(InlineHooks, LibraryCSPMiddleware):
    """django-csp's: the Content-Security-Policy header and its nonce."""


class SessionMiddleware(InlineHooks, DjangoSessions):
    """Django's: the session is loaded lazily, in the view's thread; saving it writes, so the
    response hook goes to a thread when the session changed (or every request saves it)."""

    def response_needs_thread(self, request: HttpRequest) -> bool:
        session = getattr(request, "session", None)
        return settings.SESSION_SAVE_EVERY_REQUEST or bool(getattr(session, "modified", False))


class LocaleMiddleware(InlineHooks, DjangoLocale):
    """Django's: the language of the cookie or Accept-Language."""


class CommonMiddleware(InlineHooks, DjangoCommon):
    """Django's: the trailing-slash redirect."""


class CsrfViewMiddleware(InlineHooks, DjangoCsrf):
    """Django's: the CSRF cookie and check. The token lives in a cookie, never the session
    (``CSRF_USE_SESSIONS`` off: checked at start), so the check reads only the request; its
    view hook runs in the loop too (exempt views, the DRF API, return at once)."""

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        super().__init__(get_response)
        if settings.CSRF_USE_SESSIONS:
            raise ImproperlyConfigured("web.inline_middleware needs CSRF_USE_SESSIONS off")
        if self.async_mode:
            self.process_view = self._aprocess_view  # type: ignore[method-assign]

    async def _aprocess_view(
        self,
        request: HttpRequest,
        callback: Callable[..., Any],
        callback_args: tuple[Any, ...],
        callback_kwargs: dict[str, Any],
    ) -> HttpResponseBase | None:
        return DjangoCsrf.process_view(self, request, callback, callback_args, callback_kwargs)


class AuthenticationMiddleware(InlineHooks, DjangoAuthentication):
    """Django's: ``request.user`` and ``request.auser``, both lazy."""


class MessageMiddleware(InlineHooks, DjangoMessages):
    """Django's: storing messages may touch the session, so the response hook goes to a
    thread when the request's messages were read or added."""

    def response_needs_thread(self, request: HttpRequest) -> bool:
        storage = getattr(request, "_messages", None)
        return bool(getattr(storage, "used", False) or getattr(storage, "added_new", False))


class XFrameOptionsMiddleware(InlineHooks, DjangoXFrame):
    """Django's: the X-Frame-Options header."""
