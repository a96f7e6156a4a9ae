"""The bot page's consent to events with people: off by default, changed by its owner."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from bots.models import Bot
from bots.services import bot_create

pytestmark = pytest.mark.django_db

BOX = re.compile(r'<input type="checkbox" name="plays_with_people"[^>]*>')


def box(html: str) -> str:
    found = BOX.search(html)
    assert found, "no plays_with_people checkbox on the page"
    return found.group(0)


def test_the_bot_page_changes_the_consent(ana: User, ana_client: Client) -> None:
    bot = bot_create(owner=ana, name="robo").bot
    page = ana_client.get(f"/accounts/bots/{bot.pk}/").text
    assert "Plays in events with people" in page and "checked" not in box(page)
    saved = ana_client.post(f"/accounts/bots/{bot.pk}/", {"plays_with_people": "on"})
    assert saved.status_code == 302, saved.content
    assert Bot.objects.get(pk=bot.pk).plays_with_people is True
    assert "checked" in box(ana_client.get(f"/accounts/bots/{bot.pk}/").text)
    ana_client.post(f"/accounts/bots/{bot.pk}/", {})  # unticked: off again
    assert Bot.objects.get(pk=bot.pk).plays_with_people is False


def test_a_new_bot_may_be_made_with_it_and_is_off_without(ana_client: Client) -> None:
    assert "checked" not in box(ana_client.get("/accounts/bots/").text)
    ana_client.post("/accounts/bots/", {"name": "quiet"})
    ana_client.post("/accounts/bots/", {"name": "social", "plays_with_people": "on"})
    consent = dict(Bot.objects.values_list("name", "plays_with_people"))
    assert consent == {"quiet": False, "social": True}


def test_only_the_owner_changes_it(ana: User, make_user) -> None:  # type: ignore[no-untyped-def]
    bot = bot_create(owner=ana, name="robo").bot
    other = Client()
    other.force_login(make_user("bo"))
    reply = other.post(f"/accounts/bots/{bot.pk}/", {"plays_with_people": "on"})
    assert reply.status_code == 404
    assert Bot.objects.get(pk=bot.pk).plays_with_people is False
