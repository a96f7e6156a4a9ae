"""A bot's versions: the ``Bot-Version`` header, checked, remembered, and announced on change
(docs/bots.md, "Versions").

A bot states its version on any request with its token (``Bot-Version: 2.1``; ``bots.client
--bot-version``). The first request that states a different version makes it the bot's
current one: the matches that begin from then on record it on the bot's seats. A version new
to the bot sends ``version_changed``, and the ratings widen the bot's sigma (docs/ratings.md, "A
new version"); going back to an earlier version does not. Stating the current version again
writes nothing, so the header costs no write per request. A rival cannot grow the table
without bound: at most ``BOT_VERSIONS_PER_DAY`` new versions a bot a day, and at most
``BOT_VERSION_CHANGES_PER_HOUR`` changes of version an hour (then 429 ``too_many_versions``).
"""

from __future__ import annotations

import re
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.dispatch import Signal
from django.utils import timezone

from bots.models import Bot, BotVersion
from core.errors import ServiceError
from core.rate_limits import SlidingWindow

VERSION_LENGTH = 40
# Printable ASCII, no spaces at either end: safe in a header, a page and a file name.
VERSION_RULE = re.compile(r"[!-~](?:[ -~]{0,38}[!-~])?")
HEADER = "HTTP_BOT_VERSION"

# Sent with ``bot_id`` when a bot states a version new to it, in the transaction that notes it.
version_changed = Signal()


class BadVersion(ServiceError):
    status = 400
    code = "bad_version"


class TooManyVersions(ServiceError):
    status = 429
    code = "too_many_versions"


def version_checked(raw: str) -> str:
    """Return ``raw`` if it is a version; raise BadVersion saying what one is."""
    if not VERSION_RULE.fullmatch(raw):
        raise BadVersion(
            f"Bot-Version is 1 to {VERSION_LENGTH} printable ASCII characters, with no space "
            f"at either end, such as 2.1.0 or 2026-12-05-a; not {raw[:60]!r}"
        )
    return raw


def version_seen(bot: Bot, raw: str) -> None:
    """Note that ``bot`` states version ``raw``; make it current if it is not already."""
    version = version_checked(raw)
    if bot.version == version:
        return
    # Each change is a write under the bot's row lock: a bot that alternates two versions on
    # every request would make every request one.
    per_hour: int = settings.BOT_VERSION_CHANGES_PER_HOUR
    if not SlidingWindow("version-changes", per_hour, 3600).hit(str(bot.pk)):
        raise TooManyVersions(
            f"{bot.name} changed its version {per_hour} times in the last hour, the most an "
            f"hour; state {bot.version or 'no version'} (its current one) until then"
        )
    with transaction.atomic():
        row = Bot.objects.select_for_update().filter(pk=bot.pk).first()
        if row is None or row.version == version:
            return
        new = not BotVersion.objects.filter(bot=row, version=version).exists()
        if new:
            limit: int = settings.BOT_VERSIONS_PER_DAY
            since = timezone.now() - timedelta(hours=24)
            if BotVersion.objects.filter(bot=row, first_seen__gte=since).count() >= limit:
                raise TooManyVersions(
                    f"{row.name} stated {limit} new versions in the last 24 hours, the most a "
                    "day; state one of those, or none, until then"
                )
            try:
                with transaction.atomic():
                    BotVersion.objects.create(bot=row, version=version)
            except IntegrityError:
                pass  # a request beside this one made it first
        row.version = version
        row.save(update_fields=["version"])
        if new:  # in this transaction: the version and its wider sigma stand or fall together
            version_changed.send(sender=Bot, bot_id=row.pk)
    bot.version = version
