"""The suite's check of every API answer against the schema (tests/openapi_responses.py) can
fail: a misfit answer is reported with where and why, and an operation's own answers fit."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.openapi_responses import problems

pytestmark = pytest.mark.django_db


def test_a_misfit_answer_is_reported_with_where_and_why() -> None:
    found = problems("/api/v1/bot/me", "GET", 200, {"id": "x"})
    assert "['id']: \"x\" is not of type \"integer\"" in found
    assert '[]: "name" is a required property' in found
    # Templated paths match too; a status the operation does not declare checks nothing.
    assert problems("/api/v1/matches/7", "GET", 200, {"id": 7})
    assert problems("/api/v1/matches/7", "GET", 299, {"id": 7}) == []


def test_a_real_answer_fits() -> None:
    reply = APIClient().get("/api/v1/ladders")  # checked by tests/conftest.py as well
    assert reply.status_code == 200
    assert problems("/api/v1/ladders", "GET", 200, reply.json()) == []
