"""Create the demo data: an admin account whose new password is printed."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser


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
            self.stdout.write(
                f"admin account: {admin} / {password}  (http://127.0.0.1:8000/admin/)"
            )
        else:
            self.stdout.write(
                f"admin account {admin!r} exists; `python manage.py demo --reset-password` "
                "prints a new password"
            )
