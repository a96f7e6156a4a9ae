"""Serve the bot's waiting endpoints (the long-poll and the event stream) without middleware.

Django's middleware runs its sync hooks in a thread made for each request and kept until the
request ends, so a long-poll behind it keeps an idle thread for as long as it waits. These two
endpoints need none of it: they authenticate by token (no session, cookie or CSRF), answer
JSON, and check nothing by host name. Django's own handler with an empty middleware chain
serves them: they stay ordinary async Django views, resolved from the same URLconf, and a
waiting request holds no thread.
"""

from __future__ import annotations

from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.exception import convert_exception_to_response

PATHS = frozenset({"/api/v1/bot/turns", "/api/v1/bot/events"})


class WaitingHandler(ASGIHandler):
    """Django's ASGI handler with no middleware."""

    def load_middleware(self, is_async: bool = False) -> None:
        self._view_middleware = []
        self._template_response_middleware = []
        self._exception_middleware = []
        get_response = self._get_response_async if is_async else self._get_response
        self._middleware_chain = convert_exception_to_response(get_response)
