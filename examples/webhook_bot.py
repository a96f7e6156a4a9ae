"""A webhook bot: the platform POSTs each turn here, the bot answers with its move.

Register the bot with a webhook address (on your own machine an embedded platform calls
http://127.0.0.1:PORT/ or http://localhost:PORT/; docs/bots.md, "On your own machine"), keep
the secret it prints, and serve (``python -m bots.client --webhook`` does the same for the
ready-made strategies):

    python manage.py createbot --owner admin --name hookbot --webhook http://127.0.0.1:8765/
    python examples/webhook_bot.py --secret SECRET --port 8765

Every call is checked (HMAC-SHA256 signature, timestamp at most 5 minutes old) before the bot
chooses; a call that fails the check gets 401.
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

try:
    from bots.client import Bot, serve_webhook
except ImportError:  # outside the platform's checkout: client.py copied next to this file
    from client import Bot, serve_webhook  # type: ignore[no-redef,import-not-found]


class CheapestBot(Bot):
    """Any game: play the first legal move that lays cards, else a random one."""

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        for move in legal_moves:
            if "meld" in move or "add" in move:
                return move
        return self.rng.choice(legal_moves)


def run(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--secret", required=True, help="the bot's webhook secret")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    serve_webhook(CheapestBot(), args.secret, args.host, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(run())
