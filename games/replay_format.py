"""The replay document: a finished game step by step, and its events as NDJSON.

Pure (no Django, no I/O): the site builds it from a match's rows (games/replay.py), the arena
from a game it played (``--save``), and both viewers read it with one script
(games/static/games/replay.js). docs/bots.md, "Replays", describes the fields.

A move row is a dict with ``turn``, ``seat``, ``move`` (the wire move), ``by`` and, where known,
``at`` (when it was logged), ``timing`` (docs/bots.md, "Timings") and ``note``. The caller
decides which notes a reader may see: this module only copies what it is given.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from games import engine
from games.engine.options import options_check

FORMAT = "cardtables-replay"
VERSION = 1
MAX_FRAMES = 5000  # moves replayed into frames; the rest are cut (``truncated``)
MOVE_FIELDS = ("turn", "seat", "move", "by", "at", "timing", "note")


def move_entry(row: Mapping[str, Any]) -> dict[str, Any]:
    """Return one move as the document and the events carry it (no empty note)."""
    entry = {name: row.get(name) for name in MOVE_FIELDS}
    if entry["note"] is None:
        del entry["note"]
    return entry


def _hands(rules: engine.Game, state: Any, seats: int) -> list[list[str] | None]:
    hands: list[list[str] | None] = []
    for seat in range(seats):
        hand = rules.view(state, seat).get("hand")
        hands.append(list(hand) if isinstance(hand, list) else None)
    return hands


def _frame(rules: engine.Game, state: Any, seats: int, step: int, last: Any) -> dict[str, Any]:
    view = rules.view(state, None)
    for bulky in ("options", "last_deal", "legal_moves"):
        view.pop(bulky, None)
    return {
        "turn": step,
        "deal": view.get("deal"),
        "last": last,
        "view": view,
        "hands": _hands(rules, state, seats),
    }


def header(
    *,
    game: str,
    seed: int | str,
    options: Mapping[str, Any],
    result: Any,
    seats: Sequence[Mapping[str, Any]],
    match: int | None = None,
) -> dict[str, Any]:
    """Return what the document and the events' first line say about the whole game."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "match": match,
        "game": game,
        "seed": str(seed),
        "options": options_check(game, options),  # every option, the defaults too
        "result": result,
        "seats": [dict(seat) for seat in seats],
    }


def replay_document(
    *,
    game: str,
    seed: int | str,
    options: Mapping[str, Any],
    moves: Sequence[Mapping[str, Any]],
    result: Any,
    seats: Sequence[Mapping[str, Any]],
    match: int | None = None,
) -> dict[str, Any]:
    """Return the game replayed from ``seed`` and ``moves``: one frame before the first move
    and one after each, every hand in each (the game is over: docs/bots.md, "Replays")."""
    body = header(game=game, seed=seed, options=options, result=result, seats=seats, match=match)
    rules = engine.get(game)
    state = rules.new(int(seed), **body["options"])
    count = rules.seats(state)
    frames = [_frame(rules, state, count, 0, None)]
    for row in moves[:MAX_FRAMES]:
        state = rules.apply(state, rules.parse_move(row["move"]))
        frames.append(_frame(rules, state, count, len(frames), move_entry(row)))
    starts: dict[Any, int] = {}
    for frame in frames:
        if frame["deal"] is not None:
            starts.setdefault(frame["deal"], frame["turn"])
    body["deals"] = [{"deal": deal, "frame": starts[deal]} for deal in sorted(starts)]
    body["frames"] = frames
    body["truncated"] = len(moves) > MAX_FRAMES
    return body


def event_lines(head: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]) -> Iterator[str]:
    """Yield the events as NDJSON lines (no newline): the header, then one line per move."""
    yield json.dumps(dict(head), ensure_ascii=False)
    for row in moves:
        yield json.dumps(move_entry(row), ensure_ascii=False)


def document_moves(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Return the moves of a replay document, in turn order."""
    return [dict(frame["last"]) for frame in body["frames"][1:]]


def document_events(body: Mapping[str, Any]) -> Iterator[str]:
    """Yield the events of a replay document as NDJSON lines (as the site's events.ndjson)."""
    head = {name: body.get(name) for name in ("format", "version", "match", "game", "seed")}
    head |= {name: body.get(name) for name in ("options", "result", "seats")}
    return event_lines(head, document_moves(body))


def is_document(body: Any) -> bool:
    """Tell whether ``body`` is a replay document (not a match log)."""
    return isinstance(body, dict) and body.get("format") == FORMAT and "frames" in body
