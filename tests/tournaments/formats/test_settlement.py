"""The settlement planner (tournaments/formats/settlement.py) on fixed rounds, no database."""

from __future__ import annotations

from tournaments.formats.settlement import (
    ExtraBoard,
    PairingFacts,
    Plan,
    RoundFacts,
    settlement_plan,
)


def pairing(id: int, **facts: object) -> PairingFacts:
    values: dict[str, object] = {
        "settled": False,
        "running_matches": 0,
        "sealed": False,
        "boards_played": 0,
    }
    values.update(facts)
    return PairingFacts(id=id, **values)  # type: ignore[arg-type]


def test_a_round_still_playing_settles_what_is_over_and_waits() -> None:
    facts = RoundFacts(running=True, pairings=(pairing(1), pairing(2, running_matches=1)))
    assert settlement_plan(facts) == Plan(settle=(1,), waiting=(2,))


def test_the_last_match_unseals_finishes_and_draws_the_next_round() -> None:
    facts = RoundFacts(running=True, pairings=(pairing(1, settled=True), pairing(2, sealed=True)))
    plan = settlement_plan(facts)
    assert plan == Plan(unseal=True, settle=(2,), finish_round=True, next_round=True)


def test_a_paused_or_stopped_tournament_finishes_the_round_but_draws_none() -> None:
    paused = RoundFacts(running=True, pairings=(pairing(1),), paused=True)
    assert settlement_plan(paused).finish_round and not settlement_plan(paused).next_round
    stopped = RoundFacts(running=True, pairings=(pairing(1),), tournament_running=False)
    assert not settlement_plan(stopped).next_round


def test_a_finished_round_plans_nothing() -> None:
    assert settlement_plan(RoundFacts(running=False, pairings=(pairing(1),))).empty


TIES = {"tiebreak_boards": 3, "tiebreaks_possible": True}


def test_a_sealed_deal_waits_for_its_round_before_an_extra_board() -> None:
    facts = RoundFacts(
        running=True,
        pairings=(pairing(1, sealed=True, open_tie=(5, 6)), pairing(2, running_matches=1)),
        **TIES,  # type: ignore[arg-type]
    )
    assert settlement_plan(facts) == Plan(waiting=(1, 2))


def test_an_open_tie_plays_the_next_extra_board_and_the_round_waits() -> None:
    facts = RoundFacts(
        running=True,
        pairings=(pairing(1, sealed=True, open_tie=(5, 6), boards_played=1), pairing(2)),
        **TIES,  # type: ignore[arg-type]
    )
    plan = settlement_plan(facts)
    assert plan == Plan(unseal=True, settle=(2,), boards=(ExtraBoard(1, (5, 6), 2),), waiting=(1,))
    assert not plan.finish_round


def test_no_board_is_left_once_the_limit_is_reached() -> None:
    facts = RoundFacts(
        running=True,
        pairings=(pairing(1, open_tie=(5, 6), boards_played=3),),
        **TIES,  # type: ignore[arg-type]
    )
    assert settlement_plan(facts) == Plan(
        unseal=True, settle=(1,), finish_round=True, next_round=True
    )


def test_without_extra_boards_a_tie_settles_as_it_stands() -> None:
    facts = RoundFacts(running=True, pairings=(pairing(1, open_tie=(5, 6), sealed=True),))
    assert settlement_plan(facts).settle == (1,)
