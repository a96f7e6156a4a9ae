"""The API stays English for machines; Accept-Language breaks nothing.

Phase B (the catalogs) adds checks that the sign-in error detail follows Accept-Language.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("header", ["es-AR,es;q=0.9", "pt-BR", "ko-KR,ko;q=0.9", "id"])
def test_sign_in_refusal_answers_in_the_error_shape_whatever_the_language(
    ana: User, header: str
) -> None:
    reply = Client().post(
        "/api/v1/auth/login",
        {"username": "ana", "password": "wrong"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=header,
    )
    assert reply.status_code == 400
    body = reply.json()
    assert body["error"] == "invalid_credentials"
    assert isinstance(body["detail"], str) and body["detail"]


@pytest.mark.parametrize("header", ["es", "ko", "pt-BR"])
def test_machine_facing_api_stays_english(header: str) -> None:
    client = Client()
    matches = client.get("/api/v1/matches", HTTP_ACCEPT_LANGUAGE=header)
    assert matches.status_code == 200
    english = Client().get("/api/v1/matches").json()
    assert matches.json() == english
    missing = client.get("/api/v1/no-such-thing", HTTP_ACCEPT_LANGUAGE=header)
    assert missing.status_code == 404
    assert missing.json()["error"] == "not_found"
    me = client.get("/api/v1/auth/me", HTTP_ACCEPT_LANGUAGE=header)
    assert me.status_code == 401
    assert me.json()["error"] == "not_authenticated"


@pytest.mark.parametrize("header", ["es", "ko-KR", "pt-BR", "id"])
def test_drf_messages_outside_the_people_endpoints_stay_english(header: str) -> None:
    # DRF ships its own translations: without web/api_language.py this detail would be Korean.
    me = Client().get("/api/v1/auth/me", HTTP_ACCEPT_LANGUAGE=header)
    assert me.json()["detail"] == "Authentication credentials were not provided."
    assert me.headers["Content-Language"] == "en"


def test_the_people_endpoints_follow_accept_language() -> None:
    # DRF's own catalog already translates "This field is required." (ours comes in phase B).
    reply = Client().post(
        "/api/v1/auth/login",
        {"username": "ana"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="es-AR,es;q=0.9",
    )
    assert reply.status_code == 400
    assert reply.json()["fields"]["password"] == ["Este campo es requerido."]
    assert reply.headers["Content-Language"] == "es"
