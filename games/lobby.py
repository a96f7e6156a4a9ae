"""Reads for the lobby pages in people's words: seat places, option names, house bot styles."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games import pages
from games.forms import TableForm
from games.house_names import house_name
from games.models import Table


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


def lobby_context(table: Table, user: Any, base_url: str) -> dict[str, Any]:
    """Return what the lobby page and its polled seats fragment show."""
    seats = pages.table_seats(table, user, base_url)
    for seat in seats:
        seat["place"] = seat_place(table.game, seat["number"])
        seat["style"] = house_name(str(seat["strategy"]))
    return {
        "table": table,
        "game_name": pages.game_label(table.game),
        "option_words": option_words(table),
        "seats": seats,
        "is_creator": user.is_authenticated and table.created_by_id == user.pk,
        "strategies": house_styles(),
    }
