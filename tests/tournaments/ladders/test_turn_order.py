"""A bot's tournament and league turns come before its ladder turns, whatever the deadlines."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.utils import timezone

from bots.models import Bot
from games.models import Match, Seat
from games.selectors import open_seats_for_bot
from games.services.matches import SeatSpec, match_create
from tests.games.conftest import advance

pytestmark = pytest.mark.django_db


def test_ladder_turns_come_after_tournament_turns(make_bot: Callable[..., Bot]) -> None:
    bot = make_bot("busy")
    seats = [SeatSpec(kind=Seat.Kind.BOT, bot_id=bot.pk), SeatSpec(kind=Seat.Kind.HOUSE)]
    made = {
        kind: advance(match_create(game="buraco-mano-a-mano", seats=seats, seed=7, kind=kind).pk)
        for kind in (Match.Kind.LADDER, Match.Kind.EVENT)
    }
    assert all(match.to_move == 0 for match in made.values())
    # The ladder turn is due first; the tournament's still goes first.
    now = timezone.now()
    Match.objects.filter(pk=made[Match.Kind.LADDER].pk).update(deadline=now)
    Match.objects.filter(pk=made[Match.Kind.EVENT].pk).update(deadline=now + timedelta(hours=1))
    order = [seat.match.kind for seat in open_seats_for_bot(bot.pk)]
    assert order == [Match.Kind.EVENT, Match.Kind.LADDER]
