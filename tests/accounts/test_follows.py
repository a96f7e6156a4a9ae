"""Following people and bots: the one button, its refusals in words, privacy, the bound."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.test import Client

from accounts import follows
from accounts.follows import FollowRefused, Target, follow_create, followed_live
from accounts.models import Follow
from bots.models import Bot
from bots.services import bot_create, bot_retire
from games.models import Match, Seat
from games.services.matches import SeatSpec, match_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def bo(make_user: Any) -> User:
    return make_user("bo")


@pytest.fixture
def duck(bo: User) -> Bot:
    return bot_create(owner=bo, name="duck", games=[]).bot


def signed_in(user: User) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def press(client: Client, path: str, action: str, **extra: str) -> Any:
    """Press the page's button: read its CSRF token from the page, then POST."""
    page = client.get(path)
    token = page.cookies["csrftoken"].value if "csrftoken" in page.cookies else None
    token = token or client.cookies["csrftoken"].value
    data = {"action": action, "csrfmiddlewaretoken": token, **extra}
    return client.post(f"{path}follow/", data)


def test_a_person_follows_and_unfollows_a_person_with_one_button(ana: User, bo: User) -> None:
    client = signed_in(ana)
    page = client.get("/people/bo/").content.decode()
    assert 'action="/people/bo/follow/"' in page and "Follow bo" in page and "0 followers" in page
    answer = press(client, "/people/bo/", "follow")
    assert answer.status_code == 303 and answer["Location"] == "/people/bo/"
    page = client.get("/people/bo/").content.decode()
    assert "You follow bo: their live matches show on the home page." in page
    assert "1 follower" in page and "Unfollow" in page and 'value="unfollow"' in page
    assert Follow.objects.filter(follower=ana, user=bo).count() == 1
    press(client, "/people/bo/", "follow")  # twice: still one follow
    assert Follow.objects.filter(follower=ana, user=bo).count() == 1
    press(client, "/people/bo/", "unfollow")
    page = client.get("/people/bo/").content.decode()
    assert "You no longer follow bo." in page and "0 followers" in page
    assert not Follow.objects.exists()


def test_a_person_follows_a_bot(ana: User, duck: Bot) -> None:
    client = signed_in(ana)
    press(client, "/bots/duck/", "follow")
    assert Follow.objects.filter(follower=ana, bot=duck).exists()
    assert "1 follower" in client.get("/bots/duck/").content.decode()


def test_the_button_needs_the_csrf_token_and_a_post(ana: User, bo: User) -> None:
    client = signed_in(ana)
    assert client.post("/people/bo/follow/", {"action": "follow"}).status_code == 403
    assert client.get("/people/bo/follow/").status_code == 405
    assert not Follow.objects.exists()


def test_signed_out_the_page_asks_to_sign_in_and_the_post_leads_there(bo: User) -> None:
    page = Client().get("/people/bo/").content.decode()
    assert "to follow bo" in page and 'href="/accounts/login/?next=/people/bo/"' in page
    answer = Client().post("/people/bo/follow/", {"action": "follow"})
    assert (
        answer.status_code == 303
        and answer["Location"] == "/accounts/login/?next=%2Fpeople%2Fbo%2F"
    )
    assert not Follow.objects.exists()


def test_nobody_follows_themselves_and_the_refusal_says_why(ana: User) -> None:
    client = signed_in(ana)
    page = client.get("/people/ana/").content.decode()
    assert 'value="follow"' not in page and "Whom you follow" in page
    press(client, "/people/ana/", "follow")
    page = client.get("/people/ana/").content.decode()
    assert "You cannot follow yourself" in page
    assert not Follow.objects.exists()
    with pytest.raises(IntegrityError), transaction.atomic():
        Follow.objects.create(follower=ana, user=ana)


def test_the_database_keeps_one_follow_per_pair(ana: User, bo: User, duck: Bot) -> None:
    Follow.objects.create(follower=ana, user=bo)
    with pytest.raises(IntegrityError), transaction.atomic():
        Follow.objects.create(follower=ana, user=bo)
    Follow.objects.create(follower=ana, bot=duck)
    with pytest.raises(IntegrityError), transaction.atomic():
        Follow.objects.create(follower=ana, bot=duck)
    with pytest.raises(IntegrityError), transaction.atomic():
        Follow.objects.create(follower=bo, user=ana, bot=duck)  # one target, not two


