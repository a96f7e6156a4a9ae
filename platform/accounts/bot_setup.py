"""How to run a bot against this server: the ready command a bot page shows."""

from __future__ import annotations

import shlex
from typing import Any

from django.utils.translation import gettext as _

from bots.models import Bot
from games import engine

GUIDE = "/docs/bots/"  # the bot guide (docs/bots.md, served by the docs pages)
PLACEHOLDER = "YOUR_TOKEN"
CLIENT_PATH = "/downloads/client.py"  # bots/client.py, served as it is (web.views.client_file)


def bot_setup(bot: Bot, base_url: str, token: str | None = None) -> dict[str, Any]:
    """Return the command that runs the example client as ``bot`` against this server.

    With the fresh ``token`` (shown once) the command is ready to paste; otherwise it holds a
    placeholder to replace with the bot's token.
    """
    url = base_url.rstrip("/")
    game = (bot.games or engine.names())[0]
    words = [
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
    arguments = " ".join(shlex.quote(word) if word != PLACEHOLDER else word for word in words)
    download = shlex.quote(f"{url}{CLIENT_PATH}")
    return {
        # From a checkout of the platform (its .venv has httpx: scripts/setup.sh).
        "command": f".venv/bin/python -m bots.client {arguments}",
        # Anywhere with Python 3.11+: the client is one file, and httpx its only need.
        "standalone": [
            "python3 -m pip install httpx",
            f"curl -fsSo client.py {download}",
            f"python3 client.py {arguments}",
        ],
        "has_token": token is not None,
        "placeholder": PLACEHOLDER,
        "guide": GUIDE,
        "url": url,
        "game": game,
        "webhook": bool(bot.webhook_url),
        "note": _("a practice match against house bots, to see it play"),
    }
