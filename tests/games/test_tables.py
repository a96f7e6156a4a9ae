"""Lobby tables: open, invite by link, fill with house bots, start; and the pages around them."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Match, Seat, Table
from games.replay import replay_frames
from games.services import tables
from games.services.errors import NotYourSeat
from games.services.matches import match_resign

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> list[Any]:
    users = get_user_model().objects
    return [users.create_user(n, f"{n}@example.org", "a-long-password-1") for n in "pqr"]


def test_open_invite_fill_and_start(people: list[Any]) -> None:
    host, guest, stranger = people
    table = tables.table_open(user_id=host.pk, game="busca")
    invite = table.seats.get(number=1)
    tables.table_seat_take(token=invite.token, user_id=guest.pk)
    with pytest.raises(tables.SeatTaken):
        tables.table_seat_take(token=invite.token, user_id=stranger.pk)
    with pytest.raises(tables.TableNotReady):
        tables.table_start(table_id=table.pk, user_id=host.pk)
    with pytest.raises(NotYourSeat):
        tables.table_fill(table_id=table.pk, user_id=guest.pk)
    assert tables.table_fill(table_id=table.pk, user_id=host.pk) == 2
    match = tables.table_start(table_id=table.pk, user_id=host.pk)
    kinds = list(Seat.objects.filter(match=match).values_list("kind", "user_id"))
    assert kinds == [("user", host.pk), ("user", guest.pk), ("house", None), ("house", None)]
    assert Table.objects.get(pk=table.pk).status == "started"
    with pytest.raises(tables.TableClosed):
        tables.table_seat_take(token=table.seats.get(number=2).token, user_id=stranger.pk)


def test_a_replaced_invitation_no_longer_works(people: list[Any]) -> None:
    host, guest, _ = people
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano")
    old = table.seats.get(number=1).token
    tables.table_seat_set(table_id=table.pk, user_id=host.pk, number=1, entry="invite")
    with pytest.raises(tables.NotFound):
        tables.table_seat_take(token=old, user_id=guest.pk)


def test_pages_the_seat_page_is_only_for_its_player(people: list[Any]) -> None:
    host, guest, _ = people
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", others=["house:greedy"])
    match = tables.table_start(table_id=table.pk, user_id=host.pk)
    client = Client()
    assert client.get(f"/matches/{match.pk}/").status_code == 200
    assert client.get(f"/matches/{match.pk}/seat/0/").status_code == 302  # sign in first
    client.force_login(guest)
    assert client.get(f"/matches/{match.pk}/seat/0/").status_code == 403
    client.force_login(host)
    page = client.get(f"/matches/{match.pk}/seat/0/")
    assert page.status_code == 200 and b"initial-state" in page.content
    assert client.get("/me/matches/").status_code == 200
    assert client.get("/").status_code == 200
    assert client.get(f"/matches/{match.pk}/replay.json").status_code == 409


def test_replay_frames_show_every_hand_once_over(people: list[Any]) -> None:
    host = people[0]
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", others=["house:greedy"])
    match = tables.table_start(table_id=table.pk, user_id=host.pk)
    match_resign(match_id=match.pk, seat=0)  # one against one: the match ends
    match = Match.objects.get(pk=match.pk)
    frames = replay_frames(match)["frames"]
    assert frames[0]["turn"] == 0 and [len(h or []) for h in frames[0]["hands"]] == [11, 11]


def test_one_person_holds_a_bounded_number_of_open_tables_and_table_matches(
    people: list[Any],
) -> None:
    """The attack (a rival review): one account opens table after table to push everyone
    else's out of the lobby, and starts a match with house bots at each, all on the worker."""
    host, other, _ = people
    opened = [
        tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", public=True)
        for _ in range(tables.OPEN_TABLES_MAX)
    ]
    with pytest.raises(tables.TooManyTables) as refused:
        tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", public=True)
    assert refused.value.status == 409 and "3 open tables" in refused.value.detail
    assert tables.table_open(user_id=other.pk, game="busca")  # another person's own count
    # Started tables leave the count of open ones; their running matches have a count of their own.
    for table in opened:
        tables.table_fill(table_id=table.pk, user_id=host.pk)
        tables.table_start(table_id=table.pk, user_id=host.pk)
    for _ in range(tables.TABLE_MATCHES_MAX - tables.OPEN_TABLES_MAX):
        table = tables.table_open(
            user_id=host.pk, game="buraco-mano-a-mano", others=["house:random"]
        )
        tables.table_start(table_id=table.pk, user_id=host.pk)
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", others=["house:random"])
    with pytest.raises(tables.TooManyTables) as refused:
        tables.table_start(table_id=table.pk, user_id=host.pk)
    assert "5 table matches" in refused.value.detail
    running = Match.objects.filter(kind=Match.Kind.TABLE, created_by=host, status="running")
    assert running.count() == tables.TABLE_MATCHES_MAX
    match_resign(match_id=running.first().pk, seat=0)  # one ends: the next may start
    assert tables.table_start(table_id=table.pk, user_id=host.pk).is_running
    for _ in range(tables.OPEN_TABLES_MAX):
        tables.table_open(user_id=host.pk, game="busca")
    form = {"game": "busca", "move_timeout": 45, "others": "invite", "public": "on"}
    answer = _client_es(host).post("/play/", form)
    assert "mesas abiertas" in answer.content.decode()  # the reason, in Spanish
    assert Table.objects.filter(created_by=host, status="open").count() == tables.OPEN_TABLES_MAX


def _client_es(user: Any) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(user)
    return client
