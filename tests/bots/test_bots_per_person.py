"""At most BOTS_PER_PERSON active bots per person (issue 20: one person made 100 bots in 2.8 s)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from bots.models import Bot

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()  # throttling counts live in the cache


@pytest.fixture
def person(db: Any) -> Any:
    return get_user_model().objects.create_user("mo", "mo@example.org", "a-long-password-1")


@pytest.fixture
def api(person: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(person)
    return client


def test_one_person_cannot_make_a_hundred_bots(api: APIClient, person: Any) -> None:
    answers = [
        api.post("/api/v1/bots", {"name": f"farm-{i:03}"}, format="json") for i in range(100)
    ]
    made = [a for a in answers if a.status_code == 201]
    assert len(made) == 10  # today all 100 were made
    refused = answers[10]
    assert refused.status_code == 409
    body = refused.json()
    assert body["error"] == "too_many_bots" and "10" in body["detail"]
    assert {a.status_code for a in answers[10:]} == {409}
    assert Bot.objects.filter(owner=person, is_active=True).count() == 10


def test_a_retired_bot_frees_its_place(api: APIClient, person: Any, settings: Any) -> None:
    settings.BOTS_PER_PERSON = 2
    first = api.post("/api/v1/bots", {"name": "one"}, format="json").json()
    assert api.post("/api/v1/bots", {"name": "two"}, format="json").status_code == 201
    assert api.post("/api/v1/bots", {"name": "three"}, format="json").status_code == 409
    assert api.delete(f"/api/v1/bots/{first['id']}").status_code == 204
    assert api.post("/api/v1/bots", {"name": "three"}, format="json").status_code == 201
    # Another person's bots are theirs to count.
    other = APIClient()
    other.force_authenticate(
        get_user_model().objects.create_user("ny", "ny@example.org", "a-long-password-1")
    )
    assert other.post("/api/v1/bots", {"name": "four"}, format="json").status_code == 201


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Bots per person: at most 1 active."), ("es", "como máximo 1 activos")],
)
def test_the_bot_form_says_so_in_words(
    person: Any, settings: Any, language: str, words: str
) -> None:
    settings.BOTS_PER_PERSON = 1
    client = Client(headers={"accept-language": language})
    client.force_login(person)
    assert client.post("/accounts/bots/", {"name": "solo"}).status_code == 201
    page = client.post("/accounts/bots/", {"name": "duo"})
    assert page.status_code == 400
    text = page.content.decode()
    assert words in text
    assert not Bot.objects.filter(name="duo").exists()
