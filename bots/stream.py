"""The bot's waiting endpoints, as async views: the long-poll and the NDJSON event stream.

Neither holds a thread while it waits: each subscribes to the bot's channel-layer group and is
woken by the events the match services send after commit, then reads the open turns.

While the channel layer (Redis) is unreachable, both keep answering from the database: they
read the open turns every ``POLL_WITHOUT_LAYER`` seconds instead of waiting for a wake-up, and
subscribe again as soon as the layer answers. A Redis error is never a 500 here.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from types import SimpleNamespace
from typing import Any, TypeVar

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from rest_framework import exceptions

from bots.auth import TokenRateThrottle, authenticate_bot
from bots.holds import (
    POLL,
    STREAM,
    hold_drop,
    hold_evicted,
    hold_key,
    hold_take,
    holds_in_memory,
    limit_of,
)
from bots.models import BotToken
from core.api_errors import OUTAGES, error_response
from core.api_fields import whole_number
from core.errors import ServiceError
from games.dispatch import bot_group
from games.models import Match
from games.selectors import challenges_waiting_for_bot, open_turns_for_bot
from games.services.challenges import challenges_mark_delivered
from games.services.delivery import turns_mark_delivered

KEEPALIVE_SECONDS = 15.0
POLL_WITHOUT_LAYER = 1.0  # seconds between reads of the open turns while the layer is down
# The stream reads the open turns at least this often even when no event wakes it: a Redis that
# restarted empty has forgotten the subscription of a connection that did not notice.
STREAM_RECHECK = 5.0
SUBSCRIBE_TIMEOUT = 2.0  # seconds to wait for the channel layer to take a subscription
SUPERSEDED = "superseded"  # why a newer hold of the same token closed this one
CLOSED_MESSAGE = {"type": "bot.closed", "kind": SUPERSEDED}  # sent to an evicted holder
T = TypeVar("T")
log = logging.getLogger(__name__)


def _pooled(fn: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """Run ``fn`` on the shared thread pool, closing its database connection afterwards.

    Not thread-sensitive: a waiting request then keeps no thread of its own between calls.
    """
    return database_sync_to_async(fn, thread_sensitive=False)  # type: ignore[no-any-return]


_error = error_response  # the API's one error shape (core/api_errors.py)


def _admission(request: HttpRequest) -> BotToken | JsonResponse:
    """Authenticate and throttle as the DRF endpoints do; return the token or an error."""
    if request.method != "GET":
        return _error(405, "method_not_allowed", f"{request.method} is not allowed; use GET")
    try:
        row = authenticate_bot(request)
    except exceptions.AuthenticationFailed as exc:
        return _error(
            401,
            "authentication_failed",
            str(exc.detail),
            **{"WWW-Authenticate": 'Bearer realm="api"'},
        )
    except ServiceError as exc:  # a bad Bot-Version header (bots/versions.py)
        return _error(exc.status, exc.code, exc.detail)
    if row is None:
        return _error(
            401,
            "not_authenticated",
            "send 'Authorization: Bearer <token>'",
            **{"WWW-Authenticate": 'Bearer realm="api"'},
        )
    throttle = TokenRateThrottle()
    shim = SimpleNamespace(auth=row, user=row.bot.owner, META=request.META, _request=request)
    if not throttle.allow_request(shim, None):
        wait = math.ceil(throttle.wait() or 1)
        return _error(
            429, "throttled", f"too many requests; retry in {wait} s", **{"Retry-After": str(wait)}
        )
    return row


async def _registry(fn: Callable[..., T], **kwargs: Any) -> T:
    """Call the holds registry: in place when it is this process's memory, else on the pool."""
    if holds_in_memory():
        return fn(**kwargs)
    return await _pooled(fn)(**kwargs)


async def _admit(request: HttpRequest) -> BotToken | JsonResponse:
    """``_admission`` in one trip to the thread pool."""
    if request.method != "GET":  # no thread needed to refuse it
        return _error(405, "method_not_allowed", f"{request.method} is not allowed; use GET")
    return await _pooled(_admission)(request)


