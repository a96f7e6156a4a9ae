"""One page of a report's flagged pairs."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from tournaments.fairplay.services import PairRow, Report


class BadPage(ValueError):
    """A page parameter that is not a page number from 1."""


class NoSuchPage(LookupError):
    """A page number past the last page."""


@dataclass(frozen=True)
class Page:
    rows: list[PairRow]
    number: int
    pages: int
    count: int


def page_number(raw: str | None) -> int:
    """Return the page number of a ``page`` parameter (default 1)."""
    text = (raw or "1").strip()
    if not text.isascii() or not text.isdigit() or len(text) > 7 or int(text) < 1:
        raise BadPage("page must be a page number from 1")
    return int(text)


def flagged_page(report: Report, number: int) -> Page:
    """Return page ``number`` of the report's flagged pairs (page 1 exists even when empty)."""
    size = int(settings.FAIR_PLAY_PAGE_SIZE)
    flagged = report.flagged
    pages = max(1, -(-len(flagged) // size))
    if number > pages:
        raise NoSuchPage(f"no page {number}: the report has {pages}")
    start = (number - 1) * size
    return Page(flagged[start : start + size], number, pages, len(flagged))
