"""The lobby on /play/: public tables listed and joined with one tap, private ones not listed,
a password asked and a wrong one refused in words; Play now's pages; the rematch button."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from games.lobby import open_tables
from games.models import Match, QueueEntry, Table
from games.services import play_now, tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> list[Any]:
    users = get_user_model().objects
    return [
        users.create_user(n, f"{n}@example.org", "a-long-password-1") for n in ("la", "lb", "lc")
    ]


def _client(user: Any, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def test_public_tables_are_listed_with_their_seats_and_private_ones_are_not(
    people: list[Any],
) -> None:
    host, guest, _ = people
    public = tables.table_open(user_id=host.pk, game="busca", public=True, rated=True)
    tables.table_open(user_id=host.pk, game="busca")  # private: not listed
    page = _client(guest).get("/play/").content.decode()
    assert f'data-table="{public.pk}"' in page and page.count('class="open-table"') == 1
    assert "la's table" in page and "1 of 4 seats taken" in page and "Rated" in page
    assert "No table of Buraco Cerrado is waiting for people right now." in page
    busca = next(row for row in open_tables(guest.pk) if row["game"] == "busca")
    assert [(r["taken"], r["needed"]) for r in busca["tables"]] == [(1, 4)]


def test_the_lobby_is_capped_and_says_how_many_more(people: list[Any]) -> None:
    for _ in range(3):
        tables.table_open(user_id=people[0].pk, game="buraco-mano-a-mano", public=True)
    mano = next(r for r in open_tables(people[1].pk, limit=2) if r["game"] == "buraco-mano-a-mano")
    assert len(mano["tables"]) == 2 and mano["more"] == 1


def test_one_tap_takes_a_public_seat_and_a_full_table_leaves_the_lobby(people: list[Any]) -> None:
    host, guest, _ = people
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", public=True)
    answer = _client(guest).post(f"/tables/{table.pk}/sit/")
    assert answer.status_code == 302 and answer["Location"] == f"/tables/{table.pk}/"
    assert table.seats.get(number=1).user_id == guest.pk
    assert f'data-table="{table.pk}"' not in _client(people[2]).get("/play/").content.decode()


def test_a_private_table_asks_its_password_and_refuses_a_wrong_one_in_words(
    people: list[Any],
) -> None:
    host, guest, stranger = people
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", password="s3cret pass")
    assert table.password.startswith("pbkdf2_") or "$" in table.password  # hashed
    assert "s3cret" not in table.password
    with pytest.raises(tables.PrivateTable):
        tables.table_seat_join(
            table_id=tables.table_open(user_id=host.pk, game="busca").pk, user_id=guest.pk
        )
    client = _client(guest, "es")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'id="sit-password"' in page
    refused = client.post(f"/tables/{table.pk}/sit/", {"password": "wrong"}, follow=True)
    assert "contraseña" in refused.content.decode()  # the reason, in Spanish
    assert table.seats.get(number=1).user_id is None
    invite = table.seats.get(number=1).token
    with pytest.raises(tables.WrongPassword):
        tables.table_seat_take(token=invite, user_id=stranger.pk)
    client.post(f"/tables/{table.pk}/sit/", {"password": "s3cret pass"})
    assert table.seats.get(number=1).user_id == guest.pk


def test_a_tables_password_cannot_be_guessed_try_after_try(
    people: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The attack: guess a private table's password until it gives (a rival review found a
    4-digit one in 32 tries and 8.5 s). Tries are counted per person and table, and per table
    from everyone; past the limit even the right password waits, and the refusal says so."""
    host, guest, stranger = people
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", password="4821")
    client = _client(guest, "es")
    for guess in range(4816, 4816 + tables.PASSWORD_TRIES):
        refused = client.post(f"/tables/{table.pk}/sit/", {"password": str(guess)}, follow=True)
        assert "contraseña" in refused.content.decode()
    refused = client.post(f"/tables/{table.pk}/sit/", {"password": "4821"}, follow=True)
    assert "Demasiados intentos" in refused.content.decode()  # the reason, in Spanish
    assert table.seats.get(number=1).user_id is None
    # Another account has its own tries, until the table's own limit.
    monkeypatch.setattr(tables, "PASSWORD_TRIES_PER_TABLE", tables.PASSWORD_TRIES + 1)
    with pytest.raises(tables.WrongPassword):
        tables.table_seat_join(table_id=table.pk, user_id=stranger.pk, password="0000")
    with translation.override("en"), pytest.raises(tables.TooManyTries) as many:
        tables.table_seat_join(table_id=table.pk, user_id=stranger.pk, password="4821")
    assert many.value.status == 429 and "Try again in 1" in many.value.detail
    invite = table.seats.get(number=1).token
    with pytest.raises(tables.TooManyTries):
        tables.table_seat_take(token=invite, user_id=stranger.pk, password="4821")
    assert table.seats.get(number=1).user_id is None


