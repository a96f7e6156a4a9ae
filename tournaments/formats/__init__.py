"""Tournament formats as a pure library: who meets whom, round after round, and the standings.

No Django here: a format is a function of the entries and the results so far. The tournaments
app stores pairings and outcomes and asks the format for the next round.
"""

from __future__ import annotations

from tournaments.formats.base import Format
from tournaments.formats.common import FormatError
from tournaments.formats.double_elimination import DOUBLE_ELIMINATION
from tournaments.formats.round_robin import ROUND_ROBIN
from tournaments.formats.single_elimination import SINGLE_ELIMINATION
from tournaments.formats.swiss import SWISS
from tournaments.formats.table_knockout import TABLE_KNOCKOUT

__all__ = ["FormatError", "UnknownFormat", "get", "names"]

_FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        SINGLE_ELIMINATION,
        DOUBLE_ELIMINATION,
        SWISS,
        ROUND_ROBIN,
        TABLE_KNOCKOUT,
    )
}


class UnknownFormat(KeyError):
    """No format has this name."""


def get(name: str) -> Format:
    """Return the format called name."""
    try:
        return _FORMATS[name]
    except KeyError:
        raise UnknownFormat(name) from None


def names() -> list[str]:
    """Return the names of the formats."""
    return sorted(_FORMATS)
