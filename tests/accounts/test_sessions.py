"""Signing out everywhere: on a password change (a choice), after a reset, and on request."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.mail import EmailMessage
from django.test import Client

from bots.services import bot_create
from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db
NEW = "another long passphrase"


def signed_in() -> Client:
    client = Client()
    assert (
        client.post("/accounts/login/", {"username": "ana", "password": PASSWORD}).status_code
        == 302
    )
    return client


def is_signed_in(client: Client) -> bool:
    return client.get("/api/v1/auth/me").status_code == 200


def test_a_password_change_can_sign_out_everywhere_else(ana: User) -> None:
    here, laptop, phone = signed_in(), signed_in(), signed_in()
    reply = here.post(
        "/accounts/password-change/",
        {
            "old_password": PASSWORD,
            "new_password1": NEW,
            "new_password2": NEW,
            "sign_out_everywhere": "on",
        },
    )
    assert reply.status_code == 302
    assert is_signed_in(here)
    assert not is_signed_in(laptop) and not is_signed_in(phone)


def test_a_password_change_may_keep_the_other_sessions(ana: User) -> None:
    here, laptop = signed_in(), signed_in()
    form = {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW}
    assert here.post("/accounts/password-change/", form).status_code == 302
    assert is_signed_in(here) and is_signed_in(laptop)


def test_the_change_form_offers_the_choice(ana: User) -> None:
    page = signed_in().get("/accounts/password-change/").content.decode()
    assert 'name="sign_out_everywhere"' in page


def test_a_reset_ends_every_session(ana: User, mailoutbox: list[EmailMessage]) -> None:
    laptop = signed_in()
    Client().post("/accounts/password-reset/", {"email": "ana@example.com"})
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", str(mailoutbox[0].body))
    assert link
    browser = Client()
    form = browser.get(link.group(1), follow=True)
    browser.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert not is_signed_in(laptop) and not is_signed_in(browser)


def test_sign_out_everywhere_from_the_profile(ana: User) -> None:
    here, laptop = signed_in(), signed_in()
    assert "Sign out everywhere" in here.get("/accounts/profile/").content.decode()
    reply = here.post("/accounts/sign-out-everywhere/")
    assert reply.status_code == 302
    assert not is_signed_in(here) and not is_signed_in(laptop)


def test_bot_tokens_stay_until_revoked(ana: User) -> None:
    token = bot_create(owner=ana, name="anabot", games=[]).token
    here = signed_in()
    here.post("/accounts/sign-out-everywhere/")
    reply = Client().get("/api/v1/bot/me", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert reply.status_code == 200
