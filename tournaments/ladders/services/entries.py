"""Joining and leaving a ladder, and suspending a failing bot from it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from bots.models import Bot
from bots.preflight import passed_recently
from tournaments.ladders.models import LadderEntry
from tournaments.ladders.services.errors import (
    NotAllowed,
    NotFound,
    PreflightRequired,
    TournamentError,
)
from tournaments.ladders.services.events import ladder_changed
from tournaments.ladders.services.ladders import ladder_check, ladder_get


def preflight_refusal(bot: Bot, game: str) -> str | None:
    """Return why ``bot`` may not join the ladder of ``game`` for want of a pre-flight check,
    None if it passed one of that game in the last PREFLIGHT_VALID_HOURS (and, after a
    suspension from this ladder, since the suspension)."""
    suspended = (
        LadderEntry.objects.filter(bot=bot, ladder__game=game, status=LadderEntry.Status.SUSPENDED)
        .values_list("status_changed_at", flat=True)
        .first()
    )
    if passed_recently(bot, game, after=suspended):
        return None
    if suspended is not None:
        return (
            f"{bot.name} was suspended from the {game} ladder: it rejoins after a new pre-flight "
            f'check (POST /api/v1/bots/{bot.pk}/preflight with {{"game": "{game}"}})'
        )
    return (
        f"a ladder takes only bots that passed a pre-flight check of {game} in the last "
        f"{settings.PREFLIGHT_VALID_HOURS} hours: run one (POST /api/v1/bots/{bot.pk}/preflight "
        f'with {{"game": "{game}"}}, or the button on the bot\'s page)'
    )


def _bot_to_enter(*, bot_name: str | None, user: Any, as_bot: Bot | None) -> Bot:
    """Return the bot a request acts for: a token's own bot, or one of the signed-in owner's."""
    if as_bot is not None:
        if bot_name is not None and bot_name != as_bot.name:
            raise NotAllowed(
                "a bot token acts only as its bot: it joins or leaves itself, never another bot"
            )
        bot = as_bot
    else:
        if bot_name is None:
            raise TournamentError('name the bot: {"bot": name}', code="invalid")
        found = Bot.objects.filter(name=bot_name).first()
        if found is None:
            raise NotFound(f"no bot {bot_name!r}")
        if found.owner_id != getattr(user, "pk", None):
            raise NotAllowed(f"bot {found.name!r} is not yours")
        bot = found
    if LadderEntry.objects.filter(bot=bot).exclude(anchor="").exists():
        raise NotAllowed(f"{bot.name} is a house anchor: the platform runs it")
    return bot


def entry_join(
    *, game: str, user: Any, bot_name: str | None = None, as_bot: Bot | None = None
) -> tuple[LadderEntry, bool]:
    """Put a bot on the ladder of ``game`` (again, after leaving or a suspension).

    Return the entry and whether it changed (False: it was already on the ladder).
    """
    ladder_check(game)
    bot = _bot_to_enter(bot_name=bot_name, user=user, as_bot=as_bot)
    if not bot.is_active:
        raise TournamentError(f"bot {bot.name!r} is retired", code="inactive_bot")
    if not bot.plays(game):
        raise TournamentError(f"bot {bot.name!r} does not play {game}", code="bad_game")
    refusal = preflight_refusal(bot, game)
    if refusal is not None:
        raise PreflightRequired(refusal)
    ladder = ladder_get(game=game)  # made, with its anchors, on the first join
    now = timezone.now()
    with transaction.atomic():
        entry, made = LadderEntry.objects.select_for_update().get_or_create(
            ladder=ladder, bot=bot, defaults={"status_changed_at": now, "joined_at": now}
        )
        if not made and entry.status == LadderEntry.Status.ACTIVE:
            return entry, False
        if not made:
            entry.status = LadderEntry.Status.ACTIVE
            entry.reason = ""
            entry.status_changed_at = now
            entry.joined_at = now
            entry.forfeits_in_a_row = 0
            entry.save(
                update_fields=[
                    "status",
                    "reason",
                    "status_changed_at",
                    "joined_at",
                    "forfeits_in_a_row",
                ]
            )
        ladder_changed(ladder_id=ladder.pk, reason="joined")
    return entry, True


def entry_leave(
    *, game: str, user: Any, bot_name: str | None = None, as_bot: Bot | None = None
) -> LadderEntry:
    """Take a bot off the ladder of ``game``; its running ladder matches play on to the end."""
    ladder_check(game)
    bot = _bot_to_enter(bot_name=bot_name, user=user, as_bot=as_bot)
    with transaction.atomic():
        entry = LadderEntry.objects.select_for_update().filter(ladder__game=game, bot=bot).first()
        if entry is None:
            raise NotFound(f"{bot.name} is not on the {game} ladder")
        if entry.status != LadderEntry.Status.LEFT:
            entry.status = LadderEntry.Status.LEFT
            entry.status_changed_at = timezone.now()
            entry.save(update_fields=["status", "status_changed_at"])
            ladder_changed(ladder_id=entry.ladder_id, reason="left")
    return entry


def entry_suspend(*, entry: LadderEntry, reason: str) -> None:
    """Suspend a failing bot from its ladder with the reason (anchors never are)."""
    if entry.is_anchor or entry.status != LadderEntry.Status.ACTIVE:
        return
    entry.status = LadderEntry.Status.SUSPENDED
    entry.reason = reason[:200]
    entry.status_changed_at = timezone.now()
    entry.save(update_fields=["status", "reason", "status_changed_at"])
    ladder_changed(ladder_id=entry.ladder_id, reason="suspended")
