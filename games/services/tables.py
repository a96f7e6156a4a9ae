"""Lobby tables: open a table, invite people by link, fill seats with house bots, start.

A table is a match not yet started. Its creator takes a seat, every other seat is either an
invitation (a secret link; the first signed-in person who opens it takes the seat) or a house
bot. Starting the table creates the match through ``match_create``.

A public table is listed in the lobby (games/lobby.py) and any signed-in person takes a free
seat of it with one tap; a private one is joined through its invite links, or, when its host
gave it a password (stored hashed), by anyone who knows the table and the password. A seat
reserved for a person (a rematch, games/services/rematch.py) is theirs alone; a table that
``starts_when_full`` starts by itself when its last seat is taken.

A rated table is for people only: its host chooses it when opening the table (or later in the
lobby), no seat of it may go to a house bot, and its finished match moves the people's ratings
(the ratings service rates a table's match only when the table is rated). An unrated table never
changes a rating.
"""

from __future__ import annotations

import math
import secrets
from typing import Any

from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.rate_limits import SlidingWindow
from games.engine import strategies
from games.models import Match, Seat, Table, TableSeat
from games.services.errors import BadOptions, MatchError, NotFound, NotYourSeat
from games.services.matches import SeatSpec, match_create
from games.services.practice import rows_lock, seats_needed
from games.services.search_seats import search_seats_check

INVITE = "invite"


class TableClosed(MatchError):
    """The table has started or was cancelled."""

    status = 409
    code = "table_closed"


class SeatTaken(MatchError):
    """The invited seat has been taken, or the person already sits at this table."""

    status = 409
    code = "seat_taken"


class RatedForPeople(MatchError):
    """A rated table seats only people: no house bot may take a seat."""

    status = 409
    code = "rated_table"


class PrivateTable(MatchError):
    """The table is not public: its seats are taken through an invite link or its password."""

    status = 403
    code = "private_table"


class WrongPassword(MatchError):
    """The password given is not the table's."""

    status = 403
    code = "wrong_password"


class TooManyTries(MatchError):
    """Too many tries of a table's password lately (PASSWORD_TRIES)."""

    status = 429
    code = "too_many_tries"


class TooManyTables(MatchError):
    """The person already has the most tables open, or table matches running, allowed."""

    status = 409
    code = "too_many_tables"


class NotWaiting(MatchError):
    """The person is not in a Play now queue (they left, were paired, or stopped polling)."""

    status = 409
    code = "not_waiting"


class RematchRefused(MatchError):
    """The match cannot be played again yet (it runs) or any more (its rematch started)."""

    status = 409
    code = "rematch_refused"


class TableNotReady(MatchError):
    """A seat still waits for an invited person."""

    status = 409
    code = "table_not_ready"


def token_new() -> str:
    return secrets.token_urlsafe(24)


def _house_strategy(entry: str) -> str:
    if entry not in strategies.names():
        raise BadOptions(f"a seat is {INVITE!r} or one of {strategies.names()}, not {entry!r}")
    return entry


def _locked_open(table_id: int) -> Table:
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None:
        raise NotFound(_("This table does not exist."))
    if table.status != Table.Status.OPEN:
        raise TableClosed(
            _("This table has already started.")
            if table.status == Table.Status.STARTED
            else _("This table was cancelled.")
        )
    return table


def _check_people_only(table: Table) -> None:
    if table.rated:
        raise RatedForPeople(
            _(
                "A rated table seats only people: invite someone to this seat, or make the "
                "table unrated first."
            )
        )


def _check_creator(table: Table, user_id: int) -> None:
    if table.created_by_id != user_id:
        raise NotYourSeat(_("Only the person who opened the table may change it."))


def table_open(
    *,
    user_id: int,
    game: str,
    options: dict[str, Any] | None = None,
    others: list[str] | None = None,
    move_timeout: float | None = None,
    rated: bool = False,
    public: bool = False,
    password: str = "",
) -> Table:
    """Open a table: the creator at seat 0; ``others`` are "invite" or a house strategy.

    A ``rated`` table seats only people, so every other seat must be an invitation. A
    ``public`` table is listed in the lobby; a private one may have a ``password``.
    """
    options = dict(options or {})
    needed = seats_needed(game, options)
    others = list(others) if others is not None else [INVITE] * (needed - 1)
    if len(others) != needed - 1:
        raise BadOptions(f"{game} with these options has {needed} seats")
    if move_timeout is not None and not 0.5 <= move_timeout <= 86400:
        raise BadOptions("move_timeout must be between 0.5 and 86400 seconds")
    if rated and any(entry != INVITE for entry in others):
        raise RatedForPeople(
            _(
                "A rated table seats only people: invite people to the other seats, "
                "or open an unrated table to play with house bots."
            )
        )
    if public and password:
        raise BadOptions(
            _("A public table has no password: anyone may sit down. Make it private first.")
        )
    with transaction.atomic():
        _open_tables_check(user_id)
        table = Table.objects.create(
            game=game,
            options=options,
            move_timeout=move_timeout,
            created_by_id=user_id,
            rated=rated,
            public=public,
            password=make_password(password) if password else "",
        )
        rows = [TableSeat(table=table, number=0, user_id=user_id, token=token_new())]
        for number, entry in enumerate(others, start=1):
            row = TableSeat(table=table, number=number, token=token_new())
            if entry != INVITE:
                row.kind, row.strategy = TableSeat.Kind.HOUSE, _house_strategy(entry)
            rows.append(row)
        TableSeat.objects.bulk_create(rows)
    return table


