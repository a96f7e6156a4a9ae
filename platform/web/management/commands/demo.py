"""Create the demo data: an admin account whose new password is printed, and a house-bot
tournament that starts by itself a minute later, its house bots playing at a pace people can
watch (``house_pace``). While a demo is scheduled or running, it is reused, never piled up."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

DEMO_PREFIX = "Demo:"
DEMO_PACE = 1.0  # seconds a house move takes on average
LIVE = ("draft", "registration", "running")


def site_url(path: str) -> str:
    """Return the link to ``path`` on the server `make run` starts (HOST and PORT)."""
    host = settings.SERVE_HOST
    if host in {"0.0.0.0", "::", ""}:
        host = "127.0.0.1"  # listening everywhere: this machine answers on loopback
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{settings.SERVE_PORT}{path}"


class Command(BaseCommand):
    help = "Create the demo data (an admin account; prints its password when it is set)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--admin", default="admin", help="the admin's user name")
        parser.add_argument(
            "--reset-password", action="store_true", help="set and print a new admin password"
        )

    def handle(self, *args: Any, admin: str, reset_password: bool, **options: Any) -> None:
        users = get_user_model()
        user, created = users.objects.get_or_create(
            username=admin, defaults={"is_staff": True, "is_superuser": True}
        )
        if created or reset_password:
            password = secrets.token_urlsafe(12)
            user.set_password(password)
            user.save()
            self.stdout.write(f"admin account: {admin} / {password}  ({site_url('/admin/')})")
        else:
            self.stdout.write(
                f"admin account {admin!r} exists; `python manage.py demo --reset-password` "
                "prints a new password"
            )
        self._demo_tournament(user)

    def _demo_tournament(self, organiser: Any) -> None:
        """Schedule a 16-entry Busca table knockout of house bots, unless one is on."""
        from tournaments.models import Tournament
        from tournaments.services.entries import entry_register
        from tournaments.services.tournaments import (
            TournamentSpec,
            registration_open,
            tournament_create,
        )
        from tournaments.words import DEMO_TOURNAMENT_NAME

        live = (
            Tournament.objects.filter(name__startswith=DEMO_PREFIX, status__in=LIVE)
            .order_by("-id")
            .first()
        )
        if live is not None:
            self.stdout.write(
                f"demo tournament ({live.status}): {site_url(f'/tournaments/{live.pk}/')}"
            )
            return
        spec = TournamentSpec(
            name=DEMO_TOURNAMENT_NAME,
            game="busca",
            format="table_knockout",
            # About 0.5 to 1.5 s a house move: the demo can be watched (docs/tournaments.md).
            options={"eliminate_at": 15, "house_pace": DEMO_PACE},
            starts_at=timezone.now() + timedelta(minutes=1),
            open_to="bots",
        )
        tournament = tournament_create(organiser=organiser, spec=spec)
        registration_open(tournament_id=tournament.pk, user=organiser)
        for number in range(16):
            strategy = "house:greedy" if number % 2 else "house:random"
            entry_register(
                tournament_id=tournament.pk, user=organiser, kind="house", strategy=strategy
            )
        self.stdout.write(
            f"demo tournament: {site_url(f'/tournaments/{tournament.pk}/')} (starts in a minute; "
            f"watch it on {site_url('/tv/')})"
        )
