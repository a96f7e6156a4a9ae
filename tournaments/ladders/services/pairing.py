"""Who plays whom on a ladder: a pure plan, tested and benchmarked apart from the database.

Each table starts from the bot whose rating is least certain (highest sigma, then the longest wait
since its last ladder match) and adds the opponents nearest to it in mu, drawn at random from a
few more than it needs, so that the same bots do not meet over and over.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from dataclasses import dataclass

SPREAD = 2  # extra near candidates the opponents are drawn from


@dataclass(frozen=True)
class Candidate:
    """One active ladder entrant as the planner sees it."""

    bot_id: int
    owner_id: int
    anchor: str  # the house strategy of an anchor, "" for an entered bot
    mu: float
    sigma: float
    waited_since: float  # when it was last scheduled (a timestamp; 0 = never)


def plan_tables(
    candidates: list[Candidate],
    *,
    entrants: int,
    tables: int,
    per_bot: int,
    per_anchor: int,
    load: dict[int, int],
    rng: random.Random,
) -> list[list[Candidate]]:
    """Return up to ``tables`` tables of ``entrants`` candidates each, the focal bot first.

    ``load`` holds each bot's running ladder matches; an entered bot never goes past
    ``per_bot``, a house anchor past ``per_anchor``. No two entered bots of one owner share
    a table (DESIGN.md, "one deal, one seat per entrant"). ``load`` is updated in place.
    """
    by_mu = sorted(candidates, key=lambda c: (c.mu, c.bot_id))
    mus = [c.mu for c in by_mu]
    focal_order = sorted(
        (c for c in candidates if not c.anchor), key=lambda c: (-c.sigma, c.waited_since, c.bot_id)
    )
    planned: list[list[Candidate]] = []
    # Rounds over the focal order: each bot starts at most one table a round, so the least
    # certain get the first seats, and later rounds fill the slots that are still free.
    while len(planned) < tables:
        before = len(planned)
        for focal in focal_order:
            if len(planned) >= tables:
                break
            if load.get(focal.bot_id, 0) >= per_bot:
                continue
            limits = (per_bot, per_anchor)
            near = _nearest(by_mu, mus, focal, entrants - 1 + SPREAD, limits, load)
            if len(near) < entrants - 1:
                continue
            table = [focal, *rng.sample(near, entrants - 1)]
            for member in table:
                load[member.bot_id] = load.get(member.bot_id, 0) + 1
            planned.append(table)
        if len(planned) == before:
            break
    return planned


def _free(c: Candidate, limits: tuple[int, int], load: dict[int, int]) -> bool:
    per_bot, per_anchor = limits
    return load.get(c.bot_id, 0) < (per_anchor if c.anchor else per_bot)


def _nearest(
    by_mu: list[Candidate],
    mus: list[float],
    focal: Candidate,
    want: int,
    limits: tuple[int, int],
    load: dict[int, int],
) -> list[Candidate]:
    """Return up to ``want`` free candidates nearest to ``focal`` in mu, of distinct owners."""
    owners = {focal.owner_id}
    found: list[Candidate] = []
    at = bisect_left(mus, focal.mu)
    low, high = at - 1, at
    while len(found) < want and (low >= 0 or high < len(by_mu)):
        take_high = low < 0 or (high < len(by_mu) and mus[high] - focal.mu <= focal.mu - mus[low])
        if take_high:
            c, high = by_mu[high], high + 1
        else:
            c, low = by_mu[low], low - 1
        if c.bot_id == focal.bot_id or not _free(c, limits, load):
            continue
        if not c.anchor:
            if c.owner_id in owners:
                continue
            owners.add(c.owner_id)
        found.append(c)
    return found
