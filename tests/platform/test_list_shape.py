"""Every list endpoint answers the API's one list shape, {"count", "next", "previous",
"results"} (docs/bots.md, "Lists"): no bare arrays, no results without a count."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

SHAPE = {"count", "next", "previous", "results"}


def _resolve(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def test_every_list_in_the_schema_has_the_one_shape() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    lists = []
    for path, methods in schema["paths"].items():
        answer = methods.get("get", {}).get("responses", {}).get("200", {})
        body = answer.get("content", {}).get("application/json", {}).get("schema")
        if body is None:
            continue
        body = _resolve(body, components)
        assert body.get("type") != "array", f"{path} answers a bare array"
        properties = set(body.get("properties", {}))
        if "results" in properties:
            lists.append(path)
            assert properties >= SHAPE, f"{path} lacks {SHAPE - properties}"
    assert {"/api/v1/bots", "/api/v1/ladders", "/api/v1/leaderboards", "/api/v1/leagues"} <= set(
        lists
    )


@pytest.mark.django_db
def test_the_lists_answer_the_shape_and_page() -> None:
    person = get_user_model().objects.create_user("lia", "lia@example.org", "a-long-password-4")
    client = APIClient()
    client.force_authenticate(person)
    for path in ("/api/v1/bots", "/api/v1/ladders", "/api/v1/leaderboards", "/api/v1/leagues"):
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.content)
        assert set(answer.json()) >= SHAPE, path
        past = client.get(path, {"page": 99})
        assert past.status_code == 404 and past.json()["error"] == "not_found", path
