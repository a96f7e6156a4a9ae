"""Serializer fields the API shares: numbers as JSON numbers, within documented bounds."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from rest_framework import serializers


class StrictIntegerField(serializers.IntegerField):
    """An integer that must arrive as a JSON integer: no "4", no 4.0, no true."""

    default_error_messages = {"strict": "must be a JSON integer (not a string, float or bool)"}

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("strict")
        return int(super().to_internal_value(data))


def whole_number(raw: str | None, *, maximum: int = 2**63 - 1) -> int | None:
    """Return ``raw`` as a number from 0 to ``maximum`` if it is written in ASCII digits.

    ``str.isdigit`` also accepts "²" and "٣", and ``int`` refuses 5000 digits: neither may
    reach ``int`` from a query string.
    """
    if raw is None or not (raw.isascii() and raw.isdigit()) or len(raw) > len(str(maximum)):
        return None
    number = int(raw)
    return number if number <= maximum else None


EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)


class BoundedDateTimeField(serializers.DateTimeField):
    """A date and time from 2000 to 2100: schedules built from it stay in the calendar."""

    default_error_messages = {"bounds": "must be from 2000-01-01 to 2100-01-01 (UTC)"}

    def to_internal_value(self, value: Any) -> datetime:
        moment = super().to_internal_value(value)
        if not EARLIEST <= moment <= LATEST:
            self.fail("bounds")
        return moment