# What one person may hold at once: tables open and waiting for players, and running matches
# of tables they opened (each house seat plays on the server's worker). Without a bound one
# account filled the lobby and ran a match per table (a rival review of 2026-12-07).
OPEN_TABLES_MAX = 3
TABLE_MATCHES_MAX = 5


def _open_tables_check(user_id: int) -> None:
    rows_lock([user_id], [])  # two tables opened at once cannot both pass the count
    count = Table.objects.filter(created_by_id=user_id, status=Table.Status.OPEN).count()
    if count >= OPEN_TABLES_MAX:
        raise TooManyTables(
            ngettext(
                "You already have %(count)d open table: start it or cancel it first.",
                "You already have %(count)d open tables: start or cancel one of them first.",
                count,
            )
            % {"count": count}
        )


def _table_matches_check(table: Table) -> None:
    rows_lock([table.created_by_id], [])
    count = Match.objects.filter(
        kind=Match.Kind.TABLE, status=Match.Status.RUNNING, created_by_id=table.created_by_id
    ).count()
    if count >= TABLE_MATCHES_MAX:
        raise TooManyTables(
            ngettext(
                "This table's host already has %(count)d table match being played: this one "
                "can start once it is over.",
                "This table's host already has %(count)d table matches being played: this one "
                "can start once one of them is over.",
                count,
            )
            % {"count": count}
        )


# Tries of a table's password, right or wrong, in any PASSWORD_WINDOW seconds: per person and
# table, and per table from everyone (a rival with many accounts). A 4-digit password would
# otherwise fall to one account in under an hour (a rival review of 2026-12-07).
PASSWORD_TRIES = 5
PASSWORD_TRIES_PER_TABLE = 30
PASSWORD_WINDOW = 900


def _password_tried(table_id: int, user_id: int, password: str) -> str | None:
    """Count a try of ``password`` at table ``table_id`` and check it, before any lock is taken
    (a password hash takes a while); return the stored hash it matches, None if none."""
    stored = Table.objects.filter(pk=table_id).values_list("password", flat=True).first()
    if not stored or not password:
        return None
    for window, ident in (
        (SlidingWindow("table-password", PASSWORD_TRIES, PASSWORD_WINDOW), f"{table_id}:{user_id}"),
        (
            SlidingWindow("table-password-all", PASSWORD_TRIES_PER_TABLE, PASSWORD_WINDOW),
            str(table_id),
        ),
    ):
        if not window.hit(ident):
            minutes = max(1, math.ceil(window.wait / 60))
            raise TooManyTries(
                ngettext(
                    "Too many tries of this table's password. Try again in %(minutes)d minute.",
                    "Too many tries of this table's password. Try again in %(minutes)d minutes.",
                    minutes,
                )
                % {"minutes": minutes}
            )
    return stored if check_password(password, stored) else None


def _check_password(table: Table, password: str, matched: str | None) -> None:
    """Refuse unless the table has no password or ``matched`` is its hash (_password_tried:
    a password changed since then is checked again on the next try)."""
    if table.password and matched != table.password:
        raise WrongPassword(
            _("That is not this table's password. Ask the host for it and try again.")
            if password
            else _("This table has a password: type it to sit down.")
        )


def _sit(table: Table, seat: TableSeat, user_id: int) -> TableSeat:
    """Seat ``user_id`` at ``seat`` of the locked open ``table``; start it when it is full and
    ``starts_when_full``."""
    if seat.user_id == user_id:
        return seat
    if not seat.is_open:
        raise SeatTaken(_("This seat has been taken."))
    if seat.reserved_for_id not in (None, user_id):
        raise SeatTaken(_("This seat is kept for another player of the last match."))
    if TableSeat.objects.filter(table=table, user_id=user_id).exists():
        raise SeatTaken(_("You already sit at this table."))
    seat.user_id = user_id
    seat.save(update_fields=["user"])
    if table.starts_when_full and not any(row.is_open for row in table.seats.all()):
        _start(table)
    return seat


