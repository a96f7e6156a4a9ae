"""``--save FILE``: one match of an arena run as a replay document (games/replay_format.py),
the JSON the site's /matches/{id}/replay.json serves, for ``python -m games.arena view FILE``.

The run saves its first match: board 0 in rotation 0 (entrant ``s`` in seat ``s``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.arena.entrants import Entrant
from games.arena.errors import ArenaError
from games.arena.play import Played
from games.replay_format import replay_document

SAVED_BOARD, SAVED_ROTATION = 0, 0


def is_saved(board: int, rotation: int) -> bool:
    """Tell whether the run saves the match of this board and rotation (the first one)."""
    return (board, rotation) == (SAVED_BOARD, SAVED_ROTATION)


def arena_document(
    *,
    game: str,
    seed: int,
    options: dict[str, Any],
    at_seat: list[Entrant],
    played: Played,
    run_seed: int,
) -> dict[str, Any]:
    """Return the replay document of one arena match: its entrants by seat, every move with
    its think time and, for ``bots.client`` bots, its note."""
    result = played.result
    body = replay_document(
        game=game,
        seed=seed,
        options=options,
        moves=played.moves,
        result={
            "places": list(result.places),
            "scores": list(result.scores),
            "engine": result.to_json(),
        },
        seats=[
            {"seat": s, "kind": "house" if e.is_house else "bot", "name": e.spec}
            for s, e in enumerate(at_seat)
        ],
    )
    body["arena"] = {"seed": run_seed, "board": SAVED_BOARD, "rotation": SAVED_ROTATION}
    return body


def check_target(path: Path) -> None:
    """Raise ArenaError before the run if ``path`` cannot be written (its folder is missing)."""
    if path.is_dir():
        raise ArenaError(f"--save {path}: is a folder; give a file name")
    if not path.parent.is_dir():
        raise ArenaError(f"--save {path}: the folder {path.parent} does not exist")


def write(path: Path, body: dict[str, Any]) -> None:
    """Write the document; raise ArenaError with the reason if it cannot be."""
    try:
        path.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    except OSError as exc:
        raise ArenaError(f"--save {path}: cannot be written: {exc}") from None
