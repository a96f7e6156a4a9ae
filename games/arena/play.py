"""Play one match of the arena, from the start or from a given position.

Each seat's chooser sees what a platform bot sees: its ``view`` and the legal moves in wire
form. An answer that raises, is malformed or is illegal is a fallback: a random legal move is
played instead, as ``bots.client`` does, and the reason is kept for the report.
"""

from __future__ import annotations

import copy
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from games.arena.entrants import Chooser
from games.engine import Game, Result

MAX_REASONS = 3  # reasons kept per seat and match (the first ones)
MAX_MOVES = 200_000  # a safety stop; every engine ends far sooner
MOVE_TIMEOUT = 10.0  # seconds a choose() may take, as a platform bot's move time-out


class MoveTimeout(Exception):
    """A choose() that took longer than the move time-out."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block with MoveTimeout after ``seconds`` (a real-time alarm).

    The alarm works in a process's main thread, where the arena calls every chooser (in each
    worker process, or in the arena itself with --jobs 1); elsewhere the block runs unbounded.
    """
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise MoveTimeout(f"no answer within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class SeatTally:
    """What one seat did in a match besides its place."""

    moves: int = 0
    fallbacks: int = 0
    reasons: list[str] = field(default_factory=list)


@dataclass
class Played:
    """The end of a match: the engine's result, each seat's tally and, when asked for, its
    moves as the platform's log gives them (``move_row``)."""

    result: Result
    deals: int
    tallies: list[SeatTally]
    moves: list[dict[str, Any]] = field(default_factory=list)


def seed_of(*parts: int) -> int:
    """Return a 64-bit seed mixed from ``parts`` (the same parts, the same seed)."""
    rng = random.Random(":".join(str(p) for p in parts))
    return rng.getrandbits(64)


def _reason(turn: int, text: str) -> str:
    return f"turn {turn}: {text}"


def _now(record: bool) -> datetime | None:
    return datetime.now(UTC) if record else None  # only a recorded match needs the clock


def move_row(
    turn: int, seat: int, move: Any, by: str, asked: datetime, think_ms: float, note: Any
) -> dict[str, Any]:
    """Return one played move as the platform's log has it (docs/bots.md, "Timings"): the
    arena hands the turn over at ``asked`` and measures the choice; there is no network, so no
    transit, and no bank. ``by`` is ``entrant``, ``timeout`` or ``fallback`` (a bad answer)."""
    arrived = asked.timestamp() + think_ms / 1000
    at = datetime.fromtimestamp(arrived, UTC).isoformat()
    row: dict[str, Any] = {
        "turn": turn,
        "seat": seat,
        "move": move,
        "by": by,
        "at": at,
        "timing": {
            "delivered_at": asked.isoformat(),
            "arrived_at": at,
            "think_ms": round(think_ms, 2),
            "transit_ms": None,
            "bank_ms": None,
        },
    }
    if isinstance(note, dict) and note:
        row["note"] = {
            "seat": seat,
            "text": str(note.get("text", "")),
            "eval": note.get("eval"),
            "confidence": note.get("confidence"),
        }
    return row


def play_on(
    game: Game,
    state: Any,
    choosers: Sequence[Chooser],
    fallback_seed: int,
    first_turn: int = 0,
    move_timeout: float = MOVE_TIMEOUT,
    record: bool = False,
) -> Played:
    """Play ``state`` to its end with ``choosers[seat]`` for each seat; return the outcome
    (with every move, its timing and its note when ``record``: see ``move_row``)."""
    rng = random.Random(fallback_seed)
    tallies = [SeatTally() for _ in choosers]
    rows: list[dict[str, Any]] = []
    turn = first_turn
    while (seat := game.to_move(state)) is not None:
        if turn - first_turn > MAX_MOVES:
            raise RuntimeError(f"{game.name}: no end after {MAX_MOVES} moves")
        legal = game.legal_moves(state)
        wire = [game.move_json(m) for m in legal]
        tally = tallies[seat]
        tally.moves += 1
        problem: str | None = None
        by = "entrant"
        move: Any = None
        asked, started = _now(record), time.perf_counter()
        try:
            view = game.view(state, seat)
            asked, started = _now(record), time.perf_counter()  # the bot's time from here
            with time_limit(move_timeout):
                answer = choosers[seat](view, copy.deepcopy(wire))
        except (Exception, SystemExit) as exc:  # sys.exit() in choose() too: a fault
            problem = f"choose() raised {type(exc).__name__}: {exc}"
            by = "timeout" if isinstance(exc, MoveTimeout) else "fallback"
        think_ms = (time.perf_counter() - started) * 1000
        if problem is None:
            try:
                move = game.parse_move(answer)
                state = game.apply(state, move)
            except Exception as exc:
                problem = f"answered {str(answer)[:120]}: {type(exc).__name__}: {exc}"
                by = "fallback"
        if problem is not None:
            tally.fallbacks += 1
            if len(tally.reasons) < MAX_REASONS:
                tally.reasons.append(_reason(turn, problem))
            move = rng.choice(legal)
            state = game.apply(state, move)
        if asked is not None:  # recording
            note = getattr(choosers[seat], "note", None) if by == "entrant" else None
            rows.append(move_row(turn, seat, game.move_json(move), by, asked, think_ms, note))
        turn += 1
    result = game.result(state)
    assert result is not None
    return Played(result, game.deals(state), tallies, rows)


def play_match(
    game: Game,
    seed: int,
    options: dict[str, Any],
    players: Sequence[Callable[[int], tuple[Chooser, Callable[[], None]]]],
    move_timeout: float = MOVE_TIMEOUT,
    record: bool = False,
) -> Played:
    """Play a whole match of ``game`` on deal ``seed``; ``players[seat](seed)`` makes a player."""
    made = [make(seed_of(seed, seat)) for seat, make in enumerate(players)]
    try:
        return play_on(
            game,
            game.new(seed, **options),
            [c for c, _ in made],
            seed_of(seed, -1),
            move_timeout=move_timeout,
            record=record,
        )
    finally:
        for _, done in made:
            done()
