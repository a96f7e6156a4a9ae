"""Dates and times in the reader's language's own format (Django's locale formats), never a
pattern written by hand: "2026년 12월 2일", "2 de diciembre de 2026", "Dec. 2, 2026".

``{{ when|moment }}`` is the date and time with the time zone's abbreviation; ``{{ when|clock }}``
the time alone with it. A date alone is ``{{ when|date:"DATE_FORMAT" }}``.
"""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils.formats import date_format, time_format

register = template.Library()


@register.filter(expects_localtime=True, is_safe=False)
def moment(value: datetime | None) -> str:
    """Return the date and time in the language's DATETIME_FORMAT, then the time zone."""
    if not value:
        return ""
    return f"{date_format(value, 'DATETIME_FORMAT')} {date_format(value, 'T')}"


@register.filter(expects_localtime=True, is_safe=False)
def clock(value: datetime | None) -> str:
    """Return the time in the language's TIME_FORMAT, then the time zone."""
    if not value:
        return ""
    return f"{time_format(value, 'TIME_FORMAT')} {date_format(value, 'T')}"
