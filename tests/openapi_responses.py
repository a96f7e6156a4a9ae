"""Every JSON answer the API tests get must fit the OpenAPI schema's declared response.

``tests/conftest.py`` wraps ``APIClient.request`` for the whole suite: after each request to
/api/, the answer's JSON is validated against the schema the operation declares for that
status (when it declares one), so the components in web/api_components*.py are checked
against real answers from every API test, not only the schema fuzzer's.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from drf_spectacular.generators import SchemaGenerator
from jsonschema_rs import Draft202012Validator

from tests.games.openapi_checks import to_json_schema
from tests.json_schemas import compiled, errors_of

Operation = tuple[re.Pattern[str], int, dict[str, Any]]


@cache
def _schema() -> tuple[dict[str, Any], list[Operation]]:
    openapi = SchemaGenerator().get_schema(request=None, public=True)
    defs = to_json_schema(openapi["components"]["schemas"])
    operations: list[Operation] = []
    for path, methods in openapi["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "/?$")
        operations.append((pattern, path.count("{"), methods))
    operations.sort(key=lambda op: op[1])  # literal paths before templated ones
    return defs, operations


@cache
def _validator(path_schema: str) -> Draft202012Validator:
    defs, _ = _schema()
    return compiled({"$defs": defs, **json.loads(path_schema)})


def declared(path: str, method: str, status: int) -> dict[str, Any] | None:
    """Return the JSON schema the operation at ``path`` declares for ``status``, if any."""
    _, operations = _schema()
    for pattern, _, methods in operations:
        if pattern.match(path):
            operation = methods.get(method.lower())
            if operation is None:
                return None
            response = operation.get("responses", {}).get(str(status), {})
            content = response.get("content", {}).get("application/json", {})
            schema: dict[str, Any] | None = content.get("schema")
            return to_json_schema(schema) if schema else None
    return None


def problems(path: str, method: str, status: int, body: Any) -> list[str]:
    """Return how ``body`` breaks the declared response (empty: it fits, or none declared)."""
    schema = declared(path, method, status)
    if schema is None:
        return []
    check = _validator(json.dumps(schema, sort_keys=True))
    return errors_of(check, body)


def check_response(request: dict[str, Any], response: Any) -> None:
    """Fail the test if an /api/ answer does not fit its declared schema."""
    path = str(request.get("PATH_INFO", ""))
    if not path.startswith("/api/v1/") or getattr(response, "streaming", False):
        return
    if "json" not in response.get("Content-Type", "") or not 200 <= response.status_code < 300:
        return
    body = json.loads(response.content or b"null")
    found = problems(path, str(request.get("REQUEST_METHOD", "GET")), response.status_code, body)
    assert not found, f"{request.get('REQUEST_METHOD')} {path} answered outside its schema: {found}"
