"""Paced play at a person's table (issue 25): the house bots' moves come PEOPLE_PACE apart
(scheduled, one per task) wherever a person sits, so their cards can be watched landing; a
bots-only match stays instant, and a tournament's own house_pace wins."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from bots.services import bot_create
from games.models import Match, Seat
from games.selectors import turn_object
from games.services.callers import Caller
from games.services.matches import SeatSpec, match_create, move_play

pytestmark = pytest.mark.django_db
HOUSE = SeatSpec(kind=Seat.Kind.HOUSE)


@pytest.fixture
def paced(settings: Any) -> None:
    settings.PEOPLE_PACE = 0.6


def test_a_table_with_a_person_is_paced_and_bots_only_is_not(paced: None) -> None:
    ada = get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")
    bot = bot_create(owner=ada, name="quick", games=[]).bot
    person = SeatSpec(kind=Seat.Kind.USER, user_id=ada.pk)
    with_person = match_create(game="busca", seats=[person, HOUSE, HOUSE, HOUSE], seed=3)
    assert with_person.house_pace == 0.6
    bots_only = match_create(
        game="busca", seats=[SeatSpec(kind=Seat.Kind.BOT, bot_id=bot.pk), HOUSE, HOUSE, HOUSE]
    )
    assert bots_only.house_pace == 0
    # An event's own pace wins, 0 (at once) too.
    chosen = match_create(game="busca", seats=[person, HOUSE, HOUSE, HOUSE], house_pace=0)
    assert chosen.house_pace == 0


def test_the_persons_move_does_not_play_the_house_replies_at_once(paced: None) -> None:
    ada = get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")
    person = SeatSpec(kind=Seat.Kind.USER, user_id=ada.pk)
    for seed in range(1, 40):  # a deal where the person leads
        match = match_create(game="busca", seats=[person, HOUSE, HOUSE, HOUSE], seed=seed)
        if match.to_move == 0:
            break
    else:
        raise AssertionError("no seed gave the person the first turn")
    turn = turn_object(match, 0)
    move_play(
        match_id=match.pk, caller=Caller(ada.pk), turn=turn["turn"], move=turn["legal_moves"][0]
    )
    after = Match.objects.get(pk=match.pk)
    # Only the person's card: the house replies come one by one, scheduled, not in the commit.
    assert after.turn == turn["turn"] + 1 and after.to_move != 0
