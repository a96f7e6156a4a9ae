"""Ladder matches are rated in the bots pool, house anchors included, and turn up on the page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from bots.models import Bot
from games.models import Seat
from games.services.matches import match_resign
from tests.tournaments.ladders.conftest import join
from tests.tournaments.leagues.conftest import play_all
from tournaments.ladders.models import Ladder, LadderEntry
from tournaments.ladders.services.schedule import ladder_schedule
from tournaments.ratings.models import Pool, Rating, RatingChange
from tournaments.ratings.services import MODEL

pytestmark = pytest.mark.django_db
MANO = "buraco-mano-a-mano"


def test_a_ladder_match_against_an_anchor_rates_both_in_the_bots_pool(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_ANCHORS = ["house:greedy"]
    settings.LADDER_MATCHES_PER_BOT = 1
    settings.RATING_MIN_MOVES = 0  # it resigns at turn 0, which the default leaves unrated
    quitter = make_bot("quitter")
    join(quitter, MANO)
    [match] = ladder_schedule(game=MANO, seed=2)
    anchor = LadderEntry.objects.get(anchor="house:greedy").bot
    version = Ladder.objects.get(game=MANO).version
    seat = match.seats.get(kind=Seat.Kind.BOT)
    match_resign(match_id=match.pk, seat=seat.number)
    mine = Rating.objects.get(game=MANO, bot=quitter)
    theirs = Rating.objects.get(game=MANO, bot=anchor)
    assert mine.pool == theirs.pool == Pool.BOTS
    assert mine.mu < MODEL.mu < theirs.mu
    assert (mine.games, theirs.games, theirs.wins) == (1, 1, 1)
    assert RatingChange.objects.filter(match=match).count() == 2
    assert Ladder.objects.get(game=MANO).version > version
    entry = LadderEntry.objects.get(bot=quitter)
    assert (entry.matches, entry.forfeits, entry.forfeits_in_a_row) == (1, 1, 1)


def test_the_search_anchor_plays_a_whole_ladder_match_and_is_rated(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    """``house:ismcts`` (the default level, 200 ms a move) as a ladder anchor, played out."""
    settings.LADDER_ANCHORS = ["house:ismcts"]
    settings.LADDER_MATCHES_PER_BOT = 1
    settings.LADDER_OPTIONS = {MANO: {"deals": 1}}
    player = make_bot("player")
    join(player, MANO)
    [match] = ladder_schedule(game=MANO, seed=5)
    house = match.seats.get(kind=Seat.Kind.HOUSE)
    assert house.strategy == "house:ismcts"
    played = play_all(match.pk)
    assert played.status == "finished" and "forfeited" not in str(played.result.get("reason"))
    moves = played.moves.filter(seat=house.number)
    assert moves.exists() and not moves.exclude(by="house").exists()
    anchor = LadderEntry.objects.get(anchor="house:ismcts").bot
    ratings = Rating.objects.filter(game=MANO, bot__in=[player, anchor], pool=Pool.BOTS)
    assert sorted(ratings.values_list("games", flat=True)) == [1, 1]


def test_the_ladder_page_lists_entrants_with_ratings_and_running_matches(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_ANCHORS = ["house:random"]
    settings.LADDER_MATCHES_PER_BOT = 1
    join(make_bot("alpha"), MANO)
    [match] = ladder_schedule(game=MANO, seed=2)
    page = Client().get(f"/ladders/{MANO}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-name="alpha"' in html and 'data-name="house-random"' in html
    assert f'href="/matches/{match.pk}/"' in html
    assert 'data-live-socket="/ws/ladders/buraco-mano-a-mano/"' in html
    assert Client().get(f"/ladders/{MANO}/live/").status_code == 200
    index = Client().get("/ladders/").content.decode()
    assert f'href="/ladders/{MANO}/"' in index and 'href="/ladders/busca/"' in index
    assert Client().get("/ladders/chess/").status_code == 404
    assert Client().get("/ladders/chess/live/").status_code == 404
