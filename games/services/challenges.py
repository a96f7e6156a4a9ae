"""Challenges: a match against another person's bot starts only when that bot accepts.

The challenged bot sees pending challenges on its long-poll and event stream and answers by
its token, or its owner answers from a session. Unanswered challenges expire. An owner may let
a bot auto-accept, at most ``auto_accept_per_hour`` an hour; beyond it challenges wait.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from bots.models import Bot
from core import events
from games.dispatch import bot_group
from games.models import Challenge, Match
from games.services.callers import Caller
from games.services.errors import BadOptions, Conflict, NotFound
from games.services.matches import match_create
from games.services.practice import practice_limit_check, rows_lock, seat_spec, seats_needed

PENDING = Challenge.Status.PENDING
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ChallengeSpec:
    """What a challenger asks for: the rival bot, the game and how the match is set up."""

    bot: str
    game: str
    options: dict[str, Any]
    seats: list[Any] | None = None
    move_timeout: float | None = None
    expires_in: float | None = None


def _is_rival(entry: Any, rival: Bot) -> bool:
    return isinstance(entry, dict) and entry == {"bot": rival.name}


def _entries(spec: ChallengeSpec, rival: Bot) -> list[Any]:
    needed = seats_needed(spec.game, spec.options)
    if not spec.seats:
        return ["me", {"bot": rival.name}] + ["house:greedy"] * (needed - 2)
    entries = list(spec.seats)
    if entries.count("me") != 1 or sum(_is_rival(e, rival) for e in entries) != 1:
        raise BadOptions(
            f"the seats must hold 'me' and {{\"bot\": {rival.name!r}}} once each", code="bad_seat"
        )
    if len(entries) != needed:
        raise BadOptions(f"{spec.game} with these options needs {needed} seats, not {len(entries)}")
    return entries


def pending_of(caller: Caller) -> QuerySet[Challenge]:
    """Return the pending challenges of the caller's owner and all their bots: many bots of
    one owner share one limit."""
    return Challenge.objects.filter(
        challenger_user_id=caller.user_id, status=PENDING, expires_at__gt=timezone.now()
    )


def sent_last_hour(caller: Caller) -> int:
    """Return the challenges the calling bot (or, without a bot, the person) made in an hour:
    creating and cancelling has a bound of its own, whatever became of them."""
    since = timezone.now() - timedelta(hours=1)
    mine = Challenge.objects.filter(created_at__gt=since)
    if caller.bot_id is not None:
        return mine.filter(challenger_bot_id=caller.bot_id).count()
    return mine.filter(challenger_user_id=caller.user_id, challenger_bot__isnull=True).count()


def challenge_create(*, caller: Caller, spec: ChallengeSpec) -> Challenge:
    """Ask another person's bot for a match; it starts at once only if the bot auto-accepts."""
    rival = Bot.objects.filter(name=spec.bot, is_active=True).select_related("owner").first()
    if rival is None:
        raise BadOptions(f"no bot named {spec.bot!r}", code="unknown_bot")
    if rival.owner_id == caller.user_id:
        raise BadOptions(
            f"{rival.name} is your own bot: start the match with POST /api/v1/matches",
            code="not_a_challenge",
        )
    if not rival.plays(spec.game):
        raise BadOptions(f"{rival.name} does not play {spec.game}", code="not_accepted")
    ttl = settings.CHALLENGE_TTL if spec.expires_in is None else spec.expires_in
    if not 1 <= ttl <= settings.CHALLENGE_TTL:
        raise BadOptions(
            f"expires_in must be between 1 and {settings.CHALLENGE_TTL:g} seconds",
            code="bad_request",
        )
    if spec.move_timeout is not None and not 0.5 <= spec.move_timeout <= 86400:
        raise BadOptions("move_timeout must be between 0.5 and 86400 seconds")
    entries = _entries(spec, rival)
    for entry in entries:
        seat_spec(entry, caller, spec.game, rival)
    with transaction.atomic():
        # The rival's row too: its hourly auto-accept count must not race.
        rows_lock([caller.user_id], [caller.bot_id, rival.pk])
        limit = settings.PRACTICE_MATCH_LIMIT
        if pending_of(caller).count() >= limit:
            raise Conflict(
                f"you already have {limit} challenges waiting for an answer (at most {limit}): "
                "wait for them, or cancel one (POST /api/v1/challenges/{id}/cancel)",
                code="too_many_challenges",
            )
        hourly = settings.CHALLENGES_PER_HOUR
        if sent_last_hour(caller) >= hourly:
            who = "this bot" if caller.bot_id is not None else "you"
            raise Conflict(
                f"{who} made {hourly} challenges in the last hour (at most CHALLENGES_PER_HOUR, "
                f"{hourly}, whether answered, cancelled or not): wait a while",
                code="too_many_challenges",
            )
        challenge = Challenge.objects.create(
            challenger_user_id=caller.user_id,
            challenger_bot_id=caller.bot_id,
            challenged_bot=rival,
            game=spec.game,
            options=spec.options,
            seats=entries,
            move_timeout=spec.move_timeout,
            expires_at=timezone.now() + timedelta(seconds=ttl),
        )
        if rival.accepts_challenges:
            _auto_accept(challenge, rival)
        if challenge.status == PENDING:
            transaction.on_commit(lambda: _wake(rival.pk, challenge.pk))
    return challenge


