"""Replays of finished matches: the document (every step, every hand) and its events, as the
reader may see them (timings of every entrant move; notes only where ``notes_for`` allows)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.models import Match, Move
from games.replay_format import event_lines, header, replay_document
from games.selectors import move_timing, seats_of
from games.services.errors import TurnNotOpen
from games.services.notes import notes_for


def replay_refusal(match: Match) -> str | None:
    """Return why ``match`` has no replay yet (its code), None once it may be replayed."""
    if match.is_running:
        return "running"
    if match.sealed:
        return "sealed"
    return None


def _check_open(match: Match) -> None:
    refusal = replay_refusal(match)
    if refusal == "running":
        raise TurnNotOpen("the replay is shown once the match is over")
    if refusal == "sealed":
        raise TurnNotOpen("the replay is shown once the round's other boards are over")


def _moves(match: Match, user_id: int | None) -> list[dict[str, Any]]:
    """Return the match's moves with their timings, and the notes ``user_id`` may read."""
    notes = notes_for(match, user_id)
    return [
        {
            "turn": m.turn,
            "seat": m.seat,
            "move": m.move,
            "by": m.by,
            "at": m.created_at.isoformat(),
            # Over and unsealed: every entrant move's timings are everyone's (selectors.match_log).
            "timing": move_timing(m) if m.by != Move.By.HOUSE else None,
            "note": notes.get(m.turn),
        }
        for m in Move.objects.filter(match=match).order_by("turn")
    ]


def _head(match: Match) -> dict[str, Any]:
    return {
        "game": match.game,
        "seed": match.seed,
        "options": match.options,
        "result": match.result,
        "seats": seats_of(match),
        "match": match.pk,
    }


def replay_frames(match: Match, *, user_id: int | None = None) -> dict[str, Any]:
    """Return the replay document of a finished match as ``user_id`` (None: anonymous) may
    read it; raise TurnNotOpen while it runs or is sealed (the frames show every hand)."""
    _check_open(match)
    return replay_document(moves=_moves(match, user_id), **_head(match))


def replay_events(match: Match, *, user_id: int | None = None) -> Iterator[str]:
    """Return the match's events as NDJSON lines, with the same rules as ``replay_frames``."""
    _check_open(match)
    return event_lines(header(**_head(match)), _moves(match, user_id))
