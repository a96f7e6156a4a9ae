"""docs/bots.md lists every error code the API can answer, and nothing else.

The codes are read from the source, not from a list kept by hand: the ``code`` of every service
error class and every ``code=`` given when raising one, the codes of the API's own error
answers (``error_response``, ``error_body``, ``_error`` and ``{"error": ...}`` bodies), the
``default_code`` of the API's own DRF exceptions, and the codes of the DRF exceptions that DRF
raises for the API (authentication, permissions, parsing, negotiation, throttling, validation).
"""

from __future__ import annotations

import re
from pathlib import Path

from rest_framework import exceptions

from tests.processes import ROOT

SOURCES = ("games", "bots", "tournaments", "platform")
PATTERNS = [
    re.compile(r'^\s+(?:default_)?code = "(\w+)"', re.M),  # an error class's code
    re.compile(r'\bcode="(\w+)"'),  # raise SomeError(..., code="x")
    re.compile(r'(?:error_response|error_body|_error)\(\s*(?:\d+,\s*)?"(\w+)"'),
    re.compile(r'\{"error": "(\w+)"'),  # a literal error body
]
# Raised by DRF itself for every API view: token/session checks, permissions, unknown methods,
# bodies it cannot parse, Accept headers it cannot serve, the rate limit, unknown objects.
DRF_RAISES = [
    exceptions.NotAuthenticated,
    exceptions.AuthenticationFailed,
    exceptions.PermissionDenied,
    exceptions.NotFound,
    exceptions.MethodNotAllowed,
    exceptions.UnsupportedMediaType,
    exceptions.NotAcceptable,
    exceptions.ParseError,
    exceptions.Throttled,
]
VALIDATION = "invalid"  # core/api_errors.py answers every ValidationError with this code
# Error-like strings that are not API answers: a webhook bot's reply in the client, the
# WebSocket messages and the tables' pages (docs/web.md describes those).
NOT_API = {
    "bots/client.py",
    "platform/web/consumers.py",
    "platform/core/live.py",
    "games/services/tables.py",
    "games/services/chat.py",
    "platform/accounts/follows.py",  # the follow button's refusals, on pages only
}


def codes_in_source() -> set[str]:
    found = {VALIDATION} | {str(cls.default_code) for cls in DRF_RAISES}
    for top in SOURCES:
        for path in (ROOT / top).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if relative in NOT_API or "/engine/" in relative or "/migrations/" in relative:
                continue
            text = path.read_text()
            for pattern in PATTERNS:
                found |= set(pattern.findall(text))
    return found


def codes_in_docs(doc: Path = ROOT / "docs" / "bots.md") -> set[str]:
    """Return the first column of the table under the heading "Error codes"."""
    section = doc.read_text().split("### Error codes", 1)[1].split("\n#", 1)[0]
    return set(re.findall(r"^\| `(\w+)` \|", section, re.M))


def test_the_source_finds_the_codes_we_know() -> None:
    found = codes_in_source()
    assert {"not_authenticated", "parse_error", "turn_not_open", "bad_options"} <= found
    assert {"server_error", "not_found", "invalid_credentials", "already_member"} <= found


def test_docs_list_every_code_the_api_returns_and_no_other() -> None:
    source, docs = codes_in_source(), codes_in_docs()
    assert not source - docs, f"returned by the API, not in docs/bots.md: {source - docs}"
    assert not docs - source, f"in docs/bots.md, never returned by the API: {docs - source}"
