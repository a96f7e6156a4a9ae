"""Errors of tournament services; the API maps each to a status and a code (core/api_errors)."""

from __future__ import annotations

from core.errors import ServiceError


class TournamentError(ServiceError):
    """A request about a tournament that cannot be served (400)."""

    code = "invalid"


class NotFound(TournamentError):
    status = 404
    code = "not_found"


class NotAllowed(TournamentError):
    """The caller may not do this (not an organiser, not the bot's owner)."""

    status = 403
    code = "forbidden"


class WrongState(TournamentError):
    """The tournament or entry is not in a state that allows this (409)."""

    status = 409
    code = "wrong_state"


class Full(TournamentError):
    status = 409
    code = "full"


class ConsentRequired(TournamentError):
    """A bot enters a tournament open to people, and its owner has not allowed that (400)."""

    code = "consent_required"
