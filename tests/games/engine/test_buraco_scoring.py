"""Scoring a deal item by item, and how a match ends (target, deals=N, max_deals, ties)."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.buraco import CERRADO, MANO_A_MANO
from games.engine.buraco.position import position
from games.engine.buraco.scoring import score_deal

CLOSE = {
    "hands": [["QH", "KH", "AH"], ["3S", "4S"]],
    "muertos": ["taken", "stock"],
    "melds": [[["5H", "6H", "7H", "8H", "9H", "TH", "JH"]], [["7C", "8C", "9C"]]],
    "step": "play",
}
CLOSING_MOVE = {"meld": ["QH", "KH", "AH"]}  # side 0: +390, side 1: -85


def _close(totals: tuple[int, int], **options: Any) -> Any:
    state = position(MANO_A_MANO, totals=totals, options=options, **CLOSE)  # type: ignore[arg-type]
    return MANO_A_MANO.apply(state, MANO_A_MANO.parse_move(CLOSING_MOVE))


@pytest.mark.parametrize(
    ("melds", "hands", "muertos", "expected"),
    [
        # de mil and a sucia against a side stuck with jokers in hand and no muerto
        (
            [
                [
                    [
                        "AC",
                        "2C",
                        "3C",
                        "4C",
                        "5C",
                        "6C",
                        "7C",
                        "8C",
                        "9C",
                        "TC",
                        "JC",
                        "QC",
                        "KC",
                        "AC",
                    ]
                ],
                [["3D", "4D", "JK", "6D", "7D", "8D", "9D"]],
            ],
            [["5S"], ["JK", "JK"], ["KS"], ["2H"]],
            ["taken", "waiting"],
            [(125, 1000, -15, 0, 0), (90, 100, -110, 0, -100)],
        ),
        # a negative deal: nothing melded, a full hand, muerto never taken
        (
            [[], [["3D", "4D", "5D"]]],
            [["AS", "AS", "KD", "2C"], ["3S"], ["TH"], ["4S"]],
            ["waiting", "taken"],
            [(0, 0, -60, 0, -100), (15, 0, -10, 0, 0)],
        ),
    ],
)
def test_deal_breakdown(
    melds: list[Any], hands: list[Any], muertos: list[str], expected: list[tuple[int, ...]]
) -> None:
    state = position(CERRADO, hands=hands, melds=melds, muertos=muertos, step="play")
    scores = score_deal(state, closer=-1)
    assert [tuple(score) for score in scores] == expected
    assert scores[0].total == sum(expected[0])


def test_joker_points_option() -> None:
    hands = [["JK"], ["3S"], ["4S"], ["5S"]]
    state = position(CERRADO, hands=hands, step="play", options={"joker_points": 20})
    assert score_deal(state, closer=-1)[0].hand == -20 - 5  # the joker and the partner's 4S


def test_a_match_ends_at_the_target_with_both_sides_past_it() -> None:
    state = _close((2700, 3100))
    assert state.totals == (3090, 3015)
    result = MANO_A_MANO.result(state)
    assert result is not None
    assert result.places == (1, 2)
    assert result.scores == (3090, 3015)


def test_an_exact_tie_past_the_target_plays_another_deal() -> None:
    state = _close((2700, 3175))
    assert state.totals == (3090, 3090)
    assert MANO_A_MANO.result(state) is None
    assert MANO_A_MANO.deals(state) == 2
    assert MANO_A_MANO.view(state, 0)["step"] == "draw"


def test_a_deals_n_match_with_equal_totals_is_a_draw() -> None:
    state = _close((0, 475), deals=1)
    result = MANO_A_MANO.result(state)
    assert result is not None
    assert result.places == (1, 1)
    assert result.scores == (390, 390)


def test_max_deals_ends_the_match_on_the_scores() -> None:
    state = _close((0, 0), max_deals=1)
    result = MANO_A_MANO.result(state)
    assert result is not None
    assert result.places == (1, 2)


def test_below_the_target_the_next_deal_starts_with_the_next_dealer() -> None:
    state = _close((0, 0))
    assert MANO_A_MANO.result(state) is None
    assert state.deal == 2
    assert state.dealer == 0  # the position's dealer was seat 1
    assert state.turn == 1
    assert MANO_A_MANO.view(state, None)["last_deal"]["scores"][0]["total"] == 390


def test_partners_share_places_and_scores() -> None:
    state = position(
        CERRADO,
        hands=[["KD"], ["3S"], ["4S"], ["5S"]],
        step="play",
        muertos=["taken", "waiting"],
        options={"deals": 1},
        melds=[[["5H", "6H", "7H", "JK", "9H", "TH", "JH"]], []],
    )
    state = CERRADO.apply(state, CERRADO.parse_move({"discard": "KD"}))
    result = CERRADO.result(state)
    assert result is not None
    assert result.places == (1, 2, 1, 2)
    assert result.scores[0] == result.scores[2] == 95 + 100 + 100 - 5
