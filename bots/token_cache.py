"""A short cache of token lookups: a bare bot request reads its token without a query.

The token row (with its bot and the bot's owner) is kept in the cache (Redis scaled out, the
process's memory embedded) for ``TOKEN_CACHE_SECONDS`` under the token's digest. Every change
that could make a kept row wrong forgets it at once: a token issued with rotation or revoked
(``bots.services``), and any save or deletion of a bot or a token (the receivers below, wired in
``bots.apps``). Only tokens that were found are kept: an unknown token is looked up each time, so
made-up tokens cannot fill the cache, and a bot has at most ``TOKENS_PER_BOT`` active tokens.

Should the cache be unreachable, the lookup reads the database; should it have been unreachable
when a token was revoked, a copy it kept from before stops working within
``TOKEN_CACHE_SECONDS`` (docs/bots.md, "Tokens").
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError

from bots.models import Bot, BotToken

log = logging.getLogger(__name__)
UNREACHABLE = (RedisError, ConnectionError, OSError)


def _key(digest: str) -> str:
    return f"bot-token:{digest}"


def token_cached(digest: str) -> BotToken | None:
    """Return the kept row of the token with ``digest``, None if none is kept."""
    if settings.TOKEN_CACHE_SECONDS <= 0:
        return None
    try:
        row = cache.get(_key(digest))
    except UNREACHABLE as exc:
        log.warning("the token cache is unreachable (%r): reading the database", exc)
        return None
    return row if isinstance(row, BotToken) else None


def token_keep(row: BotToken) -> None:
    """Keep ``row`` (its bot and owner loaded) for ``TOKEN_CACHE_SECONDS``."""
    if settings.TOKEN_CACHE_SECONDS <= 0:
        return
    try:
        cache.set(_key(row.digest), row, settings.TOKEN_CACHE_SECONDS)
    except UNREACHABLE as exc:
        log.warning("the token cache is unreachable (%r)", exc)


def tokens_forget(digests: Iterable[str]) -> None:
    """Forget the kept rows of these tokens."""
    keys = [_key(digest) for digest in digests]
    if not keys:
        return
    try:
        cache.delete_many(keys)
    except UNREACHABLE as exc:
        log.warning("the token cache is unreachable (%r): kept tokens expire on their own", exc)


def bot_tokens_forget(bot_id: int) -> None:
    """Forget the kept rows of every token of a bot."""
    active = BotToken.objects.filter(bot_id=bot_id, revoked_at__isnull=True)  # TOKENS_PER_BOT
    tokens_forget(active.values_list("digest", flat=True))


def bot_changed(*, instance: Bot, **kwargs: Any) -> None:
    """A bot was saved or deleted: its tokens' kept rows carry the old bot."""
    bot_tokens_forget(instance.pk)


def token_changed(*, instance: BotToken, **kwargs: Any) -> None:
    """A token was saved or deleted."""
    tokens_forget([instance.digest])
