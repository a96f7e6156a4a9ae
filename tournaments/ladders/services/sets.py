"""Duplicate sets: which entrants play the tables of one deal (a pure plan, no database).

A set deals one seed at ``T`` tables (2 to the number of hands: Busca's four seats, Mano a
Mano's two, Cerrado's two sides). Table ``t`` seats a group of its own, moved ``t`` seats round
(``tournaments.services.boards.board_of``), so each hand is held by a different entrant at every
table and the results of one hand can be compared. The invariant, over the ladder's life:

- no entered bot holds two seats of one deal: it sits at one table of a set, once;
- no two bots of one owner (or of linked accounts) sit in one set: ``owner_id`` is the owner
  *group* (bots.owners);
- each set deals a fresh seed, so no bot meets a deal twice.

House anchors have no memory between matches (the platform plays them), so an anchor may sit at
several tables of a set, at most once at each; its seat moves round with the table, so it holds
a different hand at each. A set is built round the least certain free bot, from the free
entrants nearest to it in skill; a set that cannot be filled (too few free entrants of distinct
owners, too few free slots) falls back to a single table, rated as a plain match.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tournaments.ladders.services.pairing import Candidate

SPREAD = 2  # extra near candidates a set's bots are drawn from


@dataclass(frozen=True)
class PlannedSet:
    """The tables of one planned set, each its group in seat order before the rotation."""

    tables: list[list[Candidate]]

    @property
    def duplicate(self) -> bool:
        return len(self.tables) > 1


def plan_sets(
    candidates: list[Candidate],
    *,
    entrants: int,
    hands: int,
    slots: int,
    per_bot: int,
    per_anchor: int,
    load: dict[int, int],
    rng: random.Random,
) -> list[PlannedSet]:
    """Return sets that fill at most ``slots`` tables, the least certain bots seated first.

    ``entrants`` is the rated entrants a table seats, ``hands`` the most tables a set may have.
    ``load`` holds each entrant's running ladder matches and is updated in place; an entered bot
    never goes past ``per_bot``, an anchor past ``per_anchor``.
    """
    focal_order = sorted(
        (c for c in candidates if not c.anchor), key=lambda c: (-c.sigma, c.waited_since, c.bot_id)
    )
    anchors = sorted((c for c in candidates if c.anchor), key=lambda c: c.bot_id)
    planned: list[PlannedSet] = []
    used = 0
    while used < slots:
        before = len(planned)
        for focal in focal_order:
            if used >= slots:
                break
            if load.get(focal.bot_id, 0) >= per_bot:
                continue
            limits = (per_bot, per_anchor)
            made = _one_set(
                candidates, anchors, focal, entrants, hands, slots - used, limits, load, rng
            )
            if made is None:
                continue
            for table in made.tables:
                for member in table:
                    load[member.bot_id] = load.get(member.bot_id, 0) + 1
            planned.append(made)
            used += len(made.tables)
        if len(planned) == before:
            break
    return planned


def _one_set(
    candidates: list[Candidate],
    anchors: list[Candidate],
    focal: Candidate,
    entrants: int,
    hands: int,
    slots: int,
    limits: tuple[int, int],
    load: dict[int, int],
    rng: random.Random,
) -> PlannedSet | None:
    """Plan the largest set round ``focal`` (a single table if no duplicate fits), or None."""
    per_bot, per_anchor = limits
    bots = _near_bots(candidates, focal, hands * entrants - 1 + SPREAD, per_bot, load)
    free_anchors = [a for a in anchors if load.get(a.bot_id, 0) < per_anchor]
    for count in range(min(hands, slots), 0, -1):
        # Each table needs at least one entered bot, and its other seats from the bots left and
        # the anchors (each anchor once a table, and within its limit over the set's tables).
        if count > 1 + len(bots):
            continue
        pool = bots[: count * entrants - 1 + SPREAD]  # the nearest, and a few more to vary
        chosen = [focal, *rng.sample(pool, min(len(pool), count * entrants - 1))]
        chosen.sort(key=lambda c: abs(c.mu - focal.mu))
        tables: list[list[Candidate]] = [[] for _ in range(count)]
        for index, member in enumerate(chosen):
            tables[index % count].append(member)
        if _fill(tables, entrants, free_anchors, per_anchor, load):
            for table in tables:
                # The bots' places are drawn; the anchors keep their order after them, so that
                # the rotation moves an anchor at two tables to a different hand at each.
                bots_here = [m for m in table if not m.anchor]
                rng.shuffle(bots_here)
                table[: len(bots_here)] = bots_here
            return PlannedSet(tables)
    return None


def _fill(
    tables: list[list[Candidate]],
    entrants: int,
    anchors: list[Candidate],
    per_anchor: int,
    load: dict[int, int],
) -> bool:
    """Seat anchors in the free seats, each once a table and within its limit; trim tables with
    too many bots. Return False when some table cannot be filled."""
    for table in tables:
        del table[entrants:]
    room = {a.bot_id: per_anchor - load.get(a.bot_id, 0) for a in anchors}
    for table in tables:
        for anchor in anchors:
            if len(table) >= entrants:
                break
            if room[anchor.bot_id] > 0:
                table.append(anchor)
                room[anchor.bot_id] -= 1
        if len(table) < entrants:
            return False
    return True


def _near_bots(
    candidates: list[Candidate], focal: Candidate, want: int, per_bot: int, load: dict[int, int]
) -> list[Candidate]:
    """Return up to ``want`` free entered bots nearest to ``focal`` in mu, one per owner group
    and none of ``focal``'s."""
    owners = {focal.owner_id}
    found: list[Candidate] = []
    for c in sorted(candidates, key=lambda c: (abs(c.mu - focal.mu), c.bot_id)):
        if len(found) >= want:
            break
        if c.anchor or c.bot_id == focal.bot_id or load.get(c.bot_id, 0) >= per_bot:
            continue
        if c.owner_id in owners:
            continue
        owners.add(c.owner_id)
        found.append(c)
    return found