def _auto_accept(challenge: Challenge, rival: Bot) -> None:
    """Accept at once if the rival's hourly cap and the terms allow; otherwise say why it waits.

    Only plain terms are accepted unseen: the platform's move time-out (a challenger's 0.5 s
    would make a remote bot time out; a day's would hold its practice slots), and no seat for
    another bot of the challenger's (three of one owner's seats against one share cards).
    """
    unusual = _unusual_terms(challenge, rival)
    if unusual:
        challenge.reason = f"not auto-accepted: {unusual}; waiting for the bot or its owner"
        challenge.save(update_fields=["reason"])
        return
    hour_ago = timezone.now() - timedelta(hours=1)
    used = Challenge.objects.filter(
        challenged_bot=rival, auto_accepted=True, answered_at__gte=hour_ago
    ).count()
    if used >= rival.auto_accept_per_hour:
        challenge.reason = (
            f"auto-accept cap reached ({rival.auto_accept_per_hour} an hour): "
            "waiting for the bot or its owner to answer"
        )
        challenge.save(update_fields=["reason"])
        return
    try:
        with transaction.atomic():
            _start(challenge, auto=True)
    except Conflict as exc:
        challenge.reason = f"not auto-accepted: {exc.detail}"
        challenge.save(update_fields=["reason"])


def _unusual_terms(challenge: Challenge, rival: Bot) -> str:
    """Return why these terms need a person's or the bot's own answer ("" when plain)."""
    if challenge.move_timeout is not None:
        return "it sets its own move_timeout"
    for entry in challenge.seats:
        if isinstance(entry, dict) and entry.get("bot") != rival.name:
            return f"it seats another bot of the challenger's ({entry.get('bot')})"
    return ""


def _wake(bot_id: int, challenge_id: int) -> None:
    message = {"type": "bot.wake", "kind": "challenge", "challenge": challenge_id}
    try:
        events.group_send(bot_group(bot_id), message)
    except Exception:  # a lost wake-up only delays the news to the bot's next poll
        log.exception("could not wake bot %s", bot_id)


def _challenger_of(challenge: Challenge) -> Caller:
    return Caller(user_id=challenge.challenger_user_id, bot_id=challenge.challenger_bot_id)


