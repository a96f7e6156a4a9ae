"""A ladder entrant as the planner of sets sees it (tournaments/ladders/services/sets.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Candidate:
    """One active ladder entrant as the planner sees it."""

    bot_id: int
    owner_id: int
    anchor: str  # the house strategy of an anchor, "" for an entered bot
    mu: float
    sigma: float
    waited_since: float  # when it was last scheduled (a timestamp; 0 = never)
