"""The arena's one error: a bad argument, file or record, told to the author in one line."""

from __future__ import annotations


class ArenaError(Exception):
    """Something the author must fix (exit code 2): a bad file, option, entrant or record."""
