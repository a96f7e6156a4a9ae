"""The "My bots" pages: create, token shown once, rotate, revoke, retire, owners only."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from bots.models import Bot
from games import engine

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'id="new-token" class="secret-value" readonly value="(ctb_[^"]+)"')
SECRET = re.compile(r'id="new-webhook-secret" class="secret-value" readonly value="([^"]+)"')


def shown_token(html: str) -> str:
    match = TOKEN.search(html)
    assert match, "no token on the page"
    return match.group(1)


def bot_me(token: str) -> int:
    return APIClient().get("/api/v1/bot/me", HTTP_AUTHORIZATION=f"Bearer {token}").status_code


def create(client: Client, **fields: object) -> tuple[Bot, str]:
    data = {"name": "robo", "games": [engine.names()[0]], "accepts_challenges": "on", **fields}
    reply = client.post("/accounts/bots/", data)
    assert reply.status_code == 201, reply.text
    bot = Bot.objects.get(name=data["name"])
    return bot, reply.text


def test_create_shows_the_token_once_and_it_works(ana: User, ana_client: Client) -> None:
    page = ana_client.get("/accounts/bots/")
    for name in engine.names():
        assert f'value="{name}"' in page.text

    bot, html = create(ana_client)

    assert bot.owner == ana and bot.games == [engine.names()[0]] and bot.accepts_challenges
    token = shown_token(html)
    assert bot_me(token) == 200
    again = ana_client.get(f"/accounts/bots/{bot.pk}/").text
    assert token not in again and "new-token" not in again
    assert token not in ana_client.get("/accounts/bots/").text
    assert "robo" in ana_client.get("/accounts/profile/").text


def test_create_with_a_webhook_shows_its_secret_once(ana_client: Client, settings) -> None:  # type: ignore[no-untyped-def]
    settings.WEBHOOK_HTTP_HOSTS = ["127.0.0.1"]
    bot, html = create(ana_client, webhook_url="http://127.0.0.1:9/turn")
    assert bot.mode == "webhook"
    secret = SECRET.search(html)
    assert secret
    assert secret.group(1) not in ana_client.get(f"/accounts/bots/{bot.pk}/").text


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "x"}, "2-40 letters"),
        ({"name": "robo", "webhook_url": "http://example.com/hook"}, "must use https"),
        ({"name": ""}, "This field is required"),
        ({"name": "robo", "games": ["chess"]}, "Select a valid choice"),
    ],
)
def test_create_errors_show_on_the_form(
    ana_client: Client, fields: dict[str, object], message: str
) -> None:
    reply = ana_client.post("/accounts/bots/", fields)
    assert reply.status_code == 400
    assert message in reply.text
    assert not Bot.objects.exists()


def test_a_taken_name_is_refused(ana_client: Client) -> None:
    create(ana_client)
    reply = ana_client.post("/accounts/bots/", {"name": "robo"})
    assert reply.status_code == 400
    assert "already exists" in reply.text


def test_rotate_shows_a_new_token_and_revokes_the_old(ana_client: Client) -> None:
    bot, html = create(ana_client)
    old = shown_token(html)

    reply = ana_client.post(f"/accounts/bots/{bot.pk}/tokens/")

    assert reply.status_code == 201
    new = shown_token(reply.text)
    assert new != old
    assert bot_me(old) == 401
    assert bot_me(new) == 200
    assert "no-store" in reply["Cache-Control"]


def test_revoke_one_token(ana_client: Client) -> None:
    bot, html = create(ana_client)
    token_row = bot.tokens.get()
    reply = ana_client.post(f"/accounts/bots/{bot.pk}/tokens/{token_row.pk}/revoke/", follow=True)
    assert "Token revoked" in reply.text
    assert bot_me(shown_token(html)) == 401


def test_settings_change(ana_client: Client) -> None:
    bot, _ = create(ana_client)
    reply = ana_client.post(f"/accounts/bots/{bot.pk}/", {"games": engine.names()})
    assert reply.status_code == 302
    bot.refresh_from_db()
    assert bot.games == engine.names()
    assert bot.accepts_challenges is False  # unticked box

    bad = ana_client.post(f"/accounts/bots/{bot.pk}/", {"webhook_url": "http://example.com/h"})
    assert bad.status_code == 400 and "must use https" in bad.text
    bot.refresh_from_db()
    assert bot.webhook_url == ""


def test_retire(ana_client: Client) -> None:
    bot, html = create(ana_client)
    reply = ana_client.post(f"/accounts/bots/{bot.pk}/retire/", follow=True)
    assert "robo is retired" in reply.text
    bot.refresh_from_db()
    assert bot.is_active is False
    assert bot_me(shown_token(html)) == 401
    assert ana_client.get(f"/accounts/bots/{bot.pk}/").status_code == 404


def test_another_person_can_neither_see_nor_touch_the_bot(
    ana_client: Client, make_user: Callable[..., User]
) -> None:
    bot, html = create(ana_client)
    other = Client()
    other.force_login(make_user("eve"))

    # The page's CSRF tokens are random letters and digits, which could spell the name.
    page = re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", other.get("/accounts/bots/").text)
    assert "csrfmiddlewaretoken\" value" not in page and "robo" not in page
    assert other.get(f"/accounts/bots/{bot.pk}/").status_code == 404
    for action in ("tokens/", f"tokens/{bot.tokens.get().pk}/revoke/", "retire/", ""):
        assert other.post(f"/accounts/bots/{bot.pk}/{action}").status_code == 404
    assert bot_me(shown_token(html)) == 200
    bot.refresh_from_db()
    assert bot.is_active


def test_actions_take_post_only(ana_client: Client) -> None:
    bot, _ = create(ana_client)
    assert ana_client.get(f"/accounts/bots/{bot.pk}/retire/").status_code == 405


@pytest.mark.parametrize("loopback", [True, False])
def test_the_webhook_help_says_what_this_platform_takes(
    ana_client: Client,
    settings,  # type: ignore[no-untyped-def]
    loopback: bool,
) -> None:
    settings.WEBHOOK_LOOPBACK = loopback
    page = ana_client.get("/accounts/bots/").text
    assert "Webhooks need https" in page
    assert ("http://127.0.0.1:PORT" in page) is loopback
    assert ("--webhook --port PORT" in page) is loopback
