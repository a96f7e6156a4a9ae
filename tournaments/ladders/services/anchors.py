"""House anchors: house strategies that play every ladder as fixed entrants.

An anchor is rated like a bot: each strategy plays under a ``bots.Bot`` row owned by a system
user that cannot sign in, and its ladder seats are house seats that carry that bot, which the
rating code rates in the bots pool. Their strength never changes, so they tie the bots' scale
down. Anchors need no pre-flight and are never suspended.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.utils import timezone

from bots.models import Bot
from games.engine import strategies
from tournaments.ladders.models import Ladder, LadderEntry

# A colon is not allowed in the user names people sign up with, so nobody can hold this one.
SYSTEM_USER = "house:anchors"


def _system_user() -> Any:
    user, made = get_user_model().objects.get_or_create(
        username=SYSTEM_USER, defaults={"is_active": False}
    )
    if made:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def anchor_bot(strategy: str) -> Bot:
    """Return the bot row an anchor is rated as, made on first use (``house-greedy``, …)."""
    entry = LadderEntry.objects.filter(anchor=strategy).select_related("bot").first()
    if entry is not None:
        return entry.bot
    user = _system_user()
    base = strategy.replace(":", "-")
    for name in [base, *(f"{base}-{n}" for n in range(1, 10))]:
        # get_or_create: two first joins at once make one row, and both use it.
        bot, _ = Bot.objects.get_or_create(
            name=name,
            defaults={
                "owner": user,
                "description": f"The {strategy} house strategy (a ladder anchor)",
            },
        )
        if bot.owner_id == user.pk:
            return bot
    raise RuntimeError(f"no free bot name for the anchor {strategy}")


def anchor_strategies() -> list[str]:
    """Return the house strategies that anchor the ladders (``LADDER_ANCHORS``)."""
    chosen = list(settings.LADDER_ANCHORS)
    unknown = [name for name in chosen if name not in strategies.names()]
    if unknown:
        raise ImproperlyConfigured(f"LADDER_ANCHORS names unknown strategies: {unknown}")
    return chosen


def anchors_ensure(ladder: Ladder) -> None:
    """Put every house anchor on ``ladder`` (active), once; take off those no longer chosen."""
    chosen = anchor_strategies()
    anchors = ladder.entries.exclude(anchor="")
    active = LadderEntry.Status.ACTIVE
    have = dict(anchors.values_list("anchor", "status"))
    if {name for name, status in have.items() if status == active} == set(chosen):
        return
    now = timezone.now()
    with transaction.atomic():
        anchors.exclude(anchor__in=chosen).update(
            status=LadderEntry.Status.LEFT, status_changed_at=now
        )
        anchors.filter(anchor__in=chosen).exclude(status=active).update(
            status=active, status_changed_at=now
        )
        for strategy in chosen:
            if strategy not in have:
                LadderEntry.objects.get_or_create(
                    ladder=ladder,
                    bot=anchor_bot(strategy),
                    defaults={"anchor": strategy, "status_changed_at": now, "joined_at": now},
                )