def test_the_play_form_opens_a_listed_table_by_default_with_options_behind_more(
    people: list[Any],
) -> None:
    client = _client(people[0])
    page = client.get("/play/").content.decode()
    assert 'id="id_public" checked' in page
    more = page.split('<details id="more-options"', 1)[1].split("</details>", 1)[0]
    assert 'id="id_move_timeout"' in more and 'id="id_password"' in more
    assert 'id="id_target"' in more and 'id="id_public"' not in more
    client.post("/play/", {"game": "busca", "move_timeout": 45, "others": "invite", "public": "on"})
    assert Table.objects.get().public
    bad = client.post(
        "/play/",
        {"game": "busca", "move_timeout": 45, "others": "invite", "public": "on", "password": "x"},
    )
    assert bad.status_code == 400 and '<details id="more-options" class="more-options" open>' in (
        bad.content.decode()
    )


def test_play_now_pages_wait_then_send_both_to_the_match(people: list[Any]) -> None:
    first, second = _client(people[0]), _client(people[1])
    assert first.post("/play/now/join/", {"game": "buraco-mano-a-mano"})["Location"] == (
        "/play/now/"
    )
    waiting = first.get("/play/now/").content.decode()
    assert "Looking for people near your rating" in waiting and "play-now-fill" not in waiting
    landed = second.post("/play/now/join/", {"game": "buraco-mano-a-mano"})
    match = Match.objects.get()
    assert landed["Location"].startswith(f"/matches/{match.pk}/seat/")
    status = first.get("/play/now/status/", HTTP_HX_REQUEST="true")
    assert status["HX-Redirect"].startswith(f"/matches/{match.pk}/seat/")
    assert not QueueEntry.objects.exists()


def test_play_now_offers_house_bots_after_a_wait(people: list[Any]) -> None:
    client = _client(people[0], "ko")
    client.post("/play/now/join/", {"game": "busca"})
    assert "play-now-fill" not in client.get("/play/now/status/").content.decode()
    entry = QueueEntry.objects.get()
    entry.joined_at = entry.joined_at.replace(year=entry.joined_at.year - 1)
    entry.save()
    assert "play-now-fill" in client.get("/play/now/status/").content.decode()
    assert client.post("/play/now/fill/")["Location"].startswith("/matches/")
    refused = client.post("/play/now/fill/", follow=True).content.decode()
    message = refused.split('class="messages"', 1)[1].split("</ul>", 1)[0]
    assert "press Play now" not in message and "Play now" in _english_fill_refusal()
    assert play_now.queue_poll(user_id=people[0].pk) is None


def test_the_rematch_button_is_for_the_players_of_the_match(people: list[Any]) -> None:
    host, guest, stranger = people
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano", others=["house:greedy"])
    match = tables.table_start(table_id=table.pk, user_id=host.pk)
    assert 'id="rematch-form"' in _client(host).get(f"/matches/{match.pk}/").content.decode()
    assert (
        'id="rematch-form"' not in _client(stranger).get(f"/matches/{match.pk}/").content.decode()
    )
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    answer = _client(host).post(f"/matches/{match.pk}/rematch/")
    assert answer["Location"].startswith("/matches/") and answer["Location"].endswith("/seat/0/")
    state = _client(guest).get(f"/matches/{match.pk}/rematch.json").json()
    assert state == {"asked_by": None}  # it started at once: nobody else to wait for


def _english_fill_refusal() -> str:
    try:
        with translation.override("en"):
            play_now.queue_fill(user_id=0)
    except tables.NotWaiting as exc:
        return exc.detail
    raise AssertionError("no refusal")


def test_a_rematch_waits_for_the_others_on_their_play_page(people: list[Any]) -> None:
    host, guest, stranger = people
    table = tables.table_open(user_id=host.pk, game="buraco-mano-a-mano")
    tables.table_seat_take(token=table.seats.get(number=1).token, user_id=guest.pk)
    match = tables.table_start(table_id=table.pk, user_id=host.pk)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    asked = _client(guest).post(f"/matches/{match.pk}/rematch/")
    rematch_table = Table.objects.get(rematch_of=match)
    assert asked["Location"] == f"/tables/{rematch_table.pk}/"
    assert _client(host).get(f"/matches/{match.pk}/rematch.json").json() == {"asked_by": "lb"}
    play = _client(host).get("/play/").content.decode()
    assert "lb asks you for a rematch." in play and 'id="kept-for-you"' in play
    # The lobby's poll brings the offer too, out of band, to a Play page opened before it came.
    polled = _client(host).get("/play/tables/").content.decode()
    assert 'id="kept-for-you" aria-labelledby="kept-title" hx-swap-oob="true">' in polled
    assert "lb asks you for a rematch." in polled
    assert "asks you for a rematch" not in _client(stranger).get("/play/tables/").content.decode()
    refused = _client(stranger).post(f"/tables/{rematch_table.pk}/sit/", follow=True)
    assert "This table is private" in refused.content.decode()
    joined = _client(host).post(f"/tables/{rematch_table.pk}/sit/")
    rematch_table.refresh_from_db()
    assert rematch_table.match_id is not None
    assert joined["Location"] == f"/matches/{rematch_table.match_id}/seat/0/"
