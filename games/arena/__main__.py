"""``python -m games.arena``: see ``games.arena.cli``."""

from __future__ import annotations

import sys

from games.arena.cli import main

if __name__ == "__main__":
    sys.exit(main())
