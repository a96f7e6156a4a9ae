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
