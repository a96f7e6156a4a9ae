"""The colour theme from the server's side (docs/web.md, "Dark mode"): the ``theme`` cookie
becomes <html data-theme> and the switch's choice; the switch's form works without JavaScript;
the skip link leads to the content, at the table to the table or your hand. The browser side is
tests/e2e/browser/test_theme.py."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.services.matches import SeatSpec, match_create

pytestmark = pytest.mark.django_db


def html_tag(page: str) -> str:
    found = re.search(r"<html[^>]*>", page)
    assert found, "no <html> on the page"
    return found.group(0)


def chosen(page: str) -> list[str]:
    switch = re.search(r'<select name="theme" id="theme-switch">(.*?)</select>', page, re.S)
    assert switch, "no theme switch on the page"
    return re.findall(r'<option value="(\w+)" selected>', switch.group(1))


@pytest.mark.parametrize(
    ("cookie", "attribute", "selected"),
    [
        (None, None, "auto"),
        ("dark", "dark", "dark"),
        ("light", "light", "light"),
        ("auto", None, "auto"),
        ("purple", None, "auto"),  # not a theme: as the device
    ],
)
def test_the_cookie_sets_data_theme_and_the_switch(
    cookie: str | None, attribute: str | None, selected: str
) -> None:
    client = Client()
    if cookie is not None:
        client.cookies["theme"] = cookie
    page = client.get("/rules/").content.decode()
    tag = html_tag(page)
    if attribute is None:
        assert "data-theme" not in tag
    else:
        assert f'data-theme="{attribute}"' in tag
    assert chosen(page) == [selected]


def test_the_switch_posts_the_choice_into_the_cookie_and_goes_back() -> None:
    reply = Client().post("/theme/", {"theme": "dark", "next": "/rules/busca/"})
    assert reply.status_code == 302
    assert reply.headers["Location"] == "/rules/busca/"
    assert reply.cookies["theme"].value == "dark"
    assert reply.cookies["theme"]["max-age"] == 365 * 24 * 60 * 60


def test_the_switch_keeps_next_on_this_site_and_knows_its_themes() -> None:
    reply = Client().post("/theme/", {"theme": "neon", "next": "https://evil.example/"})
    assert reply.headers["Location"] == "/"
    assert reply.cookies["theme"].value == "auto"
    assert Client().get("/theme/?theme=dark").status_code == 405


def test_the_skip_link_comes_first_and_leads_to_main() -> None:
    page = Client().get("/").content.decode()
    body = page[page.index("<body>") :]
    first = re.search(r"<(a|button|input|select)\b[^>]*>", body)
    assert first and 'class="skip-link" href="#main"' in first.group(0)
    assert '<main id="main"' in page


def test_at_the_table_the_skip_link_leads_to_the_table_or_your_hand() -> None:
    me = get_user_model().objects.create_user("skipper", "skipper@example.org", "a-long-pw-12345")
    seats = [SeatSpec(kind="user", user_id=me.pk), *[SeatSpec(kind="house")] * 3]
    match = match_create(game="busca", seats=seats, seed=5, move_timeout=600).pk
    client = Client()
    watching = client.get(f"/matches/{match}/").content.decode()
    assert 'class="skip-link" href="#table"' in watching
    assert 'id="table"' in watching
    client.force_login(me)
    playing = client.get(f"/matches/{match}/seat/0/").content.decode()
    assert 'class="skip-link" href="#controls"' in playing
    assert 'id="controls"' in playing


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("es", ["Saltar al contenido", "Tema", "Como el dispositivo", "Claro", "Oscuro"]),
        ("ko", ["본문으로 건너뛰기", "테마", "기기 설정대로", "밝게", "어둡게"]),
    ],
)
def test_the_switch_and_the_skip_link_speak_the_page_language(
    language: str, words: list[str]
) -> None:
    client = Client()
    client.cookies["django_language"] = language
    page = client.get("/").content.decode()
    for word in words:
        assert word in page, word
