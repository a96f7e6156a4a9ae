"""Rating updates: who rises, who falls, which matches count, and the history they leave."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from bots.models import Bot
from games.models import Match
from games.selectors import turn_object
from games.services.callers import Caller
from games.services.matches import match_create, match_resign, move_submit
from tests.games.conftest import advance
from tests.tournaments.ratings.conftest import finished, play, spec
from tournaments.ratings.models import Pool, Rating, RatingChange
from tournaments.ratings.selectors import leaderboard_group
from tournaments.ratings.services import MODEL, ratings_record

pytestmark = pytest.mark.django_db


def rating(game: str, entrant: Any) -> Rating:
    if isinstance(entrant, Bot):
        return Rating.objects.get(game=game, bot=entrant)
    return Rating.objects.get(game=game, user=entrant)


def test_an_entrant_who_keeps_winning_rises_and_the_loser_falls(bots: list[Any]) -> None:
    winner, loser = bots[:2]
    game = "buraco-mano-a-mano"
    ordinals, loser_mus = [], []
    for _ in range(5):
        play(game, [winner, loser], [1, 2])
        ordinals.append(rating(game, winner).ordinal)
        loser_mus.append(rating(game, loser).mu)
    assert ordinals == sorted(ordinals) and len(set(ordinals)) == 5
    assert loser_mus == sorted(loser_mus, reverse=True) and len(set(loser_mus)) == 5
    assert ordinals[0] > MODEL.mu - 3 * MODEL.sigma
    assert loser_mus[0] < MODEL.mu
    top = rating(game, winner)
    assert (top.games, top.wins, top.pool) == (5, 5, Pool.BOTS)
    assert (rating(game, loser).games, rating(game, loser).wins) == (5, 0)


def test_a_cerrado_pair_result_moves_both_partners_equally(bots: list[Any]) -> None:
    game = "buraco-cerrado"
    play(game, bots, [1, 2, 1, 2])  # seats 0 and 2 are partners and win
    north, east, south, west = (rating(game, b) for b in bots)
    assert north.mu == pytest.approx(south.mu) and north.sigma == pytest.approx(south.sigma)
    assert east.mu == pytest.approx(west.mu) and east.sigma == pytest.approx(west.sigma)
    assert north.mu > MODEL.mu > east.mu
    assert all(r.games == 1 for r in (north, east, south, west))
    assert (north.wins, south.wins, east.wins, west.wins) == (1, 1, 0, 0)


def test_busca_ranks_by_place(bots: list[Any]) -> None:
    play("busca", bots, [2, 4, 1, 3])
    north, east, south, west = (rating("busca", b) for b in bots)
    assert south.mu > north.mu > west.mu > east.mu
    assert south.ordinal > north.ordinal > west.ordinal > east.ordinal


def test_busca_shared_places_move_alike(bots: list[Any]) -> None:
    play("busca", bots, [1, 1, 3, 4])
    north, east, south, west = (rating("busca", b) for b in bots)
    assert north.mu == pytest.approx(east.mu)
    # OpenSkill's tie rule: a shared first place of two counts as one step shared between them,
    # so the third place gains as much as each of the two; the last place loses.
    assert north.mu >= south.mu > MODEL.mu > west.mu
    assert north.wins == east.wins == 1


def test_house_seats_are_ignored(bots: list[Any]) -> None:
    north, east = bots[:2]
    play("busca", [north, None, east, None], [3, 1, 4, 2])
    assert Rating.objects.count() == 2
    assert rating("busca", north).mu > MODEL.mu > rating("busca", east).mu
    assert rating("busca", north).wins == 0  # a house bot took first place


def test_a_match_with_one_rated_side_is_not_rated(bots: list[Any]) -> None:
    play("busca", [bots[0], None, None, None], [1, 2, 3, 4])
    play("buraco-cerrado", [bots[0], None, bots[1], None], [1, 2, 1, 2])  # one pair vs the house
    assert not Rating.objects.exists()


def test_a_mixed_bot_and_person_match_is_not_rated(bots: list[Any], people: list[Any]) -> None:
    play("buraco-mano-a-mano", [bots[0], people[0]], [1, 2])
    play("busca", [bots[0], people[0], people[1], None], [1, 2, 3, 4])
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_people_are_rated_in_their_own_pool(people: list[Any]) -> None:
    play("buraco-mano-a-mano", people[:2], [2, 1])
    rows = Rating.objects.filter(pool=Pool.PEOPLE)
    assert rows.count() == 2
    assert rating("buraco-mano-a-mano", people[1]).mu > rating("buraco-mano-a-mano", people[0]).mu


def test_an_entrant_playing_itself_is_not_rated(bots: list[Any]) -> None:
    play("buraco-mano-a-mano", [bots[0], bots[0]], [1, 2])
    assert not Rating.objects.exists()


def test_each_game_has_its_own_rating(bots: list[Any]) -> None:
    play("buraco-mano-a-mano", bots[:2], [1, 2])
    play("busca", bots, [4, 3, 2, 1])
    assert Rating.objects.filter(bot=bots[0]).count() == 2
    assert rating("buraco-mano-a-mano", bots[0]).mu > MODEL.mu > rating("busca", bots[0]).mu


def test_history_rows_are_written_once_per_match(bots: list[Any]) -> None:
    game = "buraco-mano-a-mano"
    first = play(game, bots[:2], [1, 2])
    second = play(game, bots[:2], [2, 1])
    with transaction.atomic():
        assert ratings_record(match=second) == []  # recording again changes nothing
    north = rating(game, bots[0])
    changes = list(RatingChange.objects.filter(rating=north).order_by("id"))
    assert [c.match_id for c in changes] == [first.pk, second.pk]
    assert [c.place for c in changes] == [1, 2]
    assert changes[0].mu_before == MODEL.mu and changes[0].sigma_before == MODEL.sigma
    assert changes[1].mu_before == changes[0].mu_after
    assert changes[1].mu_after == north.mu and changes[1].ordinal_after == north.ordinal
    assert north.ordinal == pytest.approx(north.mu - 3 * north.sigma)
    assert north.games == 2


def test_a_running_match_is_not_rated(bots: list[Any]) -> None:
    match = match_create(game="buraco-mano-a-mano", seats=[spec(b) for b in bots[:2]], seed=1)
    with transaction.atomic():
        assert ratings_record(match=match) == []


def test_the_change_is_sent_to_the_leaderboard_group_after_commit(
    bots: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(leaderboard_group("busca", "bots"), channel)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        match = finished("busca", bots, [1, 2, 3, 4])
        changes = ratings_record(match=match)
    # Nothing is sent before commit: the event is one of the commit callbacks.
    assert changes
    for callback in callbacks:
        callback()
    event = async_to_sync(layer.receive)(channel)
    assert event["type"] == "leaderboard.event"
    assert (event["game"], event["pool"], event["match"]) == ("busca", "bots", match.pk)
    assert event["version"] == max(c.pk for c in changes)
    rows = {row["name"]: row for row in event["rows"]}
    assert set(rows) == {b.name for b in bots}
    assert rows["north"]["games"] == 1 and rows["north"]["provisional"] is True


def test_a_resignation_is_rated_through_the_signal(bots: list[Any], settings: Any) -> None:
    # At turn 0 no side has played: with the default RATING_MIN_MOVES this is unrated
    # (tests/tournaments/ratings/test_farming.py); without a minimum the signal rates it.
    settings.RATING_MIN_MOVES = 0
    north, east = bots[:2]
    match = match_create(
        game="buraco-mano-a-mano", seats=[spec(north), spec(east)], seed=3, move_timeout=5
    )
    match_resign(match_id=match.pk, seat=0)
    assert rating("buraco-mano-a-mano", east).mu > MODEL.mu > rating("buraco-mano-a-mano", north).mu
    assert RatingChange.objects.filter(match=match).count() == 2


def test_a_played_busca_match_is_rated_through_the_signal(bots: list[Any]) -> None:
    north, east = bots[:2]
    match = match_create(
        game="busca",
        seats=[spec(north), spec(None), spec(east), spec(None)],
        options={"eliminate_at": 5},
        seed=11,
        move_timeout=5,
    )
    for _ in range(500):
        match = advance(match.pk)
        if not match.is_running:
            break
        seat = match.seats.get(number=match.to_move)
        turn = turn_object(match, seat.number)
        move_submit(
            match_id=match.pk,
            caller=Caller(seat.bot.owner_id, seat.bot_id),
            turn=turn["turn"],
            move=turn["legal_moves"][0],
        )
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    changes = {c.rating.bot_id: c for c in RatingChange.objects.filter(match=match)}
    assert set(changes) == {north.pk, east.pk}
    places = match.result["places"]
    assert changes[north.pk].place == places[0] and changes[east.pk].place == places[2]
    if places[0] != places[2]:
        better, worse = (north, east) if places[0] < places[2] else (east, north)
        assert rating("busca", better).mu > rating("busca", worse).mu


def test_a_sealed_duplicate_table_is_rated_only_once_unsealed(db: Any) -> None:
    """A rating that moves when a sealed table finishes tells its result before the round ends:
    the recording signal leaves it, and the round's end rates it (tournaments.services.rounds)."""
    from django.contrib.auth import get_user_model

    from bots.services import bot_create
    from games.models import Match
    from games.services.matches import SeatSpec, match_create, matches_unseal
    from games.signals import match_recorded
    from tournaments.ratings.models import RatingChange
    from tournaments.ratings.services import ratings_record

    users = get_user_model().objects
    bots = [
        bot_create(
            owner=users.create_user(n, f"{n}@example.org", "a-long-password-1"),
            name=f"{n}bot",
            games=[],
        ).bot
        for n in ("ria", "sol")
    ]
    seats = [SeatSpec(kind="bot", bot_id=b.pk) for b in bots]
    match = match_create(
        game="buraco-mano-a-mano", seats=seats, seed=3, move_timeout=5, sealed=True
    )
    Match.objects.filter(pk=match.pk).update(
        status="finished", result={"places": [1, 2], "scores": [10, 0], "forfeited": []}
    )
    match.refresh_from_db()
    match_recorded.send(sender=Match, match=match)
    assert not RatingChange.objects.filter(match=match).exists()
    matches_unseal(match_ids=[match.pk])
    match.refresh_from_db()
    assert len(ratings_record(match=match)) == 2
