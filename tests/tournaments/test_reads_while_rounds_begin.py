"""A tournament's bracket and seed commitments are read in several queries while its rounds go
on; a round that begins between two of them (in CI: a fast Busca knockout, right after its
start) must not make the read fail (it answered 500 with a KeyError)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.conftest import house_tournament
from tournaments.models import Pairing, Round, Tournament
from tournaments.selectors import bracket_of, commitments_of
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db


@contextmanager
def round_begins_before_select(tournament: Tournament, nth: int) -> Iterator[None]:
    """Begin a new round (with one pairing) just before the ``nth`` SELECT of the block: a
    commit of the worker that lands between two of the reader's queries."""
    selects: list[str] = []
    began: list[bool] = []

    def wrapper(
        execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any
    ) -> Any:
        if not began and sql.lstrip().upper().startswith("SELECT"):
            selects.append(sql)
        if not began and len(selects) == nth:
            began.append(True)
            last = Round.objects.filter(tournament=tournament).order_by("-number").first()
            number = (last.number if last else 0) + 1
            new = Round.objects.create(tournament=tournament, number=number)
            entries = list(Pairing.objects.filter(tournament=tournament).first().entries)
            Pairing.objects.create(
                tournament=tournament, round=new, key=f"late-{number}", entries=entries
            )
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield
    assert began, f"the read made fewer than {nth} queries"


@pytest.mark.parametrize("read", [bracket_of, commitments_of], ids=["bracket", "commitments"])
def test_a_round_that_begins_mid_read_is_shown_whole_or_not_at_all(
    organiser: Any, read: Callable[[Tournament], list[dict[str, Any]]]
) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 8, duplicate=True)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    with CaptureQueriesContext(connection) as plain:
        read(tournament)
    selects = sum(
        1 for q in plain.captured_queries if q["sql"].lstrip().upper().startswith("SELECT")
    )
    assert selects >= 2
    for nth in range(2, selects + 1):  # between every two of the read's queries
        with round_begins_before_select(tournament, nth):
            rounds = read(tournament)
        numbers = [r.get("number", r.get("round")) for r in rounds]
        assert numbers == sorted(numbers) and numbers[0] == 1, (nth, numbers)
        assert rounds[0]["pairings"], rounds
        # A late round is in the answer with its pairing, or without (read a moment earlier).
        for late in rounds[1:]:
            number = late.get("number", late.get("round"))
            assert [p["key"] for p in late["pairings"]] in ([], [f"late-{number}"]), (nth, late)
