"""Free-text chat at a table (issue 25): off unless the event turned it on, only the people
seated write, lines are short printable text, bounded a minute, reported once per person, and
kept out of everything a bot or the API reads."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from games.models import ChatReport, Match, Seat
from games.services.chat import (
    CHAT_CHARS,
    CHAT_PER_MINUTE,
    BadChat,
    ChatOff,
    ChatThrottled,
    chat_post,
    chat_report,
    chat_text,
)
from games.services.errors import NotFound, NotYourSeat
from games.services.matches import SeatSpec, match_create

pytestmark = pytest.mark.django_db


def person(name: str) -> Any:
    return get_user_model().objects.create_user(name, f"{name}@example.org", "a-long-password-1")


def table(chat: bool) -> tuple[Match, Any, Any]:
    ana, ben = person("ana"), person("ben")
    match = match_create(
        game="buraco-mano-a-mano",
        seats=[
            SeatSpec(kind=Seat.Kind.USER, user_id=ana.pk),
            SeatSpec(kind=Seat.Kind.USER, user_id=ben.pk),
        ],
        options={"deals": 1},
        chat=chat,
    )
    return match, ana, ben


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ("", "says something"),
        ("   \n ", "says something"),
        ("x" * (CHAT_CHARS + 1), f"at most {CHAT_CHARS}"),
        ("hi\u202e there", "printable"),
        ("bell\x07", "printable"),
        (None, "a string"),
        (["hi"], "a string"),
    ],
)
def test_a_bad_line_is_refused_with_its_reason(raw: Any, why: str) -> None:
    with pytest.raises(BadChat, match=why):
        chat_text(raw)


def test_a_line_is_kept_in_one_line() -> None:
    assert chat_text("  well\n played  ") == "well played"
    assert chat_text("x" * CHAT_CHARS) == "x" * CHAT_CHARS


def test_chat_is_off_unless_the_event_turned_it_on() -> None:
    match, ana, _ = table(chat=False)
    with pytest.raises(ChatOff, match="organiser"):
        chat_post(match_id=match.pk, seat=0, user_id=ana.pk, raw="hello")


def test_only_the_person_of_the_seat_writes_and_only_so_many_a_minute() -> None:
    match, ana, ben = table(chat=True)
    with pytest.raises(NotYourSeat):
        chat_post(match_id=match.pk, seat=1, user_id=ana.pk, raw="I am ben")
    with pytest.raises(NotYourSeat):
        chat_post(match_id=match.pk, seat=0, user_id=person("eve").pk, raw="hi")
    for n in range(CHAT_PER_MINUTE):
        chat_post(match_id=match.pk, seat=0, user_id=ana.pk, raw=f"line {n}")
    with pytest.raises(ChatThrottled):
        chat_post(match_id=match.pk, seat=0, user_id=ana.pk, raw="one too many")
    chat_post(match_id=match.pk, seat=1, user_id=ben.pk, raw="my own bound")


def test_a_line_is_reported_once_per_person_and_stays_out_of_the_api() -> None:
    match, ana, ben = table(chat=True)
    line = chat_post(match_id=match.pk, seat=0, user_id=ana.pk, raw="SECRET-chat-line")
    chat_report(match_id=match.pk, message_id=line.pk, user_id=ben.pk)
    chat_report(match_id=match.pk, message_id=line.pk, user_id=ben.pk)
    assert ChatReport.objects.filter(message=line).count() == 1
    with pytest.raises(BadChat):
        chat_report(match_id=match.pk, message_id="1", user_id=ben.pk)
    with pytest.raises(NotFound):  # a line is reported at its own table only
        chat_report(match_id=match.pk + 1, message_id=line.pk, user_id=ben.pk)
    api = APIClient()
    api.force_authenticate(ben)
    for path in (f"/api/v1/matches/{match.pk}", f"/api/v1/matches/{match.pk}/log"):
        assert "SECRET-chat-line" not in api.get(path).content.decode()
