"""Every bot endpoint is in the OpenAPI schema, the async ones included."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_the_schema_documents_the_bot_protocol() -> None:
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    body = schema.json()
    paths = body["paths"]
    for path in [
        "/api/v1/bot/turns",
        "/api/v1/bot/events",
        "/api/v1/bot/me",
        "/api/v1/matches",
        "/api/v1/matches/{match_id}",
        "/api/v1/matches/{match_id}/moves",
        "/api/v1/matches/{match_id}/log",
        "/api/v1/matches/{match_id}/resign",
        "/api/v1/bots",
        "/api/v1/bots/{bot_id}/tokens",
    ]:
        assert path in paths, path
    turns = paths["/api/v1/bot/turns"]["get"]
    assert {"200", "401", "429"} <= set(turns["responses"])
    assert turns["parameters"][0]["schema"]["maximum"] == 30
    assert "429" in body["info"]["description"] and "a minute" in body["info"]["description"]
    assert body["components"]["securitySchemes"]["botToken"]["scheme"] == "bearer"
