"""The sign-in lockout never locks out the owner (issue 20, part 5).

The attack: someone elsewhere types wrong passwords for an account until it is locked, and
keeps doing it. The owner's browser that signed in before (it holds this account's device
cookie) or that holds a live session is not blocked by those failures; a completed password
reset lifts the lockout; every other client is limited exactly as before.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.mail import EmailMessage
from django.test import Client
from rest_framework.test import APIClient

from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db

OWNER = "198.51.100.20"  # the owner's home
NEW = "a brand new passphrase"


def lock_out(settings: Any, username: str = "ana") -> None:
    """Fail more than the limit from several other addresses (the attacker's)."""
    for n in range(settings.LOGIN_FAILURE_LIMIT + 1):
        Client(REMOTE_ADDR=f"203.0.113.{n % 3}").post(
            "/accounts/login/", {"username": username, "password": f"guess-{n}"}
        )
    assert (
        Client(REMOTE_ADDR="192.0.2.50")
        .post("/accounts/login/", {"username": username, "password": PASSWORD})
        .status_code
        == 429
    ), "the attack did not lock the account"


def page_sign_in(client: Client, password: str = PASSWORD) -> int:
    return int(
        client.post("/accounts/login/", {"username": "ana", "password": password}).status_code
    )


def test_a_browser_that_signed_in_before_is_not_locked_out(ana: User, settings: Any) -> None:
    browser = Client(REMOTE_ADDR=OWNER)
    assert page_sign_in(browser) == 302
    assert browser.cookies[settings.DEVICE_COOKIE_NAME].value  # the device cookie
    browser.post("/accounts/logout/")
    lock_out(settings)
    assert page_sign_in(browser) == 302  # today's code: 429 for 15 minutes
    # Also from another address: it is the browser that counts, not where it is.
    browser.defaults["REMOTE_ADDR"] = "192.0.2.77"
    browser.post("/accounts/logout/")
    assert page_sign_in(browser) == 302


def test_the_api_trusts_the_device_cookie_too(ana: User, settings: Any) -> None:
    app = APIClient(REMOTE_ADDR=OWNER)
    body = {"username": "ana", "password": PASSWORD}
    assert app.post("/api/v1/auth/login", body, format="json").status_code == 200
    app.post("/api/v1/auth/logout")
    lock_out(settings)
    reply = app.post("/api/v1/auth/login", body, format="json")
    assert reply.status_code == 200, reply.content


def test_a_live_session_is_not_locked_out(ana: User, settings: Any) -> None:
    app = APIClient(REMOTE_ADDR=OWNER)
    body = {"username": "ana", "password": PASSWORD}
    assert app.post("/api/v1/auth/login", body, format="json").status_code == 200
    app.cookies.pop(settings.DEVICE_COOKIE_NAME, None)  # only the session speaks for it
    lock_out(settings)
    reply = app.post("/api/v1/auth/login", body, format="json")
    assert reply.status_code == 200, reply.content


def test_a_completed_password_reset_lifts_the_lockout(
    ana: User, settings: Any, mailoutbox: list[EmailMessage]
) -> None:
    lock_out(settings)
    owner = Client(REMOTE_ADDR="192.0.2.60")
    owner.post("/accounts/password-reset/", {"email": "ana@example.com"})
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", str(mailoutbox[0].body))
    assert link is not None
    form = owner.get(link.group(1), follow=True)
    done = owner.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert done.status_code == 302
    # A fresh browser (no cookie) at a fresh address: the account's lock is gone.
    assert page_sign_in(Client(REMOTE_ADDR="192.0.2.61"), NEW) == 302  # today's code: 429
    # The browser that completed the reset is the owner's: it holds the device cookie now.
    lock_out_new = [page_sign_in(Client(REMOTE_ADDR="203.0.113.9"), "x") for _ in range(11)]
    assert lock_out_new[-1] == 429
    owner.post("/accounts/logout/")
    assert page_sign_in(owner, NEW) == 302


def test_unknown_clients_stay_locked_out(make_user: Any, ana: User, settings: Any) -> None:
    make_user("mallory")
    attacker = Client(REMOTE_ADDR="203.0.113.40")
    assert (
        attacker.post("/accounts/login/", {"username": "mallory", "password": PASSWORD}).status_code
        == 302
    )  # the attacker's own device cookie
    attacker.post("/accounts/logout/")
    lock_out(settings)
    assert page_sign_in(attacker) == 429  # a device cookie of another account
    forged = Client(REMOTE_ADDR="192.0.2.70")
    forged.cookies[settings.DEVICE_COOKIE_NAME] = "A" * 43
    assert page_sign_in(forged) == 429  # a cookie nobody was given
    api = APIClient(REMOTE_ADDR="192.0.2.71")
    reply = api.post("/api/v1/auth/login", {"username": "ana", "password": PASSWORD}, format="json")
    assert reply.status_code == 429 and reply.json()["error"] == "locked_out"


def test_a_trusted_browser_has_a_failure_limit_of_its_own(ana: User, settings: Any) -> None:
    browser = Client(REMOTE_ADDR=OWNER)
    assert page_sign_in(browser) == 302
    browser.post("/accounts/logout/")
    lock_out(settings)
    codes = [page_sign_in(browser, f"wrong-{n}") for n in range(settings.LOGIN_FAILURE_LIMIT)]
    assert codes[:-1] == [200] * (settings.LOGIN_FAILURE_LIMIT - 1), codes
    assert page_sign_in(browser) == 429  # a stolen cookie buys no more guesses than the limit
