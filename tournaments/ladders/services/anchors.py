"""House anchors: house strategies that play every ladder as fixed entrants.

An anchor is rated like a bot: each strategy plays under a ``bots.Bot`` row owned by a system
user that cannot sign in, and its ladder seats are house seats that carry that bot, which the
rating code rates in the bots pool. Their strength never changes, so they tie the bots' scale
down. Anchors need no pre-flight and are never suspended.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from bots.models import Bot
from tournaments.ladders.models import Ladder, LadderEntry

ANCHORS = ("house:random", "house:greedy", "house:ismcts")
SYSTEM_USER = "house-anchors"


def _system_user() -> object:
    user_model = get_user_model()
    user = user_model.objects.filter(username=SYSTEM_USER).first()
    if user is None:
        user = user_model(username=SYSTEM_USER, is_active=False)
        user.set_unusable_password()
        user.save()
    return user


def anchor_bot(strategy: str) -> Bot:
    """Return the bot row an anchor is rated as, made on first use (``house-greedy``, …)."""
    entry = LadderEntry.objects.filter(anchor=strategy).select_related("bot").first()
    if entry is not None:
        return entry.bot
    user = _system_user()
    base = strategy.replace(":", "-")
    for name in [base, *(f"{base}-{n}" for n in range(1, 10))]:
        bot = Bot.objects.filter(name=name).first()
        if bot is None:
            return Bot.objects.create(
                owner=user, name=name, description=f"The {strategy} house strategy, a ladder anchor"
            )
        if bot.owner_id == getattr(user, "pk", None):
            return bot
    raise RuntimeError(f"no free bot name for the anchor {strategy}")


def anchors_ensure(ladder: Ladder) -> None:
    """Put every house anchor on ``ladder`` (active), once."""
    have = set(ladder.entries.exclude(anchor="").values_list("anchor", flat=True))
    missing = [strategy for strategy in ANCHORS if strategy not in have]
    if not missing:
        return
    now = timezone.now()
    with transaction.atomic():
        for strategy in missing:
            LadderEntry.objects.get_or_create(
                ladder=ladder,
                bot=anchor_bot(strategy),
                defaults={"anchor": strategy, "status_changed_at": now, "joined_at": now},
            )
