"""Rematch: a finished match's people play again, at the same seats.

The first person of a finished match to ask opens a private table (``rematch_of`` the match)
with the same game, options and time per move: they sit at their old seat, every other person's
seat is kept for them (``reserved_for``: nobody else may take it), and house bots take the seats
that house bots or bots played (a bot did not ask to play again). The others join it with the
same button; the table ``starts_when_full``, so the match begins when the last of them sits
down. The host may still fill the kept seats with house bots and start, as at any table.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Match, Seat, Table, TableSeat
from games.services.errors import NotFound, NotYourSeat
from games.services.tables import RematchRefused, table_seat_join, token_new

HOUSE = "house:greedy"


def rematch_table(match: Match) -> Table | None:
    """Return the open rematch table of ``match``, if someone asked for one."""
    return Table.objects.filter(rematch_of=match, status=Table.Status.OPEN).first()


def rematch_check(*, match: Match, user_id: int) -> None:
    """Refuse a rematch to someone who did not play ``match``, or while it runs."""
    if not match.seats.filter(kind=Seat.Kind.USER, user_id=user_id).exists():
        raise NotYourSeat(_("Only the people who played this match can ask for a rematch."))
    if match.status == Match.Status.RUNNING:
        raise RematchRefused(
            _("This match is still being played: ask for a rematch once it is over.")
        )


def rematch_open(*, match_id: int, user_id: int) -> Table:
    """Open the rematch of a finished match, or join the one already asked for; return it
    (started when every person has sat down)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise NotFound(_("This match does not exist."))
        rematch_check(match=match, user_id=user_id)
        table = rematch_table(match)
        if table is None:
            started = Table.objects.filter(rematch_of=match, status=Table.Status.STARTED)
            if started.filter(seats__user_id=user_id).exists():
                raise RematchRefused(_("Your rematch has already started: see My matches."))
            table = _rematch_create(match, user_id)
        table_seat_join(table_id=table.pk, user_id=user_id)
        table.refresh_from_db()
        return table


def _rematch_create(match: Match, user_id: int) -> Table:
    seats = list(match.seats.order_by("number"))
    people_only = all(seat.kind == Seat.Kind.USER for seat in seats)
    was_rated = Table.objects.filter(match=match, rated=True).exists()
    table = Table.objects.create(
        game=match.game,
        options=match.options,
        move_timeout=match.move_timeout,
        created_by_id=user_id,
        rated=was_rated and people_only,
        rematch_of=match,
        starts_when_full=True,
    )
    rows = []
    for seat in seats:
        row = TableSeat(table=table, number=seat.number, token=token_new())
        if seat.kind == Seat.Kind.USER:
            row.reserved_for_id = seat.user_id
        else:
            row.kind = TableSeat.Kind.HOUSE
            row.strategy = seat.strategy if seat.kind == Seat.Kind.HOUSE else HOUSE
        rows.append(row)
    TableSeat.objects.bulk_create(rows)
    return table
