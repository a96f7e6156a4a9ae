"""Play now: people near in rating are paired, the window widens with the wait, house bots fill
on request, and an entry whose page stopped polling is neither paired nor kept."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.models import Match, QueueEntry, Seat
from games.services import play_now
from games.services.tables import NotWaiting
from tournaments.ratings.models import Pool, Rating

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> list[Any]:
    users = get_user_model().objects
    return [users.create_user(f"q{n}", f"q{n}@example.org", "a-long-password-1") for n in range(5)]


def _rate(user: Any, game: str, ordinal: float) -> None:
    Rating.objects.create(
        game=game, pool=Pool.PEOPLE, user=user, mu=ordinal + 3, sigma=1, ordinal=ordinal
    )


def _waited(user: Any, seconds: float) -> None:
    """Move the person's entry back in time, as if they had waited ``seconds`` (still polling)."""
    then = timezone.now() - timedelta(seconds=seconds)
    QueueEntry.objects.filter(user=user).update(joined_at=then)


def test_two_people_of_mano_a_mano_are_paired_at_once(people: list[Any]) -> None:
    first = play_now.queue_join(user_id=people[0].pk, game="buraco-mano-a-mano")
    assert first.match_id is None
    second = play_now.queue_join(user_id=people[1].pk, game="buraco-mano-a-mano")
    assert second.match_id is not None
    first.refresh_from_db()
    assert first.match_id == second.match_id and {first.seat, second.seat} == {0, 1}
    match = Match.objects.get(pk=second.match_id)
    seats = Seat.objects.filter(match=match)
    assert {s.user_id for s in seats} == {people[0].pk, people[1].pk}
    assert match.kind == Match.Kind.TABLE and match.is_running


def test_one_entry_per_person_and_games_apart(people: list[Any]) -> None:
    play_now.queue_join(user_id=people[0].pk, game="busca")
    play_now.queue_join(user_id=people[0].pk, game="buraco-mano-a-mano")
    assert QueueEntry.objects.filter(user=people[0]).count() == 1
    entry = play_now.queue_join(user_id=people[1].pk, game="busca")
    assert entry.match_id is None  # the other person now waits for another game


def test_ratings_far_apart_wait_until_the_window_widens(people: list[Any]) -> None:
    game = "buraco-mano-a-mano"
    _rate(people[0], game, 30.0)  # people[1] has no rating: the default, 0
    play_now.queue_join(user_id=people[0].pk, game=game)
    entry = play_now.queue_join(user_id=people[1].pk, game=game)
    assert entry.match_id is None
    assert entry.rating == play_now.DEFAULT_RATING
    _waited(people[0], (30.0 - play_now.WINDOW) / play_now.WIDEN + 1)
    polled = play_now.queue_poll(user_id=people[1].pk)
    assert polled is not None and polled.match_id is not None


def test_the_nearest_in_rating_are_paired_first(people: list[Any]) -> None:
    game = "buraco-mano-a-mano"
    for person, ordinal in zip(people[:3], (10.0, 30.0, 12.0), strict=True):
        _rate(person, game, ordinal)
    play_now.queue_join(user_id=people[0].pk, game=game)
    play_now.queue_join(user_id=people[1].pk, game=game)
    nearest = play_now.queue_join(user_id=people[2].pk, game=game)
    far = QueueEntry.objects.get(user=people[1])
    assert nearest.match_id is not None and far.match_id is None


def test_house_bots_fill_on_request(people: list[Any]) -> None:
    play_now.queue_join(user_id=people[0].pk, game="busca")
    play_now.queue_join(user_id=people[1].pk, game="busca")
    match = play_now.queue_fill(user_id=people[1].pk)
    kinds = sorted(Seat.objects.filter(match=match).values_list("kind", flat=True))
    assert kinds == ["house", "house", "user", "user"]  # the other waiting person comes too
    assert QueueEntry.objects.get(user=people[0]).match_id == match.pk
    with pytest.raises(NotWaiting):
        play_now.queue_fill(user_id=people[2].pk)


def test_a_page_that_stops_polling_leaves_the_queue(people: list[Any]) -> None:
    play_now.queue_join(user_id=people[0].pk, game="buraco-mano-a-mano")
    gone = timezone.now() - play_now.TTL - timedelta(seconds=1)
    QueueEntry.objects.filter(user=people[0]).update(seen_at=gone)
    assert play_now.queue_poll(user_id=people[0].pk) is None
    entry = play_now.queue_join(user_id=people[1].pk, game="buraco-mano-a-mano")
    assert entry.match_id is None
    assert not QueueEntry.objects.filter(user=people[0]).exists()


def test_an_unknown_game_is_refused_in_words(people: list[Any]) -> None:
    with pytest.raises(play_now.BadOptions, match="no such game"):
        play_now.queue_join(user_id=people[0].pk, game="chess")
