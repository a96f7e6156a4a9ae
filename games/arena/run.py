"""Run the arena: seeded duplicate deals, each played once per seat rotation, in parallel.

Board ``b`` is a deal seed drawn from ``--seed``; rotation ``r`` seats entrant ``(s + r) % n``
in seat ``s``. Every entrant thus plays every hand of every board once; the confidence
intervals take the board as the unit (each entrant's mean over its rotations of a board).
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from games import engine
from games.arena.entrants import Entrant, chooser
from games.arena.play import MOVE_TIMEOUT, play_match
from games.arena.progress import Progress
from games.arena.save import arena_document, is_saved
from games.arena.stats import Estimate, mean_ci


@dataclass(frozen=True)
class Plan:
    """What to play: the game, its options, the entrants and how many boards."""

    game: str
    options: dict[str, Any]
    entrants: tuple[Entrant, ...]
    boards: int
    seed: int
    move_timeout: float = MOVE_TIMEOUT
    save: bool = False  # keep the first match's replay document (games/arena/save.py)

    @property
    def seats(self) -> int:
        return len(self.entrants)

    @property
    def matches(self) -> int:
        return self.boards * self.seats

    def board_seeds(self) -> list[int]:
        rng = random.Random(self.seed)
        return [rng.getrandbits(64) for _ in range(self.boards)]


@dataclass(frozen=True)
class Task:
    board: int
    rotation: int
    seed: int


@dataclass
class Outcome:
    """One match, by entrant index (not seat): places, scores, fallbacks and their reasons."""

    board: int
    rotation: int
    deals: int
    places: list[int]
    scores: list[int]
    moves: list[int]
    fallbacks: list[int]
    reasons: list[list[str]]
    document: dict[str, Any] | None = None  # the replay document, of the saved match only


def seat_of(entrant: int, rotation: int, seats: int) -> int:
    """Return the seat of entrant ``entrant`` in rotation ``rotation``."""
    return (entrant - rotation) % seats


def play_task(plan: Plan, task: Task) -> Outcome:
    """Play one board in one rotation."""
    game = engine.get(plan.game)
    n = plan.seats
    at_seat = [plan.entrants[(s + task.rotation) % n] for s in range(n)]
    saved = plan.save and is_saved(task.board, task.rotation)
    players = [partial(chooser, e, plan.game, notes=saved) for e in at_seat]
    played = play_match(game, task.seed, plan.options, players, plan.move_timeout, record=saved)
    order = [seat_of(e, task.rotation, n) for e in range(n)]
    document = None
    if saved:
        document = arena_document(
            game=plan.game,
            seed=task.seed,
            options=plan.options,
            at_seat=at_seat,
            played=played,
            run_seed=plan.seed,
        )
    return Outcome(
        board=task.board,
        rotation=task.rotation,
        deals=played.deals,
        places=[played.result.places[s] for s in order],
        scores=[played.result.scores[s] for s in order],
        moves=[played.tallies[s].moves for s in order],
        fallbacks=[played.tallies[s].fallbacks for s in order],
        reasons=[
            [f"board {task.board}, seat {s}, {r}" for r in played.tallies[s].reasons] for s in order
        ],
        document=document,
    )


_PLAN: Plan | None = None


def _init(plan: Plan) -> None:
    global _PLAN
    _PLAN = plan


def _work(task: Task) -> Outcome:
    assert _PLAN is not None
    return play_task(_PLAN, task)


def tasks(plan: Plan) -> list[Task]:
    return [
        Task(board, rotation, seed)
        for board, seed in enumerate(plan.board_seeds())
        for rotation in range(plan.seats)
    ]


def outcomes(plan: Plan, jobs: int, progress: Progress) -> list[Outcome]:
    """Play every task, in ``jobs`` processes; return the outcomes in task order."""
    todo = tasks(plan)
    done: list[Outcome] = []
    if jobs <= 1:
        for task in todo:
            done.append(play_task(plan, task))
            progress.advance()
    else:
        context = multiprocessing.get_context("spawn")  # the same on Linux, macOS and Windows
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(todo)),
            mp_context=context,
            initializer=_init,
            initargs=(plan,),
        ) as pool:
            for outcome in pool.map(_work, todo, chunksize=max(1, len(todo) // (jobs * 8))):
                done.append(outcome)
                progress.advance()
    return done


@dataclass
class Standing:
    """One entrant's figures over the whole run."""

    entrant: Entrant
    place: Estimate
    win: Estimate
    buscas_per_deal: Estimate | None
    moves: int
    fallbacks: int
    reasons: list[str] = field(default_factory=list)


def by_board(plan: Plan, done: list[Outcome]) -> Iterator[list[Outcome]]:
    rows: dict[int, list[Outcome]] = {}
    for outcome in done:
        rows.setdefault(outcome.board, []).append(outcome)
    for board in sorted(rows):
        yield rows[board]


def standings(plan: Plan, done: list[Outcome], max_reasons: int = 5) -> list[Standing]:
    """Return each entrant's mean place, win rate (place 1, shared or not) and, in Busca, Buscas
    per deal, each with a 95% interval over boards."""
    boards = list(by_board(plan, done))
    rows = []
    for e, entrant in enumerate(plan.entrants):
        place = mean_ci([_avg([o.places[e] for o in b]) for b in boards])
        win = mean_ci([_avg([float(o.places[e] == 1) for o in b]) for b in boards])
        buscas = None
        if plan.game == "busca":  # a Busca score is the seat's count of Buscas
            buscas = mean_ci(
                [sum(o.scores[e] for o in b) / sum(o.deals for o in b) for b in boards]
            )
        reasons = [r for o in done for r in o.reasons[e]][:max_reasons]
        rows.append(
            Standing(
                entrant,
                place,
                win,
                buscas,
                moves=sum(o.moves[e] for o in done),
                fallbacks=sum(o.fallbacks[e] for o in done),
                reasons=reasons,
            )
        )
    return rows


def _avg(values: list[float] | list[int]) -> float:
    return sum(values) / len(values)
