"""Busca's card style: the cookie, its form, and the default that follows the page's language."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory
from django.utils import translation

from games.card_style import FRENCH, LATIN, card_style, default_style
from games.models import Seat
from games.services.matches import SeatSpec, match_create


@pytest.mark.parametrize(
    ("language", "style"),
    [
        ("es", LATIN),
        ("es-ar", LATIN),
        ("id", LATIN),
        ("ko", LATIN),
        ("en", FRENCH),
        ("en-us", FRENCH),
        ("pt-br", FRENCH),
        (None, FRENCH),
    ],
)
def test_the_default_follows_the_language(language: str | None, style: str) -> None:
    assert default_style(language) == style


def test_the_cookie_wins_and_a_bad_cookie_is_ignored() -> None:
    factory = RequestFactory()
    request: Any = factory.get("/", HTTP_COOKIE="card_style=french")
    request.LANGUAGE_CODE = "ko"
    assert card_style(request) == FRENCH
    request = factory.get("/", HTTP_COOKIE="card_style=tarot")
    request.LANGUAGE_CODE = "ko"
    assert card_style(request) == LATIN
    request = factory.get("/")  # no LocaleMiddleware: the active language decides
    with translation.override("id"):
        assert card_style(request) == LATIN
    with translation.override("en"):
        assert card_style(request) == FRENCH


@pytest.mark.django_db
def test_the_form_sets_the_cookie_and_goes_back_only_to_this_site(client: Client) -> None:
    answer = client.post("/play/card-style/", {"card_style": "latin", "next": "/play/"})
    assert answer.status_code == 302 and answer["Location"] == "/play/"
    assert answer.cookies["card_style"].value == "latin"
    assert answer.cookies["card_style"]["samesite"] == "Lax"
    away = client.post(
        "/play/card-style/", {"card_style": "french", "next": "https://evil.example/"}
    )
    assert away["Location"] == "/play/" and away.cookies["card_style"].value == "french"
    bad = client.post("/play/card-style/", {"card_style": "<b>", "next": "/play/"})
    assert "card_style" not in bad.cookies
    assert client.get("/play/card-style/").status_code == 405


@pytest.mark.django_db
def test_the_busca_page_carries_the_style_and_buraco_none(client: Client) -> None:
    user = get_user_model().objects.create_user("pia", "pia@example.org", "a-long-password-9")
    busca = match_create(
        game="busca",
        seats=[SeatSpec(kind=Seat.Kind.USER, user_id=user.pk)]
        + [SeatSpec(kind=Seat.Kind.HOUSE)] * 3,
        seed=1,
        options={"players": 4},
    )
    buraco = match_create(
        game="buraco-mano-a-mano",
        seats=[SeatSpec(kind=Seat.Kind.USER, user_id=user.pk), SeatSpec(kind=Seat.Kind.HOUSE)],
        seed=1,
    )
    page = client.get(f"/matches/{busca.pk}/").content.decode()
    assert 'data-card-style="french"' in page and "games/suits" in page
    client.cookies["card_style"] = "latin"
    page = client.get(f"/matches/{busca.pk}/").content.decode()
    assert 'data-card-style="latin"' in page
    assert 'name="card_style" value="latin"' in page
    page = client.get(f"/matches/{buraco.pk}/").content.decode()
    assert "data-card-style" not in page and 'name="card_style"' not in page