def _start(challenge: Challenge, *, auto: bool = False) -> None:
    """Create the match of an accepted challenge (both sides within their limits)."""
    challenger = _challenger_of(challenge)
    rival = Caller(user_id=challenge.challenged_bot.owner_id, bot_id=challenge.challenged_bot_id)
    rows_lock([challenger.user_id], [challenger.bot_id, rival.bot_id])
    practice_limit_check(challenger, who="the challenger")
    practice_limit_check(rival, who=challenge.challenged_bot.name, owner_too=False)
    specs = [
        seat_spec(entry, challenger, challenge.game, challenge.challenged_bot)
        for entry in challenge.seats
    ]
    challenge.match = match_create(
        game=challenge.game,
        seats=specs,
        options=challenge.options,
        move_timeout=challenge.move_timeout,
        created_by_id=challenge.challenger_user_id,
        kind=Match.Kind.CHALLENGE,
    )
    challenge.status = Challenge.Status.ACCEPTED
    challenge.auto_accepted = auto
    challenge.reason = ""
    challenge.answered_at = timezone.now()
    challenge.save()


def _answerable(challenge_id: int, caller: Caller, *, challenger: bool) -> Challenge:
    """Lock and return a challenge the caller may answer (or cancel); expire it if due."""
    challenge = (
        Challenge.objects.select_for_update()
        .select_related("challenged_bot")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None or not _may_answer(challenge, caller, challenger=challenger):
        raise NotFound(f"no challenge {challenge_id} for you to answer")
    if challenge.status == PENDING and challenge.expires_at <= timezone.now():
        challenge.status = Challenge.Status.EXPIRED
        challenge.save(update_fields=["status"])
    return challenge


def _may_answer(challenge: Challenge, caller: Caller, *, challenger: bool) -> bool:
    if challenger:
        if caller.bot_id is not None:
            return challenge.challenger_bot_id == caller.bot_id
        return challenge.challenger_user_id == caller.user_id
    if caller.bot_id is not None:
        return challenge.challenged_bot_id == caller.bot_id
    return challenge.challenged_bot.owner_id == caller.user_id


def _still_pending(challenge: Challenge) -> None:
    if challenge.status == Challenge.Status.EXPIRED:
        raise Conflict(
            f"challenge {challenge.pk} expired at {challenge.expires_at.isoformat()}",
            code="challenge_expired",
        )
    if challenge.status != PENDING:
        raise Conflict(
            f"challenge {challenge.pk} is already {challenge.status}", code="challenge_not_pending"
        )


def _answer(challenge_id: int, caller: Caller, status: str, *, challenger: bool) -> Challenge:
    with transaction.atomic():
        challenge = _answerable(challenge_id, caller, challenger=challenger)
        if challenge.status == PENDING:
            if status == Challenge.Status.ACCEPTED:
                _start(challenge)
            else:
                challenge.status = status
                challenge.answered_at = timezone.now()
                challenge.save(update_fields=["status", "answered_at"])
            return challenge
    # Raised after the block, so that an expiry found just now is saved.
    _still_pending(challenge)
    return challenge


def challenge_accept(*, challenge_id: int, caller: Caller) -> Challenge:
    """Accept a challenge to the caller's bot: the match starts now."""
    return _answer(challenge_id, caller, Challenge.Status.ACCEPTED, challenger=False)


def challenge_decline(*, challenge_id: int, caller: Caller) -> Challenge:
    """Decline a challenge to the caller's bot."""
    return _answer(challenge_id, caller, Challenge.Status.DECLINED, challenger=False)


def challenge_cancel(*, challenge_id: int, caller: Caller) -> Challenge:
    """Withdraw a challenge the caller made, while it waits for an answer."""
    return _answer(challenge_id, caller, Challenge.Status.CANCELLED, challenger=True)


def challenges_mark_delivered(*, challenge_ids: list[int]) -> int:
    """Record that these challenges were shown to their bot; return how many were new."""
    return Challenge.objects.filter(pk__in=challenge_ids, delivered_at__isnull=True).update(
        delivered_at=timezone.now()
    )


def challenges_expire() -> int:
    """Mark every pending challenge past its time as expired; return how many."""
    return Challenge.objects.filter(status=PENDING, expires_at__lte=timezone.now()).update(
        status=Challenge.Status.EXPIRED
    )
