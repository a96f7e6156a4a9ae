"""Public profiles of people and bots: ratings in words with a chart, matches, events, owner."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.utils import timezone

from bots.services import bot_create
from games.services.matches import SeatSpec, match_create
from tournaments.leagues.services.leagues import (
    SeasonPlan,
    league_create,
    membership_join,
    season_create,
)
from tournaments.ratings.models import Rating
from tournaments.ratings.services import ratings_record
from tournaments.services import entries, tournaments

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(settings: Any) -> list[Any]:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    users = get_user_model().objects
    return [users.create_user(n, f"{n}@example.org", "a-long-password-1") for n in ("ana", "bo")]


def _rated(game: str, seats: list[SeatSpec], places: list[int]) -> int:
    """Finish a match with ``places`` and rate it, as the recording transaction does."""
    with transaction.atomic():
        match = match_create(game=game, seats=seats, seed=7, move_timeout=5)
        match.status = "finished"
        match.result = {"places": places, "scores": None, "forfeited": []}
        match.save()
        ratings_record(match=match)
    return int(match.pk)


def test_a_persons_profile_shows_the_rating_in_words_a_chart_and_linked_matches(
    people: list[Any],
) -> None:
    ana, bo = people
    seats = [SeatSpec(kind="user", user_id=ana.pk), SeatSpec(kind="user", user_id=bo.pk)]
    ids = [_rated("buraco-mano-a-mano", seats, [1, 2]) for _ in range(3)]
    rating = Rating.objects.get(user=ana)
    page = Client().get("/people/ana/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f"rating {round(rating.ordinal, 1)} (±{round(3 * rating.sigma, 1)})" in text
    assert "give or take" in text and "After 3 rated matches, 3 won." in text
    assert "\u03bc" not in text and "\u03c3" not in text  # no bare mu or sigma
    chart = re.search(r'<svg class="rating-chart"[^>]*>.*?</svg>', text, re.S)
    assert chart is not None and "<polyline" in chart.group(0)
    points = re.search(r'points="([^"]+)"', chart.group(0))
    assert points is not None and len(points.group(1).split()) == 3
    for match_id in ids:
        assert f'href="/matches/{match_id}/"' in text, text[text.index("Recent matches") :][:800]
    assert "won" in text
    assert 'with <a href="/people/bo/">bo</a>' in text  # the opponent, linked


def test_a_bots_profile_shows_its_owner_and_description(people: list[Any]) -> None:
    ana, bo = people
    made = bot_create(owner=ana, name="duck", games=[], description="Ducks under every trick.")
    other = bot_create(owner=bo, name="goose", games=[]).bot  # one owner's bots are not rated
    seats = [SeatSpec(kind="bot", bot_id=made.bot.pk), SeatSpec(kind="bot", bot_id=other.pk)]
    match_id = _rated("buraco-mano-a-mano", seats, [2, 1])
    page = Client().get("/bots/duck/")
    assert page.status_code == 200
    text = page.content.decode()
    assert 'href="/people/ana/"' in text and "Ducks under every trick." in text
    assert f'href="/matches/{match_id}/"' in text and 'class="rating-chart"' in text
    assert "rating " in text and "place 2 of 2" in text
    # The owner's page links to the bot.
    assert 'href="/bots/duck/"' in Client().get("/people/ana/").content.decode()


def test_unknown_names_get_a_404_inside_the_layout(people: list[Any]) -> None:
    for path, words in (("/people/nobody/", "nobody"), ("/bots/ghost/", "ghost")):
        page = Client().get(path)
        assert page.status_code == 404
        text = page.content.decode()
        assert 'class="site"' in text and words in text and 'id="profile-missing"' in text


def test_a_profile_without_games_says_so(people: list[Any]) -> None:
    text = Client().get("/people/bo/").content.decode()
    assert "No rated matches yet." in text and "No matches yet." in text


def test_a_profile_lists_the_tournaments_and_league_seasons_entered(people: list[Any]) -> None:
    ana, bo = people
    spec = tournaments.TournamentSpec(
        name="Noche de Busca", game="busca", format="table_knockout", options={}, open_to="both"
    )
    cup = tournaments.tournament_create(organiser=bo, spec=spec)
    tournaments.registration_open(tournament_id=cup.pk, user=bo)
    entries.entry_register(tournament_id=cup.pk, user=ana, kind="user")
    league = league_create(
        organiser=bo, name="Liga Mano", game="buraco-mano-a-mano", members="people"
    )
    plan = SeasonPlan(
        starts_at=timezone.now() + timedelta(days=1),
        round_interval=timedelta(days=1),
        round_window=timedelta(hours=12),
        rounds=3,
    )
    season = season_create(league=league, plan=plan)
    membership_join(season=season, actor=ana)
    text = Client().get("/people/ana/").content.decode()
    assert f'href="/tournaments/{cup.pk}/">Noche de Busca</a> (Busca, taking entries)' in text
    assert f'href="/leagues/{league.slug}/seasons/1/">Liga Mano, season 1, Division 1</a>' in text


def test_a_sealed_duplicate_table_stays_off_the_profile_until_its_round_ends(
    people: list[Any],
) -> None:
    # A rival reading the profile must not learn how a duplicate table went before the others
    # that hold the same cards have played (the match's own pages hide it the same way).
    ana, bo = people
    seats = [SeatSpec(kind="user", user_id=ana.pk), SeatSpec(kind="user", user_id=bo.pk)]
    match = match_create(game="buraco-mano-a-mano", seats=seats, seed=7, move_timeout=5)
    match.status, match.sealed = "finished", True
    match.result = {"places": [1, 2], "scores": [100, 0], "forfeited": []}
    match.save()
    assert f'href="/matches/{match.pk}/"' not in Client().get("/people/ana/").content.decode()
    match.sealed = False  # the round is over: unsealed
    match.save()
    assert f'href="/matches/{match.pk}/"' in Client().get("/people/ana/").content.decode()


def _finished(game: str, seats: list[SeatSpec], places: list[int], **fields: Any) -> int:
    """Finish a match with ``places`` (unrated)."""
    match = match_create(game=game, seats=seats, seed=7, move_timeout=5)
    match.status = "finished"
    match.result = {"places": places, "scores": None, "forfeited": []}
    for name, value in fields.items():
        setattr(match, name, value)
    match.save()
    return int(match.pk)


def test_the_win_rate_per_game_counts_first_places_of_finished_matches(
    people: list[Any],
) -> None:
    ana, bo = people
    duel = [SeatSpec(kind="user", user_id=ana.pk), SeatSpec(kind="user", user_id=bo.pk)]
    house = [SeatSpec(kind="house")] * 3
    _finished("buraco-mano-a-mano", duel, [1, 2])
    _finished("buraco-mano-a-mano", duel, [2, 1])
    _finished("buraco-mano-a-mano", duel, [1, 2])
    _finished("buraco-mano-a-mano", duel, [1, 2], status="aborted")  # no result: not counted
    _finished("buraco-mano-a-mano", duel, [1, 2], sealed=True)  # hidden until its round ends
    # Busca: ana at seat 2 wins once; a shared first place counts as a win for each.
    _finished("busca", [*house[:2], duel[0], house[2]], [2, 3, 1, 4])
    _finished("busca", [duel[0], *house], [1, 1, 3, 4])
    _finished("busca", [*house, duel[0]], [1, 2, 3, 4])
    text = Client().get("/people/ana/").content.decode()
    rows = dict(re.findall(r'<tr data-game="([^"]+)"><th scope="row">[^<]+</th>(.*?)</tr>', text))
    assert rows["buraco-mano-a-mano"] == "<td>3</td><td>2</td><td>67%</td>"
    assert rows["busca"] == "<td>3</td><td>2</td><td>67%</td>"
    assert "A win is first place." in text
    bo_rows = Client().get("/people/bo/").content.decode()
    assert '<tr data-game="buraco-mano-a-mano"><th scope="row">Buraco' in bo_rows
    assert "<td>3</td><td>1</td><td>33%</td>" in bo_rows


def test_recent_matches_come_in_pages(people: list[Any]) -> None:
    ana, bo = people
    duel = [SeatSpec(kind="user", user_id=ana.pk), SeatSpec(kind="user", user_id=bo.pk)]
    ids = [_finished("buraco-mano-a-mano", duel, [1, 2]) for _ in range(23)]
    first = Client().get("/people/ana/").content.decode()
    assert first.count('<li><a href="/matches/') == 20
    assert f'href="/matches/{ids[-1]}/"' in first and f'href="/matches/{ids[0]}/"' not in first
    assert "Page 1 of 2" in first and 'href="?page=2#matches-title" rel="next"' in first
    second = Client().get("/people/ana/?page=2").content.decode()
    assert second.count('<li><a href="/matches/') == 3
    assert f'href="/matches/{ids[0]}/"' in second and 'rel="prev"' in second
    # A page number out of range shows the last page; one that is no number, the first.
    assert "Page 2 of 2" in Client().get("/people/ana/?page=99").content.decode()
    assert "Page 1 of 2" in Client().get("/people/ana/?page=x").content.decode()


def test_the_rating_chart_has_a_text_summary(people: list[Any]) -> None:
    ana, bo = people
    seats = [SeatSpec(kind="user", user_id=ana.pk), SeatSpec(kind="user", user_id=bo.pk)]
    for places in ([1, 2], [2, 1], [1, 2]):
        _rated("buraco-mano-a-mano", seats, places)
    text = Client().get("/people/ana/").content.decode()
    summary = re.search(r'<p class="chart-summary">(.*?)</p>', text, re.S)
    assert summary is not None
    number = r"-?[\d.]+"
    words = rf"Over the last 3 rated matches: from {number} to {number}, lowest {number}, "
    assert re.fullmatch(rf"{words}highest {number}\.", summary.group(1).strip())
