"""The errors match services raise; each maps to one HTTP status and a machine-readable code."""

from __future__ import annotations

from typing import Any

from core.errors import ServiceError
from games.engine.reasons import Reason
from games.reason_words import people_text


class MatchError(ServiceError):
    """A request about a match that cannot be served."""


class NotFound(MatchError):
    status = 404
    code = "not_found"


class NotYourSeat(MatchError):
    status = 403
    code = "not_your_seat"


class TurnNotOpen(MatchError):
    """The turn was played, is not this seat's, or the match is over (409)."""

    status = 409
    code = "turn_not_open"


class MoveRejected(MatchError):
    """The move is malformed (``invalid_move``) or against the rules (``illegal_move``).

    ``detail`` is English (the API's); ``reason``, when the rules refused the move, is the
    engine's Reason, which the table renders in its reader's language.
    """

    status = 422
    code = "illegal_move"

    def __init__(self, detail: str, *, code: str | None = None, reason: Any = None) -> None:
        super().__init__(detail, code=code)
        self.reason = reason

    def people_detail(self) -> str:
        """Return the detail in the active language (the reason's templates through gettext)."""
        if isinstance(self.reason, Reason):
            return people_text(self.reason)
        return self.detail


class BadOptions(MatchError):
    status = 400
    code = "bad_options"


class Refused(MatchError):
    """The caller may not do this to that match or challenge (403)."""

    status = 403
    code = "not_your_match"


class Conflict(MatchError):
    """The request clashes with the current state: a limit, or a challenge already answered."""

    status = 409
    code = "conflict"
