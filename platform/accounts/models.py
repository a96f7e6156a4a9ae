"""A person's preferences, kept beside Django's user model."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _


@cache
def time_zone_names() -> frozenset[str]:
    """Return the IANA time zone names this machine knows."""
    # available_timezones() walks the tz database on disk; once per process is enough.
    return frozenset(zoneinfo.available_timezones())


def validate_time_zone(value: str) -> None:
    """Refuse a name that is not an IANA time zone."""
    if value not in time_zone_names():
        raise ValidationError(
            _("%(value)r is not a known time zone (e.g. Europe/Lisbon)") % {"value": value}
        )


class Profile(models.Model):
    """One person's settings: for now, the time zone pages show times in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    # The language chosen through the header's switch (/i18n/setlang/); "" = none yet, so the
    # browser's cookie or Accept-Language decides. Applied at sign-in (accounts/language.py).
    language = models.CharField(max_length=16, blank=True, default="")

    def __str__(self) -> str:
        return f"profile of {self.user}"


class Follow(models.Model):
    """A person following one player: another person (``user``) or a bot (``bot``).

    Private: only the follower sees whom they follow; the followed see how many follow them
    (docs/accounts.md, "Following").
    """

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follows"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="followers",
    )
    bot = models.ForeignKey(
        "bots.Bot", null=True, blank=True, on_delete=models.CASCADE, related_name="followers"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(user__isnull=False, bot__isnull=True)
                    | models.Q(user__isnull=True, bot__isnull=False)
                ),
                name="follow_one_target",
            ),
            models.CheckConstraint(
                condition=~models.Q(follower=models.F("user")), name="follow_not_yourself"
            ),
            models.UniqueConstraint(
                fields=["follower", "user"],
                condition=models.Q(user__isnull=False),
                name="follow_person_once",
            ),
            models.UniqueConstraint(
                fields=["follower", "bot"],
                condition=models.Q(bot__isnull=False),
                name="follow_bot_once",
            ),
        ]

    def __str__(self) -> str:
        target = f"bot {self.bot_id}" if self.bot_id else f"person {self.user_id}"
        return f"{self.follower_id} follows {target}"
