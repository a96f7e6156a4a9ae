"""A deal's score sheet costs a person no time (issue 25): the first turn of theirs in a new
deal starts its time DEAL_GRACE seconds later; other turns, and bots' turns, start at once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import engine
from games.models import Match, Seat
from games.selectors import load_state, turn_object
from games.services.callers import Caller
from games.services.matches import SeatSpec, match_create, move_play
from tests.games.conftest import advance

pytestmark = pytest.mark.django_db
TIMEOUT = 30.0


def test_the_first_turn_of_a_new_deal_waits_out_the_grace(settings: Any) -> None:
    settings.DEAL_GRACE = 5.0
    ada = get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")
    seats = [SeatSpec(kind=Seat.Kind.USER, user_id=ada.pk)] + [SeatSpec(kind=Seat.Kind.HOUSE)] * 3
    match = match_create(game="busca", seats=seats, seed=4, move_timeout=TIMEOUT)
    rules = engine.get("busca")
    graced = plain = 0
    deal = rules.deals(load_state(match))
    for _ in range(200):
        match = advance(match.pk)
        if not match.is_running or graced >= 2:
            break
        now = timezone.now()
        assert match.to_move == 0 and match.deadline is not None
        left = (match.deadline - now).total_seconds()
        current = rules.deals(load_state(match))
        if current > deal:  # the person's first turn since the deal changed
            assert TIMEOUT + 4 <= left <= TIMEOUT + 5.5, left
            assert match.turn_opened_at is not None and match.turn_opened_at > now
            graced += 1
        else:
            assert TIMEOUT - 1.5 <= left <= TIMEOUT + 0.5, left
            plain += 1
        deal = current
        turn = turn_object(match, 0)
        move_play(
            match_id=match.pk, caller=Caller(ada.pk), turn=turn["turn"], move=turn["legal_moves"][0]
        )
    assert graced >= 1 and plain >= 5


def test_a_bot_gets_no_grace(settings: Any) -> None:
    from bots.services import bot_create

    settings.DEAL_GRACE = 5.0
    ada = get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")
    bot = bot_create(owner=ada, name="quick-bot", games=[]).bot
    seats = [SeatSpec(kind=Seat.Kind.BOT, bot_id=bot.pk)] + [SeatSpec(kind=Seat.Kind.HOUSE)] * 3
    match = match_create(game="busca", seats=seats, seed=4, move_timeout=TIMEOUT)
    for _ in range(200):
        match = advance(match.pk)
        if not match.is_running:
            break
        assert match.deadline is not None
        assert match.deadline <= timezone.now() + timedelta(seconds=TIMEOUT + 0.5)
        turn = turn_object(match, 0)
        move_play(
            match_id=match.pk,
            caller=Caller(ada.pk, bot.pk),
            turn=turn["turn"],
            move=turn["legal_moves"][0],
        )
    assert Match.objects.get(pk=match.pk).turn > 40  # past the first deal
