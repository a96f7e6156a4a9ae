"""TV: /tv/ and /tv/<game>/ feature a live match (a running tournament's round first, then the
highest-rated), keep it while it runs, and name the next one when it ends."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from bots.services import bot_create
from games.models import Match, Seat
from games.services.matches import SeatSpec, match_create
from tests.games.conftest import advance
from tests.tournaments.conftest import house_tournament
from tournaments.ratings.models import Rating
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db
HOUSE = SeatSpec(kind=Seat.Kind.HOUSE, strategy="house:greedy")


def house_match(game: str = "buraco-mano-a-mano", **fields: Any) -> Match:
    return match_create(game=game, seats=[HOUSE, HOUSE], options={"deals": 1}, **fields)


def current(path: str = "/tv/current.json", **query: Any) -> Any:
    reply = Client().get(path, query)
    assert reply.status_code == 200
    return reply.json()["match"]


def test_nothing_live_is_said_in_words() -> None:
    page = Client().get("/tv/")
    body = page.content.decode()
    assert page.status_code == 200
    assert "No match is being played right now." in body
    assert 'href="/tournaments/"' in body and 'data-match=""' in body and "web/tv.js" in body
    assert current() is None
    assert Client().get("/tv/chess/").status_code == 404
    assert Client().get("/tv/chess/current.json").status_code == 404
    assert (
        "No Busca match is being played right now." in Client().get("/tv/busca/").content.decode()
    )


def test_a_tournament_round_comes_first_and_stays_until_it_ends(organiser: Any) -> None:
    practice = house_match(kind=Match.Kind.PRACTICE)
    tournament = house_tournament(organiser, "buraco-mano-a-mano", "single_elimination", 2)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    featured = Match.objects.get(tournament_game__pairing__tournament=tournament)
    page = Client().get("/tv/").content.decode()
    assert f'data-match="{featured.pk}"' in page and 'id="match"' in page
    assert "games/match.js" in page and "web/tv.js" in page and tournament.name in page
    assert current() == featured.pk
    # A match shown stays featured while it runs, even when it would not be picked now.
    assert current(showing=practice.pk) == practice.pk
    assert current("/tv/busca/current.json") is None
    advance(featured.pk)
    assert not Match.objects.get(pk=featured.pk).is_running
    assert current(showing=featured.pk) == practice.pk  # the next one, once it is over


def test_the_highest_rated_running_match_is_featured(player: Any) -> None:
    strong, weak = (bot_create(owner=player, name=n, games=[]).bot for n in ("strong", "weak"))
    for bot, ordinal in ((strong, 30.0), (weak, 2.0)):
        Rating.objects.create(
            game="buraco-mano-a-mano",
            pool="bots",
            bot=bot,
            mu=ordinal + 9,
            sigma=3,
            ordinal=ordinal,
            games=5,
        )
    seats = {b: SeatSpec(kind=Seat.Kind.BOT, bot_id=b.pk) for b in (strong, weak)}
    top = match_create(
        game="buraco-mano-a-mano", seats=[seats[strong], HOUSE], options={"deals": 1}
    )
    house_match()  # unrated: below both
    match_create(game="buraco-mano-a-mano", seats=[seats[weak], HOUSE], options={"deals": 1})
    assert current() == top.pk
    assert current("/tv/buraco-mano-a-mano/current.json") == top.pk
