"""Notes: what a bot says it was thinking with a move, and who may read it (docs/bots.md, "Notes").

A move may carry a note: text of at most ``NOTE_BYTES`` bytes of UTF-8 and two optional
numbers, ``eval`` (the bot's own evaluation, any scale) and ``confidence`` (0 to 1). Notes are
stored apart from the move log (``MoveNote``) and leave the platform only through
``notes_for``:

- to the bot's owner (its token, another bot of the same account, or the owner signed in),
  during the match and after it;
- to everyone else only once the match is over and unsealed, and only if the owner published
  that bot's notes (``Bot.notes_public``).

No other seat, spectator, socket, log line or replay reads them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from games.models import Match, MoveNote, Seat
from games.services.errors import MatchError

NOTE_BYTES = 1024
NOTE_FIELDS = ("text", "eval", "confidence")


class BadNote(MatchError):
    """A move's note is not a short text with optional numbers (400)."""

    status = 400
    code = "bad_note"


@dataclass(frozen=True)
class Note:
    """A checked note: its text and numbers."""

    text: str = ""
    eval: float | None = None
    confidence: float | None = None


def note_parsed(raw: Any) -> Note | None:
    """Return the note a move carries (None for none); raise BadNote for a bad one.

    ``raw`` is a string (the text alone) or ``{"text", "eval", "confidence"}``, each optional.
    """
    if raw is None:
        return None
    if isinstance(raw, str):
        raw = {"text": raw}
    if not isinstance(raw, dict):
        raise BadNote('a note is a string or {"text": "...", "eval": n, "confidence": n}')
    unknown = sorted(set(raw) - set(NOTE_FIELDS))
    if unknown:
        raise BadNote(f"a note has only text, eval and confidence, not {', '.join(unknown)}")
    text = raw.get("text", "")
    if not isinstance(text, str):
        raise BadNote("a note's text must be a string")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > NOTE_BYTES:
        raise BadNote(f"a note's text is at most {NOTE_BYTES} bytes of UTF-8; this one is {size}")
    if "\x00" in text:
        raise BadNote("a note's text may not hold a NUL character")
    value = _number(raw.get("eval"), "eval")
    confidence = _number(raw.get("confidence"), "confidence")
    if confidence is not None and not 0 <= confidence <= 1:
        raise BadNote("a note's confidence is a number from 0 to 1")
    if not text and value is None and confidence is None:
        return None
    return Note(text, value, confidence)


def _number(value: Any, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadNote(f"a note's {name} must be a number")
    try:
        number = float(value)
    except OverflowError:  # an integer beyond any float
        raise BadNote(f"a note's {name} must be a finite number") from None
    if not math.isfinite(number):
        raise BadNote(f"a note's {name} must be a finite number")
    return number


def note_row(match: Match, seat: Seat, turn: int, note: Note) -> MoveNote:
    """Return the (unsaved) row of ``note`` on ``seat``'s move of ``turn``."""
    return MoveNote(
        match=match,
        turn=turn,
        seat=seat.number,
        bot_id=seat.bot_id,
        text=note.text,
        eval=note.eval,
        confidence=note.confidence,
    )


def notes_for(
    match: Match, user_id: int | None, *, after: int = -1, limit: int | None = None
) -> dict[int, dict[str, Any]]:
    """Return, by turn, the notes of ``match`` that the person ``user_id`` (None: nobody signed
    in) may read: their own bots' always, published bots' once the match is revealed. Only
    turns after ``after``, and the first ``limit`` of them when given."""
    rows = MoveNote.objects.filter(match=match, turn__gt=after).select_related("bot")
    if not match.is_revealed:
        if user_id is None:
            return {}
        rows = rows.filter(bot__owner_id=user_id)
    else:
        rows = rows.filter(Q(bot__owner_id=user_id) | Q(bot__notes_public=True))
    rows = rows.order_by("turn")
    return {row.turn: note_json(row) for row in (rows[:limit] if limit is not None else rows)}


def note_json(row: MoveNote) -> dict[str, Any]:
    """Return one note as the API shows it."""
    return {"seat": row.seat, "text": row.text, "eval": row.eval, "confidence": row.confidence}


def owns_a_seat(match: Match, user_id: int | None) -> bool:
    """Tell whether the person ``user_id`` owns a bot that plays ``match``: their notes show
    live on its table (docs/bots.md, "Notes")."""
    if user_id is None:
        return False
    return Seat.objects.filter(match=match, bot__owner_id=user_id).exists()
