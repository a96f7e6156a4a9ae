"""The API's JSON parser: DRF's, plus a bound on nesting (API_JSON_MAX_DEPTH).

Python's JSON decoder recurses: a body nested some thousand levels deep raised RecursionError
(a 500) before, and deep values would recurse again in serializers and the engine.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from rest_framework import parsers
from rest_framework.exceptions import ParseError


def json_depth_exceeds(value: Any, limit: int) -> bool:
    """Return whether ``value`` nests lists and objects deeper than ``limit`` (no recursion)."""
    level: list[tuple[Any, int]] = [(value, 1)]
    while level:
        item, depth = level.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        level.extend((child, depth + 1) for child in children)
    return False


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser that answers 400 ``parse_error`` for too deep a body."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = settings.API_JSON_MAX_DEPTH
        too_deep = f"JSON nested too deep: at most {limit} levels of lists and objects"
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(too_deep) from None
        if json_depth_exceeds(data, limit):
            raise ParseError(too_deep)
        return data


def json_or_none(text: str) -> Any:
    """Return the JSON value of ``text``, or None if it is not JSON or nests too deep."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return None if json_depth_exceeds(value, settings.API_JSON_MAX_DEPTH) else value


class BoundedJsonMessages:
    """For WebSocket consumers: a message that is not JSON, or nests too deep, reads as None,
    which ``receive_json`` answers as a bad request instead of the socket crashing."""

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        return json_or_none(text_data)
