"""Search is a budgeted resource: a bound on the house search seats one person keeps busy.

A house search seat (house:ismcts and its kin) thinks for a budget of time on every move, on a
worker of its own. Each person, with all their bots, may have at most
``SEARCH_SEATS_PER_OWNER`` such seats in running practice, challenge and table matches at
once, so nobody can take the search worker from everyone else (docs/bots.md, "Practice
matches").
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from games.engine import strategies
from games.models import Match, Seat
from games.services.errors import Conflict
from games.services.matches import SeatSpec

OWNED_KINDS = (Match.Kind.PRACTICE, Match.Kind.CHALLENGE, Match.Kind.TABLE)


def search_seats_running(owner_id: int) -> int:
    """Return the house search seats in running matches that ``owner_id`` started."""
    searching = [name for name in strategies.names() if strategies.is_search(name)]
    return Seat.objects.filter(
        kind=Seat.Kind.HOUSE,
        strategy__in=searching,
        match__status=Match.Status.RUNNING,
        match__kind__in=OWNED_KINDS,
        match__created_by_id=owner_id,
    ).count()


def search_seats_check(*, owner_id: int | None, specs: list[SeatSpec]) -> None:
    """Refuse (409 ``too_many_search_seats``) a match whose search seats would take
    ``owner_id`` past ``SEARCH_SEATS_PER_OWNER``."""
    wanted = sum(1 for s in specs if s.kind == Seat.Kind.HOUSE and strategies.is_search(s.strategy))
    if not wanted or owner_id is None:
        return
    limit = settings.SEARCH_SEATS_PER_OWNER
    running = search_seats_running(owner_id)
    if running + wanted > limit:
        raise Conflict(
            _(
                "You already have %(running)d house search bots playing in running practice "
                "matches and tables, and this match asks for %(wanted)d more (at most "
                "%(limit)d at once): finish or abort one, or choose house:greedy."
            )
            % {"running": running, "wanted": wanted, "limit": limit},
            code="too_many_search_seats",
        )
