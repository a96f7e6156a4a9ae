"""The admin covers every model of the apps people and bots play in, and hides secrets."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client

from bots.models import BotToken
from bots.services import bot_create
from games.models import Match, Move
from games.services.matches import SeatSpec, match_create
from tests.games.conftest import advance

APPS = ["games", "bots", "tournaments", "ratings", "leagues", "accounts"]

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_model_of_the_playing_apps_is_registered() -> None:
    missing = [
        f"{label}.{model.__name__}"
        for label in APPS
        for model in apps.get_app_config(label).get_models()
        if not admin.site.is_registered(model)
    ]
    assert missing == []
    assert admin.site.is_registered(get_user_model())


@pytest.fixture
def staff() -> Client:
    user = get_user_model().objects.create_superuser("root", "root@example.org", "a-long-pw-1")
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def match() -> Match:
    owner = get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")
    bot = bot_create(owner=owner, name="probe", games=[]).bot
    seats = [SeatSpec(kind="bot", bot_id=bot.pk)] + [SeatSpec(kind="house")] * 3
    created = match_create(game="busca", seats=seats, options={}, seed=4242, move_timeout=5)
    return advance(created.pk)


def test_every_list_and_change_page_of_the_admin_answers(staff: Client, match: Match) -> None:
    for label in APPS:
        for model in apps.get_app_config(label).get_models():
            meta = model._meta
            reply = staff.get(f"/admin/{meta.app_label}/{meta.model_name}/")
            assert reply.status_code == 200, (meta.label, reply.status_code)
            for obj in model.objects.all()[:1]:
                page = staff.get(f"/admin/{meta.app_label}/{meta.model_name}/{obj.pk}/change/")
                assert page.status_code == 200, (meta.label, page.status_code)


def fields_of(reply: Any) -> str:
    assert reply.status_code == 200
    return str(reply.content.decode())


def test_a_running_match_shows_no_seed_state_or_record(staff: Client, match: Match) -> None:
    assert match.is_running and Move.objects.filter(match=match).exists()
    listing = fields_of(staff.get("/admin/games/match/"))
    assert "4242" not in listing
    page = fields_of(staff.get(f"/admin/games/match/{match.pk}/change/"))
    assert "field-seed" not in page and "field-snapshot" not in page and "4242" not in page
    assert "field-status" in page
    move = Move.objects.filter(match=match).first()
    assert move is not None
    move_page = fields_of(staff.get(f"/admin/games/move/{move.pk}/change/"))
    assert "field-public" in move_page and "field-move" not in move_page

    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    page = fields_of(staff.get(f"/admin/games/match/{match.pk}/change/"))
    assert "field-seed" in page and "4242" in page
    move_page = fields_of(staff.get(f"/admin/games/move/{move.pk}/change/"))
    assert "field-move" in move_page


def test_token_and_webhook_secrets_never_show(staff: Client, match: Match) -> None:
    token = BotToken.objects.get(bot__name="probe")
    for url in [
        "/admin/bots/bottoken/",
        f"/admin/bots/bottoken/{token.pk}/change/",
        f"/admin/bots/bot/{token.bot_id}/change/",
    ]:
        page = fields_of(staff.get(url))
        assert token.digest not in page and token.prefix in page
        assert "webhook_secret" not in page
    assert staff.get("/admin/bots/bottoken/add/").status_code == 403


def test_moves_and_rating_history_are_read_only(staff: Client, match: Match) -> None:
    move = Move.objects.filter(match=match).first()
    assert move is not None
    assert staff.get("/admin/games/move/add/").status_code == 403
    assert staff.get("/admin/ratings/ratingchange/add/").status_code == 403
    assert staff.get("/admin/games/match/add/").status_code == 403
    reply = staff.post(f"/admin/games/move/{move.pk}/change/", {"turn": 99})
    assert reply.status_code == 403 or Move.objects.get(pk=move.pk).turn == move.turn
