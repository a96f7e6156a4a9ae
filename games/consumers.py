"""The live table: one socket per spectator, or per person at their own seat.

Protocol (docs/web.md): on connect a ``state`` message; then an ``event`` message per committed
change, each with the match's version (its turn number). A seat's socket also takes
``{"action": "move", "turn": n, "move": {...}}``, ``{"action": "resign"}`` and
``{"action": "explain", "move": {...}}`` (is that move legal now, and if not, why); any socket
takes ``{"action": "sync"}`` for a fresh ``state``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import translation

from core.api_parsers import BoundedJsonMessages
from core.errors import ServiceError
from core.live import RELAY_ONLY, Outbox
from games import live
from games.card_style import LATIN, scope_card_style
from games.dispatch import match_group
from games.phrases import (
    CHAT_BURST,
    CHAT_RATE,
    PHRASE_BURST,
    PHRASE_RATE,
    PHRASES,
    TALK,
    chat_message,
    phrase_event,
    phrase_message,
)
from games.reader_language import DEFAULT, scope_language
from games.reason_words import deck_style
from games.services.callers import Caller
from games.services.chat import chat_event, chat_post, chat_report
from games.services.errors import MoveRejected
from games.services.matches import match_resign, move_submit

logger = logging.getLogger(__name__)

# Explaining costs a database read: each socket may ask EXPLAIN_BURST times at once, and
# EXPLAIN_RATE times a second after that (a person composing a meld never comes near it).
EXPLAIN_BURST = 10
EXPLAIN_RATE = 5.0


class Bucket:
    """A token bucket: ``burst`` at once, then ``rate`` a second (one per socket and action)."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst, self.rate = float(burst), float(rate)
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class MatchConsumer(BoundedJsonMessages, AsyncJsonWebsocketConsumer):
    """Stream a match to a spectator or to the person at one seat; take that person's moves."""

    # No channel of its own (an alias that names no layer): events come through the process's
    # relay in core.live, so a thousand sockets do not each wait on the channel layer.
    channel_layer_alias = RELAY_ONLY
    match_id = 0
    seat: int | None = None
    listening = False
    outbox: Outbox | None = None
    writer: asyncio.Task[None] | None = None
    explains: Bucket
    syncs: Bucket
    phrases: Bucket
    chats: Bucket
    language = DEFAULT  # the reader's (reader_language): a seat's texts are rendered in it
    style = LATIN  # the reader's card style (games/card_style.py): how its texts name suits

    async def connect(self) -> None:
        # A sync costs a database read and a render: SYNC_BURST at once, SYNC_RATE a second.
        self.explains = Bucket(EXPLAIN_BURST, EXPLAIN_RATE)
        self.syncs = Bucket(settings.SYNC_BURST, settings.SYNC_RATE)
        self.phrases = Bucket(PHRASE_BURST, PHRASE_RATE)
        self.chats = Bucket(CHAT_BURST, CHAT_RATE)
        kwargs = self.scope["url_route"]["kwargs"]
        self.match_id = int(kwargs["match_id"])
        self.seat = int(kwargs["seat"]) if kwargs.get("seat") is not None else None
        # Accept first: a close code only reaches the client after the handshake.
        await self.accept()
        refusal = await sync_to_async(live.socket_refusal)(
            match_id=self.match_id, user=self.scope.get("user"), seat=self.seat
        )
        if refusal is not None:
            await self.send_json(
                {"type": "error", "error": refusal.error, "detail": refusal.detail}
            )
            await self.close(code=refusal.close_code)
            return
        self.language = await sync_to_async(scope_language)(self.scope)
        self.style = scope_card_style(self.scope, self.language)
        # Listen before reading the state, so no change falls between the two. Events come
        # through this process's relay (one group membership per process and match).
        self.outbox = Outbox()
        self.writer = asyncio.create_task(self._write())
        await live.listen(self.match_id, self)
        self.listening = True
        await self._send_state()

    async def disconnect(self, code: int) -> None:
        if self.listening:
            self.listening = False
            await live.unlisten(self.match_id, self)
        if self.writer is not None:
            self.writer.cancel()

    def deliver(self, event: dict[str, Any]) -> None:
        """Queue a group event for this socket (called by the relay; never blocks). A sealed
        match's moves reach its own seats only: their count and timing would tell a spectator
        (another table of the same deal, perhaps) who took each trick."""
        kind = event.get("type")
        if self.outbox is None or (kind != "match.event" and kind not in TALK):
            return
        if kind == "match.event" and event.get("sealed") and self.seat is None:
            return
        self.outbox.put(event)

    def missed(self) -> None:
        """The relay lost the channel layer for a while: send this reader a fresh state."""
        if self.outbox is not None:
            self.outbox.resync()

    async def _write(self) -> None:
        assert self.outbox is not None
        while True:
            event = await self.outbox.get()
            if event is None:  # RESYNC: behind by OUTBOX_EVENTS, a fresh state stands for them
                await self._send_state()
                continue
            if event["type"] == "match.phrase":
                await self.send_json(phrase_message(event))
                continue
            if event["type"] == "match.chat":
                await self.send_json(chat_message(event))
                continue
            text = await live.event_text(event, self.seat, self.language, self.style)
            await self.send(text_data=text)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        action = content.get("action") if isinstance(content, dict) else None
        if action == "sync":
            if self.syncs.take():
                await self._send_state()
            else:
                await self._error(
                    "throttled",
                    f"too many syncs: {settings.SYNC_BURST} at once, then SYNC_RATE "
                    f"({settings.SYNC_RATE:g}) a second; events keep coming meanwhile",
                    action="sync",
                )
        elif action in ("move", "resign", "explain", "say", "chat") and self.seat is None:
            await self._error("not_your_seat", "spectators cannot play; open your seat's page")
        elif action == "move":
            await self._move(content)
        elif action == "resign":
            await self._resign()
        elif action == "explain":
            await self._explain(content.get("move"))
        elif action == "say":
            await self._say(content.get("phrase"))
        elif action == "chat":
            await self._chat(content.get("text"))
        elif action == "report":
            await self._report(content.get("id"))
        else:
            await self._error(
                "bad_request",
                'send {"action": "move" | "resign" | "explain" | "say" | "chat" | "report" | '
                '"sync", ...}',
            )

    async def _send_state(self) -> None:
        message = await sync_to_async(live.state_message_of)(
            self.match_id, self.seat, self.language, self.style
        )
        if message is None:
            await self._error("not_found", f"no match {self.match_id}")
            await self.close(code=live.CLOSE_NOT_FOUND)
            return
        await self.send_json(message)

    async def _move(self, content: dict[str, Any]) -> None:
        turn = content.get("turn")
        if type(turn) is not int or turn < 0 or "move" not in content:
            await self._error("bad_request", 'send {"action": "move", "turn": n, "move": {...}}')
            return
        caller = Caller(user_id=self.scope["user"].pk)
        try:
            row = await sync_to_async(move_submit)(
                match_id=self.match_id, caller=caller, turn=turn, move=content["move"]
            )
        except MoveRejected as exc:
            with translation.override(self.language), deck_style(self.style):
                detail = exc.people_detail()
            await self._error(exc.code, detail, action="move", turn=turn)
            return
        except ServiceError as exc:
            await self._error(exc.code, exc.detail, action="move", turn=turn)
            return
        await self.send_json(
            {"type": "reply", "action": "move", "ok": True, "turn": row.turn, "move": row.move}
        )

    async def _resign(self) -> None:
        assert self.seat is not None
        try:
            await sync_to_async(match_resign)(match_id=self.match_id, seat=self.seat)
        except ServiceError as exc:
            await self._error(exc.code, exc.detail, action="resign")
            return
        await self.send_json({"type": "reply", "action": "resign", "ok": True})

    async def _say(self, phrase: Any) -> None:
        """Pass a quick phrase of this seat to every live socket of the match (games.phrases)."""
        assert self.seat is not None
        event = phrase_event(self.match_id, self.seat, phrase)
        if event is None:
            await self._error("bad_request", f"phrase is one of {', '.join(PHRASES)}", action="say")
            return
        if not self.phrases.take():
            await self._error(
                "throttled",
                f"{PHRASE_BURST} phrases at once, then one every {1 / PHRASE_RATE:g} s",
                action="say",
            )
            return
        await self._group_send(event)

    async def _chat(self, text: Any) -> None:
        """Keep a chat line of this seat's person and pass it to every live socket of the match,
        where the event allows chat (games.services.chat)."""
        assert self.seat is not None
        if not self.chats.take():
            await self._error("throttled", "one chat line every 2 s", action="chat")
            return
        try:
            message = await sync_to_async(chat_post)(
                match_id=self.match_id, seat=self.seat, user_id=self.scope["user"].pk, raw=text
            )
        except ServiceError as exc:
            await self._error(exc.code, exc.detail, action="chat")
            return
        await self._group_send(chat_event(message))

    async def _report(self, message_id: Any) -> None:
        """Report a chat line of this match for the admin (anyone signed in, once a line)."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self._error("not_authenticated", "sign in to report a chat line", action="report")
            return
        try:
            await sync_to_async(chat_report)(
                match_id=self.match_id, message_id=message_id, user_id=user.pk
            )
        except ServiceError as exc:
            await self._error(exc.code, exc.detail, action="report")
            return
        await self.send_json({"type": "reply", "action": "report", "ok": True, "id": message_id})

    async def _group_send(self, event: dict[str, Any]) -> None:
        layer = get_channel_layer()
        assert layer is not None
        await layer.group_send(match_group(self.match_id), event)

    async def _explain(self, move: Any) -> None:
        """Answer whether ``move`` is legal now for this seat, and why not (never raises)."""
        assert self.seat is not None
        if not self.explains.take():
            await self._error("throttled", "too many explain requests: wait a moment")
            return
        try:
            answer = await sync_to_async(live.explain)(
                self.match_id, self.seat, move, self.language, self.style
            )
        except Exception:
            logger.exception("explain failed for match %s", self.match_id)
            await self._error("unavailable", "the move cannot be explained just now; try again")
            return
        if answer is None:
            await self._error("not_found", f"no match {self.match_id}")
            return
        await self.send_json({"type": "explain", "move": move, **answer})

    async def _error(self, code: str, detail: str, **extra: Any) -> None:
        await self.send_json({"type": "error", "error": code, "detail": detail, **extra})
