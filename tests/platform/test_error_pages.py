"""The 404 and 500 pages sit inside the site's layout with its navigation; /api/ stays JSON."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from tests.platform.test_api_errors import is_error

pytestmark = pytest.mark.django_db

NAV = ['href="/play/"', 'href="/rules/"', 'href="/tournaments/"', 'href="/leagues/"']


def has_layout(html: str) -> None:
    assert '<header class="site">' in html and "<nav aria-label=" in html
    for link in NAV:
        assert link in html, link


@pytest.mark.parametrize("url", ["/nowhere/", "/matches/987654/", "/tournaments/987654/"])
def test_a_missing_page_is_the_site_404_page(url: str) -> None:
    reply = Client().get(url)
    assert reply.status_code == 404 and reply["Content-Type"].startswith("text/html")
    html = reply.content.decode()
    has_layout(html)
    assert 'id="not-found"' in html and "Page not found" in html
    assert 'href="/rules/"' in html and 'href="/docs/"' in html


def test_the_404_page_knows_who_is_signed_in() -> None:
    get_user_model().objects.create_user("nina", "nina@example.org", "a-long-password-1")
    client = Client()
    client.force_login(get_user_model().objects.get(username="nina"))
    html = client.get("/nowhere/").content.decode()
    assert "nina" in html and "Sign out" in html


@pytest.mark.django_db(transaction=True)
def test_another_players_seat_is_the_site_403_page() -> None:
    from games.services.matches import SeatSpec, match_create

    users = get_user_model().objects
    owner = users.create_user("pia", "pia@example.org", "a-long-password-1")
    seats = [SeatSpec(kind="user", user_id=owner.pk)] + [SeatSpec(kind="house")] * 3
    match = match_create(game="busca", seats=seats, options={}, move_timeout=600)
    client = Client()
    client.force_login(users.create_user("quim", "quim@example.org", "a-long-password-1"))
    reply = client.get(f"/matches/{match.pk}/seat/0/")
    assert reply.status_code == 403 and reply["Content-Type"].startswith("text/html")
    html = reply.content.decode()
    has_layout(html)
    assert 'id="forbidden"' in html and "quim" in html


def test_a_missing_api_address_is_still_json() -> None:
    is_error(Client().get("/api/v1/nowhere"), 404, "not_found")


@override_settings(ROOT_URLCONF="tests.platform.failing_urls", DEBUG=False)
def test_a_server_error_is_the_site_500_page_and_json_under_api() -> None:
    client = Client(raise_request_exception=False)
    reply = client.get("/test-bug/")
    assert reply.status_code == 500 and reply["Content-Type"].startswith("text/html")
    html = reply.content.decode()
    has_layout(html)
    assert 'id="server-error"' in html and "Something went wrong" in html
    assert "a bug in a plain view" not in html  # no internals
    is_error(client.get("/api/v1/test-bug"), 500, "server_error")


@override_settings(ROOT_URLCONF="tests.platform.failing_urls", DEBUG=False)
def test_the_500_page_is_shown_to_a_signed_in_person_without_their_session() -> None:
    get_user_model().objects.create_user("omar", "omar@example.org", "a-long-password-1")
    client = Client(raise_request_exception=False)
    client.force_login(get_user_model().objects.get(username="omar"))
    html = client.get("/test-bug/").content.decode()
    has_layout(html)
    assert "omar" not in html  # rendered without the request: nothing that may have failed


def test_the_500_page_renders_with_no_database() -> None:
    from core.api_errors import server_error_page

    with pytest.MonkeyPatch.context() as patch:  # any query would fail the test
        from django.db import connection

        def refuse(*args: object, **kwargs: object) -> None:
            raise AssertionError("the 500 page queried the database")

        patch.setattr(connection, "cursor", refuse)
        reply = server_error_page()
    assert reply.status_code == 500 and b'id="server-error"' in reply.content
