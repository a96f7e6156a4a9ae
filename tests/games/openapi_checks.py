"""Validate API answers against the OpenAPI schema's components (tests/json_schemas.py).

The components are in the OpenAPI 3.0 dialect; ``to_json_schema`` reads ``nullable`` as
JSON Schema's ``"null"`` so that a validator of draft 2020-12 can check them.
"""

from __future__ import annotations

from typing import Any

from jsonschema_rs import Draft202012Validator

from tests.json_schemas import compiled, errors_of


def to_json_schema(node: Any) -> Any:
    """Return an OpenAPI 3.0 schema node as JSON Schema (``$ref`` into ``$defs``)."""
    if isinstance(node, list):
        return [to_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {
        key: (value.replace("#/components/schemas/", "#/$defs/") if key == "$ref" else value)
        for key, value in ((k, to_json_schema(v)) for k, v in node.items())
        if key != "nullable"
    }
    if node.get("nullable"):
        if "type" in out and "enum" not in out:
            out["type"] = [out["type"], "null"]
        else:
            return {"anyOf": [out, {"type": "null"}]}
    return out


class Components:
    """Validators of an OpenAPI document's components, by name."""

    def __init__(self, openapi: dict[str, Any]) -> None:
        self.defs = to_json_schema(openapi["components"]["schemas"])
        self.checks: dict[str, Draft202012Validator] = {}

    def errors(self, name: str, value: Any) -> list[str]:
        check = self.checks.get(name)
        if check is None:
            check = compiled({"$defs": self.defs, "$ref": f"#/$defs/{name}"})
            self.checks[name] = check
        return errors_of(check, value)
