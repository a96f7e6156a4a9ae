"""OpenAPI description of the Bearer-token scheme."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension


class BotTokenScheme(OpenApiAuthenticationExtension):
    target_class = "bots.auth.BotTokenAuthentication"
    name = "botToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A bot's API token: `Authorization: Bearer ctb_…` (shown once).",
        }


_ERROR = {"$ref": "#/components/schemas/Error"}


def _errors() -> dict[str, Any]:
    content = {"application/json": {"schema": _ERROR}}
    return {
        "401": {"description": "missing, unknown or revoked token", "content": content},
        "429": {"description": "rate limit: retry after `Retry-After` seconds", "content": content},
    }


def add_async_paths(result: dict[str, Any], generator: Any, request: Any, public: bool) -> Any:
    """Describe the async views (the long-poll and the stream), which DRF does not see."""
    components = result.setdefault("components", {}).setdefault("schemas", {})
    components["Error"] = {
        "type": "object",
        "required": ["error", "detail"],
        "properties": {"error": {"type": "string"}, "detail": {"type": "string"}},
    }
    security = [{"botToken": []}]
    result.setdefault("paths", {})["/api/v1/bot/turns"] = {
        "get": {
            "operationId": "bot_turns",
            "summary": "Long-poll for your open turns",
            "description": "Answers at once when a turn is open, else waits up to `wait` seconds "
            'and answers `{"turns": [], "challenges": [...]}`. One turn per match where this bot '
            "must act, and the challenges waiting for its answer. A match of the bot's that "
            "ends while it waits ends the wait too, and is listed in `finished`.",
            "tags": ["bot"],
            "security": security,
            "parameters": [
                {
                    "name": "wait",
                    "in": "query",
                    "required": False,
                    "schema": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": settings.LONG_POLL_MAX,
                        "default": 0,
                    },
                }
            ],
            "responses": {
                "200": {
                    "description": "open turns",
                    "content": {
                        "application/json": {
                            # web/api_components.py: the TurnList component
                            "schema": {"$ref": "#/components/schemas/TurnList"}
                        }
                    },
                },
                "400": {
                    "description": "bad `wait`",
                    "content": {"application/json": {"schema": _ERROR}},
                },
                **_errors(),
            },
        }
    }
    result["paths"]["/api/v1/bot/events"] = {
        "get": {
            "operationId": "bot_events",
            "summary": "Stream your turns and match events (NDJSON)",
            "description": 'One JSON object per line: `{"event": "turn", …turn}`, '
            '`{"event": "match_started", "match": id}`, `{"event": "match_finished", '
            '"match": id, "result": …}`, and `{"event": "keepalive"}` every 15 s.',
            "tags": ["bot"],
            "security": security,
            "responses": {
                "200": {
                    "description": "the event stream",
                    "content": {
                        "application/x-ndjson": {
                            "schema": {"$ref": "#/components/schemas/EventLine"}
                        }
                    },
                },
                **_errors(),
            },
        }
    }
    return result