class _Waker:
    """Wakes a waiting view when the bot's group gets an event; polls while the layer is down."""

    def __init__(self, bot_id: int) -> None:
        self.group = bot_group(bot_id)
        self.layer = get_channel_layer()
        self.channel: str | None = None

    async def subscribe(self) -> None:
        """Join the bot's group; on a Redis error stay unsubscribed (``wait`` then polls)."""
        try:
            channel = await asyncio.wait_for(self.layer.new_channel(), SUBSCRIBE_TIMEOUT)
            await asyncio.wait_for(self.layer.group_add(self.group, channel), SUBSCRIBE_TIMEOUT)
        except (*OUTAGES, TimeoutError) as exc:
            log.warning("%s: the channel layer is unreachable (%r); polling", self.group, exc)
            self.channel = None
        else:
            self.channel = channel

    async def wait(self, seconds: float) -> dict[str, Any] | None:
        """Return the next event, or None after ``seconds`` (sooner while the layer is down)."""
        if self.channel is None:
            await self.subscribe()  # the layer may be back
        if self.channel is not None:
            try:
                message: dict[str, Any] = await asyncio.wait_for(
                    self.layer.receive(self.channel), seconds
                )
            except TimeoutError:
                await self.rejoin()
                return None
            except OUTAGES as exc:
                log.warning("%s: the channel layer failed (%r); polling", self.group, exc)
                self.channel = None
            else:
                return message
        await asyncio.sleep(max(0.0, min(seconds, POLL_WITHOUT_LAYER)))
        return None

    async def rejoin(self) -> None:
        """Join the group again (a no-op if still in it): a Redis that restarted empty lost it."""
        if self.channel is None:
            return
        try:
            await asyncio.wait_for(
                self.layer.group_add(self.group, self.channel), SUBSCRIBE_TIMEOUT
            )
        except (*OUTAGES, TimeoutError):
            self.channel = None

    async def close(self) -> None:
        """Leave the bot's group (nothing to do if the layer is down)."""
        if self.channel is not None:
            with contextlib.suppress(*OUTAGES, TimeoutError):
                await asyncio.wait_for(
                    self.layer.group_discard(self.group, self.channel), SUBSCRIBE_TIMEOUT
                )


class _Hold:
    """One waiting request's place among its token's holds (bots/holds.py).

    Taking it evicts the token's oldest holds of the same kind beyond the bound: each is woken
    through the channel layer (its holder name is its channel) and, should that wake-up be
    lost, finds itself marked when it next looks (``evicted``).
    """

    def __init__(self, kind: str, token: BotToken, waker: _Waker) -> None:
        self.kind = kind
        self.token = hold_key(token.digest)
        self.waker = waker
        self.holder = waker.channel or f"nochannel.{uuid.uuid4().hex}"

    async def take(self) -> None:
        evicted = await _registry(hold_take, kind=self.kind, token=self.token, holder=self.holder)
        for holder in evicted:
            if holder.startswith("nochannel."):
                continue  # it listens on no channel: it finds its mark instead
            try:
                await asyncio.wait_for(
                    self.waker.layer.send(holder, CLOSED_MESSAGE), SUBSCRIBE_TIMEOUT
                )
            except Exception as exc:  # a full or unreachable layer: the mark still tells it
                log.warning("%s: could not close hold %s (%r)", self.waker.group, holder, exc)

    async def ended_by(self, message: dict[str, Any] | None) -> bool:
        """Tell whether this hold was closed by a newer one (the wake-up, or the mark)."""
        if message is not None:
            return message.get("type") == CLOSED_MESSAGE["type"]
        return await _registry(hold_evicted, holder=self.holder)

    async def drop(self) -> None:
        await _registry(hold_drop, kind=self.kind, token=self.token, holder=self.holder)


def superseded_detail(kind: str) -> str:
    """Return why a hold of ``kind`` was closed, with its bound."""
    if kind == STREAM:
        return (
            f"this token opened a newer event stream: a token holds at most "
            f"{limit_of(STREAM)} (STREAMS_PER_TOKEN), and the oldest is closed"
        )
    return (
        f"this token started a newer long-poll: a token holds at most "
        f"{limit_of(POLL)} (LONG_POLLS_PER_TOKEN), and the oldest answers at once"
    )


async def bot_turns(request: HttpRequest) -> HttpResponse:
    """``GET /api/v1/bot/turns?wait=N``: the bot's open turns and pending challenges, waiting
    up to N s for a turn or a new challenge."""
    if request.method != "GET":  # no thread needed to refuse it
        return _error(405, "method_not_allowed", f"{request.method} is not allowed; use GET")
    wait = whole_number(request.GET.get("wait", "0"), maximum=settings.LONG_POLL_MAX)
    # Admission and what is there already, in one trip to the thread pool: the common case is
    # a bot that asks right after its move, whose commit opened its next turn, and it is
    # answered at once, with no subscription and no hold.
    admitted = await _pooled(_admit_and_answer)(request, wait)
    if isinstance(admitted, HttpResponse):
        return admitted
    token, ready = admitted
    if ready is not None:
        return JsonResponse(ready)
    bot_id = token.bot_id
    waker = _Waker(bot_id)
    # Subscribe before reading again, so a turn that opens in between still wakes us.
    await waker.subscribe()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + (wait or 0)  # a number here: _admit_and_answer checked it
    hold = _Hold(POLL, token, waker)
    closed = False
    finished: list[int] = []  # the bot's matches that ended while it waited
    try:
        await hold.take()
        while True:
            anyway = loop.time() >= deadline or closed or bool(finished)
            ready = await _pooled(_answer)(bot_id, anyway)
            if ready is not None:
                break
            message = await waker.wait(deadline - loop.time())
            # A newer long-poll of this token closed this one: answer at once, with what is.
            closed = await hold.ended_by(message)
            if message is not None and message.get("kind") == "match_finished":
                finished.append(int(message["match"]))
    finally:
        await hold.drop()
        await waker.close()
    if finished:
        ready["finished"] = finished
    if not closed:
        return JsonResponse(ready)
    ready["closed"] = SUPERSEDED
    response = JsonResponse(ready)
    response["X-Poll-Closed"] = SUPERSEDED
    return response


