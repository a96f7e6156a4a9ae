"""Which of a page's matches wait for the person reading it ("your match: play now")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse

from games.models import Match, Seat


def seat_links(user: Any, match_ids: Iterable[int | None]) -> dict[int, str]:
    """Return, for each running match among ``match_ids`` where ``user`` holds a seat in person,
    the link to that seat's page."""
    ids = [m for m in match_ids if m is not None]
    if user is None or not user.is_authenticated or not ids:
        return {}
    seats = Seat.objects.filter(
        match_id__in=ids,
        match__status=Match.Status.RUNNING,
        kind=Seat.Kind.USER,
        user_id=user.pk,
        forfeited=False,
    ).order_by("match_id", "number")
    links: dict[int, str] = {}
    for match_id, number in seats.values_list("match_id", "number"):
        links.setdefault(match_id, reverse("match-seat", args=[match_id, number]))
    return links
