"""A move's transaction as it really runs: not inside a test's transaction (a connection's
behaviour there, such as psycopg's pipeline mode once tried, is what this covers). Refused
moves write nothing, the retry of a move answers the same, the house's moves and the next turn
come with a legal one, a clocked match's bank is charged, and the connection comes out of
every case clean."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games.models import Match, Move, Seat
from tests.games.conftest import advance

pytestmark = pytest.mark.django_db(transaction=True)


def _clean() -> bool:
    raw = connection.connection
    return raw is None or getattr(raw, "_pipeline", None) is None


def _written(match_id: int) -> tuple[int, int]:
    return Match.objects.get(pk=match_id).turn, Move.objects.filter(match_id=match_id).count()


@pytest.mark.parametrize("clock", [None, {"bank": 30, "increment": 1}])
def test_refused_moves_write_nothing_and_a_legal_one_plays_on(
    api: APIClient, clock: dict[str, Any] | None
) -> None:
    body: dict[str, Any] = {"game": "busca"} | ({"clock": clock} if clock else {})
    created = api.post("/api/v1/matches", body, format="json").json()
    match_id = created["id"]
    advance(match_id)
    [turn] = [t for t in api.get("/api/v1/bot/turns").json()["turns"] if t["match"] == match_id]
    url = f"/api/v1/matches/{match_id}/moves"
    before = _written(match_id)
    not_held = next(c for c in ["3D", "3C", "3H", "3S", "2D"] if c not in turn["view"]["hand"])
    refused: list[tuple[dict[str, Any], int, str]] = [
        ({"turn": turn["turn"], "move": {"play": not_held}}, 422, "illegal_move"),
        ({"turn": turn["turn"], "move": {"play": "ZZ"}}, 422, "invalid_move"),
        ({"turn": turn["turn"] + 7, "move": turn["legal_moves"][0]}, 409, "turn_not_open"),
    ]
    for body, status, code in refused:
        reply = api.post(url, body, format="json")
        assert (reply.status_code, reply.json()["error"]) == (status, code)
        assert _written(match_id) == before and _clean()
    move = {"turn": turn["turn"], "move": turn["legal_moves"][0]}
    played = api.post(url, move, format="json")
    assert played.status_code == 200 and _clean()
    turn_after, logged = _written(match_id)
    assert turn_after > turn["turn"] and logged > before[1]  # the house played on in it
    answer = played.json()
    assert answer["next_turn"] is None or answer["next_turn"]["turn"] == turn_after
    if clock:  # the bank paid for the move (its seat saved in the move's transaction)
        seat = Seat.objects.get(match_id=match_id, number=turn["seat"])
        assert seat.bank is not None and seat.bank <= clock["bank"] + clock["increment"]
    again = api.post(url, move, format="json")  # a retry answers the same, writes nothing
    assert again.status_code == 200 and again.json()["move"] == answer["move"]
    assert _written(match_id) == (turn_after, logged) and _clean()
