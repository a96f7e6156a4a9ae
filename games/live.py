"""What the live-table socket and the match pages read: access, state and event messages,
and the answers to ``explain`` (why a move is refused now).

A match's group event is public (public moves, whose turn, status). Each socket turns it into a
message with the state its reader may see: the spectator view, or one seat's view with that
seat's legal moves. The state for one (match, version, seat) is read once per process and shared
by every socket that needs it, so a thousand spectators cost one database read per move. Each
process joins a match's group once (core.live's relay) and fans events out to its sockets.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from asgiref.sync import sync_to_async
from django.utils import translation

from core import live as relay
from core.live import Listener
from games import engine
from games.card_style import LATIN
from games.dispatch import match_group
from games.engine import EngineError, InvalidMove
from games.models import Match, Seat
from games.reason_words import deck_style, people_text
from games.selectors import closed_reason, load_state, match_log, match_public, progress_hidden

CLOSE_NOT_FOUND = 4404
CLOSE_NOT_YOURS = 4403
_CACHE_SIZE = 512

EVENT_FIELDS = ("kind", "status", "to_move", "deadline", "result", "committed_at", "seat")


@dataclass(frozen=True)
class Refusal:
    """Why a socket is closed at once: a close code, an error code and a text."""

    close_code: int
    error: str
    detail: str


def user_seats(match_id: int, user: Any) -> list[int]:
    """Return the seats of match ``match_id`` that ``user`` plays in person."""
    if user is None or not user.is_authenticated:
        return []
    rows = Seat.objects.filter(match_id=match_id, kind=Seat.Kind.USER, user_id=user.pk)
    return list(rows.order_by("number").values_list("number", flat=True))


def socket_refusal(*, match_id: int, user: Any, seat: int | None) -> Refusal | None:
    """Return why this user may not open this socket, or None when they may."""
    if not Match.objects.filter(pk=match_id).exists():
        return Refusal(CLOSE_NOT_FOUND, "not_found", f"no match {match_id}")
    if seat is None:
        return None
    if user is None or not user.is_authenticated:
        return Refusal(CLOSE_NOT_YOURS, "not_your_seat", "sign in to play a seat")
    if seat not in user_seats(match_id, user):
        return Refusal(CLOSE_NOT_YOURS, "not_your_seat", f"you do not play seat {seat}")
    return None


def state_message(match: Match, seat: int | None) -> dict[str, Any]:
    """Return the full ``state`` message: the match as ``seat`` sees it and the move log."""
    log = match_log(match)
    return {
        "type": "state",
        "version": None if progress_hidden(match, seat) else match.turn,
        "match": match_public(match, seat),
        "moves": log["moves"],
    }


def state_message_of(
    match_id: int, seat: int | None, language: str | None = None, style: str = LATIN
) -> dict[str, Any] | None:
    """Return the ``state`` message of match ``match_id``, or None when it is gone; a seat's
    texts (its refusals) in ``language`` (None: the active one), suits as ``style`` draws them."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    with translation.override(language or translation.get_language()), deck_style(style):
        return state_message(match, seat)


def explain(
    match_id: int, seat: int, move: Any, language: str | None = None, style: str = LATIN
) -> dict[str, Any] | None:
    """Return ``{"legal", "detail"}`` for ``move`` by ``seat`` now, or None when the match is gone.

    ``detail`` is the engine's reason (the API gives the same reason in English), rendered in
    ``language`` (None: the active one); a malformed move is not legal and its detail says
    what is wrong with it.
    """
    with translation.override(language or translation.get_language()), deck_style(style):
        return _explain(match_id, seat, move)


def _explain(match_id: int, seat: int, move: Any) -> dict[str, Any] | None:
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    game: Any = engine.get(match.game)  # why_illegal is each game's, not the contract's
    try:
        parsed = game.parse_move(move)
    except InvalidMove as exc:
        return {"legal": False, "detail": str(exc)}
    forfeited = Seat.objects.filter(match=match, number=seat, forfeited=True).exists()
    closed = closed_reason(match, forfeited=forfeited)
    if closed is not None:
        return {"legal": False, "detail": closed}
    try:
        reason = game.why_illegal(load_state(match), parsed, seat)
    except EngineError as exc:  # a well-formed move the rules cannot even read
        return {"legal": False, "detail": str(exc)}
    return {"legal": reason is None, "detail": "" if reason is None else people_text(reason)}


def _event_message(
    event: dict[str, Any], seat: int | None, language: str | None, style: str
) -> str:
    with translation.override(language or translation.get_language()), deck_style(style):
        return _event_body(event, seat)


def _event_body(event: dict[str, Any], seat: int | None) -> str:
    match = Match.objects.filter(pk=event["match"]).first()
    body: dict[str, Any] = {"type": "event", "version": event["version"]}
    body.update({key: event[key] for key in EVENT_FIELDS if key in event})
    body["moves"] = event.get("moves", [])
    # The match may have moved on since the event: its own "version" says which state this is.
    body["match"] = match_public(match, seat) if match is not None else None
    return json.dumps(body, separators=(",", ":"))


_texts: OrderedDict[tuple[int, int, str, int | None, str | None, str], asyncio.Future[str]] = (
    OrderedDict()
)


async def event_text(
    event: dict[str, Any], seat: int | None, language: str | None = None, style: str = LATIN
) -> str:
    """Return the encoded ``event`` message for ``seat``; one read per process and version.

    A seat's message holds texts (its refusals) in its reader's ``language``, with suits named
    as the reader's card ``style`` draws them: both are part of the key. A spectator's holds
    none, so every spectator shares one.
    """
    # A resignation keeps the version (no move was played): the kind tells it apart.
    lang = language if seat is not None else None
    style = style if seat is not None else LATIN
    key = (int(event["match"]), int(event["version"]), str(event.get("kind")), seat, lang, style)
    loop = asyncio.get_running_loop()
    future = _texts.get(key)
    if _ready(future, loop):  # the usual case: the relay warmed it (_warm)
        assert future is not None
        return future.result()
    if future is None or future.get_loop() is not loop:
        future = loop.create_future()
        _texts[key] = future
        while len(_texts) > _CACHE_SIZE:
            _texts.popitem(last=False)
        try:
            future.set_result(await sync_to_async(_event_message)(event, seat, lang, style))
        except Exception as exc:
            _texts.pop(key, None)
            future.set_exception(exc)
            raise
    return await asyncio.shield(future)


def _ready(future: asyncio.Future[str] | None, loop: asyncio.AbstractEventLoop) -> bool:
    if future is None or not future.done() or future.cancelled():
        return False
    return future.get_loop() is loop and future.exception() is None


async def _warm(event: dict[str, Any]) -> None:
    """Render the spectators' text of a match event once, before its sockets want it."""
    if event.get("type") == "match.event":
        await event_text(event, None)


async def listen(match_id: int, listener: Listener) -> None:
    """Start passing the group messages of ``match_id`` to ``listener`` (once this returns)."""
    await relay.listen(match_group(match_id), listener, prepare=_warm)


async def unlisten(match_id: int, listener: Listener) -> None:
    """Stop passing messages to ``listener``; the last one out leaves the group."""
    await relay.unlisten(match_group(match_id), listener)
