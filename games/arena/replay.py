"""Counterfactual replay: a finished match's record, rebuilt at a turn, played on differently.

The record is the body of ``GET /api/v1/matches/{id}/log`` once the match is over (and not
sealed), or a replay document (the site's replay.json, the arena's ``--save``): its seed,
options and every move. The engine rebuilds any position from those alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from games import engine
from games.arena.entrants import Entrant, chooser, house_chooser
from games.arena.errors import ArenaError
from games.arena.play import Played, play_on, seed_of
from games.engine import Game, Result
from games.replay_format import document_moves, is_document


class FetchError(Exception):
    """The API could not be reached or answered with an error (exit code 1)."""


@dataclass(frozen=True)
class Record:
    """What a replay needs of a finished match."""

    game: str
    seed: int
    options: dict[str, Any]
    moves: list[Any]  # wire moves, in turn order
    match: int | None = None


def record_of(body: Any, game: str | None = None) -> Record:
    """Return the record in a match log body; raise ArenaError naming what is missing."""
    if not isinstance(body, dict):
        raise ArenaError("the record is not a JSON object (save GET /api/v1/matches/{id}/log)")
    where = f"match {body['match']}" if body.get("match") is not None else "the record"
    if is_document(body):  # a replay (/matches/{id}/replay.json, or the arena's --save)
        if body.get("truncated"):
            raise ArenaError(f"{where}: the replay is cut short; save the match's log instead")
        body = {**body, "moves": document_moves(body)}
    if body.get("sealed"):
        raise ArenaError(f"{where} is sealed: its moves stay closed until its round is over")
    if body.get("status") == "running":
        raise ArenaError(f"{where} is still running: replays need a finished match")
    if "seed" not in body:
        raise ArenaError(f"{where} has no seed: only a finished, unsealed match's log gives it")
    name = body.get("game") or game
    if name is None:
        raise ArenaError(f"{where} does not name its game: give --game")
    if name not in engine.names():
        raise ArenaError(f"{where}: unknown game {name!r}")
    moves = body.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, dict) and "move" in m for m in moves):
        raise ArenaError(f"{where}: 'moves' is not a list of {{'turn', 'seat', 'move'}}")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise ArenaError(f"{where}: 'options' is not an object")
    try:
        seed = int(body["seed"])
    except (TypeError, ValueError):
        raise ArenaError(f"{where}: the seed {body['seed']!r} is not a whole number") from None
    match = body.get("match") if isinstance(body.get("match"), int) else None
    return Record(name, seed, options, [m["move"] for m in moves], match)


def read_file(path: Path, game: str | None = None) -> Record:
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ArenaError(f"{path}: cannot be read: {exc}") from None
    except ValueError as exc:
        raise ArenaError(f"{path}: not JSON: {exc}") from None
    return record_of(body, game)


def fetch(match_id: int, url: str, token: str | None, game: str | None = None) -> Record:
    """Return the record of match ``match_id`` from the API (its ``/log`` endpoint)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        with httpx.Client(base_url=url.rstrip("/"), headers=headers, timeout=30) as http:
            reply = http.get(f"/api/v1/matches/{match_id}/log")
            if reply.status_code != 200:
                raise FetchError(f"GET /api/v1/matches/{match_id}/log: {_said(reply)}")
            body = reply.json()
            if isinstance(body, dict) and "game" not in body and game is None:
                detail = http.get(f"/api/v1/matches/{match_id}")
                if detail.status_code == 200:
                    body["game"] = detail.json().get("game")
    except httpx.HTTPError as exc:
        raise FetchError(f"{url}: {type(exc).__name__}: {exc}") from None
    except ValueError:
        raise FetchError(f"{url}: the answer is not JSON") from None
    return record_of(body, game)


def _said(reply: httpx.Response) -> str:
    try:
        body = reply.json()
    except ValueError:
        return f"HTTP {reply.status_code}"
    if isinstance(body, dict) and "error" in body:
        return f"HTTP {reply.status_code} {body['error']}: {body.get('detail', '')}"
    return f"HTTP {reply.status_code}"


def replay(game: Game, record: Record, turns: int) -> Any:
    """Return the state after the first ``turns`` moves of ``record``."""
    state = game.new(record.seed, **record.options)
    for turn, move in enumerate(record.moves[:turns]):
        try:
            state = game.apply(state, game.parse_move(move))
        except Exception as exc:
            raise ArenaError(f"the log does not replay at turn {turn}: {exc}") from None
    return state


@dataclass
class Replayed:
    """A replay's two endings: the logged one and the one with the author's bot."""

    turn: int
    seat: int
    to_move: int
    view: dict[str, Any]
    view_text: str  # the view as the engine renders it
    original: Result | None  # None: the logged match ended early (resigned or aborted)
    new: Played


def counterfactual(
    record: Record, seat: int, turn: int, bot: Entrant, house: str, seed: int
) -> Replayed:
    """Rebuild ``record`` at ``turn`` and play on: ``bot`` in ``seat``, ``house`` elsewhere."""
    game = engine.get(record.game)
    if not 0 <= turn < len(record.moves) + 1:
        raise ArenaError(f"--from-turn {turn}: the log has turns 0 to {len(record.moves) - 1}")
    state = replay(game, record, turn)
    seats = game.seats(state)
    if not 0 <= seat < seats:
        raise ArenaError(f"--seat {seat}: {record.game} here has seats 0 to {seats - 1}")
    to_move = game.to_move(state)
    if to_move is None:
        raise ArenaError(f"--from-turn {turn}: the game is already over there")
    ending = replay(game, record, len(record.moves))
    original = game.result(ending)
    players = [
        chooser(bot, record.game, seed_of(seed, s))
        if s == seat
        else house_chooser(house, record.game, seed_of(seed, s))
        for s in range(seats)
    ]
    try:
        new = play_on(game, state, [c for c, _ in players], seed_of(seed, -1), first_turn=turn)
    finally:
        for _, done in players:
            done()
    view = game.view(state, seat)
    return Replayed(turn, seat, to_move, view, game.render(view), original, new)
