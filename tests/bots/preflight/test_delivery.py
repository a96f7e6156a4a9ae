"""Turn delivery stamps, answer times and refused answers: what a pre-flight reads."""

from __future__ import annotations

import time
from typing import Any

import pytest
from rest_framework.test import APIClient

from bots.stream import _delivered
from games import engine
from games.models import Move, Seat
from games.selectors import open_turns_for_bot
from games.services.callers import Caller
from games.services.delivery import turns_mark_delivered
from games.services.matches import SeatSpec, match_create, move_submit
from tests.games.conftest import advance

pytestmark = pytest.mark.django_db


def _match(bot: Any) -> Any:
    seats = [SeatSpec(kind="bot", bot_id=bot.pk), SeatSpec(kind="house")]
    match = match_create(game="buraco-mano-a-mano", seats=seats, options={"deals": 1})
    return advance(match.pk)


def _legal(match: Any) -> dict[str, Any]:
    rules = engine.get(match.game)
    return rules.move_json(rules.legal_moves(rules.load(match.snapshot))[0])


def test_a_move_answer_time_runs_from_the_first_delivery(bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    match = _match(bot)
    assert turns_mark_delivered(turns=[(match.pk, 0, match.turn)]) == 1
    first = Seat.objects.get(match=match, number=0).delivered_at
    time.sleep(0.05)
    # Handed over again (the long-poll repeats an open turn): the first delivery still counts.
    assert turns_mark_delivered(turns=[(match.pk, 0, match.turn)]) == 0
    assert Seat.objects.get(match=match, number=0).delivered_at == first
    # A turn that is no longer open is not stamped.
    assert turns_mark_delivered(turns=[(match.pk, 0, match.turn + 1)]) == 0
    row = move_submit(
        match_id=match.pk, caller=Caller(bot.owner_id, bot.pk), turn=match.turn, move=_legal(match)
    )
    assert row.answer_ms is not None and row.answer_ms >= 50


def test_a_move_never_handed_over_has_no_answer_time(bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    match = _match(bot)
    row = move_submit(
        match_id=match.pk, caller=Caller(bot.owner_id, bot.pk), turn=match.turn, move=_legal(match)
    )
    assert row.answer_ms is None


def test_the_turns_handed_over_are_stamped(bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    match = _match(bot)
    turns = open_turns_for_bot(bot.pk)  # what the long-poll and the stream hand over
    assert _delivered(turns) == 1
    seat = Seat.objects.get(match=match, number=0)
    assert seat.delivered_turn == match.turn and seat.delivered_at is not None


def test_refused_answers_are_counted_by_code(bot_token: tuple[Any, str], api: APIClient) -> None:
    bot, _ = bot_token
    match = _match(bot)
    url = f"/api/v1/matches/{match.pk}/moves"
    illegal = api.post(url, {"turn": match.turn, "move": {"discard": "KS"}}, format="json")
    assert illegal.status_code == 422
    malformed = api.post(url, {"turn": match.turn, "move": {"what": 1}}, format="json")
    assert malformed.status_code == 422
    assert api.post(url, {"move": {}}, format="json").status_code == 400
    stale = api.post(url, {"turn": match.turn + 5, "move": _legal(match)}, format="json")
    assert stale.status_code == 409
    refusals = Seat.objects.get(match=match, number=0).refusals
    assert refusals == {
        illegal.json()["error"]: 1,
        "invalid_move": 1,
        "bad_request": 1,
        "turn_not_open": 1,
    }
    ok = api.post(url, {"turn": match.turn, "move": _legal(match)}, format="json")
    assert ok.status_code == 200
    assert Seat.objects.get(match=match, number=0).refusals == refusals
    assert Move.objects.filter(match=match, seat=0).count() == 1
