"""Rated tables: the host's choice, people only, and only rated tables move the people's pool."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Match, Table
from games.services import tables
from games.services.matches import match_abort, match_resign
from tournaments.ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # These tables end by a resignation at turn 0; a game not played is unrated (RATING_MIN_MOVES,
    # tests/tournaments/ratings/test_farming.py), which is not what is tested here.
    settings.RATING_MIN_MOVES = 0


@pytest.fixture
def people() -> list[Any]:
    users = get_user_model().objects
    return [users.create_user(n, f"{n}@example.org", "a-long-password-1") for n in ("ana", "bo")]


def _play_to_the_end(rated: bool, host: Any, guest: Any) -> Match:
    """Open a Mano a Mano table, seat the guest by the invite link, start, and resign."""
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", rated=rated)
    tables.table_seat_take(token=table.seats.get(number=1).token, user_id=guest.pk)
    match = tables.table_start(table_id=table.pk, user_id=host.pk)
    match_resign(match_id=match.pk, seat=1)  # one against one: the match ends, the host wins
    return Match.objects.get(pk=match.pk)


def test_a_finished_rated_table_moves_both_peoples_ratings(people: list[Any]) -> None:
    host, guest = people
    match = _play_to_the_end(True, host, guest)
    assert match.status == Match.Status.FINISHED
    ratings = {r.user_id: r for r in Rating.objects.filter(game="buraco-mano-a-mano")}
    assert set(ratings) == {host.pk, guest.pk}
    assert {r.pool for r in ratings.values()} == {"people"}
    assert ratings[host.pk].mu > 25 > ratings[guest.pk].mu
    assert ratings[host.pk].wins == 1 and ratings[guest.pk].games == 1
    assert RatingChange.objects.filter(match=match).count() == 2


def test_an_unrated_table_changes_no_rating(people: list[Any]) -> None:
    host, guest = people
    match = _play_to_the_end(False, host, guest)
    assert match.status == Match.Status.FINISHED
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


def test_an_aborted_rated_table_changes_no_rating(people: list[Any]) -> None:
    host, guest = people
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", rated=True)
    tables.table_seat_take(token=table.seats.get(number=1).token, user_id=guest.pk)
    match = tables.table_start(table_id=table.pk, user_id=host.pk)
    match_abort(match_id=match.pk, reason="test")
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED
    assert not Rating.objects.exists()


def test_a_rated_table_seats_only_people(people: list[Any]) -> None:
    host = people[0]
    with pytest.raises(tables.RatedForPeople):
        tables.table_open(
            user_id=host.pk, game="buraco-mano-a-mano", others=["house:greedy"], rated=True
        )
    table = tables.table_open(user_id=host.pk, game="busca", rated=True)
    with pytest.raises(tables.RatedForPeople):
        tables.table_fill(table_id=table.pk, user_id=host.pk)
    with pytest.raises(tables.RatedForPeople):
        tables.table_seat_set(table_id=table.pk, user_id=host.pk, number=2, entry="house:greedy")
    tables.table_rated_set(table_id=table.pk, user_id=host.pk, rated=False)
    assert tables.table_fill(table_id=table.pk, user_id=host.pk) == 3
    with pytest.raises(tables.RatedForPeople):  # house bots sit there now
        tables.table_rated_set(table_id=table.pk, user_id=host.pk, rated=True)


def test_the_host_marks_the_table_rated_on_the_play_form_and_the_lobby_says_so(
    people: list[Any],
) -> None:
    host, guest = people
    client = Client()
    client.force_login(host)
    answer = client.post(
        "/play/",
        {"game": "buraco-mano-a-mano", "target": "1500", "move_timeout": "60",
         "others": "invite", "rated": "on"},
    )
    assert answer.status_code == 302
    table = Table.objects.get()
    assert table.rated and table.options == {"target": 1500}
    lobby = client.get(answer["Location"])
    text = lobby.content.decode()
    assert "You opened a rated table of Buraco Mano a Mano" in text
    assert "<strong>Rated</strong>" in text and "Only people sit at this table" in text
    assert 'id="make-unrated"' in text and "Fill empty seats" not in text
    invited = Client()
    invited.force_login(guest)
    token = table.seats.get(number=1).token
    join = invited.get(f"/tables/{table.pk}/join/{token}/").content.decode()
    assert "The table is rated: the result changes your rating." in join
    invite = '<a href="/people/ana/">ana</a> invites you to a table of Buraco Mano a Mano'
    assert f"{invite}, as Opponent." in join
    assert client.post(f"/tables/{table.pk}/rated/", {"rated": "0"}).status_code == 302
    assert not Table.objects.get().rated
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "The table is unrated" in page and "Unrated" in page


def test_the_play_form_refuses_a_rated_table_with_house_bots_in_words(
    people: list[Any],
) -> None:
    client = Client()
    client.force_login(people[0])
    answer = client.post(
        "/play/",
        {"game": "busca", "players": "3", "eliminate_at": "31", "move_timeout": "45",
         "others": "house:greedy", "rated": "on"},
    )
    assert answer.status_code == 400
    assert "A rated table seats only people" in answer.content.decode()
    assert not Table.objects.exists()
