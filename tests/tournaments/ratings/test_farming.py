"""Farming attacks on the ratings (issue 20, part 2): a rating means a real contest.

Each attack is played through the real API or the real lobby services, as an attacker would:
- a second bot of the same owner accepts one-deal Mano a Mano matches and resigns at turn 0;
- two people's accounts play rated lobby tables and one resigns at once;
- two owners play more rated games against each other than a day allows.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from bots.services import bot_create
from games.models import Match, Seat
from games.selectors import turn_object
from games.services import tables
from games.services.callers import Caller
from games.services.matches import SeatSpec, match_create, match_resign, move_submit
from tests.games.conftest import advance
from tests.tournaments.ratings.conftest import play
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.selectors import leaderboard_page

pytestmark = pytest.mark.django_db

GAME = "buraco-mano-a-mano"


def person(name: str) -> Any:
    return get_user_model().objects.create_user(name, f"{name}@example.org", "a-long-password-1")


def token_client(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def honest_field() -> None:
    """A few owners' bots that have played real games: the leaderboard the farmer climbs."""
    bots = [bot_create(owner=person(n), name=f"{n}bot", games=[]).bot for n in "pqrs"]
    for winner, loser in [(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)] * 2:
        play(GAME, [bots[winner], bots[loser]], [1, 2])


def test_a_second_bot_of_the_same_owner_resigning_at_turn_0_moves_no_rating() -> None:
    honest_field()
    farmer = person("farmer")
    climber = bot_create(owner=farmer, name="climber", games=[])
    feeder = bot_create(owner=farmer, name="feeder", games=[])
    first, second = token_client(climber.token), token_client(feeder.token)
    for _ in range(25):
        made = first.post(
            "/api/v1/matches",
            {"game": GAME, "options": {"deals": 1}, "seats": ["me", {"bot": "feeder"}]},
            format="json",
        )
        assert made.status_code == 201, made.json()
        resigned = second.post(f"/api/v1/matches/{made.json()['id']}/resign")
        assert resigned.status_code == 200, resigned.json()
        assert Match.objects.get(pk=made.json()["id"]).status == Match.Status.FINISHED
    # Today's code put the climber at the top of the leaderboard (issue 20); now nothing moves.
    assert not Rating.objects.filter(bot__owner=farmer).exists()
    names = [row["name"] for row in leaderboard_page(game=GAME, pool="bots").rows]
    assert "climber" not in names and names[0] == "pbot"


def test_two_accounts_on_rated_tables_resigning_at_once_move_no_rating() -> None:
    host, second = person("host"), person("alt")
    for _ in range(25):
        table = tables.table_open(user_id=host.pk, game=GAME, rated=True)
        tables.table_seat_take(token=table.seats.get(number=1).token, user_id=second.pk)
        match = tables.table_start(table_id=table.pk, user_id=host.pk)
        match_resign(match_id=match.pk, seat=1)
        assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
    assert not Rating.objects.filter(user=host).exists()
    assert not RatingChange.objects.exists()


def play_then_resign(match: Match, moves: int, resigner: int) -> Match:
    """Play first legal moves until ``resigner`` has made ``moves`` of its own; it resigns."""
    made = dict.fromkeys(range(2), 0)
    for _ in range(400):
        match = advance(match.pk)
        if not match.is_running or made[resigner] >= moves:
            break
        seat = match.seats.get(number=match.to_move)
        turn = turn_object(match, seat.number)
        move_submit(
            match_id=match.pk,
            caller=Caller(seat.bot.owner_id, seat.bot_id),
            turn=turn["turn"],
            move=turn["legal_moves"][0],
        )
        made[seat.number] += 1
    match_resign(match_id=match.pk, seat=resigner)
    return Match.objects.get(pk=match.pk)


def two_bots() -> tuple[Any, Any]:
    return (
        bot_create(owner=person("ula"), name="ulabot", games=[]).bot,
        bot_create(owner=person("vic"), name="vicbot", games=[]).bot,
    )


def new_match(first: Any, second: Any) -> Match:
    return match_create(
        game=GAME,
        seats=[
            SeatSpec(kind=Seat.Kind.BOT, bot_id=first.pk),
            SeatSpec(kind=Seat.Kind.BOT, bot_id=second.pk),
        ],
        options={"deals": 1},
        seed=5,
        move_timeout=5,
    )


def test_a_resignation_before_the_minimum_moves_is_unrated_and_after_it_is_rated(
    settings: Any,
) -> None:
    settings.RATING_MIN_MOVES = 4
    ula, vic = two_bots()
    early = play_then_resign(new_match(ula, vic), moves=3, resigner=1)
    assert early.status == Match.Status.FINISHED
    assert early.moves.filter(seat=1, by="entrant").count() == 3
    assert not RatingChange.objects.filter(match=early).exists()
    late = play_then_resign(new_match(ula, vic), moves=4, resigner=1)
    assert late.status == Match.Status.FINISHED
    assert late.moves.filter(seat=1, by="entrant").count() == 4
    assert RatingChange.objects.filter(match=late).count() == 2
    assert Rating.objects.get(bot=ula).mu > Rating.objects.get(bot=vic).mu


def test_the_same_two_owners_count_only_the_first_games_of_a_day(settings: Any) -> None:
    settings.RATING_PAIR_GAMES_PER_DAY = 5
    ula, vic = two_bots()
    other = bot_create(owner=person("wyn"), name="wynbot", games=[]).bot
    for _ in range(8):
        play(GAME, [ula, vic], [1, 2])
    assert Rating.objects.get(bot=ula).games == 5 and Rating.objects.get(bot=vic).games == 5
    # Another bot of vic's owner is the same owner: the pair's count goes on.
    alt = bot_create(owner=vic.owner, name="vicalt", games=[]).bot
    play(GAME, [ula, alt], [1, 2])
    assert not Rating.objects.filter(bot=alt).exists()
    # Other owners still count, and a day later the pair counts again.
    play(GAME, [ula, other], [1, 2])
    assert Rating.objects.get(bot=ula).games == 6
    RatingChange.objects.update(created_at=timezone.now() - timedelta(hours=25))
    play(GAME, [ula, vic], [1, 2])
    assert Rating.objects.get(bot=vic).games == 6
