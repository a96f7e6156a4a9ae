"""Replay frames of a finished match: every step's table with every hand, from seed + moves."""

from __future__ import annotations

from typing import Any

from games import engine
from games.models import Match, Move
from games.services.errors import TurnNotOpen

MAX_FRAMES = 5000


def _hands(rules: Any, state: Any, seats: int) -> list[list[str] | None]:
    hands: list[list[str] | None] = []
    for seat in range(seats):
        hand = rules.view(state, seat).get("hand")
        hands.append(list(hand) if hand is not None else None)
    return hands


def replay_frames(match: Match) -> dict[str, Any]:
    """Return the match replayed step by step; only once it is over (the frames show hands)."""
    if match.is_running:
        raise TurnNotOpen("the replay is shown once the match is over")
    if match.sealed:
        raise TurnNotOpen("the replay is shown once the round's other boards are over")
    rules = engine.get(match.game)
    state = rules.new(int(match.seed), **match.options)
    seats = rules.seats(state)
    moves = list(
        Move.objects.filter(match=match).order_by("turn").values("turn", "seat", "move", "by")
    )
    frames: list[dict[str, Any]] = []

    def frame(last: dict[str, Any] | None) -> None:
        view = rules.view(state, None)
        for bulky in ("options", "last_deal", "legal_moves"):
            view.pop(bulky, None)
        frames.append(
            {
                "turn": len(frames),
                "deal": view.get("deal"),
                "last": last,
                "view": view,
                "hands": _hands(rules, state, seats),
            }
        )

    frame(None)
    for row in moves[:MAX_FRAMES]:
        state = rules.apply(state, rules.parse_move(row["move"]))
        frame(row)
    deals = sorted({f["deal"] for f in frames if f["deal"] is not None})
    return {
        "match": match.pk,
        "game": match.game,
        "seed": match.seed,
        "options": match.options,
        "result": match.result,
        "deals": [
            {"deal": d, "frame": next(f["turn"] for f in frames if f["deal"] == d)} for d in deals
        ],
        "frames": frames,
        "truncated": len(moves) > MAX_FRAMES,
    }
