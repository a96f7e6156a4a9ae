"""A cheater's bot for the ladder tests: it plays at random and writes down every match it is
seated in and every view it is shown, one JSON line each, to learn what it can.

    python -m tests.e2e.recording_bot --token T --url U --record FILE
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bots.client import Bot, main


class RecordingBot(Bot):
    record: Path

    def on_match_started(self, match_id: int) -> None:
        self._write({"match": match_id})

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        self._write({"view": view})
        return self.rng.choice(legal_moves)

    def _write(self, line: dict[str, Any]) -> None:
        with self.record.open("a") as out:
            out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    argv = sys.argv[1:]
    at = argv.index("--record")
    RecordingBot.record = Path(argv[at + 1])
    del argv[at : at + 2]
    sys.exit(main(RecordingBot, argv))
