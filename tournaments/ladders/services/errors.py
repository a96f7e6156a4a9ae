"""Errors of ladder services: the tournament errors' codes, plus the pre-flight gate's."""

from __future__ import annotations

from tournaments.services.errors import NotAllowed, NotFound, TournamentError, WrongState

__all__ = ["NotAllowed", "NotFound", "PreflightRequired", "TournamentError", "WrongState"]


class PreflightRequired(TournamentError):
    """The bot has not passed a pre-flight check recently enough to join a ladder (400, as
    tournaments that require one answer)."""

    status = 400
    code = "preflight_required"
