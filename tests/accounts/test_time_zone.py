"""The time-zone preference: saved from the profile page and used to show times."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.utils import timezone

from accounts.middleware import TimezoneMiddleware
from accounts.models import Profile

pytestmark = pytest.mark.django_db


def test_profile_shows_member_since_in_the_persons_zone(ana: User, ana_client: Client) -> None:
    User.objects.filter(pk=ana.pk).update(date_joined=datetime(2024, 1, 1, 12, 0, tzinfo=UTC))
    assert "Jan. 1, 2024, noon" in ana_client.get("/accounts/profile/").text

    reply = ana_client.post("/accounts/profile/", {"time_zone": "Asia/Kathmandu"})

    assert reply.status_code == 302
    assert Profile.objects.get(user=ana).time_zone == "Asia/Kathmandu"
    page = ana_client.get("/accounts/profile/").text
    assert "Jan. 1, 2024, 5:45 p.m." in page  # UTC+5:45
    assert "Asia/Kathmandu" in page


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("ko", "2024년 1월 1일 12:00 오후"),
        ("es", "1 de enero de 2024 a las 12:00"),
        ("id", "1 Jan. 2024, 12.00"),
    ],
)
def test_dates_follow_the_languages_own_format(
    ana: User, ana_client: Client, language: str, shown: str
) -> None:
    # Django's formats for the language, never a pattern of our own ("1 Ene 2024", "1 1월 2024").
    User.objects.filter(pk=ana.pk).update(date_joined=datetime(2024, 1, 1, 12, 0, tzinfo=UTC))
    page = ana_client.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE=language).text
    assert shown in page
    assert " Ene " not in page and "1 1월" not in page


def test_an_unknown_zone_is_refused_on_the_form(ana: User, ana_client: Client) -> None:
    reply = ana_client.post("/accounts/profile/", {"time_zone": "Mars/Olympus"})
    assert reply.status_code == 400
    assert "Select a valid choice" in reply.text
    assert Profile.objects.get(user=ana).time_zone == "UTC"


def test_a_user_made_elsewhere_gets_a_profile_on_first_visit(client: Client) -> None:
    user = User.objects.create_user("cai", "cai@example.com", "x")
    client.force_login(user)
    assert client.get("/accounts/profile/").status_code == 200
    assert Profile.objects.get(user=user).time_zone == "UTC"


def _seen_zone(request: HttpRequest) -> HttpResponse:
    return HttpResponse(timezone.get_current_timezone_name())


async def _aseen_zone(request: HttpRequest) -> HttpResponse:
    return _seen_zone(request)


def _request(user: User | AnonymousUser) -> HttpRequest:
    request = RequestFactory().get("/")
    request.user = user

    async def auser() -> User | AnonymousUser:
        return user

    request.auser = auser  # type: ignore[attr-defined]
    return request


def test_middleware_activates_the_zone_in_both_modes(ana: User) -> None:
    Profile.objects.filter(user=ana).update(time_zone="America/Sao_Paulo")
    sync_mw = TimezoneMiddleware(_seen_zone)
    async_mw = TimezoneMiddleware(_aseen_zone)

    assert sync_mw(_request(ana)).content == b"America/Sao_Paulo"
    assert async_to_sync(async_mw)(_request(ana)).content == b"America/Sao_Paulo"
    assert sync_mw(_request(AnonymousUser())).content == b"UTC"
    assert async_to_sync(async_mw)(_request(AnonymousUser())).content == b"UTC"
    assert timezone.get_current_timezone_name() == "UTC"  # nothing leaks past the request
