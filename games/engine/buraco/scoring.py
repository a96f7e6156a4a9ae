"""Scoring a deal side by side, and deciding the match."""

from __future__ import annotations

from games.engine.buraco.cards import hand_points
from games.engine.buraco.melds import CANASTA_BONUS
from games.engine.buraco.state import TAKEN, SideScore, State


def score_deal(state: State, closer: int) -> tuple[SideScore, SideScore]:
    """Return each side's score for the deal as it stands (``closer`` is -1 if nobody closed)."""
    joker_points = state.options.joker_points
    scores: list[SideScore] = []
    for side in (0, 1):
        melds = state.melds[side]
        melded = sum(meld.points(joker_points) for meld in melds)
        canastas = sum(CANASTA_BONUS[meld.kind()] for meld in melds)
        hand = 0
        interrupted = False
        for seat in range(side, len(state.hands), 2):
            if state.pending >> seat & 1:
                interrupted = True  # that hand is the muerto, which counts for nobody
            else:
                hand -= hand_points(state.hands[seat], joker_points)
        muerto = -100 if interrupted or state.muerto_state[side] != TAKEN else 0
        close = 100 if closer == side else 0
        scores.append(SideScore(melded, canastas, hand, close, muerto))
    return scores[0], scores[1]


def match_over(state: State, totals: tuple[int, int], deals_played: int) -> bool:
    """Return whether the match ends after ``deals_played`` deals with these totals."""
    options = state.options
    if deals_played >= options.max_deals:
        return True
    if options.deals is not None:
        return deals_played >= options.deals
    return max(totals) >= options.target and totals[0] != totals[1]


def places(totals: tuple[int, int], players: int) -> tuple[int, ...]:
    """Return the place of each seat: the higher side total is first; equal totals share."""
    side_place = (
        1 if totals[0] >= totals[1] else 2,
        1 if totals[1] >= totals[0] else 2,
    )
    return tuple(side_place[seat & 1] for seat in range(players))
