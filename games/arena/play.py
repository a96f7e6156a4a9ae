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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
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
    """The end of a match: the engine's result and each seat's tally."""

    result: Result
    deals: int
    tallies: list[SeatTally]


def seed_of(*parts: int) -> int:
    """Return a 64-bit seed mixed from ``parts`` (the same parts, the same seed)."""
    rng = random.Random(":".join(str(p) for p in parts))
    return rng.getrandbits(64)


def _reason(turn: int, text: str) -> str:
    return f"turn {turn}: {text}"


def play_on(
    game: Game,
    state: Any,
    choosers: Sequence[Chooser],
    fallback_seed: int,
    first_turn: int = 0,
    move_timeout: float = MOVE_TIMEOUT,
) -> Played:
    """Play ``state`` to its end with ``choosers[seat]`` for each seat; return the outcome."""
    rng = random.Random(fallback_seed)
    tallies = [SeatTally() for _ in choosers]
    turn = first_turn
    while (seat := game.to_move(state)) is not None:
        if turn - first_turn > MAX_MOVES:
            raise RuntimeError(f"{game.name}: no end after {MAX_MOVES} moves")
        legal = game.legal_moves(state)
        wire = [game.move_json(m) for m in legal]
        tally = tallies[seat]
        tally.moves += 1
        problem: str | None = None
        try:
            view = game.view(state, seat)
            with time_limit(move_timeout):
                answer = choosers[seat](view, copy.deepcopy(wire))
        except (Exception, SystemExit) as exc:  # sys.exit() in choose() too: a fault
            problem = f"choose() raised {type(exc).__name__}: {exc}"
        else:
            try:
                state = game.apply(state, game.parse_move(answer))
            except Exception as exc:
                problem = f"answered {str(answer)[:120]}: {type(exc).__name__}: {exc}"
        if problem is not None:
            tally.fallbacks += 1
            if len(tally.reasons) < MAX_REASONS:
                tally.reasons.append(_reason(turn, problem))
            state = game.apply(state, rng.choice(legal))
        turn += 1
    result = game.result(state)
    assert result is not None
    return Played(result, game.deals(state), tallies)


def play_match(
    game: Game,
    seed: int,
    options: dict[str, Any],
    players: Sequence[Callable[[int], tuple[Chooser, Callable[[], None]]]],
    move_timeout: float = MOVE_TIMEOUT,
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
        )
    finally:
        for _, done in made:
            done()