def test_follows_are_bounded_and_the_refusal_names_the_limit(
    ana: User, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(follows, "MAX_FOLLOWS", 2)
    cy, di, ed = (make_user(name) for name in ("cy", "di", "ed"))
    assert follow_create(follower=ana, target=Target(user=cy))
    assert follow_create(follower=ana, target=Target(user=di))
    with pytest.raises(FollowRefused) as refused:
        follow_create(follower=ana, target=Target(user=ed))
    assert refused.value.code == "follow_limit"
    assert "You already follow 2 players, the most one person may" in refused.value.detail
    client = signed_in(ana)
    press(client, "/people/ed/", "follow")
    assert (
        "Unfollow someone on your Following page to follow ed."
        in client.get("/people/ed/").content.decode()
    )
    assert Follow.objects.filter(follower=ana).count() == 2


def test_a_retired_bot_is_not_followed(ana: User, duck: Bot) -> None:
    bot_retire(bot=duck)
    client = signed_in(ana)
    assert 'value="follow"' not in client.get("/bots/duck/").content.decode()
    press(client, "/bots/duck/", "follow")
    assert "duck is retired and no longer plays" in client.get("/bots/duck/").content.decode()
    assert not Follow.objects.exists()


def test_following_is_private_the_followed_see_a_count(ana: User, bo: User, duck: Bot) -> None:
    follow_create(follower=ana, target=Target(user=bo))
    follow_create(follower=ana, target=Target(bot=duck))
    for client in (signed_in(bo), Client()):
        page = client.get("/people/bo/").content.decode()
        assert "1 follower" in page and "/people/ana/" not in page
        assert "/people/ana/" not in client.get("/bots/duck/").content.decode()
    assert Client().get("/accounts/following/").status_code == 302  # sign in first
    mine = signed_in(ana).get("/accounts/following/").content.decode()
    assert 'href="/people/bo/"' in mine and 'href="/bots/duck/"' in mine
    assert "You follow 2 players, of at most 500." in mine
    theirs = signed_in(bo).get("/accounts/following/").content.decode()
    assert "You follow nobody yet." in theirs and 'href="/people/bo/"' not in theirs


def test_unfollow_on_the_following_page_comes_back_to_it(ana: User, bo: User) -> None:
    follow_create(follower=ana, target=Target(user=bo))
    client = signed_in(ana)
    client.get("/accounts/following/")
    token = client.cookies["csrftoken"].value
    data = {"action": "unfollow", "next": "/accounts/following/", "csrfmiddlewaretoken": token}
    answer = client.post("/people/bo/follow/", data)
    assert answer["Location"] == "/accounts/following/"
    data["next"] = "https://elsewhere.example/"  # never sent off the site
    assert client.post("/people/bo/follow/", data)["Location"] == "/people/bo/"


def _running(*seats: SeatSpec, game: str = "busca") -> int:
    house = [SeatSpec(kind="house")] * (4 - len(seats)) if game == "busca" else []
    return int(match_create(game=game, seats=[*seats, *house], seed=3, move_timeout=5).pk)


def test_followed_live_lists_running_matches_of_followed_people_and_bots(
    ana: User, bo: User, duck: Bot, make_user: Any
) -> None:
    cy = make_user("cy")
    follow_create(follower=ana, target=Target(user=bo))
    follow_create(follower=ana, target=Target(bot=duck))
    bos = _running(SeatSpec(kind="user", user_id=bo.pk))
    ducks = _running(SeatSpec(kind="bot", bot_id=duck.pk))
    _running(SeatSpec(kind="user", user_id=cy.pk))  # not followed
    over = _running(SeatSpec(kind="user", user_id=bo.pk))
    Match.objects.filter(pk=over).update(status="finished")
    sealed = _running(SeatSpec(kind="bot", bot_id=duck.pk))
    Match.objects.filter(pk=sealed).update(sealed=True)
    left = _running(SeatSpec(kind="user", user_id=bo.pk))
    Seat.objects.filter(match_id=left, user=bo).update(forfeited=True)
    live = followed_live(follower=ana)
    assert sorted(row["id"] for row in live["rows"]) == sorted([bos, ducks])
    row = next(row for row in live["rows"] if row["id"] == ducks)
    assert row["url"] == f"/matches/{ducks}/" and row["players"][0] == {
        "name": "duck",
        "followed": True,
    }
    assert live["more"] == 0 and followed_live(follower=ana, limit=1)["more"] == 1
    assert followed_live(follower=bo)["rows"] == []


def test_following_someone_unknown_says_who_is_missing(ana: User) -> None:
    client = signed_in(ana)
    client.get("/people/ana/")
    token = client.cookies["csrftoken"].value
    for path, words in (("/people/nobody/", "nobody"), ("/bots/ghost/", "ghost")):
        answer = client.post(f"{path}follow/", {"action": "follow", "csrfmiddlewaretoken": token})
        assert answer.status_code == 404 and words in answer.content.decode()
    assert not Follow.objects.exists()


def test_the_account_page_links_to_whom_you_follow(ana_client: Client) -> None:
    page = ana_client.get("/accounts/profile/").content.decode()
    assert 'href="/accounts/following/" id="following-link"' in page
