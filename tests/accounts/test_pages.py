"""Sign-up, sign-in and sign-out pages."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Profile
from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def signup(client: Client, **fields: str) -> object:
    data = {
        "username": "bea",
        "email": "bea@example.com",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **fields,
    }
    return client.post("/accounts/signup/", data)


def test_signup_page_creates_a_signed_in_account_with_a_profile(client: Client) -> None:
    page = client.get("/accounts/signup/")
    assert page.status_code == 200
    assert b'name="password2"' in page.content

    reply = signup(client)

    assert reply.status_code == 302
    assert reply["Location"] == "/accounts/profile/"
    user = User.objects.get(username="bea")
    assert user.email == "bea@example.com"
    assert Profile.objects.get(user=user).time_zone == "UTC"
    assert b"bea" in client.get("/accounts/profile/").content


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"password2": "something else 42"}, b"The two password fields didn"),
        ({"password1": "password", "password2": "password"}, b"This password is too common"),
        ({"password1": "84736291", "password2": "84736291"}, b"entirely numeric"),
        ({"password1": "q7#zk", "password2": "q7#zk"}, b"too short"),
        ({"email": "not an email"}, b"Enter a valid email address"),
    ],
)
def test_signup_page_shows_errors(client: Client, fields: dict[str, str], message: bytes) -> None:
    reply = signup(client, **fields)
    assert reply.status_code == 400
    assert message in reply.content
    assert b'role="alert"' in reply.content
    assert not User.objects.filter(username="bea").exists()


def test_signup_page_refuses_a_taken_username_or_email(client: Client, make_user) -> None:
    make_user("bea")
    taken_name = signup(client, email="other@example.com")
    taken_mail = signup(client, username="bea2")
    assert b"A user with that username already exists" in taken_name.content
    assert b"An account with this email already exists" in taken_mail.content
    assert User.objects.count() == 1


def test_login_and_logout(client: Client, ana: User) -> None:
    home = client.get("/")
    assert b"Sign in" in home.content and b"Sign up" in home.content

    wrong = client.post("/accounts/login/", {"username": "ana", "password": "nope"})
    assert wrong.status_code == 200
    assert b"Please enter a correct username and password" in wrong.content

    right = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert right.status_code == 302
    home = client.get("/")
    assert b"My bots" in home.content and b"Sign out" in home.content

    assert client.get("/accounts/logout/").status_code == 405  # signing out takes a POST
    assert client.post("/accounts/logout/").status_code == 302
    assert b"Sign in" in client.get("/").content


def test_pages_need_a_signed_in_person(client: Client) -> None:
    for url in ("/accounts/profile/", "/accounts/bots/", "/accounts/password-change/"):
        reply = client.get(url)
        assert reply.status_code == 302
        assert reply["Location"].startswith("/accounts/login/?next=")


def test_password_change(ana_client: Client) -> None:
    new = "another fine passphrase"
    data = {"old_password": PASSWORD, "new_password1": new, "new_password2": new}
    reply = ana_client.post("/accounts/password-change/", data)
    assert reply.status_code == 302
    assert User.objects.get(username="ana").check_password(new)
