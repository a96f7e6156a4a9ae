"""Compiled JSON Schema validators for the tests, on ``jsonschema_rs``.

The suite validates every API answer (tests/openapi_responses.py), every turn of whole matches
and every engine view against the published schemas. Pure-Python ``jsonschema`` took about 25 ms
for one Buraco state (thousands of ``$ref`` lookups); the compiled validator takes well under a
millisecond and reports the same errors. ``jsonschema`` itself still checks that the schemas
are valid JSON Schema (``check_schema``).
"""

from __future__ import annotations

from typing import Any

from jsonschema_rs import Draft202012Validator


def compiled(schema: dict[str, Any]) -> Draft202012Validator:
    """Return a draft 2020-12 validator of ``schema`` (formats are annotations, as by default)."""
    return Draft202012Validator(schema)


def errors_of(check: Draft202012Validator, value: Any) -> list[str]:
    """Return how ``value`` breaks ``check``'s schema, each as "[path]: message" (empty: fits)."""
    return [f"{list(e.instance_path)}: {e.message}"[:300] for e in check.iter_errors(value)]
