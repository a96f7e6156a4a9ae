"""At most SIGNUPS_PER_ADDRESS_PER_DAY sign-ups from one address a day (issue 20, part 2).

The attack: one person makes account after account from one connection (a second account for
every duplicate event, rating farms). Today's code let every sign-up through.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from django.utils.translation import override
from rest_framework.test import APIClient

from accounts.services import SignupsRefused
from bots.models import Sighting
from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db

PUBLIC = "93.184.216.34"  # a global address: it counts


def page_signup(name: str, address: str, **headers: str) -> Any:
    body = {
        "username": name,
        "email": f"{name}@example.com",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    return Client(REMOTE_ADDR=address, **headers).post("/accounts/signup/", body)


def api_signup(name: str, address: str) -> Any:
    body = {"username": name, "email": f"{name}@example.com", "password": PASSWORD}
    return APIClient(REMOTE_ADDR=address).post("/api/v1/auth/signup", body, format="json")


def test_the_page_refuses_sign_ups_past_the_daily_limit(settings: Any) -> None:
    limit = settings.SIGNUPS_PER_ADDRESS_PER_DAY
    codes = [page_signup(f"sock{n}", PUBLIC).status_code for n in range(limit)]
    assert codes == [302] * limit
    refused = page_signup("one-more", PUBLIC)
    assert refused.status_code == 429  # today's code: 302, a fourth account
    text = refused.content.decode()
    assert "Too many accounts were made from your connection" in text
    assert "Try again in" in text and int(refused["Retry-After"]) > 0
    assert not User.objects.filter(username="one-more").exists()
    # Another address is not held back by this one.
    assert page_signup("elsewhere", "93.184.216.35").status_code == 302


def test_the_refusal_is_translated(settings: Any) -> None:
    settings.SIGNUPS_PER_ADDRESS_PER_DAY = 1
    assert page_signup("first", PUBLIC).status_code == 302
    refused = page_signup("second", PUBLIC, HTTP_ACCEPT_LANGUAGE="es")
    assert refused.status_code == 429
    with override("es"):
        spanish = SignupsRefused(timedelta(hours=23, minutes=59)).message
    assert "24" in spanish and spanish in refused.content.decode()
    assert "Too many accounts" not in refused.content.decode()


def test_the_api_refuses_with_the_error_shape(settings: Any) -> None:
    settings.SIGNUPS_PER_ADDRESS_PER_DAY = 2
    assert [api_signup(f"bot{n}", PUBLIC).status_code for n in range(2)] == [201, 201]
    refused = api_signup("bot2", PUBLIC)
    assert refused.status_code == 429, refused.content
    body = refused.json()
    assert body["error"] == "too_many_signups" and "Try again in" in body["detail"]
    assert int(refused["Retry-After"]) > 0
    # The page and the API count together.
    assert page_signup("page", PUBLIC).status_code == 429


def test_sign_ups_older_than_a_day_no_longer_count(settings: Any) -> None:
    settings.SIGNUPS_PER_ADDRESS_PER_DAY = 1
    assert api_signup("yesterday", PUBLIC).status_code == 201
    assert api_signup("today", PUBLIC).status_code == 429
    day_ago = timezone.now() - timedelta(hours=24, minutes=1)
    Sighting.objects.update(first_seen=day_ago, last_seen=day_ago)
    assert api_signup("today", PUBLIC).status_code == 201


def test_loopback_and_private_addresses_count_only_with_the_setting(settings: Any) -> None:
    settings.SIGNUPS_PER_ADDRESS_PER_DAY = 1
    for n, address in enumerate(["127.0.0.2", "127.0.0.2", "10.0.0.5", "10.0.0.5", "100.64.0.1"]):
        assert api_signup(f"school{n}", address).status_code == 201  # a school's NAT, the demo
    settings.LINK_PRIVATE_ADDRESSES = True
    assert api_signup("lab0", "127.0.0.3").status_code == 201
    assert api_signup("lab1", "127.0.0.3").status_code == 429
