"""Token lookups are kept briefly in the cache, and every change forgets them at once."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import override_settings
from rest_framework.test import APIClient

from bots.models import BotToken
from bots.services import (
    TooManyTokens,
    bot_create,
    bot_retire,
    bot_update,
    token_authenticate,
    token_digest,
    token_issue,
    token_revoke,
)
from bots.token_cache import _key

pytestmark = pytest.mark.django_db


@pytest.fixture
def created(db: Any) -> Any:
    cache.clear()
    owner = get_user_model().objects.create_user("ana", "ana@example.org", "a-long-password-1")
    return bot_create(owner=owner, name="kept", games=[])


def test_a_second_lookup_reads_no_database(created: Any, django_assert_num_queries: Any) -> None:
    assert token_authenticate(created.token) is not None
    with django_assert_num_queries(0):
        row = token_authenticate(created.token)
    assert row is not None and row.bot.name == "kept" and row.bot.owner.username == "ana"


def test_what_is_kept_holds_no_password_hash_and_no_webhook_secret(created: Any) -> None:
    created.bot.webhook_secret_encrypted = "sealed-secret-for-the-test"
    created.bot.save()
    token_authenticate(created.token)
    kept = cache.get(_key(token_digest(created.token)))
    assert isinstance(kept, BotToken)
    assert {"password"} <= kept.bot.owner.get_deferred_fields()
    assert {"webhook_secret_encrypted"} <= kept.bot.get_deferred_fields()
    raw = pickle.dumps(kept)
    assert created.bot.owner.password.encode() not in raw and b"sealed-secret" not in raw


@pytest.mark.parametrize("change", ["revoke", "rotate", "retire", "delete"])
def test_a_kept_token_stops_working_at_once(created: Any, change: str) -> None:
    assert token_authenticate(created.token) is not None  # kept now
    if change == "revoke":
        token_revoke(bot=created.bot)
    elif change == "rotate":
        token_issue(bot=created.bot, revoke_others=True)
    elif change == "retire":
        bot_retire(bot=created.bot)
    else:
        BotToken.objects.get(digest=token_digest(created.token)).delete()
    assert token_authenticate(created.token) is None


def test_a_change_to_the_bot_shows_at_once(created: Any) -> None:
    assert token_authenticate(created.token).bot.description == ""  # type: ignore[union-attr]
    bot_update(bot=created.bot, description="now with notes")
    row = token_authenticate(created.token)
    assert row is not None and row.bot.description == "now with notes"


def test_unknown_tokens_are_never_kept(created: Any) -> None:
    made_up = "ctb_" + "x" * 43
    assert token_authenticate(made_up) is None
    assert cache.get(_key(token_digest(made_up))) is None


@override_settings(TOKEN_CACHE_SECONDS=0)
def test_with_no_cache_every_lookup_reads_the_database(
    created: Any, django_assert_num_queries: Any
) -> None:
    token_authenticate(created.token)
    with django_assert_num_queries(1):
        assert token_authenticate(created.token) is not None


def test_a_bot_holds_a_bounded_number_of_tokens(created: Any, settings: Any) -> None:
    """What one owner can keep in the cache is bounded: tokens kept side by side are."""
    settings.TOKENS_PER_BOT = 3
    for _ in range(2):
        token_issue(bot=created.bot, revoke_others=False)
    with pytest.raises(TooManyTokens) as refused:
        token_issue(bot=created.bot, revoke_others=False)
    assert refused.value.code == "too_many_tokens" and "TOKENS_PER_BOT" in str(refused.value)
    token_issue(bot=created.bot, revoke_others=True)  # rotating is always allowed
    assert created.bot.tokens.filter(revoked_at__isnull=True).count() == 1


def test_the_api_refuses_one_token_too_many_with_its_code(created: Any, settings: Any) -> None:
    settings.TOKENS_PER_BOT = 1
    client = APIClient()
    client.force_login(created.bot.owner)
    url = f"/api/v1/bots/{created.bot.pk}/tokens"
    refused = client.post(url, {"keep_others": True}, format="json")
    assert refused.status_code == 409 and refused.json()["error"] == "too_many_tokens"
    assert client.post(url, {}, format="json").status_code == 201  # rotation


def test_rotating_again_and_again_keeps_a_bounded_list(created: Any) -> None:
    """The attack (a rival review): rotate a token 60 times, and the bot's page lists 61."""
    from bots.services import REVOKED_TOKENS_KEPT

    first = created.token
    owner = created.bot.owner
    api = APIClient()
    api.force_authenticate(owner)
    for _ in range(REVOKED_TOKENS_KEPT + 10):
        token_issue(bot=created.bot, revoke_others=True)
    listed = api.get(f"/api/v1/bots/{created.bot.pk}").json()["tokens"]
    assert len(listed) == REVOKED_TOKENS_KEPT + 1
    assert sum(t["revoked_at"] is None for t in listed) == 1
    assert created.bot.tokens.count() == REVOKED_TOKENS_KEPT + 1
    refused = APIClient().get("/api/v1/bot/me", HTTP_AUTHORIZATION=f"Bearer {first}")
    assert refused.status_code == 401  # dropped from the list, still no way in
