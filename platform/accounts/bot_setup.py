"""How to run a bot against this server: the ready command a bot page shows."""

from __future__ import annotations

import shlex
from typing import Any

from django.utils.translation import gettext as _

from bots.models import Bot
from games import engine

GUIDE = "/docs/bots/"  # the bot guide (docs/bots.md, served by the docs pages)
PLACEHOLDER = "YOUR_TOKEN"


def bot_setup(bot: Bot, base_url: str, token: str | None = None) -> dict[str, Any]:
    """Return the command that runs the example client as ``bot`` against this server.

    With the fresh ``token`` (shown once) the command is ready to paste; otherwise it holds a
    placeholder to replace with the bot's token.
    """
    url = base_url.rstrip("/")
    game = (bot.games or engine.names())[0]
    words = [
        "python",
        "-m",
        "bots.client",
        "--url",
        url,
        "--token",
        token or PLACEHOLDER,
        "--strategy",
        "greedy",
        "--practice",
        game,
    ]
    # shlex.quote keeps the command safe to paste even when a URL holds shell characters.
    command = " ".join(shlex.quote(word) if word != PLACEHOLDER else word for word in words)
    return {
        "command": command,
        "has_token": token is not None,
        "placeholder": PLACEHOLDER,
        "guide": GUIDE,
        "url": url,
        "game": game,
        "webhook": bool(bot.webhook_url),
        "note": _("a practice match against house bots, to see it play"),
    }
