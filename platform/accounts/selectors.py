"""Reads for account pages: a person's profile, time zone and bots."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from accounts.models import Profile, time_zone_names
from bots.models import Bot


def time_zone_of(user: AbstractBaseUser | AnonymousUser) -> str | None:
    """Return the time zone a signed-in person chose, None for anyone else or no choice."""
    if not user.is_authenticated:
        return None
    zone = Profile.objects.filter(user_id=user.pk).values_list("time_zone", flat=True).first()
    return _known(zone)


async def atime_zone_of(user: AbstractBaseUser | AnonymousUser) -> str | None:
    """Return the time zone a signed-in person chose (async)."""
    if not user.is_authenticated:
        return None
    rows = Profile.objects.filter(user_id=user.pk).values_list("time_zone", flat=True)
    return _known(await rows.afirst())


def _known(zone: str | None) -> str | None:
    # A zone dropped from a later tz database falls back to the default instead of a 500.
    return zone if zone in time_zone_names() else None


def bots_of(user: AbstractBaseUser) -> QuerySet[Bot]:
    """Return the active bots ``user`` owns."""
    return Bot.objects.filter(owner_id=user.pk, is_active=True)


def bot_of(user: AbstractBaseUser, bot_id: int) -> Bot:
    """Return one active bot of ``user``; 404 when it is not theirs or is retired."""
    return get_object_or_404(bots_of(user), pk=bot_id)
