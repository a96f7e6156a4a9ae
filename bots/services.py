"""Bot accounts: create, tokens (shown once, stored as SHA-256), webhooks."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from bots import secrets_box
from bots.models import Bot, BotToken
from bots.token_cache import token_cached, token_keep, tokens_forget
from bots.webhooks import webhook_target
from games import engine
from games.services.errors import Conflict

TOKEN_PREFIX = "ctb_"


def token_digest(token: str) -> str:
    """Return the SHA-256 hex digest under which a token is stored."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class IssuedToken:
    """A new token: ``token`` is shown to the owner once and never stored."""

    token: str
    row: BotToken


def token_issue(*, bot: Bot, revoke_others: bool = False) -> IssuedToken:
    """Issue a new token for ``bot``; with ``revoke_others`` it rotates (revokes the old ones)."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        Bot.objects.select_for_update().filter(pk=bot.pk).first()  # one issue at a time
        limit: int = settings.TOKENS_PER_BOT
        if not revoke_others and bot.tokens.filter(revoked_at__isnull=True).count() >= limit:
            raise TooManyTokens(limit)
        if revoke_others:
            old = bot.tokens.filter(revoked_at__isnull=True)
            revoked = list(old.values_list("digest", flat=True))
            old.update(revoked_at=timezone.now())
            tokens_forget(revoked)  # now, and after the commit (a lookup may keep it meanwhile)
            transaction.on_commit(lambda: tokens_forget(revoked))
        row = BotToken.objects.create(bot=bot, digest=token_digest(token), prefix=token[:10])
        _revoked_tokens_trim(bot)
    return IssuedToken(token, row)


# Revoked tokens kept per bot (its page lists them): a rotation adds one each time, so without a
# bound one bot's list grew without end (a rival review of 2026-12-07). A token dropped from
# the list answers as a revoked one does: 401, "the token is unknown or revoked".
REVOKED_TOKENS_KEPT = 20


def _revoked_tokens_trim(bot: Bot) -> None:
    revoked = bot.tokens.filter(revoked_at__isnull=False).order_by("-revoked_at", "-id")
    old = list(revoked.values_list("pk", flat=True)[REVOKED_TOKENS_KEPT:])
    if old:
        BotToken.objects.filter(pk__in=old).delete()


def token_revoke(*, bot: Bot, token_id: int | None = None) -> int:
    """Revoke one token of ``bot`` (or all of them); return how many were revoked."""
    tokens = bot.tokens.filter(revoked_at__isnull=True)
    if token_id is not None:
        tokens = tokens.filter(pk=token_id)
    revoked = list(tokens.values_list("digest", flat=True))
    count = tokens.update(revoked_at=timezone.now())
    tokens_forget(revoked)  # now, and again after the commit (a lookup may have kept it since)
    transaction.on_commit(lambda: tokens_forget(revoked))
    return count


def token_authenticate(token: str) -> BotToken | None:
    """Return the active token row for ``token``, looked up by digest, or None."""
    if not token.startswith(TOKEN_PREFIX) or len(token) > 200:
        return None
    digest = token_digest(token)
    row = token_cached(digest)  # bots/token_cache.py: kept briefly, forgotten on any change
    if row is None:
        row = (
            BotToken.objects.select_related("bot", "bot__owner")
            # Never kept in the cache: the owner's password hash and the webhook secret.
            .defer("bot__owner__password", "bot__webhook_secret_encrypted")
            .filter(digest=digest, revoked_at__isnull=True, bot__is_active=True)
            .first()
        )
        if row is None:
            return None
        token_keep(row)
    now = timezone.now()
    if row.last_used_at is None or now - row.last_used_at > timedelta(minutes=1):
        BotToken.objects.filter(pk=row.pk).update(last_used_at=now)
        row.last_used_at = now
        token_keep(row)
    return row


def bot_retire(*, bot: Bot) -> None:
    """Retire a bot: revoke its tokens and hide it; its matches and name stay on record."""
    with transaction.atomic():
        token_revoke(bot=bot)
        bot.is_active = False
        bot.save(update_fields=["is_active"])


def webhook_url_check(url: str) -> None:
    """Refuse a webhook URL that is not https (or http to an allowed host) or is not public."""
    webhook_target(url)


def _check_games(games: list[str]) -> None:
    unknown = [g for g in games if g not in engine.names()]
    if unknown:
        raise ValidationError(f"unknown games {unknown}; known: {engine.names()}")


class TooManyTokens(Conflict):
    """The bot already has TOKENS_PER_BOT active tokens (409 ``too_many_tokens``)."""

    code = "too_many_tokens"

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"a bot may have at most {limit} active tokens (TOKENS_PER_BOT): revoke one, or "
            "rotate (which revokes the others)"
        )
        self.limit = limit


class TooManyBots(Conflict):
    """The person already has BOTS_PER_PERSON active bots (409 ``too_many_bots``)."""

    code = "too_many_bots"

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"a person may have at most {limit} active bots (BOTS_PER_PERSON), and you have "
            f"{limit}: retire one to make another"
        )
        self.limit = limit


@dataclass(frozen=True)
class CreatedBot:
    """A new bot with its first token and, for a webhook bot, its signing secret (shown once)."""

    bot: Bot
    token: str
    webhook_secret: str | None


def bot_create(
    *,
    owner: AbstractBaseUser,
    name: str,
    games: list[str] | None = None,
    webhook_url: str = "",
    description: str = "",
    accepts_challenges: bool = False,
    auto_accept_per_hour: int | None = None,
    notes_public: bool | None = None,
    plays_with_people: bool | None = None,
) -> CreatedBot:
    """Create a bot and its first token."""
    games = list(games or [])
    _check_games(games)
    secret = None
    if webhook_url:
        webhook_url_check(webhook_url)
        secret = secrets.token_urlsafe(32)
    bot = Bot(
        owner=owner,
        name=name,
        games=games,
        webhook_url=webhook_url,
        description=description,
        accepts_challenges=accepts_challenges,
        webhook_secret_encrypted=secrets_box.encrypt(secret) if secret else "",
    )
    if auto_accept_per_hour is not None:
        bot.auto_accept_per_hour = auto_accept_per_hour
    if notes_public is not None:
        bot.notes_public = notes_public
    if plays_with_people is not None:
        bot.plays_with_people = plays_with_people
    bot.full_clean()
    with transaction.atomic():
        # One creation per person at a time (the owner's row is the lock), so a burst of
        # parallel requests cannot all pass the count below.
        get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
        limit: int = settings.BOTS_PER_PERSON
        if Bot.objects.filter(owner_id=owner.pk, is_active=True).count() >= limit:
            raise TooManyBots(limit)
        bot.save()
        issued = token_issue(bot=bot)
    return CreatedBot(bot, issued.token, secret)


def bot_update(
    *,
    bot: Bot,
    games: list[str] | None = None,
    webhook_url: str | None = None,
    description: str | None = None,
    accepts_challenges: bool | None = None,
    auto_accept_per_hour: int | None = None,
    notes_public: bool | None = None,
    plays_with_people: bool | None = None,
) -> str | None:
    """Change a bot; return a new webhook secret when the bot newly gets a webhook."""
    new_secret = None
    if games is not None:
        _check_games(games)
        bot.games = games
    if webhook_url is not None:
        if webhook_url:
            webhook_url_check(webhook_url)
            if not bot.webhook_secret_encrypted:
                new_secret = secrets.token_urlsafe(32)
                bot.webhook_secret_encrypted = secrets_box.encrypt(new_secret)
        else:
            bot.webhook_secret_encrypted = ""
        bot.webhook_url = webhook_url
    if description is not None:
        bot.description = description
    if accepts_challenges is not None:
        bot.accepts_challenges = accepts_challenges
    if auto_accept_per_hour is not None:
        bot.auto_accept_per_hour = auto_accept_per_hour
    if notes_public is not None:
        bot.notes_public = notes_public
    if plays_with_people is not None:
        # Consent to events with people: checked when the bot enters one; entries made before
        # it was withdrawn stay (docs/bots.md, "Events with people").
        bot.plays_with_people = plays_with_people
    bot.full_clean()
    bot.save()
    return new_secret


def webhook_secret_rotate(*, bot: Bot) -> str:
    """Give a webhook bot a new signing secret; return it (shown once)."""
    if not bot.webhook_url:
        raise ValidationError("this bot has no webhook")
    secret = secrets.token_urlsafe(32)
    bot.webhook_secret_encrypted = secrets_box.encrypt(secret)
    bot.save(update_fields=["webhook_secret_encrypted"])
    return secret
