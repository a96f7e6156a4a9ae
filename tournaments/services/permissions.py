"""Who may manage a tournament: its organiser (the creator) or staff."""

from __future__ import annotations

from typing import Any

from tournaments.models import Tournament
from tournaments.services.errors import NotAllowed


def can_manage(user: Any, tournament: Tournament) -> bool:
    """Tell whether ``user`` organises ``tournament``."""
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_staff or tournament.organiser_id == user.pk)


def check_manage(user: Any, tournament: Tournament) -> None:
    """Raise NotAllowed unless ``user`` organises ``tournament``."""
    if not can_manage(user, tournament):
        raise NotAllowed("only the tournament's organiser or staff may do this")
