"""League errors: each maps to one HTTP status and code through the API's error handler."""

from __future__ import annotations

from core.errors import ServiceError


class LeagueError(ServiceError):
    """A league request that cannot be served (400)."""

    code = "bad_request"


class NotFound(LeagueError):
    status = 404
    code = "not_found"


class NotOrganiser(LeagueError):
    status = 403
    code = "not_organiser"


class NotYours(LeagueError):
    status = 403
    code = "not_yours"


class Conflict(LeagueError):
    """The league is in a state where this cannot happen (409)."""

    status = 409
    code = "conflict"
