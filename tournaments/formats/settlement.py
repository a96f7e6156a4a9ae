"""Settling a round, as a pure step: what a round's state calls for, as a plan.

The formats compute pairings; this computes what to do when a match of a round is recorded (or
a repair looks at a round): the service reads the round once (``RoundFacts``), asks
``settlement_plan`` and applies the ``Plan`` in the same transaction
(tournaments/services/settlement.py). Nothing here reads the database.

The rules, in the order applied:

- A pairing whose matches are all over is **settled** (its outcome aggregated), unless it must
  wait: extra boards are allowed and either its regular match is sealed (a duplicate deal still
  played at another table: an extra board would tell the other tables that this one tied) while
  the round runs on, or a tie across a cut is still open and boards remain: then the next
  **extra board** starts among the tie's live entrants.
- Once no match of the round runs, the round's sealed matches are **unsealed** (first: an
  unsealed deal no longer makes anyone wait), every pairing is settled or gets its extra board,
  and if none waits the round is **finished**; then the **next round** is drawn, unless the
  tournament is paused or no longer running.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class PairingFacts:
    """What settling needs to know of one pairing."""

    id: int
    settled: bool  # its outcome is already stored (finished)
    running_matches: int  # its matches (regular and extra boards) still being played
    sealed: bool  # its regular match is sealed (a duplicate deal)
    boards_played: int  # extra boards started so far
    open_tie: tuple[int, ...] = ()  # live entrants of ties across a cut not yet separated


@dataclass(frozen=True)
class RoundFacts:
    """What settling needs to know of one round and its tournament."""

    running: bool  # the round is still running (not finished)
    pairings: tuple[PairingFacts, ...]
    tiebreak_boards: int = 0  # the most extra boards a pairing may play (0: none)
    tiebreaks_possible: bool = False  # extra boards allowed and the tournament running
    tournament_running: bool = True
    paused: bool = False


@dataclass(frozen=True)
class ExtraBoard:
    pairing: int
    entries: tuple[int, ...]
    number: int  # 1, 2, …


@dataclass(frozen=True)
class Plan:
    """What to do, in this order: unseal, settle, start extra boards, finish, next round."""

    unseal: bool = False
    settle: tuple[int, ...] = ()
    boards: tuple[ExtraBoard, ...] = ()
    finish_round: bool = False
    next_round: bool = False
    waiting: tuple[int, ...] = field(default=())  # pairings left waiting (for the record)

    @property
    def empty(self) -> bool:
        return not (self.unseal or self.settle or self.boards or self.finish_round)


def settlement_plan(facts: RoundFacts) -> Plan:
    """Return what the round's state calls for (module docstring)."""
    if not facts.running:
        return Plan()
    idle = all(p.running_matches == 0 for p in facts.pairings)
    settle: list[int] = []
    boards: list[ExtraBoard] = []
    waiting: list[int] = []
    for pairing in facts.pairings:
        if pairing.settled:
            continue
        if pairing.running_matches:
            waiting.append(pairing.id)
            continue
        if facts.tiebreaks_possible:
            if pairing.sealed and not idle:
                waiting.append(pairing.id)  # the deal is still played elsewhere
                continue
            if pairing.open_tie and pairing.boards_played < facts.tiebreak_boards:
                boards.append(ExtraBoard(pairing.id, pairing.open_tie, pairing.boards_played + 1))
                waiting.append(pairing.id)
                continue
        settle.append(pairing.id)
    finish = idle and not boards
    return Plan(
        unseal=idle,
        settle=tuple(settle),
        boards=tuple(boards),
        finish_round=finish,
        next_round=finish and facts.tournament_running and not facts.paused,
        waiting=tuple(waiting),
    )
