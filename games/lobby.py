"""Reads for the lobby pages in people's words: seat places, option names, house bot styles."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from games import engine, pages
from games.forms import TableForm
from games.house_names import house_name
from games.models import Match, QueueEntry, Seat, Table, TableSeat
from games.services import play_now
from games.services.rematch import rematch_table


def seat_place(game: str, number: int) -> str:
    """Return the name of a lobby seat in words (never its number)."""
    if number == 0:
        return _("Host")
    if game == "buraco-cerrado":
        if number == 2:
            return _("Host's partner")
        return _("First opponent") if number == 1 else _("Second opponent")
    if game == "buraco-mano-a-mano":
        return _("Opponent")
    return {1: _("Second player"), 2: _("Third player"), 3: _("Fourth player")}.get(
        number, _("Another player")
    )


def option_words(table: Table) -> list[tuple[str, Any]]:
    """Return the table's options as (label, value) pairs, labelled as on the Play form."""
    fields = TableForm.base_fields
    return [
        (str(fields[name].label), value)
        for name, value in table.options.items()
        if name in fields and value is not None
    ]


def house_styles() -> list[dict[str, str]]:
    """Return the house bots a seat may go to, with their names (games.house_names)."""
    return [{"name": name, "style": house_name(name)} for name in pages.house_strategies()]


def _name(user: Any) -> str | None:
    return user.get_username() if user.is_authenticated else None


def lobby_context(table: Table, user: Any, base_url: str) -> dict[str, Any]:
    """Return what the lobby page and its polled seats fragment show."""
    seats = pages.table_seats(table, user, base_url)
    # Places are named from the host's seat (a rematch's host may sit anywhere).
    host = TableSeat.objects.filter(table=table, user_id=table.created_by_id).first()
    offset = host.number if host is not None else 0
    for seat in seats:
        seat["place"] = seat_place(table.game, (seat["number"] - offset) % len(seats))
        seat["style"] = house_name(str(seat["strategy"]))
    user_id = user.pk if user.is_authenticated else None
    sitting = any(seat["mine"] for seat in seats)
    kept = any(seat["kept_for"] and seat["kept_for"] == _name(user) for seat in seats)
    free = any(seat["open"] and not seat["kept_for"] for seat in seats)
    return {
        "sitting": sitting,
        "kept_for_me": kept and not sitting,
        "can_sit": table.status == Table.Status.OPEN
        and not sitting
        and user_id is not None
        and (kept or (free and (table.public or bool(table.password)))),
        "asks_password": bool(table.password) and not kept,
        "table": table,
        "game_name": pages.game_label(table.game),
        "option_words": option_words(table),
        "seats": seats,
        "is_creator": user.is_authenticated and table.created_by_id == user.pk,
        "strategies": house_styles(),
    }


LOBBY_TABLES = 10  # open tables listed per game, newest first; the count says how many more


def _free(prefix: str = "") -> Q:
    """A seat that waits for anyone: a person's seat, empty, kept for nobody."""
    return Q(
        **{
            f"{prefix}kind": TableSeat.Kind.USER,
            f"{prefix}user__isnull": True,
            f"{prefix}reserved_for__isnull": True,
        }
    )


def open_tables(user_id: int, *, limit: int = LOBBY_TABLES) -> list[dict[str, Any]]:
    """Return each game with its public tables waiting for people (newest ``limit`` first):
    seats taken and needed, rated or not, and whether the person already sits there."""
    waiting = (
        Table.objects.filter(status=Table.Status.OPEN, public=True)
        .annotate(
            free=Count("seats", filter=_free("seats__")),
            seats_count=Count("seats", distinct=True),
        )
        .filter(free__gt=0)
    )
    out = []
    for game in engine.names():
        of_game = waiting.filter(game=game)
        shown = list(of_game.select_related("created_by").order_by("-id")[:limit])
        mine = set(
            TableSeat.objects.filter(table__in=shown, user_id=user_id).values_list(
                "table_id", flat=True
            )
        )
        rows = [
            {
                "table": table,
                "host": table.created_by.get_username(),
                "taken": table.seats_count - table.free,
                "needed": table.seats_count,
                "options": option_words(table),
                "mine": table.pk in mine,
            }
            for table in shown
        ]
        total = of_game.count() if len(shown) == limit else len(shown)
        out.append(
            {
                "game": game,
                "name": pages.game_label(game),
                "tables": rows,
                "more": total - len(rows),
            }
        )
    return out


def tables_kept_for(user_id: int) -> list[Table]:
    """Return the open tables with a seat kept for the person (rematches they were asked to)."""
    return list(
        Table.objects.filter(
            status=Table.Status.OPEN, seats__reserved_for_id=user_id, seats__user__isnull=True
        )
        .select_related("created_by")
        .distinct()
        .order_by("-id")[:LOBBY_TABLES]
    )


def play_now_games() -> list[dict[str, str]]:
    """Return the games Play now offers, with their names."""
    return [{"game": game, "name": pages.game_label(game)} for game in engine.names()]


def waiting_context(entry: QueueEntry, now: Any) -> dict[str, Any]:
    """Return what the Play now waiting page shows: the game, the wait, the fill choice."""
    waited = max(0, int((now - entry.joined_at).total_seconds()))
    return {
        "entry": entry,
        "game_name": pages.game_label(entry.game),
        "waited": waited,
        "can_fill": waited >= play_now.FILL_AFTER,
        "fill_after": play_now.FILL_AFTER,
        "others": QueueEntry.objects.filter(
            game=entry.game, match__isnull=True, seen_at__gte=now - play_now.TTL
        )
        .exclude(pk=entry.pk)
        .count(),
    }


def rematch_context(match: Match, user: Any) -> dict[str, Any]:
    """Return whether the match page offers the person a rematch, and who asked for one."""
    if not user.is_authenticated or match.status == Match.Status.ABORTED:
        return {"rematch_allowed": False}
    if not match.seats.filter(kind=Seat.Kind.USER, user_id=user.pk).exists():
        return {"rematch_allowed": False}
    table = rematch_table(match)
    asked_by = table.created_by.get_username() if table is not None else ""
    return {"rematch_allowed": True, "rematch_asked_by": asked_by}
