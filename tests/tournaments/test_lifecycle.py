"""The tournament lifecycle in-process: start, rounds, finish, pause, cancel."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import house_tournament, play_out
from tournaments.models import Pairing, Round, Tournament
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("game", "fmt", "entries"),
    [
        ("buraco-mano-a-mano", "single_elimination", 5),
        ("busca", "table_knockout", 6),
    ],
)
def test_a_house_tournament_runs_to_the_end(
    organiser: Any, game: str, fmt: str, entries: int
) -> None:
    tournament = house_tournament(organiser, game, fmt, entries)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    final = play_out(tournament.pk)
    assert final.status == Tournament.Status.FINISHED
    rounds = list(Round.objects.filter(tournament=final))
    assert rounds and all(r.status == Round.Status.FINISHED for r in rounds)
    assert not Pairing.objects.filter(tournament=final, outcome__isnull=True).exists()
