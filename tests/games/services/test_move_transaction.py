"""A move's transaction as it really runs: not inside a test's transaction (a connection's
behaviour there, such as psycopg's pipeline mode once tried, is what this covers). Refused
moves write nothing, the retry of a move answers the same, the house's moves and the next turn
come with a legal one, a clocked match's bank is charged, and the connection comes out of
every case clean. On PostgreSQL a move that hands the next turn back is two round trips, its
BEGIN and COMMIT in them (core/round_trips.py), and the move that ends a match records it in
the same transaction."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from core.round_trips import NOT_WAITING_FOR_DISK
from games import engine
from games.models import Match, Move, Seat
from games.services.callers import Caller
from games.services.matches import SeatSpec, match_create, move_play
from games.signals import match_recorded
from tests.games.conftest import advance
from tests.pg_trace import clean, in_transaction, sent

pytestmark = pytest.mark.django_db(transaction=True)


def _clean() -> bool:
    raw = connection.connection
    return raw is None or (getattr(raw, "_pipeline", None) is None and clean())


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


@pytest.mark.parametrize("waits", [False, True])
def test_a_move_is_two_round_trips_and_the_last_one_records_the_match(
    bot_token: Any, settings: Any, waits: bool
) -> None:
    """Its COMMIT does not wait for the disk unless ``MOVE_COMMIT_WAITS_FOR_DISK``; the move
    that ends the match always waits (what records it commits with it)."""
    settings.MOVE_COMMIT_WAITS_FOR_DISK = waits
    bot, _ = bot_token
    seats = [SeatSpec(kind="bot", bot_id=bot.pk)] + [SeatSpec(kind="house")] * 3
    match = match_create(game="busca", seats=seats, options={"max_deals": 1}, seed=7)
    match = advance(match.pk)
    rules, caller = engine.get("busca"), Caller(bot.owner_id, bot.pk)
    recorded: list[tuple[int, bool]] = []  # what records a match writes in its transaction

    def on_recorded(**kwargs: Any) -> None:
        recorded.append((kwargs["match"].pk, in_transaction()))

    match_recorded.connect(on_recorded, dispatch_uid="test_move_transaction")
    handed_back: list[list[str]] = []  # the queries of each move whose answer held the next turn
    last: list[str] = []
    try:
        while match.is_running:
            move = rules.move_json(rules.legal_moves(rules.load(match.snapshot))[0])
            with sent() as queries:
                played = move_play(match_id=match.pk, caller=caller, turn=match.turn, move=move)
            assert _clean()
            if played.next_turn is not None:
                handed_back.append(queries)
            match, last = advance(match.pk), queries
    finally:
        match_recorded.disconnect(dispatch_uid="test_move_transaction")
    assert len(handed_back) >= 5
    if connection.vendor == "postgresql":
        assert {len(queries) for queries in handed_back} == {2}  # BEGIN + the locked read;
        suffix = "; COMMIT" if waits else f"; {NOT_WAITING_FOR_DISK}COMMIT"  # the write + COMMIT
        assert all(queries[1].endswith(f'{suffix}"') for queries in handed_back)
        assert last and not any("synchronous_commit" in query for query in last)
    assert recorded == [(match.pk, True)] and match.result is not None
    assert Move.objects.filter(match=match).count() == match.turn
