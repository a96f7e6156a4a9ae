"""Head to head: a bot's record against each bot it met, counted from hand-built matches."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from rest_framework.test import APIClient

from bots.models import Bot
from tests.tournaments.ratings.conftest import finished, play
from tournaments.ratings.head_to_head import head_to_head
from tournaments.ratings.services import ratings_record

pytestmark = pytest.mark.django_db


def by_opponent(bot: Bot, game: str | None = None) -> dict[tuple[str, str], Any]:
    return {(m.game, m.opponent): m for m in head_to_head(bot_id=bot.pk, game=game)}


def test_busca_counts_every_other_bot_at_the_table(bots: list[Bot]) -> None:
    north, east, south, west = bots
    play("busca", [north, east, south, west], [1, 2, 3, 4])
    play("busca", [north, east, south, west], [3, 1, 2, 4])
    play("busca", [east, north, south, west], [1, 1, 3, 4])  # north shares first with east
    record = by_opponent(north)
    east_row = record[("busca", "east")]
    assert (east_row.games, east_row.wins, east_row.losses, east_row.ties) == (3, 1, 1, 1)
    assert east_row.mean_place == pytest.approx((1 + 3 + 1) / 3)
    sd = math.sqrt(((1 - 5 / 3) ** 2 * 2 + (3 - 5 / 3) ** 2) / 2)
    assert east_row.place_low == pytest.approx(max(1.0, 5 / 3 - 1.96 * sd / math.sqrt(3)))
    assert east_row.place_high == pytest.approx(5 / 3 + 1.96 * sd / math.sqrt(3))
    west_row = record[("busca", "west")]
    assert (west_row.games, west_row.wins, west_row.losses) == (3, 3, 0)
    assert [m.opponent for m in head_to_head(bot_id=north.pk)] == ["east", "south", "west"]


def test_house_seats_and_unrated_matches_are_left_out(bots: list[Bot]) -> None:
    north, east, _, _ = bots
    play("busca", [north, east, None, None], [2, 1, 3, 4])
    play("busca", [north, None, None, None], [1, 2, 3, 4])  # one bot: not rated
    record = by_opponent(north)
    assert list(record) == [("busca", "east")]
    row = record[("busca", "east")]
    assert (row.games, row.losses, row.mean_place) == (1, 1, 2.0)
    assert row.place_low is None and row.place_high is None  # one match: no range


def test_cerrado_partners_are_not_opponents(bots: list[Bot]) -> None:
    north, east, south, west = bots
    # Seats 0 and 2 (north, south) against seats 1 and 3 (east, west).
    play("buraco-cerrado", [north, east, south, west], [1, 2, 1, 2])
    play("buraco-cerrado", [north, east, south, west], [2, 1, 2, 1])
    play("buraco-cerrado", [north, south, east, west], [1, 2, 1, 2])  # now east is a partner
    record = by_opponent(north, "buraco-cerrado")
    assert set(record) == {("buraco-cerrado", o) for o in ("east", "south", "west")}
    assert (record[("buraco-cerrado", "east")].games, record[("buraco-cerrado", "east")].wins) == (
        2,
        1,
    )
    assert record[("buraco-cerrado", "south")].games == 1  # partners twice, opponents once
    west_row = record[("buraco-cerrado", "west")]
    assert (west_row.games, west_row.wins, west_row.losses) == (3, 2, 1)
    assert west_row.place_high is not None and west_row.place_high <= 2  # two sides: 2 is last


def test_a_sealed_table_is_not_counted_until_it_is_unsealed(bots: list[Bot]) -> None:
    north, east, _, _ = bots
    play("buraco-mano-a-mano", [north, east], [1, 2])
    with transaction.atomic():
        sealed = finished("buraco-mano-a-mano", [north, east], [2, 1])
        sealed.sealed = True
        sealed.save()
        # Rated while sealed, as before tables waited for their round: the row exists, and
        # still must not tell the result.
        assert ratings_record(match=sealed)
    row = by_opponent(north)[("buraco-mano-a-mano", "east")]
    assert (row.games, row.wins, row.losses) == (1, 1, 0)
    body = APIClient().get("/api/v1/bots/north/head-to-head").json()
    assert body["results"][0]["games"] == 1
    html = Client().get("/bots/north/").content.decode()
    assert '<td class="num losses">0</td>' in html
    sealed.sealed = False
    sealed.save()
    row = by_opponent(north)[("buraco-mano-a-mano", "east")]
    assert (row.games, row.wins, row.losses) == (2, 1, 1)


def test_a_game_filter_keeps_one_game(bots: list[Bot]) -> None:
    north, east, south, west = bots
    play("busca", [north, east, south, west], [1, 2, 3, 4])
    play("buraco-mano-a-mano", [north, east], [1, 2])
    assert {m.game for m in head_to_head(bot_id=north.pk)} == {"busca", "buraco-mano-a-mano"}
    assert {m.game for m in head_to_head(bot_id=north.pk, game="buraco-mano-a-mano")} == {
        "buraco-mano-a-mano"
    }


# --- API --------------------------------------------------------------------------------------


def test_the_api_serves_the_record(bots: list[Bot]) -> None:
    north, east, south, west = bots
    for places in ([1, 2, 3, 4], [2, 1, 3, 4]):
        play("busca", [north, east, south, west], places)
    response = APIClient().get("/api/v1/bots/north/head-to-head?game=busca")
    assert response.status_code == 200
    body = response.json()
    assert (body["bot"], body["game"], body["count"], body["pages"], body["next"]) == (
        "north",
        "busca",
        3,
        1,
        None,
    )
    east_row = body["results"][0]
    assert set(east_row) == {
        "game", "opponent", "games", "wins", "losses", "ties", "mean_place", "place_low",
        "place_high",
    }  # fmt: skip
    assert (east_row["opponent"], east_row["games"], east_row["wins"]) == ("east", 2, 1)
    assert east_row["mean_place"] == 1.5 and east_row["place_low"] == 1.0


def test_the_api_pages_through_many_opponents(make_bot: Callable[[str], Bot]) -> None:
    hub = make_bot("hub")
    for i in range(51):
        play("buraco-mano-a-mano", [hub, make_bot(f"rival-{i:02}")], [1, 2])
    client = APIClient()
    first = client.get("/api/v1/bots/hub/head-to-head").json()
    assert (first["count"], first["pages"], first["next"], len(first["results"])) == (51, 2, 2, 50)
    second = client.get("/api/v1/bots/hub/head-to-head?page=2").json()
    assert [r["opponent"] for r in second["results"]] == ["rival-50"]
    page = Client().get("/bots/hub/").content.decode()
    assert page.count("<tr data-opponent=") == 10 and "It met 41 other bots fewer times." in page


@pytest.mark.parametrize(
    ("url", "status", "code", "words"),
    [
        ("/api/v1/bots/nobody/head-to-head", 404, "not_found", "no bot called 'nobody'"),
        ("/api/v1/bots/a%00b/head-to-head", 404, "not_found", "no bot called"),
        ("/api/v1/bots/north/head-to-head?game=chess", 400, "invalid", "no game 'chess'"),
        ("/api/v1/bots/north/head-to-head?page=0", 400, "invalid", "page"),
        ("/api/v1/bots/north/head-to-head?page=%C2%B2", 400, "invalid", "page"),
        ("/api/v1/bots/north/head-to-head?page=2", 404, "not_found", "no page 2"),
    ],
)
def test_api_errors(bots: list[Bot], url: str, status: int, code: str, words: str) -> None:
    response = APIClient().get(url)
    assert response.status_code == status
    body = response.json()
    assert body["error"] == code and words in body["detail"]


def test_an_unknown_or_quiet_bot(bots: list[Bot]) -> None:
    body = APIClient().get("/api/v1/bots/north/head-to-head").json()
    assert (body["count"], body["results"], body["pages"]) == (0, [], 1)
    html = Client().get("/bots/north/").content.decode()
    assert 'id="no-head-to-head"' in html


def test_the_schema_types_the_endpoint() -> None:
    text = APIClient().get("/api/schema/").content.decode()
    assert "/api/v1/bots/{name}/head-to-head:" in text
    for field in ("place_low:", "mean_place:", "settled_with_next:", "rank_low:", "skill_low:"):
        assert field in text


# --- page -------------------------------------------------------------------------------------


def test_the_bot_page_shows_the_record_in_words(bots: list[Bot]) -> None:
    north, east, south, west = bots
    play("busca", [north, east, south, west], [1, 2, 3, 4])
    play("busca", [north, east, south, west], [2, 1, 3, 4])
    html = Client().get("/bots/north/").content.decode()
    assert 'id="head-to-head"' in html and "Head to head" in html
    assert '<tr data-opponent="east">' in html and 'href="/bots/east/"' in html
    assert "1.50<small>1.0\u20132.5</small>" in html  # places 1 and 2: 1.5 +- 1.96 * 0.5 / sqrt(2)
    assert "95% confidence" in html
    spanish = Client(headers={"cookie": "django_language=es"}).get("/bots/north/")
    assert "Cara a cara" in spanish.content.decode()
