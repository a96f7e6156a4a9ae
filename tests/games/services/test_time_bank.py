"""Time banks: a Fischer clock per entrant seat, with a transit allowance (games/services/clock)."""

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
from games.selectors import match_public, turn_object
from games.services.callers import Caller
from games.services.clock import clock_check, samples
from games.services.deadlines import deadlines_push_back
from games.services.delivery import turns_mark_delivered
from games.services.errors import BadOptions
from games.services.matches import SeatSpec, match_create, move_submit, turn_time_out
from tests.games.conftest import advance

pytestmark = pytest.mark.django_db
CLOCK = {"bank": 10, "increment": 2}


def _match(bot: Any, clock: dict[str, Any] | None = CLOCK) -> Match:
    seats = [SeatSpec(kind="bot", bot_id=bot.pk), SeatSpec(kind="house")]
    match = match_create(game="buraco-mano-a-mano", seats=seats, options={"deals": 1}, clock=clock)
    return advance(match.pk)


def _move(match: Match, bot: Any) -> Match:
    rules = engine.get(match.game)
    move = rules.move_json(rules.legal_moves(rules.load(match.snapshot))[0])
    move_submit(match_id=match.pk, caller=Caller(bot.owner_id, bot.pk), turn=match.turn, move=move)
    return Match.objects.get(pk=match.pk)


def _seat(match: Match) -> Seat:
    return Seat.objects.get(match=match, number=0)


def _opened_ago(match: Match, seconds: float) -> None:
    Match.objects.filter(pk=match.pk).update(
        turn_opened_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_a_move_pays_its_time_from_the_bank_and_earns_the_increment(
    bot_token: tuple[Any, str],
) -> None:
    bot, _ = bot_token
    match = _match(bot)
    assert _seat(match).bank == 10 and Seat.objects.get(match=match, number=1).bank is None
    assert match.deadline is not None and match.turn_opened_at is not None
    assert abs((match.deadline - match.turn_opened_at).total_seconds() - 10) < 0.01
    _opened_ago(match, 3)
    match = _move(match, bot)
    assert 8.8 <= _seat(match).bank <= 9.05  # 10 - 3 + 2
    if match.to_move == 0:  # Buraco: the same seat plays on; its next turn has the new bank
        seconds = (match.deadline - match.turn_opened_at).total_seconds()
        assert abs(seconds - _seat(match).bank) < 0.01


def test_the_transit_allowance_is_not_charged_and_is_capped(bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    match = _match(bot)
    Seat.objects.filter(match=match, number=0).update(transit=[500, 900, 700])
    _opened_ago(match, 3)
    match = _move(match, bot)
    assert 9.45 <= _seat(match).bank <= 9.55  # 10 - (3 - 0.5) + 2: 0.7 s capped at 0.5
    Seat.objects.filter(match=match, number=0).update(transit=[9000, 9000, 9000])
    match = advance(match.pk)
    turn = turn_object(match, 0)
    assert turn["clock"]["allowance"] == settings.TRANSIT_TURN_MAX
    assert turn["clock"]["transit"] == 9.0
    assert turn["clock"]["increment"] == 2 and turn["clock"]["samples"] == 3


def test_an_empty_bank_times_out_and_keeps_only_the_increment(
    bot_token: tuple[Any, str],
) -> None:
    bot, _ = bot_token
    match = _match(bot)
    turn_time_out(match_id=match.pk, turn=match.turn, now_due=True)
    seat = _seat(match)
    assert seat.timeouts == 1 and seat.bank == 2


def test_an_outage_is_never_charged_to_the_bank(bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    match = _match(bot)
    _opened_ago(match, 60)  # the platform was down for a minute during this turn
    deadlines_push_back(outage=timedelta(seconds=60))
    match = _move(match, bot)
    assert _seat(match).bank >= 11.9  # 10 + 2: the outage (and its grace) is not charged


def test_the_turn_and_the_state_show_the_clock(bot_token: tuple[Any, str]) -> None:
    bot, _ = bot_token
    match = _match(bot)
    turn = turn_object(match, 0)
    assert turn["clock"] == {
        "bank": 10.0,
        "increment": 2.0,
        "transit": None,
        "allowance": 0.0,
        "samples": 0,
    }
    state = match_public(match)
    assert state["clock"] == {"bank": 10.0, "increment": 2.0}
    assert state["seats"][0]["bank"] == 10.0 and "bank" not in state["seats"][1]
    plain = _match(bot, clock=None)
    assert "clock" not in turn_object(plain, 0) and match_public(plain)["clock"] is None


def test_an_acknowledgement_measures_the_transit(
    bot_token: tuple[Any, str], api: APIClient, owner: Any
) -> None:
    bot, _ = bot_token
    match = _match(bot)
    url = f"/api/v1/matches/{match.pk}/ack"
    early = api.post(url, {"turn": match.turn}, format="json")
    assert early.status_code == 409 and early.json()["error"] == "turn_not_open"
    turns_mark_delivered(turns=[(match.pk, 0, match.turn)])
    acked = api.post(url, {"turn": match.turn}, format="json")
    assert acked.status_code == 200, acked.content
    assert acked.json()["turn"] == match.turn and acked.json()["transit_ms"] >= 0
    again = api.post(url, {"turn": match.turn}, format="json")
    assert again.status_code == 409
    assert len(samples(_seat(match))) == 1
    assert api.post(url, {"turn": "x"}, format="json").json()["error"] == "invalid"
    other = bot_create(owner=owner, name="stranger", games=[])
    theirs = APIClient()
    theirs.credentials(HTTP_AUTHORIZATION=f"Bearer {other.token}")
    assert theirs.post(url, {"turn": match.turn}, format="json").status_code == 404
    assert api.post("/api/v1/matches/99999999/ack", {"turn": 0}, format="json").status_code == 404


@pytest.mark.parametrize(
    "clock",
    [
        {"bank": 0},
        {"bank": 10, "increment": -1},
        {"bank": 10, "increment": 4000},
        {"increment": 1},
        {"bank": "ten"},
        {"bank": True},
        {"bank": 10, "extra": 1},
        [10, 2],
        {"bank": 10**400},  # an integer beyond any float: was a 500
        {"bank": 10, "increment": 10**400},
    ],
)
def test_a_bad_clock_is_refused(clock: Any, api: APIClient) -> None:
    with pytest.raises(BadOptions):
        clock_check(clock)
    reply = api.post("/api/v1/matches", {"game": "busca", "clock": clock}, format="json")
    assert reply.status_code == 400 and reply.json()["error"] == "bad_options"


def test_a_practice_match_takes_a_clock(api: APIClient) -> None:
    reply = api.post(
        "/api/v1/matches",
        {"game": "busca", "clock": {"bank": 30, "increment": 1.5}},
        format="json",
    )
    assert reply.status_code == 201, reply.content
    body = reply.json()
    assert body["clock"] == {"bank": 30.0, "increment": 1.5} and body["move_timeout"] == 30


@pytest.mark.parametrize("clock", [{}, {"bank": 30, "increment": 1}, None])
def test_a_challenge_refuses_a_clock_with_the_reason(clock: Any, api: APIClient) -> None:
    body = {"game": "busca", "bot": "someone", "clock": clock}
    reply = api.post("/api/v1/challenges", body, format="json")
    assert reply.status_code == 400 and reply.json()["error"] == "invalid"
    assert "time bank" in reply.json()["fields"]["clock"][0]
