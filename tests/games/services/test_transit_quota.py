"""The transit allowance cannot be bought: a bot that acknowledges every turn late gains no more
bank than one that acknowledges at once, plus what the match's compensation quota holds
(games/services/clock.py, docs/bots.md "Time banks").

Two clocked practice matches of a pull bot against a house bot, played through the API: each
turn is handed over (as the long-poll does), acknowledged with ``POST .../ack`` and answered
with ``POST .../moves``. Both bots think the same 2.5 s a turn; one acknowledges at once, the
other 1.9 s after delivery. Time is driven by moving back the timestamps the clock reads (the
turn's opening and its delivery), as tests/games/services/test_time_bank.py does.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone
from rest_framework.test import APIClient

from bots.services import bot_create
from games import engine
from games.models import Match, Seat
from games.services.delivery import turns_mark_delivered
from tests.games.conftest import advance

pytestmark = pytest.mark.django_db
CLOCK = {"bank": 600, "increment": 1}
THINK = 2.5  # seconds from the turn's opening to the move, for both bots
LATE = 1.9  # seconds from delivery to the late bot's acknowledgement
TURNS = 30  # entrant moves played in each match


def _client(owner: Any, name: str) -> APIClient:
    created = bot_create(owner=owner, name=name, games=[])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {created.token}")
    return client


def _play(api: APIClient, ack_after: float) -> tuple[float, int]:
    """Play a clocked practice match for ``TURNS`` moves; return the bank left and the moves."""
    body = {"game": "busca", "clock": CLOCK}
    created = api.post("/api/v1/matches", body, format="json")
    assert created.status_code == 201, created.content
    match_id = created.json()["id"]
    moves = 0
    while moves < TURNS:
        match = advance(match_id)
        if not match.is_running:
            break
        assert match.to_move == 0
        turns_mark_delivered(turns=[(match_id, 0, match.turn)])
        # The acknowledgement arrives ``ack_after`` s after the delivery.
        Seat.objects.filter(match_id=match_id, number=0).update(
            delivered_at=timezone.now() - timedelta(seconds=ack_after)
        )
        acked = api.post(f"/api/v1/matches/{match_id}/ack", {"turn": match.turn}, format="json")
        assert acked.status_code == 200, acked.content
        # The move arrives THINK s after the turn opened (and was delivered).
        Match.objects.filter(pk=match_id).update(
            turn_opened_at=timezone.now() - timedelta(seconds=THINK)
        )
        rules = engine.get(match.game)
        move = rules.move_json(rules.legal_moves(rules.load(match.snapshot))[0])
        played = api.post(
            f"/api/v1/matches/{match_id}/moves", {"turn": match.turn, "move": move}, format="json"
        )
        assert played.status_code == 200, played.content
        moves += 1
    seat = Seat.objects.get(match_id=match_id, number=0)
    assert seat.timeouts == 0 and seat.bank is not None
    return seat.bank, moves


def test_a_late_acknowledgement_buys_no_more_than_the_quota(owner: Any) -> None:
    prompt_bank, prompt_moves = _play(_client(owner, "prompt"), ack_after=0.0)
    late_bank, late_moves = _play(_client(owner, "late"), ack_after=LATE)
    assert prompt_moves == late_moves == TURNS
    gained = late_bank - prompt_bank
    # Acknowledging late used to buy its 1.9 s every turn (57 s over 30 moves).
    assert gained < LATE * late_moves / 4, (late_bank, prompt_bank)
    # Now it buys at most what the quota gives over the match: its start and a refill a move.
    quota = settings.TRANSIT_QUOTA_START + settings.TRANSIT_QUOTA_REFILL * late_moves
    assert gained <= quota + 0.1, (late_bank, prompt_bank, quota)


def test_the_allowance_of_a_turn_is_capped(owner: Any) -> None:
    """One turn's allowance is at most TRANSIT_TURN_MAX, however large the samples."""
    api = _client(owner, "far")
    body = {"game": "busca", "clock": CLOCK}
    match_id = api.post("/api/v1/matches", body, format="json").json()["id"]
    match = advance(match_id)
    Seat.objects.filter(match_id=match_id, number=0).update(transit=[1900] * 5)
    state = api.get(f"/api/v1/matches/{match_id}").json()
    assert state["seats"][0]["transit"] == 1.9
    opened = Match.objects.get(pk=match_id)
    seconds = (opened.deadline - opened.turn_opened_at).total_seconds()
    assert seconds <= CLOCK["bank"] + 0.001  # the deadline was set before the samples
    turns_mark_delivered(turns=[(match_id, 0, match.turn)])
    Match.objects.filter(pk=match_id).update(
        turn_opened_at=timezone.now() - timedelta(seconds=THINK)
    )
    rules = engine.get(match.game)
    move = rules.move_json(rules.legal_moves(rules.load(match.snapshot))[0])
    played = api.post(
        f"/api/v1/matches/{match_id}/moves", {"turn": match.turn, "move": move}, format="json"
    )
    assert played.status_code == 200, played.content
    bank = Seat.objects.get(match_id=match_id, number=0).bank
    assert bank is not None
    charged = CLOCK["bank"] + CLOCK["increment"] - bank
    assert charged >= THINK - settings.TRANSIT_TURN_MAX - 0.01, charged
