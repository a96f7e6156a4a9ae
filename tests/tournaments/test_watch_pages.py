"""Tournament and My-matches pages in people's words: match links, "your match: play now",
Withdraw only where the reader may withdraw, messages that say what happened; house_pace."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from games.models import Match
from tests.tournaments.conftest import house_tournament
from tournaments.models import Entry, Tournament
from tournaments.services.entries import entry_register
from tournaments.services.errors import TournamentError
from tournaments.services.tournaments import TournamentSpec, tournament_create, tournament_start

pytestmark = pytest.mark.django_db
API_LINK = re.compile(r'href="/api/v1')


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def person_in_a_running_busca(organiser: Any, player: Any) -> tuple[Tournament, Match, int]:
    """A Busca table knockout of the player and three house bots, started."""
    tournament = house_tournament(organiser, "busca", "table_knockout", 3, open_to="both")
    entry_register(tournament_id=tournament.pk, user=player, kind="user")
    tournament_start(tournament_id=tournament.pk, user=organiser)
    match = Match.objects.get(tournament_game__pairing__tournament=tournament)
    return tournament, match, match.seats.get(user=player).number


def test_matches_link_to_their_pages_and_the_entrant_sees_play_now(
    organiser: Any, player: Any
) -> None:
    tournament, match, seat = person_in_a_running_busca(organiser, player)
    mine = signed_in(player).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert not API_LINK.search(mine)
    assert f'href="/matches/{match.pk}/"' in mine
    assert "Your match: play now" in mine and "your match: play now" in mine
    assert f'href="/matches/{match.pk}/seat/{seat}/"' in mine
    stranger = get_user_model().objects.create_user("sam", "sam@example.org", "pw-long-12345")
    for client in (Client(), signed_in(stranger), signed_in(organiser)):
        body = client.get(f"/tournaments/{tournament.pk}/").content.decode()
        assert f'href="/matches/{match.pk}/"' in body and not API_LINK.search(body)
        assert "play now" not in body and "/seat/" not in body
    # The live fragment web/live.js fetches is rendered for its reader too.
    fragment = signed_in(player).get(f"/tournaments/{tournament.pk}/live/").content.decode()
    assert f'href="/matches/{match.pk}/seat/{seat}/"' in fragment
    # My matches: the seat page, "play now", and no seat numbers.
    listing = signed_in(player).get("/me/matches/").content.decode()
    assert f'href="/matches/{match.pk}/seat/{seat}/"' in listing and "play now" in listing
    assert not API_LINK.search(listing) and ">Seat<" not in listing


def test_the_page_uses_words_not_codes(organiser: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 4)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    body = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    text = re.sub(r"<[^>]+>", " ", body)  # what a person reads, not attributes
    for code in ("table_knockout", "house:greedy", "house:random", "eliminate_at", "T1-1", "{"):
        assert code not in text, code
    assert "Table knockout" in text and "out at 3 Buscas" in text and "Greedy house bot" in text


def test_only_the_entrant_and_the_organiser_see_withdraw(organiser: Any, player: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 2, open_to="both")
    mine = entry_register(tournament_id=tournament.pk, user=player, kind="user")
    stranger = get_user_model().objects.create_user("sam", "sam@example.org", "pw-long-12345")
    url = f"/tournaments/{tournament.pk}/"
    assert "Withdraw" not in signed_in(stranger).get(url).content.decode()
    assert "Withdraw" not in Client().get(url).content.decode()
    as_player = signed_in(player).get(url).content.decode()
    assert re.findall(r'data-withdraw="(\d+)"', as_player) == [str(mine.pk)]
    house_ids = set(tournament.entries.values_list("pk", flat=True))
    as_organiser = signed_in(organiser).get(url).content.decode()
    assert set(map(int, re.findall(r'data-withdraw="(\d+)"', as_organiser))) == house_ids


def test_messages_say_what_happened(organiser: Any, player: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 2, open_to="both")
    tournament.name = "Noche de Busca"
    tournament.save(update_fields=["name"])
    client = signed_in(player)
    entered = client.post(
        f"/tournaments/{tournament.pk}/entries", {"kind": "user"}, follow=True
    ).content.decode()
    assert "You entered Noche de Busca." in entered and "Done." not in entered
    entry = Entry.objects.get(tournament=tournament, user=player)
    left = client.post(
        f"/tournaments/{tournament.pk}/entries/{entry.pk}/withdraw", follow=True
    ).content.decode()
    assert "You withdrew from Noche de Busca." in left
    started = signed_in(organiser).post(f"/tournaments/{tournament.pk}/start", follow=True)
    assert "Noche de Busca has started." in started.content.decode()
    refused = client.post(f"/tournaments/{tournament.pk}/pause", follow=True).content.decode()
    assert "organiser" in refused and "Done." not in refused


@pytest.mark.parametrize("pace", [-0.5, 5.5, "fast", True, None])
def test_house_pace_out_of_bounds_is_bad_options(organiser: Any, pace: Any) -> None:
    spec = TournamentSpec(
        name="Paced", game="busca", format="table_knockout", options={"house_pace": pace}
    )
    with pytest.raises(TournamentError) as refused:
        tournament_create(organiser=organiser, spec=spec)
    assert refused.value.code == "bad_options"


@pytest.mark.parametrize("pace", [0, 0.5, 1, 5])
def test_house_pace_within_bounds_paces_the_matches_not_the_rules(
    organiser: Any, pace: float
) -> None:
    tournament = house_tournament(
        organiser,
        "buraco-mano-a-mano",
        "single_elimination",
        2,
        options={"deals": 1, "house_pace": pace},
    )
    tournament_start(tournament_id=tournament.pk, user=organiser)
    match = Match.objects.get(tournament_game__pairing__tournament=tournament)
    assert match.house_pace == pace and "house_pace" not in match.options


def test_the_demo_is_reused_while_it_is_on(db: Any) -> None:
    call_command("demo")
    call_command("demo")
    demos = Tournament.objects.filter(name__startswith="Demo:")
    assert demos.count() == 1
    demo = demos.get()
    assert 0.5 <= demo.options["house_pace"] <= 1.5 and demo.entries.count() == 16
    home = Client().get("/").content.decode()
    assert 'id="home-demo"' in home and f'href="/tournaments/{demo.pk}/"' in home
    tournament_start(tournament_id=demo.pk, user=demo.organiser)
    call_command("demo")
    assert Tournament.objects.filter(name__startswith="Demo:").count() == 1
    home = Client().get("/").content.decode()
    assert "Watch it on TV" in home and 'href="/tv/busca/"' in home
    assert Match.objects.filter(house_pace=demo.options["house_pace"]).count() == 4


@pytest.mark.parametrize(
    ("language", "name", "month"),
    [
        ("es", "Demo: eliminación por mesas de Busca entre bots de la casa", " de diciembre de "),
        ("ko", "데모: 하우스 봇들의 부스카 테이블 녹아웃", "년 12월 "),
    ],
)
def test_the_demo_reads_in_the_readers_language(
    db: Any, language: str, name: str, month: str
) -> None:
    call_command("demo")
    demo = Tournament.objects.get(name__startswith="Demo:")
    assert demo.name == "Demo: house bots' Busca knockout"  # stored in English
    Tournament.objects.filter(pk=demo.pk).update(starts_at=datetime(2026, 12, 2, 15, 7, tzinfo=UTC))
    reader = Client(HTTP_ACCEPT_LANGUAGE=language)
    home = reader.get("/").content.decode()
    assert name in home and "house bots' Busca knockout" not in home
    assert month in home and " Dec" not in home and " Dic" not in home  # the start, as a date
    for url in ("/tournaments/", f"/tournaments/{demo.pk}/"):
        page = reader.get(url).content.decode()
        assert name in page and "house bots' Busca knockout" not in page, url
    # A name an organiser wrote stays as written.
    Tournament.objects.filter(pk=demo.pk).update(name="Demo: Friday cup")
    assert "Demo: Friday cup" in reader.get("/").content.decode()


def test_a_replacement_is_said_in_words(organiser: Any, player: Any) -> None:
    tournament, _, _ = person_in_a_running_busca(organiser, player)
    entry = Entry.objects.get(tournament=tournament, user=player)
    reply = signed_in(organiser).post(
        f"/tournaments/{tournament.pk}/entries/{entry.pk}/replace",
        {"strategy": "house:random"},
        follow=True,
    )
    body = reply.content.decode()
    assert "A random house bot plays the remaining matches of pia." in body
    assert "pia (the random house bot plays for them)" in body


def test_the_organiser_form_takes_a_house_pace(organiser: Any) -> None:
    form = {
        "name": "Watchable cup",
        "game": "busca",
        "format": "table_knockout",
        "eliminate_at": 15,
        "house_pace": 1,
        "advance": 2,
        "seeding": "draw",
        "open_to": "bots",
        "capacity": 16,
        "check_in_minutes": 30,
    }
    client = signed_in(organiser)
    assert client.post("/tournaments/new", form).status_code == 302
    assert Tournament.objects.get(name="Watchable cup").options["house_pace"] == 1
    assert client.post("/tournaments/new", {**form, "house_pace": 9}).status_code == 400
