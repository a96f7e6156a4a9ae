"""Create a bot for a user and print its token (shown once)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from bots.services import bot_create


class Command(BaseCommand):
    help = "Create a bot: createbot --owner USER --name NAME [--webhook URL] [--game GAME ...]"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--owner", required=True, help="user name of the owner")
        parser.add_argument("--name", required=True, help="the bot's public name")
        parser.add_argument("--webhook", default="", help="https URL to POST turns to")
        parser.add_argument(
            "--game",
            action="append",
            dest="games",
            default=[],
            help="a game it plays (repeat; default: all)",
        )

    def handle(
        self, *args: Any, owner: str, name: str, webhook: str, games: list[str], **options: Any
    ) -> None:
        user = get_user_model().objects.filter(username=owner).first()
        if user is None:
            raise CommandError(f"no user {owner!r}")
        try:
            created = bot_create(owner=user, name=name, webhook_url=webhook, games=games)
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from None
        self.stdout.write(f"bot {created.bot.name} (id {created.bot.pk}, {created.bot.mode})")
        self.stdout.write(f"token: {created.token}")
        if created.webhook_secret:
            self.stdout.write(f"webhook secret: {created.webhook_secret}")
        if created.webhook_secret:
            self.stdout.write("Keep them: they are not shown again.")
        else:
            self.stdout.write("Keep it: it is not shown again.")
