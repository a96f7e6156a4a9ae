"""house_pace: paced house moves are played one per task and scheduled, and the sweep leaves a
paced match alone while its next move is still due to come."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.dispatch import house_delay
from games.models import Match
from games.services.errors import BadOptions
from games.services.matches import HOUSE_PACE_MAX, SeatSpec, match_create
from games.tasks import play_house_turns, sweep

pytestmark = pytest.mark.django_db
HOUSE = [SeatSpec(kind="house")] * 4


def test_a_paced_house_move_is_one_per_task() -> None:
    paced = match_create(game="busca", seats=HOUSE, options={}, house_pace=1)
    at_once = match_create(game="busca", seats=HOUSE, options={"eliminate_at": 3})
    play_house_turns(paced.pk, 0)
    play_house_turns(at_once.pk, 0)
    assert Match.objects.get(pk=paced.pk).turn == 1
    assert Match.objects.get(pk=at_once.pk).status == Match.Status.FINISHED


def test_the_delay_is_half_to_one_and_a_half_the_pace() -> None:
    delays = [house_delay(7, turn, 1.0) for turn in range(200)]
    assert 0.5 <= min(delays) < 0.6 and 1.4 < max(delays) <= 1.5
    assert house_delay(7, 3, 2.0) == house_delay(7, 3, 2.0)  # the same turn keeps its time
    with pytest.raises(BadOptions):
        match_create(game="busca", seats=HOUSE, options={}, house_pace=HOUSE_PACE_MAX + 1)


def test_the_sweep_waits_for_a_scheduled_paced_move() -> None:
    def idle_for(seconds: int, pace: float) -> None:
        match = match_create(game="busca", seats=HOUSE, options={}, house_pace=pace)
        ago = timezone.now() - timedelta(seconds=seconds)
        Match.objects.filter(pk=match.pk).update(updated_at=ago)

    idle_for(5, HOUSE_PACE_MAX)  # its move may be scheduled up to 7.5 s ahead: not stuck
    idle_for(12, HOUSE_PACE_MAX)  # stuck
    idle_for(5, 0)  # unpaced: stuck after 3 s
    assert sweep() == 2