def table_seat_take(*, token: str, user_id: int, password: str = "") -> TableSeat:
    """Give the invited seat of ``token`` to the person who opened the link (and who knows
    the table's password, when it has one)."""
    invited = TableSeat.objects.filter(token=token).values_list("table_id", flat=True).first()
    if invited is None:
        raise NotFound(_("This invitation link is not valid (it may have been replaced)."))
    matched = _password_tried(invited, user_id, password)
    with transaction.atomic():
        seat = TableSeat.objects.filter(token=token).first()
        if seat is None:
            raise NotFound(_("This invitation link is not valid (it may have been replaced)."))
        table = _locked_open(seat.table_id)
        seat = TableSeat.objects.get(pk=seat.pk)
        if seat.user_id != user_id and seat.reserved_for_id != user_id:
            _check_password(table, password, matched)
        return _sit(table, seat, user_id)


def table_seat_join(*, table_id: int, user_id: int, password: str = "") -> TableSeat:
    """Give the person a free seat of a table without an invite link: the seat kept for them,
    else the first free seat of a public table, or of a private one whose password they give."""
    matched = _password_tried(table_id, user_id, password)
    with transaction.atomic():
        table = _locked_open(table_id)
        rows = list(TableSeat.objects.filter(table=table).order_by("number"))
        mine = [row for row in rows if user_id in (row.user_id, row.reserved_for_id)]
        if mine:
            return _sit(table, mine[0], user_id)
        if not table.public:
            if not table.password:
                raise PrivateTable(_("This table is private: its host invites people with a link."))
            _check_password(table, password, matched)
        free = [row for row in rows if row.is_open and row.reserved_for_id is None]
        if not free:
            raise SeatTaken(_("Every seat of this table has been taken."))
        return _sit(table, free[0], user_id)


def table_seat_set(*, table_id: int, user_id: int, number: int, entry: str) -> TableSeat:
    """Make seat ``number`` a fresh invitation ("invite") or a house bot (a strategy name)."""
    with transaction.atomic():
        table = _locked_open(table_id)
        _check_creator(table, user_id)
        seat = TableSeat.objects.filter(table=table, number=number).first()
        if seat is None or seat.user_id == table.created_by_id:
            raise BadOptions(_("That seat cannot be changed."))
        seat.reserved_for_id = None
        if entry == INVITE:
            # A new token: an invitation sent before no longer works.
            seat.kind, seat.user_id, seat.token = TableSeat.Kind.USER, None, token_new()
        else:
            _check_people_only(table)
            seat.kind, seat.user_id = TableSeat.Kind.HOUSE, None
            seat.strategy = _house_strategy(entry)
        seat.save()
        return seat


def table_rated_set(*, table_id: int, user_id: int, rated: bool) -> Table:
    """Make an open table rated (only when no house bot sits at it) or unrated."""
    with transaction.atomic():
        table = _locked_open(table_id)
        _check_creator(table, user_id)
        if rated and TableSeat.objects.filter(table=table, kind=TableSeat.Kind.HOUSE).exists():
            raise RatedForPeople(
                _(
                    "A rated table seats only people: give the house bots' seats to "
                    "invitations first."
                )
            )
        table.rated = rated
        table.save(update_fields=["rated"])
        return table


def table_fill(*, table_id: int, user_id: int, strategy: str = "house:greedy") -> int:
    """Give every seat still waiting for a person to a house bot; return how many."""
    with transaction.atomic():
        table = _locked_open(table_id)
        _check_creator(table, user_id)
        _check_people_only(table)
        return TableSeat.objects.filter(
            table=table, kind=TableSeat.Kind.USER, user__isnull=True
        ).update(kind=TableSeat.Kind.HOUSE, strategy=_house_strategy(strategy))


def table_start(*, table_id: int, user_id: int) -> Match:
    """Start the match of a table whose seats are all taken."""
    with transaction.atomic():
        table = _locked_open(table_id)
        _check_creator(table, user_id)
        return _start(table)


def _start(table: Table) -> Match:
    """Create the match of the locked open ``table`` (its host owns it)."""
    rows = list(TableSeat.objects.filter(table=table).order_by("number"))
    if any(row.is_open for row in rows):
        raise TableNotReady(_("A seat still waits for an invited person: fill it or wait."))
    specs = [
        SeatSpec(kind=Seat.Kind.USER, user_id=row.user_id)
        if row.kind == TableSeat.Kind.USER
        else SeatSpec(kind=Seat.Kind.HOUSE, strategy=row.strategy)
        for row in rows
    ]
    search_seats_check(owner_id=table.created_by_id, specs=specs)
    _table_matches_check(table)
    match = match_create(
        game=table.game,
        seats=specs,
        options=table.options,
        move_timeout=table.move_timeout,
        created_by_id=table.created_by_id,
        kind=Match.Kind.TABLE,
    )
    table.status, table.match = Table.Status.STARTED, match
    table.save(update_fields=["status", "match"])
    return match


def table_cancel(*, table_id: int, user_id: int) -> Table:
    """Close a table that has not started."""
    with transaction.atomic():
        table = _locked_open(table_id)
        _check_creator(table, user_id)
        table.status = Table.Status.CANCELLED
        table.save(update_fields=["status"])
        return table
