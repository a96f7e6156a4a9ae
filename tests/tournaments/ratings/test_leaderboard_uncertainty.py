"""Leaderboards say how sure they are: skill intervals, rank intervals, "not yet settled"."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from bots.models import Bot
from tournaments.ratings.api import LeaderboardRowSerializer, PageSerializer
from tournaments.ratings.head_to_head_api import HeadToHeadSerializer, MeetingSerializer
from tournaments.ratings.models import Rating
from tournaments.ratings.selectors import leaderboard_page

pytestmark = pytest.mark.django_db

GAME = "busca"
DOCS = Path(__file__).resolve().parents[3] / "docs"


@pytest.fixture
def board(make_bot: Callable[[str], Bot]) -> Callable[[list[tuple[float, float]]], list[str]]:
    """Make listed ratings with the (mu, sigma) given, named b0, b1, … in that order."""

    def make(ratings: list[tuple[float, float]]) -> list[str]:
        names = []
        for i, (mu, sigma) in enumerate(ratings):
            bot = make_bot(f"b{i}")
            Rating.objects.create(
                game=GAME, pool="bots", bot=bot, mu=mu, sigma=sigma, ordinal=mu - 3 * sigma,
                games=5,
            )  # fmt: skip
            names.append(bot.name)
        return names

    return make


def test_clearly_separated_ratings_are_settled(board: Any) -> None:
    board([(40.0, 1.0), (30.0, 1.0), (20.0, 1.0)])
    body = APIClient().get(f"/api/v1/leaderboards/{GAME}/bots").json()
    assert body["settled"] is True
    rows = body["results"]
    assert [(r["rank"], r["rank_low"], r["rank_high"]) for r in rows] == [
        (1, 1, 1),
        (2, 2, 2),
        (3, 3, 3),
    ]
    assert [r["settled_with_next"] for r in rows] == [True, True, None]
    assert (rows[0]["skill_low"], rows[0]["skill_high"]) == (38.04, 41.96)
    html = Client().get(f"/leaderboards/{GAME}/bots/").content.decode()
    assert "The order on this page is settled" in html
    assert 'class="range"' not in html  # a certain rank shows no range
    assert "probably 38 to 42" in html


def test_overlapping_ratings_are_not_yet_settled(board: Any) -> None:
    board([(30.0, 2.0), (29.8, 2.0), (10.0, 1.0)])
    page = leaderboard_page(game=GAME, pool="bots")
    assert not page.settled and (page.unsettled, page.pairs) == (1, 2)
    first, second, third = page.rows
    assert (first["rank_low"], first["rank_high"]) == (1, 2)
    assert (second["rank_low"], second["rank_high"]) == (1, 2)
    assert (third["rank_low"], third["rank_high"]) == (3, 3)
    assert [r["settled_with_next"] for r in page.rows] == [False, True, None]
    assert APIClient().get(f"/api/v1/leaderboards/{GAME}/bots").json()["settled"] is False
    html = Client().get(f"/leaderboards/{GAME}/bots/").content.decode()
    assert "The order is not yet settled: 1 player here could still swap places" in html
    assert 'data-low="1" data-high="2"' in html and "could rank anywhere from 1 to 2" in html
    assert "probably 26 to 34" in html  # 30 +- 1.96 * 2
    assert "How sure are these numbers?" in html and "95% sure" in html


def test_rank_intervals_reach_across_pages(board: Any) -> None:
    # Four entrants where the second and third are inseparable; pages of two split them.
    board([(40.0, 1.0), (30.0, 2.0), (29.9, 2.0), (10.0, 1.0)])
    first = leaderboard_page(game=GAME, pool="bots", page=1, per_page=2)
    second = leaderboard_page(game=GAME, pool="bots", page=2, per_page=2)
    assert [(r["rank_low"], r["rank_high"]) for r in first.rows] == [(1, 1), (2, 3)]
    assert [(r["rank_low"], r["rank_high"]) for r in second.rows] == [(2, 3), (4, 4)]
    assert first.rows[-1]["settled_with_next"] is False and not first.settled
    assert [r["settled_with_next"] for r in second.rows] == [True, None] and second.settled


def test_the_page_speaks_spanish(board: Any) -> None:
    board([(30.0, 2.0), (29.8, 2.0)])
    client = Client(headers={"cookie": "django_language=es"})
    html = client.get(f"/leaderboards/{GAME}/bots/").content.decode()
    assert '<html lang="es">' in html
    assert "probablemente entre 26 y 34" in html
    assert "El orden aún no está decidido" in html
    assert "¿Qué tan seguros son estos números?" in html


def test_the_docs_name_every_new_field() -> None:
    text = (DOCS / "ratings.md").read_text()
    new = {"skill_low", "skill_high", "rank_low", "rank_high", "settled_with_next"}
    assert new <= set(LeaderboardRowSerializer().fields)
    assert "settled" in PageSerializer().fields
    for name in [*new, "settled"]:
        assert f'"{name}"' in text, name
    for name in [*MeetingSerializer().fields, *HeadToHeadSerializer().fields]:
        assert f'"{name}"' in text, name
    assert re.search(r"GET /api/v1/bots/\{name\}/head-to-head", text)
    assert "/api/v1/bots/{name}/head-to-head" in (DOCS / "bots.md").read_text()


def test_the_home_page_gives_the_skill_interval(board: Any) -> None:
    board([(30.0, 2.0), (29.8, 2.0), (20.0, 1.0)])
    html = Client().get("/").content.decode()
    assert 'b0 <span class="muted">24.0 (skill probably 26 to 34)</span>' in html
