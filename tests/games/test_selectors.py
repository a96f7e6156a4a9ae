"""games.selectors: the long-poll's open seats, read by fixed SQL."""

from __future__ import annotations

from typing import Any

import pytest

from games.selectors import open_seats_for_bot, open_turns_for_bot
from games.services.matches import SeatSpec, match_create, seat_replace_by_house
from tests.games.conftest import advance

pytestmark = pytest.mark.django_db


def _bot_to_move(bot: Any) -> int:
    seats = [SeatSpec(kind="bot", bot_id=bot.pk), SeatSpec(kind="house")]
    match = match_create(game="buraco-mano-a-mano", seats=seats, options={"deals": 1})
    match = advance(match.pk)
    assert match.to_move == 0
    return int(match.pk)


def test_an_open_turn_comes_with_its_match(bot_token: tuple[Any, str]) -> None:
    bot = bot_token[0]
    match_id = _bot_to_move(bot)
    [seat] = open_seats_for_bot(bot.pk)
    assert seat.match.pk == match_id and seat.number == 0 and seat.match.to_move == 0
    [turn] = open_turns_for_bot(bot.pk)
    assert turn["match"] == match_id and turn["legal_moves"]


def test_a_seat_handed_to_the_house_is_no_turn_of_the_bot(bot_token: tuple[Any, str]) -> None:
    bot = bot_token[0]
    match_id = _bot_to_move(bot)
    seat_replace_by_house(match_id=match_id, seat=0)  # the seat keeps its bot, now as a house
    assert open_seats_for_bot(bot.pk) == []
    assert open_turns_for_bot(bot.pk) == []
