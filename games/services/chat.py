"""Free-text chat at a table, where the event's organiser turned it on (``Match.chat``).

Only people seated at the match write (from their seat's socket); every live socket of the
match reads. A line is 1 to ``CHAT_CHARS`` characters of printable text, and one person writes
at most ``CHAT_PER_MINUTE`` lines a minute at one table. Lines are kept for moderation
(``ChatReport``: anyone watching may report a line once) and go nowhere else: not into the
log, the replay, the API or a bot's turns. Each reader may mute a seat on their own page.
"""

from __future__ import annotations

import unicodedata
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import ChatMessage, ChatReport, Match, Seat
from games.services.errors import MatchError, NotFound, NotYourSeat

CHAT_CHARS = 200
CHAT_PER_MINUTE = 12
REPORTS_PER_DAY = 50


class BadChat(MatchError):
    """A chat line that is empty, too long or not printable text (400)."""

    status = 400
    code = "bad_request"


class ChatOff(MatchError):
    """Chat is off at this table (403): the event's organiser did not turn it on."""

    status = 403
    code = "chat_off"


class ChatThrottled(MatchError):
    status = 429
    code = "throttled"


def chat_text(raw: Any) -> str:
    """Return a chat line cleaned of surrounding space; raise BadChat for a bad one."""
    if not isinstance(raw, str):
        raise BadChat("a chat line is a string")
    text = " ".join(raw.split())  # newlines and runs of spaces become one space
    if not text:
        raise BadChat("a chat line says something")
    if len(text) > CHAT_CHARS:
        raise BadChat(f"a chat line is at most {CHAT_CHARS} characters; this one is {len(text)}")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs") for c in text):
        raise BadChat("a chat line holds printable text only")
    return text


def chat_post(*, match_id: int, seat: int, user_id: int, raw: Any) -> ChatMessage:
    """Keep a line the person at ``seat`` wrote; raise when chat is off, the seat is not theirs,
    the line is bad or they wrote too many this minute."""
    text = chat_text(raw)
    match = Match.objects.filter(pk=match_id).only("id", "chat").first()
    if match is None:
        raise NotFound(f"no match {match_id}")
    if not match.chat:
        raise ChatOff("chat is off at this table: its organiser did not turn it on")
    if not Seat.objects.filter(match=match, number=seat, user_id=user_id).exists():
        raise NotYourSeat(f"you do not play seat {seat}")
    since = timezone.now() - timedelta(minutes=1)
    recent = ChatMessage.objects.filter(match=match, user_id=user_id, created_at__gte=since)
    if recent.count() >= CHAT_PER_MINUTE:
        raise ChatThrottled(f"at most {CHAT_PER_MINUTE} lines a minute at one table")
    return ChatMessage.objects.create(match=match, seat=seat, user_id=user_id, text=text)


def chat_event(message: ChatMessage) -> dict[str, Any]:
    """Return the group event of a kept line (games.consumers passes it on as ``chat``)."""
    return {
        "type": "match.chat",
        "match": message.match_id,
        "id": message.pk,
        "seat": message.seat,
        "text": message.text,
    }


def chat_report(*, match_id: int, message_id: Any, user_id: int) -> ChatReport:
    """Report a line of match ``match_id`` for the admin; once per person and line."""
    if type(message_id) is not int:
        raise BadChat("report a line by its id (a number)")
    message = ChatMessage.objects.filter(pk=message_id, match_id=match_id).first()
    if message is None:
        raise NotFound(f"no chat line {message_id} at this table")
    day = timezone.now() - timedelta(days=1)
    if ChatReport.objects.filter(reporter_id=user_id, created_at__gte=day).count() >= (
        REPORTS_PER_DAY
    ):
        raise ChatThrottled(f"at most {REPORTS_PER_DAY} reports a day")
    try:
        with transaction.atomic():
            return ChatReport.objects.create(message=message, reporter_id=user_id)
    except IntegrityError:
        return ChatReport.objects.get(message=message, reporter_id=user_id)
