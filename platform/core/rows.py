"""Models from fixed SQL, without a RawQuerySet's work on every query.

``Model.objects.raw()`` works out the column order, the model's init order and each column's
converters again for every query it runs. On a move's path (games/services/locked.py) that was
a fifth of the move's own time. Here the statement names its columns itself, in the model's
field order, and the converters are worked out once per database and model. Rows come back as
the ORM would build them: ``Model.from_db`` with every value converted (JSON parsed, times made
aware, SQLite's integers turned into booleans), and ``_state.adding`` false.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import connection, connections
from django.db.models import Model

M = TypeVar("M", bound=Model)
Converter = Callable[[Any, Any, Any], Any]


@cache
def _layout(
    vendor: str, model: type[Model]
) -> tuple[list[str], list[tuple[int, list[Converter], Any]]]:
    """The model's attribute names in field order, and the converters of each column."""
    fields = list(model._meta.concrete_fields)
    converters = []
    for index, field in enumerate(fields):
        column = field.get_col(model._meta.db_table)
        found = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
        if found:
            converters.append((index, found, column))
    return [field.attname for field in fields], converters


def columns(model: type[Model], alias: str = "") -> str:
    """The select list of ``model``'s fields in the order ``rows_as`` expects them."""
    q = connection.ops.quote_name
    prefix = f"{alias}." if alias else ""
    return ", ".join(prefix + q(field.column) for field in model._meta.concrete_fields)


def rows_as(model: type[M], rows: Sequence[Sequence[Any]], extra: Sequence[str] = ()) -> list[M]:
    """Build ``model`` instances from rows selected with ``columns(model)`` first; the columns
    after them are set as the attributes named by ``extra``."""
    db = connections[connection.alias]  # the proxy's every attribute is a thread-local lookup
    names, converters = _layout(db.vendor, model)
    width = len(names)
    out = []
    for row in rows:
        values = list(row[:width])
        for index, found, column in converters:
            value = values[index]
            for convert in found:
                value = convert(value, column, db)
            values[index] = value
        instance = model.from_db(db.alias, names, values)
        for name, value in zip(extra, row[width:], strict=True):
            setattr(instance, name, value)
        out.append(instance)
    return out
