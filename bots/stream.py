"""The bot's waiting endpoints, as async views: the long-poll and the NDJSON event stream.

Neither holds a thread while it waits: each subscribes to the bot's channel-layer group and is
woken by the events the match services send after commit, then reads the open turns.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
from collections.abc import AsyncIterator, Awaitable, Callable
from types import SimpleNamespace
from typing import Any, TypeVar

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from rest_framework import exceptions

from bots.auth import TokenRateThrottle, authenticate_bot
from bots.models import BotToken
from games.dispatch import bot_group
from games.models import Match
from games.selectors import (
    open_turns_for_bot,
    pending_challenges_for_bot,
    undelivered_challenges_for_bot,
)
from games.services.challenges import challenges_mark_delivered
from web.api_errors import error_response
from web.api_fields import whole_number

KEEPALIVE_SECONDS = 15.0
T = TypeVar("T")


def _pooled(fn: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """Run ``fn`` on the shared thread pool, closing its database connection afterwards.

    Not thread-sensitive: a waiting request then keeps no thread of its own between calls.
    """
    return database_sync_to_async(fn, thread_sensitive=False)  # type: ignore[no-any-return]


_error = error_response  # the API's one error shape (web/api_errors.py)


async def _admit(request: HttpRequest) -> BotToken | JsonResponse:
    """Authenticate and throttle as the DRF endpoints do; return the token or an error."""
    if request.method != "GET":
        return _error(405, "method_not_allowed", f"{request.method} is not allowed; use GET")
    try:
        row = await _pooled(authenticate_bot)(request)
    except exceptions.AuthenticationFailed as exc:
        return _error(
            401,
            "authentication_failed",
            str(exc.detail),
            **{"WWW-Authenticate": 'Bearer realm="api"'},
        )
    if row is None:
        return _error(
            401,
            "not_authenticated",
            "send 'Authorization: Bearer <token>'",
            **{"WWW-Authenticate": 'Bearer realm="api"'},
        )
    throttle = TokenRateThrottle()
    shim = SimpleNamespace(auth=row, user=row.bot.owner, META=request.META)
    if not await _pooled(throttle.allow_request)(shim, None):
        wait = math.ceil(throttle.wait() or 1)
        return _error(
            429, "throttled", f"too many requests; retry in {wait} s", **{"Retry-After": str(wait)}
        )
    return row


async def bot_turns(request: HttpRequest) -> HttpResponse:
    """``GET /api/v1/bot/turns?wait=N``: the bot's open turns and pending challenges, waiting
    up to N s for a turn or a new challenge."""
    admitted = await _admit(request)
    if isinstance(admitted, HttpResponse):
        return admitted
    wait = whole_number(request.GET.get("wait", "0"), maximum=settings.LONG_POLL_MAX)
    if wait is None:
        return _error(
            400,
            "bad_request",
            f"wait must be a whole number of seconds, 0 to {settings.LONG_POLL_MAX}",
        )
    bot_id = admitted.bot_id
    layer = get_channel_layer()
    channel = await layer.new_channel()
    # Subscribe before reading, so a turn that opens in between still wakes us.
    await layer.group_add(bot_group(bot_id), channel)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    try:
        while True:
            turns = await _pooled(open_turns_for_bot)(bot_id)
            # A challenge not shown yet ends the wait too; one already shown does not (a bot
            # that ignores challenges must not spin), but it is listed in every answer.
            fresh = await _pooled(undelivered_challenges_for_bot)(bot_id)
            left = deadline - loop.time()
            if turns or fresh or left <= 0:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(layer.receive(channel), left)
    finally:
        await layer.group_discard(bot_group(bot_id), channel)
    challenges = await _pooled(_challenges_shown)(bot_id)
    return JsonResponse({"turns": turns, "challenges": challenges})


def _challenges_shown(bot_id: int) -> list[dict[str, Any]]:
    """Return the bot's pending challenges, recording that it has now seen them."""
    challenges = pending_challenges_for_bot(bot_id)
    challenges_mark_delivered(challenge_ids=[c["id"] for c in challenges])
    return challenges


def _line(event: dict[str, Any]) -> bytes:
    return json.dumps(event, separators=(",", ":")).encode() + b"\n"


async def _events(bot_id: int) -> AsyncIterator[bytes]:
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(bot_group(bot_id), channel)
    sent: set[tuple[int, int]] = set()
    told: set[int] = set()
    try:
        while True:
            for turn in await _pooled(open_turns_for_bot)(bot_id):
                key = (turn["match"], turn["turn"])
                if key not in sent:
                    sent.add(key)
                    yield _line({"event": "turn", **turn})
            for challenge in await _pooled(_challenges_shown)(bot_id):
                if challenge["id"] not in told:
                    told.add(challenge["id"])
                    yield _line({"event": "challenge", **challenge})
            try:
                message = await asyncio.wait_for(layer.receive(channel), KEEPALIVE_SECONDS)
            except TimeoutError:
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
    finally:
        await layer.group_discard(bot_group(bot_id), channel)


def _result_of(match_id: int) -> Any:
    return Match.objects.filter(pk=match_id).values_list("result", flat=True).first()


async def bot_events(request: HttpRequest) -> HttpResponse:
    """``GET /api/v1/bot/events``: turns and match events as newline-delimited JSON."""
    admitted = await _admit(request)
    if isinstance(admitted, HttpResponse):
        return admitted
    response = StreamingHttpResponse(_events(admitted.bot_id), content_type="application/x-ndjson")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
