"""Sign-in and password-reset limits, per account and per address, on the pages and the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.mail import EmailMessage
from django.test import Client
from rest_framework.test import APIClient

from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def page_login(username: str, password: str, address: str = "198.51.100.1") -> Any:
    return Client(REMOTE_ADDR=address).post(
        "/accounts/login/", {"username": username, "password": password}
    )


def test_the_sign_in_page_locks_an_account_after_the_failure_limit(
    ana: User, settings: Any
) -> None:
    for n in range(settings.LOGIN_FAILURE_LIMIT - 1):
        assert page_login("ana", f"wrong-{n}").status_code == 200  # the form, with its error
    assert page_login("ana", "wrong-again").status_code == 429  # the last allowed failure
    locked = page_login("ana", PASSWORD)  # even the right password waits now
    assert locked.status_code == 429
    text = locked.content.decode()
    assert (
        "too many failed sign-ins" in text and f"{settings.LOGIN_LOCKOUT_MINUTES} minutes" in text
    )
    assert "_auth_user_id" not in Client().session


def test_guessing_from_many_addresses_still_locks_the_account(ana: User, settings: Any) -> None:
    for n in range(settings.LOGIN_FAILURE_LIMIT):
        page_login("ana", "wrong", address=f"203.0.113.{n}")
    assert page_login("ana", PASSWORD, address="192.0.2.99").status_code == 429


def test_guessing_many_accounts_from_one_address_locks_the_address(
    make_user: Any, settings: Any
) -> None:
    make_user("bo")
    for n in range(settings.LOGIN_FAILURE_LIMIT):
        page_login(f"someone{n}", "wrong", address="198.51.100.7")
    assert page_login("bo", PASSWORD, address="198.51.100.7").status_code == 429
    assert page_login("bo", PASSWORD, address="198.51.100.8").status_code == 302


def test_the_api_login_locks_out_with_the_error_shape(ana: User, settings: Any) -> None:
    api = APIClient()
    for _ in range(settings.LOGIN_FAILURE_LIMIT - 1):
        reply = api.post("/api/v1/auth/login", {"username": "ana", "password": "x"}, format="json")
        assert reply.status_code == 400
    reply = api.post("/api/v1/auth/login", {"username": "ana", "password": "y"}, format="json")
    assert reply.status_code == 429  # the failure that reaches the limit locks out
    reply = api.post("/api/v1/auth/login", {"username": "ana", "password": PASSWORD}, format="json")
    assert reply.status_code == 429 and reply.json()["error"] == "locked_out"
    assert "try again in" in reply.json()["detail"] and int(reply["Retry-After"]) > 0
    # The page shares the count: the account is locked there too.
    assert page_login("ana", PASSWORD, address="127.0.0.1").status_code == 429


def test_a_success_before_the_limit_starts_the_count_again(ana: User, settings: Any) -> None:
    for _ in range(settings.LOGIN_FAILURE_LIMIT - 1):
        page_login("ana", "wrong")
    assert page_login("ana", PASSWORD).status_code == 302
    for _ in range(settings.LOGIN_FAILURE_LIMIT - 1):
        page_login("ana", "wrong")
    assert page_login("ana", PASSWORD).status_code == 302


def test_the_reset_page_sends_a_few_mails_per_account_then_refuses(
    ana: User, settings: Any, mailoutbox: list[EmailMessage]
) -> None:
    codes = []
    for n in range(settings.PASSWORD_RESET_PER_ACCOUNT + 3):
        client = Client(REMOTE_ADDR=f"203.0.113.{n}")  # from many places: still per account
        codes.append(client.post("/accounts/password-reset/", {"email": "ana@example.com"}))
    assert len(mailoutbox) == settings.PASSWORD_RESET_PER_ACCOUNT
    refused = codes[-1]
    assert refused.status_code == 429 and "too many reset links" in refused.content.decode()


def test_the_reset_page_limits_one_address_across_accounts(
    make_user: Any, settings: Any, mailoutbox: list[EmailMessage]
) -> None:
    client = Client(REMOTE_ADDR="198.51.100.9")
    for n in range(settings.PASSWORD_RESET_PER_ADDRESS + 2):
        make_user(f"user{n}")
        client.post("/accounts/password-reset/", {"email": f"user{n}@example.com"})
    assert len(mailoutbox) == settings.PASSWORD_RESET_PER_ADDRESS


def test_the_reset_api_is_limited_per_account(
    ana: User, settings: Any, mailoutbox: list[EmailMessage]
) -> None:
    codes = []
    for n in range(settings.PASSWORD_RESET_PER_ACCOUNT + 2):
        reply = APIClient(REMOTE_ADDR=f"203.0.113.{n}").post(
            "/api/v1/auth/password-reset", {"email": "ana@example.com"}, format="json"
        )
        codes.append(reply.status_code)
    assert codes[-1] == 429 and len(mailoutbox) == settings.PASSWORD_RESET_PER_ACCOUNT
