"""The home page's "Players you follow, live": followed players' running matches, capped,
with a link to the rest, and words for when there are none."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.follows import HOME_LIVE, Target, follow_create
from bots.services import bot_create
from games.services.matches import SeatSpec, match_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(settings: Any) -> list[Any]:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    users = get_user_model().objects
    return [users.create_user(n, f"{n}@example.org", "a-long-password-1") for n in ("ana", "bo")]


def home(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.get("/").content.decode()


def busca(seat: SeatSpec) -> int:
    seats = [seat, *[SeatSpec(kind="house")] * 3]
    return int(match_create(game="busca", seats=seats, seed=5, move_timeout=5).pk)


def test_signed_out_the_home_page_has_no_following_section(people: list[Any]) -> None:
    text = Client().get("/").content.decode()
    assert 'id="following-title"' not in text


def test_following_nobody_says_what_to_do(people: list[Any]) -> None:
    text = home(people[0])
    assert 'id="following-title"' in text
    assert "You follow nobody yet." in text and "press its Follow button" in text


def test_followed_players_not_playing_are_named_as_such(people: list[Any]) -> None:
    ana, bo = people
    follow_create(follower=ana, target=Target(user=bo))
    text = home(ana)
    assert "The player you follow is not playing right now." in text
    assert 'href="/accounts/following/"' in text


def test_a_followed_bots_live_match_shows_with_a_link_to_watch(people: list[Any]) -> None:
    ana, bo = people
    duck = bot_create(owner=bo, name="duck", games=[]).bot
    follow_create(follower=ana, target=Target(bot=duck))
    match_id = busca(SeatSpec(kind="bot", bot_id=duck.pk))
    text = home(ana)
    section = text[text.index('id="following-title"') : text.index('class="home-grid"')]
    assert f'href="/matches/{match_id}/">Watch Busca #{match_id}</a>' in section
    assert "<strong>duck</strong>" in section
    assert f"/matches/{match_id}/" not in home(bo).split('class="home-grid"')[0]


def test_the_list_is_capped_with_a_link_to_the_rest(people: list[Any]) -> None:
    ana, bo = people
    follow_create(follower=ana, target=Target(user=bo))
    ids = [busca(SeatSpec(kind="user", user_id=bo.pk)) for _ in range(HOME_LIVE + 2)]
    text = home(ana)
    section = text[text.index('id="following-title"') : text.index('class="home-grid"')]
    assert section.count("Watch Busca #") == HOME_LIVE
    assert "See 2 more live matches" in section and 'href="/accounts/following/"' in section
    page = Client()
    page.force_login(ana)
    listed = page.get("/accounts/following/").content.decode()
    assert all(f'href="/matches/{i}/"' in listed for i in ids)


def test_the_section_speaks_the_readers_language(people: list[Any]) -> None:
    ana, bo = people
    duck = bot_create(owner=bo, name="duck", games=[]).bot
    follow_create(follower=ana, target=Target(bot=duck))
    match_id = busca(SeatSpec(kind="bot", bot_id=duck.pk))
    client = Client(headers={"accept-language": "es"})
    client.force_login(ana)
    text = client.get("/").content.decode()
    assert "Jugadores que sigues, en vivo" in text
    assert f'href="/matches/{match_id}/">Ver Busca #{match_id}</a>' in text
    client = Client(headers={"accept-language": "ko"})
    client.force_login(bo)
    assert "아직 아무도 팔로우하지 않았어요." in client.get("/").content.decode()
