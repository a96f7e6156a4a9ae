"""A leaderboard says how to appear on it, why it is empty, and marks the house anchors
(issue 25)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.tournaments.ratings.conftest import play
from tournaments.ladders.services.anchors import anchor_bot
from tournaments.ratings.models import Rating

pytestmark = pytest.mark.django_db

GAME = "buraco-mano-a-mano"


def test_each_board_says_how_to_appear_on_it(db: Any, settings: Any) -> None:
    settings.LEADERBOARD_MIN_GAMES = 5
    bots = Client().get(f"/leaderboards/{GAME}/bots/").content.decode()
    assert "A bot appears here after 5 rated games." in bots
    assert 'href="/ladders/"' in bots and "house bots" in bots
    people = Client().get(f"/leaderboards/{GAME}/people/").content.decode()
    assert "You appear here after 5 rated games against other people" in people
    assert 'href="/play/"' in people
    es = Client(headers={"accept-language": "es"}).get(f"/leaderboards/{GAME}/bots/")
    assert "Un bot aparece aquí tras 5 partidas puntuadas." in es.content.decode()


def test_an_empty_board_says_why(bots: list[Any]) -> None:
    empty = Client().get(f"/leaderboards/{GAME}/bots/").content.decode()
    assert "No game here has counted yet" in empty
    play(GAME, bots[:2], [1, 2])
    waiting = Client().get(f"/leaderboards/{GAME}/bots/").content.decode()
    assert "2 are rated here already, with fewer rated games than that." in waiting
    assert 'id="leaderboard"' not in waiting


def test_a_house_anchor_is_listed_and_marked_as_house(bots: list[Any]) -> None:
    anchor = anchor_bot("house:greedy")
    for _ in range(3):
        play(GAME, [anchor, bots[0]], [1, 2])
    html = Client().get(f"/leaderboards/{GAME}/bots/").content.decode()
    row = html[html.index(f'data-name="{anchor.name}"') :]
    row = row[: row.index("</tr>")]
    assert 'class="mark house"' in row and "(house)" in row
    other = html[html.index(f'data-name="{bots[0].name}"') :]
    assert "(house)" not in other[: other.index("</tr>")]
    assert Rating.objects.get(bot=anchor).games == 3