def _admit_and_answer(
    request: HttpRequest, wait: int | None
) -> JsonResponse | tuple[BotToken, dict[str, Any] | None]:
    """Admit the long-poll (``_admission``), check its ``wait`` (None: not a valid number),
    and return the token with the answer if there is one already (``_answer``)."""
    admitted = _admission(request)
    if isinstance(admitted, HttpResponse):
        return admitted
    if wait is None:
        return _error(
            400,
            "bad_request",
            f"wait must be a whole number of seconds, 0 to {settings.LONG_POLL_MAX}",
        )
    return admitted, _answer(admitted.bot_id, not wait)


def _answer(bot_id: int, anyway: bool) -> dict[str, Any] | None:
    """Return the long-poll's answer if there is something to tell (or ``anyway``), else None.

    A turn ends the wait, and so does a challenge not shown yet; one already shown does not (a
    bot that ignores challenges must not spin), but it is listed in every answer. Answering
    records the turns' delivery and the challenges' showing. Three queries in all.
    """
    turns = open_turns_for_bot(bot_id)
    challenges, unseen = challenges_waiting_for_bot(bot_id)
    if not (turns or unseen or anyway):
        return None
    if unseen:
        challenges_mark_delivered(challenge_ids=unseen)
    _delivered(turns)
    return {"turns": turns, "challenges": challenges}


def _delivered(turns: list[dict[str, Any]]) -> int:
    """Note the turns' first delivery: a move's answer time counts from now (pre-flights)."""
    return turns_mark_delivered(turns=[(t["match"], t["seat"], t["turn"]) for t in turns])


def _challenges_shown(bot_id: int) -> list[dict[str, Any]]:
    """Return the bot's pending challenges, recording that it has now seen them."""
    challenges, unseen = challenges_waiting_for_bot(bot_id)
    if unseen:
        challenges_mark_delivered(challenge_ids=unseen)
    return challenges


def _line(event: dict[str, Any]) -> bytes:
    return json.dumps(event, separators=(",", ":")).encode() + b"\n"


async def _events(token: BotToken) -> AsyncIterator[bytes]:
    """Yield the stream's lines; end it (the client reconnects) if the database is down, and
    with a ``closed`` line when a newer stream of the same token takes its place."""
    bot_id = token.bot_id
    waker = _Waker(bot_id)
    await waker.subscribe()
    hold = _Hold(STREAM, token, waker)
    sent: set[tuple[int, int]] = set()
    told: set[int] = set()
    loop = asyncio.get_running_loop()
    quiet_since = loop.time()
    try:
        await hold.take()
        while True:
            for turn in await _pooled(open_turns_for_bot)(bot_id):
                key = (turn["match"], turn["turn"])
                if key not in sent:
                    sent.add(key)
                    await _pooled(_delivered)([turn])
                    yield _line({"event": "turn", **turn})
            for challenge in await _pooled(_challenges_shown)(bot_id):
                if challenge["id"] not in told:
                    told.add(challenge["id"])
                    yield _line({"event": "challenge", **challenge})
            message = await waker.wait(STREAM_RECHECK)
            if await hold.ended_by(message):
                detail = superseded_detail(STREAM)
                yield _line({"event": "closed", "reason": SUPERSEDED, "detail": detail})
                return
            if message is None:
                if loop.time() - quiet_since >= KEEPALIVE_SECONDS:
                    quiet_since = loop.time()
                    yield _line({"event": "keepalive"})
                continue
            kind = message.get("kind")
            if kind == "match_started":
                yield _line({"event": "match_started", "match": message["match"]})
            elif kind == "match_finished":
                result = await _pooled(_result_of)(message["match"])
                yield _line(
                    {"event": "match_finished", "match": message["match"], "result": result}
                )
            if len(sent) > 10000:
                sent.clear()
            if len(told) > 10000:
                told.clear()
    except OUTAGES as exc:  # the database is down: end the stream; the client reconnects
        log.warning("bot %s: the event stream ends (%r)", bot_id, exc)
    finally:
        await hold.drop()
        await waker.close()


def _result_of(match_id: int) -> Any:
    return Match.objects.filter(pk=match_id).values_list("result", flat=True).first()


async def bot_events(request: HttpRequest) -> HttpResponse:
    """``GET /api/v1/bot/events``: turns and match events as newline-delimited JSON."""
    admitted = await _admit(request)
    if isinstance(admitted, HttpResponse):
        return admitted
    response = StreamingHttpResponse(_events(admitted), content_type="application/x-ndjson")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
