"""The privacy page says what is kept for linked accounts, for how long, in the reader's
language, and the sign-up page links it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "30 days"), ("es", "30 días"), ("pt-br", "30 dias"), ("id", "30 hari"), ("ko", "30일")],
)
def test_the_privacy_page_says_what_is_kept_in_every_language(language: str, words: str) -> None:
    page = Client().get("/privacy/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    linked = page.content.decode().split('id="privacy-linked"')[1].split("</p>")[0]
    assert words in linked


def test_the_period_is_the_setting_and_sign_up_links_the_page(settings: Any) -> None:
    settings.SIGHTING_DAYS = 12
    assert "12 days" in Client().get("/privacy/").content.decode()
    assert 'href="/privacy/"' in Client().get("/accounts/signup/").content.decode()
