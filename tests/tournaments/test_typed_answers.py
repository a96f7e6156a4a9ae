"""A played tournament's public reads fit their typed components, filled in (not only empty).

Every APIClient answer is checked against the OpenAPI schema by tests/conftest.py; this test
makes sure the bracket, standings and commitments are checked with rounds, tables, matches and
results in them. And no operation of the API answers a bare ``object``.
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.openapi_responses import _schema, declared
from tests.tournaments.conftest import house_tournament, play_out
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db


def test_the_reads_of_a_played_tournament_fit_the_schema(organiser: Any) -> None:
    tournament = house_tournament(organiser, "buraco-mano-a-mano", "single_elimination", 4)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    assert play_out(tournament.pk).status == "finished"
    public = APIClient()
    base = f"/api/v1/tournaments/{tournament.pk}"
    bracket = public.get(f"{base}/bracket").json()["bracket"]
    pairings = [p for r in bracket for p in r["pairings"]]
    assert pairings and all(m["result"] for p in pairings for m in p["matches"])
    assert all(e["place"] is not None for p in pairings for e in p["entries"])
    standings = public.get(f"{base}/standings").json()["standings"]
    assert len(standings) == 4 and standings[0]["rank"] == 1
    commitments = public.get(f"{base}/commitments").json()["commitments"]
    assert all(p["seed"] for r in commitments for p in r["pairings"])
    assert len(public.get(f"{base}/entries").json()["entries"]) == 4
    assert public.get(base).json()["finished_at"]
    assert public.get("/api/v1/tournaments").json()["results"][0]["id"] == tournament.pk


def test_no_operation_answers_a_bare_object() -> None:
    _, operations = _schema()
    bare = []
    for _, _, methods in operations:
        for method, operation in methods.items():
            for status, response in operation.get("responses", {}).items():
                schema = response.get("content", {}).get("application/json", {}).get("schema")
                typed = schema is None or {"$ref", "properties", "items"} & set(schema)
                if status.startswith("2") and not typed:
                    bare.append((method, operation["operationId"], status))
    assert not bare
    assert declared("/api/v1/tournaments/7/bracket", "get", 200) is not None
