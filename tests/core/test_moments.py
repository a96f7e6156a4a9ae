"""Dates and times in the reader's language's own format (core/templatetags/moments.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

WHEN = datetime(2026, 12, 2, 15, 7, tzinfo=UTC)


def shown(language: str, text: str, zone: str = "UTC") -> str:
    with translation.override(language), timezone.override(zone):
        return Template("{% load moments %}" + text).render(Context({"when": WHEN}))


@pytest.mark.parametrize(
    ("language", "moment", "clock"),
    [
        ("en", "Dec. 2, 2026, 3:07 p.m. UTC", "3:07 p.m. UTC"),
        ("es", "2 de diciembre de 2026 a las 15:07 UTC", "15:07 UTC"),
        ("pt-br", "2 de Dezembro de 2026 às 15:07 UTC", "15:07 UTC"),
        ("id", "2 Des. 2026, 15.07 UTC", "15.07 UTC"),
        ("ko", "2026년 12월 2일 3:07 오후 UTC", "오후 3:07 UTC"),
    ],
)
def test_moment_and_clock_follow_the_language(language: str, moment: str, clock: str) -> None:
    assert shown(language, "{{ when|moment }}") == moment
    assert shown(language, "{{ when|clock }}") == clock


def test_the_readers_time_zone_applies() -> None:
    assert shown("ko", "{{ when|moment }}", zone="Asia/Seoul") == "2026년 12월 3일 12:07 오전 KST"


def test_nothing_shows_for_no_date() -> None:
    assert shown("es", "{{ missing|moment }}|{{ missing|clock }}") == "|"


@pytest.mark.parametrize(
    ("language", "day", "short"),
    [
        ("en", "12/02/2026", "12/02/2026 3:07 p.m."),
        ("es", "02/12/2026", "02/12/2026 15:07"),
        ("ko", "2026년 12월 2일", "2026년 12월 2일 15:07"),
    ],
)
def test_short_dates_follow_the_language(language: str, day: str, short: str) -> None:
    """The lists of tournaments and leagues use the short format: Korean reads "2026년 12월 2일"
    (config/formats/ko), not "2026-12-2"."""
    assert shown(language, '{{ when|date:"SHORT_DATE_FORMAT" }}') == day
    assert shown(language, '{{ when|date:"SHORT_DATETIME_FORMAT" }}') == short
