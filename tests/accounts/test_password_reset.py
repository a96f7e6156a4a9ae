"""Password reset by email: the page, the API, and the link in the mail."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.mail import EmailMessage
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

NEW = "a brand new passphrase"


def reset_link(mail: EmailMessage) -> str:
    match = re.search(r"http://testserver(/accounts/reset/\S+/)", str(mail.body))
    assert match, mail.body
    return match.group(1)


def test_reset_page_mails_a_link_that_sets_a_new_password(
    client: Client, ana: User, mailoutbox: list[EmailMessage]
) -> None:
    reply = client.post("/accounts/password-reset/", {"email": "ana@example.com"})
    assert reply.status_code == 302
    assert reply["Location"] == "/accounts/password-reset/sent/"
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["ana@example.com"]
    assert "Reset your password" in mailoutbox[0].subject

    form = client.get(reset_link(mailoutbox[0]), follow=True)
    assert b"Choose a new password" in form.content
    done = client.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert done.status_code == 302
    assert done["Location"] == "/accounts/reset/done/"
    assert User.objects.get(pk=ana.pk).check_password(NEW)

    used = client.get(reset_link(mailoutbox[0]), follow=True)
    assert b"This link no longer works" in used.content


def test_reset_page_says_the_same_for_an_unknown_address(
    client: Client, mailoutbox: list[EmailMessage]
) -> None:
    reply = client.post("/accounts/password-reset/", {"email": "nobody@example.com"})
    assert reply.status_code == 302
    assert mailoutbox == []


def test_reset_api_answers_202_and_mails_only_known_addresses(
    api: APIClient, ana: User, mailoutbox: list[EmailMessage]
) -> None:
    known = api.post("/api/v1/auth/password-reset", {"email": "ana@example.com"}, format="json")
    unknown = api.post("/api/v1/auth/password-reset", {"email": "x@example.com"}, format="json")
    assert known.status_code == unknown.status_code == 202
    assert known.json() == unknown.json()
    assert [mail.to for mail in mailoutbox] == [["ana@example.com"]]

    client = Client()
    form = client.get(reset_link(mailoutbox[0]), follow=True)
    client.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert User.objects.get(pk=ana.pk).check_password(NEW)


def test_reset_api_refuses_a_malformed_address(api: APIClient) -> None:
    reply = api.post("/api/v1/auth/password-reset", {"email": "nope"}, format="json")
    assert reply.status_code == 400
    assert reply.json()["error"] == "invalid"
