"""The account API: sign up, log in, me, log out, with the project's error shape."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def post(api: APIClient, path: str, body: dict[str, str] | None = None, **extra: str):  # type: ignore[no-untyped-def]
    return api.post(f"/api/v1/auth/{path}", body or {}, format="json", **extra)


def test_signup_creates_an_account_and_a_session(api: APIClient) -> None:
    reply = post(
        api, "signup", {"username": "bea", "email": "bea@example.com", "password": PASSWORD}
    )
    assert reply.status_code == 201
    body = reply.json()
    assert body["username"] == "bea"
    assert body["email"] == "bea@example.com"
    assert body["time_zone"] == "UTC"
    assert api.get("/api/v1/auth/me").json()["username"] == "bea"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "ana", "email": "new@example.com", "password": PASSWORD}, "username"),
        ({"username": "bea", "email": "ANA@example.com", "password": PASSWORD}, "email"),
        ({"username": "bea", "email": "bea@example.com", "password": "password"}, "password"),
        ({"username": "bea ?", "email": "bea@example.com", "password": PASSWORD}, "username"),
        ({"username": "bea", "password": PASSWORD}, "email"),
    ],
)
def test_signup_errors_name_the_field(
    api: APIClient, ana: User, body: dict[str, str], field: str
) -> None:
    reply = post(api, "signup", body)
    assert reply.status_code == 400
    error = reply.json()
    assert error["error"] == "invalid"
    assert field in error["fields"]
    assert field in error["detail"]
    assert User.objects.count() == 1


def test_signup_and_login_take_json_only(api: APIClient, ana: User) -> None:
    # A cross-site HTML form can send form data but not JSON: that is what keeps these safe.
    form = api.post("/api/v1/auth/login", {"username": "ana", "password": PASSWORD})
    assert form.status_code == 415
    assert form.json()["error"] == "unsupported_media_type"


def test_login_me_logout(api: APIClient, ana: User) -> None:
    assert api.get("/api/v1/auth/me").status_code == 401

    reply = post(api, "login", {"username": "ana", "password": PASSWORD})
    assert reply.status_code == 200
    assert reply.json()["username"] == "ana"
    me = api.get("/api/v1/auth/me")
    assert me.status_code == 200
    assert me.json()["email"] == "ana@example.com"

    # Once signed in, a POST needs the CSRF token Django set at login.
    assert post(api, "logout").status_code == 403
    csrf = api.cookies["csrftoken"].value
    assert post(api, "logout", HTTP_X_CSRFTOKEN=csrf).status_code == 204
    assert api.get("/api/v1/auth/me").status_code == 401


def test_login_refuses_bad_credentials_clearly(api: APIClient, ana: User) -> None:
    for body in ({"username": "ana", "password": "wrong"}, {"username": "zed", "password": "x"}):
        reply = post(api, "login", body)
        assert reply.status_code == 400
        assert reply.json() == {
            "error": "invalid_credentials",
            "detail": "wrong username or password (both are case-sensitive)",
        }
    missing = post(api, "login", {"username": "ana"})
    assert missing.status_code == 400
    assert "password" in missing.json()["fields"]


def test_me_unauthenticated_uses_the_error_shape(api: APIClient) -> None:
    reply = api.get("/api/v1/auth/me")
    assert reply.status_code == 401
    assert reply.json()["error"] == "not_authenticated"


def test_a_page_session_works_on_the_api(ana: User) -> None:
    client = Client()
    client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert client.get("/api/v1/auth/me").json()["username"] == "ana"


def test_login_is_throttled(api: APIClient, ana: User, settings: Any) -> None:
    limit = settings.LOGIN_FAILURE_LIMIT  # failures before the account and address lock out
    codes = [
        post(api, "login", {"username": "ana", "password": "x"}).status_code for _ in range(21)
    ]
    assert codes[: limit - 1] == [400] * (limit - 1)
    assert codes[limit - 1 :] == [429] * (21 - limit + 1)


def test_the_schema_documents_the_auth_endpoints(api: APIClient) -> None:
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path in ("signup", "login", "logout", "me", "password-reset"):
        assert f"/api/v1/auth/{path}" in schema["paths"]
