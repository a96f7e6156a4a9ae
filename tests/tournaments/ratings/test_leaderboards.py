"""Leaderboards: the selector, the API and the pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.tournaments.ratings.conftest import play
from tournaments.ratings.models import Rating
from tournaments.ratings.selectors import leaderboard_index, leaderboard_page
from tournaments.ratings.sparkline import sparkline_points, sparkline_svg

pytestmark = pytest.mark.django_db

GAME = "buraco-mano-a-mano"


@pytest.fixture
def season(bots: list[Any]) -> list[Any]:
    """North beats everyone, east beats south and west; west plays only twice."""
    north, east, south, west = bots
    for _ in range(3):
        play(GAME, [north, east], [1, 2])
        play(GAME, [east, south], [1, 2])
        play(GAME, [north, south], [1, 2])
    play(GAME, [west, south], [1, 2])
    play(GAME, [west, north], [2, 1])
    return bots


def test_the_leaderboard_is_ordered_by_rating_and_lists_after_min_games(
    season: list[Any],
) -> None:
    page = leaderboard_page(game=GAME, pool="bots")
    assert [row["name"] for row in page.rows] == ["north", "east", "south"]  # west: 2 games
    assert [row["rank"] for row in page.rows] == [1, 2, 3]
    ratings = [row["rating"] for row in page.rows]
    assert ratings == sorted(ratings, reverse=True)
    north = page.rows[0]
    assert north["games"] == 7 and north["wins"] == 7
    assert north["rating"] == round(north["mu"] - 3 * north["sigma"], 1)
    assert len(north["history"]) == 7 and north["history"][-1] == pytest.approx(
        north["rating"], abs=0.06
    )
    assert page.count == 3 and page.pages == 1


def test_min_games_and_the_provisional_mark_follow_the_settings(
    season: list[Any], settings: Any
) -> None:
    settings.LEADERBOARD_MIN_GAMES = 1
    settings.RATING_PROVISIONAL_SIGMA = 0.0  # never certain enough
    rows = leaderboard_page(game=GAME, pool="bots").rows
    assert len(rows) == 4 and all(row["provisional"] for row in rows)
    settings.RATING_PROVISIONAL_SIGMA = 100.0
    assert not any(row["provisional"] for row in leaderboard_page(game=GAME, pool="bots").rows)
    # At the default threshold, a handful of two-player games leaves sigma high.
    settings.RATING_PROVISIONAL_SIGMA = 4.0
    sigmas = {r.bot.name: r.sigma for r in Rating.objects.select_related("bot")}
    flags = {
        row["name"]: row["provisional"] for row in leaderboard_page(game=GAME, pool="bots").rows
    }
    assert flags == {name: sigma >= 4.0 for name, sigma in sigmas.items()}


def test_the_history_keeps_the_last_30_ratings(bots: list[Any], settings: Any) -> None:
    settings.RATING_PAIR_GAMES_PER_DAY = 100  # one pair, 33 games in a day
    for _ in range(33):
        play(GAME, bots[:2], [1, 2])
    row = leaderboard_page(game=GAME, pool="bots").rows[0]
    assert row["games"] == 33 and len(row["history"]) == 30
    assert row["history"] == sorted(row["history"])  # oldest first, still rising


def test_pages(season: list[Any], settings: Any) -> None:
    second = leaderboard_page(game=GAME, pool="bots", page=2, per_page=2)
    assert [row["rank"] for row in second.rows] == [3]
    assert second.has_previous and not second.has_next


def test_the_index_counts_every_game_and_pool(season: list[Any]) -> None:
    boards = {(b["game"], b["pool"]): b for b in leaderboard_index()}
    assert len(boards) == 6
    assert boards[(GAME, "bots")] == {"game": GAME, "pool": "bots", "listed": 3, "rated": 4}
    assert boards[("busca", "people")]["rated"] == 0


# --- API --------------------------------------------------------------------------------------


def test_api_lists_the_leaderboards(season: list[Any]) -> None:
    response = APIClient().get("/api/v1/leaderboards")
    assert response.status_code == 200
    assert {"game": GAME, "pool": "bots", "listed": 3, "rated": 4} in response.json()["results"]
    assert response.json()["count"] == len(response.json()["results"])


def test_api_serves_a_leaderboard(season: list[Any]) -> None:
    response = APIClient().get(f"/api/v1/leaderboards/{GAME}/bots?page=1")
    assert response.status_code == 200
    body = response.json()
    assert (body["count"], body["page"], body["pages"], body["next"]) == (3, 1, 1, None)
    assert body["min_games"] == 3 and body["provisional_sigma"] == 4.0
    first = body["results"][0]
    assert set(first) == {
        "rank", "name", "kind", "rating", "mu", "sigma", "games", "wins", "provisional", "listed",
        "house", "history", "skill_low", "skill_high", "rank_low", "rank_high", "settled_with_next",
    }  # fmt: skip
    assert (first["rank"], first["name"], first["kind"]) == (1, "north", "bot")
    assert APIClient().get(f"/api/v1/leaderboards/{GAME}/people").json()["results"] == []


@pytest.mark.parametrize(
    ("url", "status", "words"),
    [
        ("/api/v1/leaderboards/chess/bots", 404, "no game 'chess'"),
        (f"/api/v1/leaderboards/{GAME}/robots", 404, "no pool 'robots'"),
        (f"/api/v1/leaderboards/{GAME}/bots?page=9", 404, "no page 9"),
        (f"/api/v1/leaderboards/{GAME}/bots?page=x", 400, "page"),
        (f"/api/v1/ratings/{GAME}/bots/nobody", 404, "'nobody' has no bots rating"),
        (f"/api/v1/ratings/{GAME}/people/north", 404, "'north' has no people rating"),
        ("/api/v1/ratings/chess/bots/north", 404, "no game 'chess'"),
    ],
)
def test_api_errors(season: list[Any], url: str, status: int, words: str) -> None:
    response = APIClient().get(url)
    assert response.status_code == status
    body = response.json()
    assert set(body) >= {"error", "detail"} and words in body["detail"]
    if status == 404:
        assert body["error"] == "not_found"


def test_api_serves_one_rating_with_its_full_history(season: list[Any]) -> None:
    response = APIClient().get(f"/api/v1/ratings/{GAME}/bots/west")
    assert response.status_code == 200
    body = response.json()
    assert (body["name"], body["games"], body["wins"], body["rank"]) == ("west", 2, 1, None)
    assert body["listed"] is False and body["provisional"] is True
    assert [h["place"] for h in body["history"]] == [1, 2]
    assert body["history"][0]["change"] > 0 > body["history"][1]["change"]
    assert body["history"][-1]["rating"] == body["rating"]
    north = APIClient().get(f"/api/v1/ratings/{GAME}/bots/north").json()
    assert north["rank"] == 1 and len(north["history"]) == 7


def test_people_are_found_by_username(people: list[Any]) -> None:
    for _ in range(3):
        play(GAME, people[:2], [1, 2])
    body = APIClient().get(f"/api/v1/ratings/{GAME}/people/bea").json()
    assert (body["kind"], body["games"], body["rank"]) == ("person", 3, 1)


def test_the_schema_documents_the_endpoints() -> None:
    response = APIClient().get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    for path in (
        "/api/v1/leaderboards:",
        "/api/v1/leaderboards/{game}/{pool}:",
        "/api/v1/ratings/{game}/{pool}/{name}:",
    ):
        assert path in text


# --- pages ------------------------------------------------------------------------------------


def test_the_index_page_links_every_leaderboard(season: list[Any]) -> None:
    response = Client().get("/leaderboards/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'href="/leaderboards/{GAME}/bots/"' in html
    assert 'href="/leaderboards/busca/people/"' in html
    assert "3 listed, 4 rated" in html


def test_the_leaderboard_page_draws_a_sparkline_per_row(season: list[Any]) -> None:
    response = Client().get(f"/leaderboards/{GAME}/bots/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="leaderboard"' in html
    for name in ("north", "east", "south"):
        assert f'data-name="{name}"' in html
    assert 'data-name="west"' not in html
    assert html.count('<svg class="sparkline"') == 3
    assert "<polyline points=" in html and "Rating over the last 7 games" in html
    assert '<span class="mark">(provisional)</span>' in html  # sigma is still above 4
    # No asset from another host (a CDN): every src and href is the site's own.
    assert not re.findall(r'(?:src|href)="(?:https?:)?//', html)


def test_a_settled_rating_is_not_marked(season: list[Any], settings: Any) -> None:
    settings.RATING_PROVISIONAL_SIGMA = 100.0
    html = Client().get(f"/leaderboards/{GAME}/bots/").content.decode()
    assert 'class="mark"' not in html and 'class="provisional"' not in html


def test_an_empty_leaderboard_page_says_so(db: Any) -> None:
    response = Client().get("/leaderboards/busca/people/")
    assert response.status_code == 200
    assert "No one has played" in response.content.decode()


@pytest.mark.parametrize("url", ["/leaderboards/chess/bots/", f"/leaderboards/{GAME}/robots/"])
def test_an_unknown_leaderboard_page_is_404(db: Any, url: str) -> None:
    assert Client().get(url).status_code == 404


def test_sparkline_geometry() -> None:
    points = sparkline_points([1.0, 3.0, 2.0], width=100, height=20)
    xs = [float(p.split(",")[0]) for p in points.split()]
    ys = [float(p.split(",")[1]) for p in points.split()]
    assert xs == sorted(xs) and xs[0] == 3 and xs[-1] == 97
    assert ys[1] == 3 and ys[0] == 17  # the highest value is drawn at the top
    flat = sparkline_points([5.0, 5.0], width=100, height=20)
    assert {p.split(",")[1] for p in flat.split()} == {"10.0"}
    assert "no games yet" in sparkline_svg([])
    assert "after one game" in sparkline_svg([2.0])


def test_the_leaderboard_speaks_in_words_and_links_profiles(season: list[Any]) -> None:
    html = Client().get(f"/leaderboards/{GAME}/bots/").content.decode()
    for name in ("north", "east", "south"):
        assert f'href="/bots/{name}/"' in html
    assert "\u03bc" not in html and "\u03c3" not in html  # no bare mu or sigma
    assert "skill estimate" in html and "give or take" in html
