"""Webhook calls (POST the turn to the bot, play the move it answers with) and pre-flights."""

from __future__ import annotations

import json
import logging

import httpx
from celery import shared_task
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone

from bots import secrets_box, sightings
from bots.preflight import PREFLIGHT_TASK, preflight_begin, preflight_fail_to_start
from bots.webhooks import signed_post
from core.errors import ServiceError
from games.models import Match, Seat
from games.selectors import turn_object
from games.services.callers import Caller
from games.services.clock import transit_sample
from games.services.delivery import refusal_record, turns_mark_delivered
from games.services.errors import MoveRejected, TurnNotOpen
from games.services.matches import move_submit, turn_time_out
from games.services.notes import BadNote, note_parsed

log = logging.getLogger(__name__)


@shared_task(name="bots.webhook_turn", ignore_result=True)
def webhook_turn(match_id: int, turn: int) -> None:
    """Ask a webhook bot for its move of ``turn``; a bad or missing reply is a time-out."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.RUNNING, turn=turn).first()
    if match is None or match.to_move is None or match.deadline is None:
        return
    seat = Seat.objects.select_related("bot").filter(match=match, number=match.to_move).first()
    if seat is None or seat.bot is None or not seat.bot.webhook_url or seat.played_by_house:
        return
    bot = seat.bot
    left = (match.deadline - timezone.now()).total_seconds()
    if left <= 0:
        return  # the sweep plays the time-out
    body = json.dumps(turn_object(match, seat.number), separators=(",", ":")).encode()
    turns_mark_delivered(turns=[(match_id, seat.number, turn)])
    timing: dict[str, float] = {}
    try:
        secret = secrets_box.decrypt(bot.webhook_secret_encrypted)
        # Checked again now (DNS may have changed since sign-up), and called at that address.
        reply = signed_post(
            bot.webhook_url,
            secret=secret,
            body=body,
            timeout=min(left, settings.WEBHOOK_TIMEOUT),
            timing=timing if match.clock else None,
        )
        if "connect_ms" in timing:  # one round trip: the seat's transit (clocked matches)
            transit_sample(seat, round(timing["connect_ms"]))
        reply.raise_for_status()
        answer = reply.json()
        move = answer["move"]
        note = None
        try:
            note = note_parsed(answer.get("note"))
        except BadNote as exc:  # the move still counts; the note is dropped and the refusal told
            refusal_record(match_id=match_id, bot_id=bot.pk, code=exc.code)
        move_submit(
            match_id=match_id, caller=Caller(bot.owner_id, bot.pk), turn=turn, move=move, note=note
        )
        return
    except TurnNotOpen:
        return
    except (httpx.HTTPError, ValueError, KeyError, TypeError, ValidationError, MoveRejected) as exc:
        if isinstance(exc, MoveRejected):
            refusal_record(match_id=match_id, bot_id=bot.pk, code=exc.code)
        log.info(
            "webhook of %s gave no usable move for match %s turn %s: %s",
            bot.name,
            match_id,
            turn,
            exc,
        )
    turn_time_out(match_id=match_id, turn=turn, now_due=True)


@shared_task(name=PREFLIGHT_TASK, ignore_result=True)
def preflight_run(preflight_id: int) -> None:
    """Begin a pre-flight: the webhook check, then its match (bots/preflight.py)."""
    try:
        preflight_begin(preflight_id)
    except ServiceError as exc:  # e.g. the game's options changed: never leave it running
        preflight_fail_to_start(preflight_id, exc.detail)


@shared_task(name="bots.sightings_purge", ignore_result=True)
def sightings_purge() -> None:
    """Delete device and address sightings older than SIGHTING_DAYS (the beat, hourly)."""
    deleted = sightings.sightings_purge()
    if deleted:
        log.info("deleted %s sightings older than %s days", deleted, settings.SIGHTING_DAYS)
