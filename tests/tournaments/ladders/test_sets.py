"""The duplicate set planner on its own (tournaments/ladders/services/sets.py): the invariant
holds with few bots, with owners clashing, with anchors only, and whatever the loads are."""

from __future__ import annotations

import random

import pytest

from tournaments.ladders.services.pairing import Candidate
from tournaments.ladders.services.sets import PlannedSet, plan_sets


def bot(n: int, owner: int | None = None, mu: float = 25.0, sigma: float = 8.0) -> Candidate:
    return Candidate(n, n if owner is None else owner, "", mu, sigma, 0.0)


def anchor(n: int, name: str) -> Candidate:
    return Candidate(n, 0, name, 25.0, 1.0, 0.0)


ANCHORS = [anchor(901, "house:random"), anchor(902, "house:greedy"), anchor(903, "house:fast")]


def plan(cands: list[Candidate], entrants: int = 4, hands: int = 4, slots: int = 20,
         per_bot: int = 2, per_anchor: int = 8, load: dict[int, int] | None = None,
         seed: int = 1) -> list[PlannedSet]:
    return plan_sets(cands, entrants=entrants, hands=hands, slots=slots, per_bot=per_bot,
                     per_anchor=per_anchor, load={} if load is None else load,
                     rng=random.Random(seed))


def check_invariant(sets: list[PlannedSet], entrants: int, hands: int) -> None:
    for one in sets:
        assert 1 <= len(one.tables) <= hands
        bots = [m for table in one.tables for m in table if not m.anchor]
        assert len({m.bot_id for m in bots}) == len(bots), "a bot at two tables of one deal"
        assert len({m.owner_id for m in bots}) == len(bots), "one owner at two tables"
        for table in one.tables:
            assert len(table) == entrants and len({m.bot_id for m in table}) == entrants
            assert any(not m.anchor for m in table), "a table of anchors only"


def test_four_bots_and_three_anchors_make_a_set_of_four_busca_tables() -> None:
    sets = plan([bot(n) for n in range(4)] + ANCHORS, slots=4)
    [one] = sets
    assert one.duplicate and len(one.tables) == 4
    assert [sum(not m.anchor for m in t) for t in one.tables] == [1, 1, 1, 1]
    check_invariant(sets, 4, 4)


def test_one_bot_alone_falls_back_to_a_single_table() -> None:
    [one] = plan([bot(1)] + ANCHORS, slots=4, per_bot=1)
    assert not one.duplicate and {m.bot_id for m in one.tables[0]} == {1, 901, 902, 903}


def test_anchors_only_plan_nothing() -> None:
    assert plan(ANCHORS) == []


def test_bots_of_one_owner_never_share_a_set() -> None:
    cands = [bot(n, owner=7) for n in range(6)] + ANCHORS
    sets = plan(cands, per_bot=1)
    assert len(sets) == 6 and all(not one.duplicate for one in sets)
    check_invariant(sets, 4, 4)


def test_the_anchors_limit_bounds_the_tables() -> None:
    [one] = plan([bot(n) for n in range(4)] + ANCHORS, slots=4, per_bot=1, per_anchor=2)
    assert len(one.tables) == 2


def test_few_free_slots_make_a_smaller_set() -> None:
    [one] = plan([bot(n) for n in range(16)], slots=3, per_bot=1)
    assert len(one.tables) == 3
    check_invariant([one], 4, 4)


def test_mano_a_mano_pairs_make_sets_of_two_tables() -> None:
    sets = plan([bot(n) for n in range(8)], entrants=2, hands=2, per_bot=1)
    assert [len(one.tables) for one in sets] == [2, 2]
    check_invariant(sets, 2, 2)


@pytest.mark.parametrize("seed", range(40))
def test_the_invariant_holds_for_random_fields(seed: int) -> None:
    rng = random.Random(seed)
    entrants, hands = rng.choice([(4, 4), (2, 2)])
    cands = [
        bot(n, owner=rng.randrange(12), mu=rng.uniform(5, 45), sigma=rng.uniform(1, 8))
        for n in range(rng.randrange(0, 30))
    ]
    cands += ANCHORS[: rng.randrange(4)]
    load = {c.bot_id: rng.randrange(3) for c in cands}
    before = dict(load)
    per_bot, per_anchor = rng.randrange(1, 4), rng.randrange(1, 6)
    slots = rng.randrange(1, 25)
    sets = plan(cands, entrants, hands, slots, per_bot, per_anchor, load, seed)
    check_invariant(sets, entrants, hands)
    assert sum(len(one.tables) for one in sets) <= slots
    for c in cands:  # nobody beyond its limit, and the load counts every table
        seated = sum(m.bot_id == c.bot_id for one in sets for t in one.tables for m in t)
        assert load.get(c.bot_id, 0) == before[c.bot_id] + seated
        if seated:
            assert load[c.bot_id] <= (per_anchor if c.anchor else per_bot)
