"""The schema says what the API answers: every operation's error responses, in one shape.

Views declare their own successes and particular errors; this hook adds the errors any
operation may answer (platform/core/api_errors.py), each as ``{"error": code, "detail": text}``.
"""

from __future__ import annotations

from typing import Any

ERROR_REF = {"$ref": "#/components/schemas/Error"}
ERROR_SCHEMA = {
    "type": "object",
    "required": ["error", "detail"],
    "properties": {
        "error": {"type": "string", "description": "a code from docs/bots.md's list"},
        "detail": {"type": "string", "description": "what went wrong, for a person"},
    },
}

# Every operation: a bad query or path, a bad or missing token, a refusal, no such object, the
# rate limit, an outage of a service of ours.
ANY_OPERATION = {
    "400": "bad request: `invalid`, `parse_error`, `bad_request`, …",
    "401": "`not_authenticated` (no token or session) or `authentication_failed`",
    "403": "`permission_denied` and other refusals",
    "404": "`not_found`: no such object, or not one of yours",
    "429": "`throttled`: retry after `Retry-After` seconds",
    "503": "`unavailable`: a service of ours is down for a moment; retry after `Retry-After` s",
}
# Operations with a body also refuse a body that is not JSON (or a form).
WITH_BODY = {"415": "`unsupported_media_type`: send `application/json`"}

METHODS = ("get", "put", "post", "patch", "delete")


def _is_json(content: dict[str, Any]) -> bool:
    return any("json" in media for media in content)


def add_error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> Any:
    """Declare the API's error responses, with the Error schema, on every operation."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    for path, operations in result.get("paths", {}).items():
        if not path.startswith("/api/"):
            continue
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            responses = operation.setdefault("responses", {})
            errors = dict(ANY_OPERATION)
            if "requestBody" in operation:
                errors |= WITH_BODY
            for status, description in errors.items():
                responses.setdefault(status, {"description": description})
            for status, response in responses.items():
                if status[0] in "45" and not _is_json(response.get("content", {})):
                    response["content"] = {"application/json": {"schema": ERROR_REF}}
    return result
