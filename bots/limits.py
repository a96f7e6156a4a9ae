"""The budgets a bot can read (``GET /api/v1/bot/limits``, the bot page): each limit the platform
holds it to, what it has used and when more is free (docs/bots.md, "Limits a bot can read").

Each budget is ``{"name", "scope", "limit", "used", "remaining", "window", "reset", "detail"}``:
``scope`` says who shares it (``token``, ``bot`` or ``owner``: every bot of one person);
``window`` is the seconds it counts over (null: what is open at once); ``reset`` the seconds
until one more is free (null when nothing frees by itself, or nothing is used).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Min
from django.utils import timezone

from bots.auth import RateState
from bots.holds import POLL, STREAM, hold_key, holds_count, limit_of
from bots.models import Bot, BotToken, BotVersion, Preflight
from bots.preflight import PER_DAY as PREFLIGHTS_PER_DAY
from games.models import Challenge, Match
from games.services.callers import Caller
from games.services.challenges import pending_of, sent_last_hour
from games.services.practice import running_practice_of

DAY, HOUR = 86400, 3600


@dataclass(frozen=True)
class Budget:
    name: str
    scope: str
    limit: int
    used: int | None
    window: int | None
    reset: int | None
    detail: str

    def to_json(self) -> dict[str, Any]:
        body = asdict(self)
        used = self.used
        body["remaining"] = None if used is None else max(0, self.limit - used)
        return body


def _frees_in(oldest: datetime | None, window: int) -> int | None:
    """Return the seconds until the oldest use of a window leaves it (None without one)."""
    if oldest is None:
        return None
    return max(0, round((oldest + timedelta(seconds=window) - timezone.now()).total_seconds()))


def budgets_of(
    bot: Bot, token: BotToken | None = None, rate: RateState | None = None
) -> list[Budget]:
    """Return the bot's budgets: as its ``token`` sees them (requests as ``rate`` left them,
    that token's streams and long-polls), or, without one, as its owner's page shows them."""
    caller = Caller(user_id=bot.owner_id, bot_id=bot.pk)
    practice = settings.PRACTICE_MATCH_LIMIT
    now = timezone.now()
    day_ago, hour_ago = now - timedelta(days=1), now - timedelta(hours=1)
    started = Match.objects.filter(
        status=Match.Status.RUNNING,
        kind__in=[Match.Kind.PRACTICE, Match.Kind.CHALLENGE],
        created_by_id=bot.owner_id,
    ).count()
    checks = Preflight.objects.filter(bot=bot, created_at__gte=day_ago)
    sent = Challenge.objects.filter(challenger_bot=bot, created_at__gt=hour_ago)
    versions = BotVersion.objects.filter(bot=bot, first_seen__gte=day_ago)
    requests_limit: int = settings.BOT_RATE_LIMIT
    budgets = [
        Budget(
            "requests",
            "token",
            requests_limit,
            None if rate is None else requests_limit - rate.remaining,
            60,
            None if rate is None else round(rate.reset),
            "requests in any 60 seconds per token; beyond, 429 throttled",
        ),
        Budget(
            "practice_matches",
            "bot",
            practice,
            running_practice_of(caller).count(),
            None,
            None,
            "running practice and challenge matches this bot plays in; beyond, 409 "
            "too_many_matches",
        ),
        Budget(
            "practice_matches_started",
            "owner",
            practice,
            started,
            None,
            None,
            "running practice and challenge matches its owner started, with all their bots",
        ),
        Budget(
            "preflight_checks",
            "bot",
            PREFLIGHTS_PER_DAY,
            checks.count(),
            DAY,
            _frees_in(checks.aggregate(at=Min("created_at"))["at"], DAY),
            "pre-flight checks started in 24 hours; beyond, 409 too_many_preflights",
        ),
        Budget(
            "challenges_waiting",
            "owner",
            practice,
            pending_of(caller).count(),
            None,
            None,
            "challenges of its owner's bots waiting for an answer; beyond, 409 "
            "too_many_challenges",
        ),
        Budget(
            "challenges_per_hour",
            "bot",
            settings.CHALLENGES_PER_HOUR,
            sent_last_hour(caller),
            HOUR,
            _frees_in(sent.aggregate(at=Min("created_at"))["at"], HOUR),
            "challenges this bot made in an hour; beyond, 409 too_many_challenges",
        ),
        Budget(
            "versions_per_day",
            "bot",
            settings.BOT_VERSIONS_PER_DAY,
            versions.count(),
            DAY,
            _frees_in(versions.aggregate(at=Min("first_seen"))["at"], DAY),
            "new versions stated in 24 hours; beyond, 429 too_many_versions",
        ),
    ]
    for kind, name, what in ((STREAM, "event_streams", "event streams"),
                             (POLL, "long_polls", "waiting long-polls")):
        held = None if token is None else holds_count(kind=kind, token=hold_key(token.digest))
        budgets.append(
            Budget(
                name,
                "token",
                limit_of(kind),
                held,
                None,
                None,
                f"{what} open at once per token; one more closes the oldest (superseded)",
            )
        )
    return budgets
