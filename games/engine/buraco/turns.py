"""Carrying out a legal move: the state after it, deal ends and new deals included."""

from __future__ import annotations

from typing import Any

from games.engine.buraco.cards import (
    EMPTY,
    hand_add,
    hand_merge,
    hand_of,
    hand_remove,
    hand_remove_all,
    hand_use,
)
from games.engine.buraco.legal import pile_takes
from games.engine.buraco.melds import Meld, add_to, read_meld
from games.engine.buraco.moves import DISCARD, MELD, PILE_ADD, PILE_MELD, STOCK
from games.engine.buraco.scoring import match_over, places, score_deal
from games.engine.buraco.state import (
    DRAW,
    OVER,
    PLAY,
    TAKEN,
    WAITING,
    DealRecord,
    Move,
    State,
    log_moves,
    start_deal,
)
from games.engine.buraco.state import (
    STOCK as MUERTO_STOCK,
)

_INDEX = {name: index for index, name in enumerate(State._fields)}
_NEW = tuple.__new__


def _with(state: State, **changes: object) -> State:
    """Return ``state`` with some fields changed (a faster ``_replace``)."""
    fields: list[Any] = list(state)
    for name, value in changes.items():
        fields[_INDEX[name]] = value
    new: State = _NEW(State, fields)
    return new


def _with_meld(melds: tuple[Meld, ...], move: Move) -> tuple[Meld, ...]:
    kind, cards, number, end = move
    if kind in (MELD, PILE_MELD):
        return (*melds, read_meld(cards))
    return melds[:number] + (add_to(melds[number], cards, end),) + melds[number + 1 :]


def _set(items: tuple[object, ...], index: int, value: object) -> tuple[object, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def perform(state: State, move: Move) -> State:
    """Return the state after ``move``, which must be legal."""
    seat = state.turn
    side = seat & 1
    kind, cards, _, _ = move
    log = (seat, move, state.log)
    hands = state.hands
    if kind == STOCK:
        hand = hand_add(hands[seat], state.stock[-1])
        return _with(
            state, hands=_set(hands, seat, hand), stock=state.stock[:-1], step=PLAY, log=log
        )
    if kind == DISCARD:
        card = cards[0]
        hand = hand_remove(hands[seat], card)
        state = _with(state, hands=_set(hands, seat, hand), pile=(*state.pile, card), log=log)
        if hand == EMPTY:
            if state.muerto_state[side] != WAITING:
                return end_deal(state, closer=side)
            state = _take_muerto(state, seat)._replace(pending=state.pending | 1 << seat)
        return next_turn(state)
    melds = _with_meld(state.melds[side], move)
    all_melds = (melds, state.melds[1]) if side == 0 else (state.melds[0], melds)
    if kind in (PILE_MELD, PILE_ADD):
        pile = state.pile
        used = list(cards)
        used.remove(pile[-1])
        rest = pile[:-1]
        locked = hand_of(rest)
        hand = hand_merge(hand_remove_all(hands[seat], used), locked)
        state = _with(
            state,
            hands=_set(hands, seat, hand),
            pile=(),
            melds=all_melds,
            step=PLAY,
            locked=locked,
            taken=pile,
            log=log,
        )
    else:
        hand = hand_remove_all(hands[seat], cards)
        state = _with(
            state,
            hands=_set(hands, seat, hand),
            melds=all_melds,
            locked=hand_use(state.locked, cards),
            log=log,
        )
    if hand == EMPTY:
        if state.muerto_state[side] != WAITING:
            return end_deal(state, closer=side)
        return _take_muerto(state, seat)
    return state


def _take_muerto(state: State, seat: int) -> State:
    side = seat & 1
    return _with(
        state,
        hands=_set(state.hands, seat, hand_of(state.muertos[side])),
        muertos=_set(state.muertos, side, ()),
        muerto_state=_set(state.muerto_state, side, TAKEN),
        locked=EMPTY,
    )


def next_turn(state: State) -> State:
    """Pass the turn: the next seat's draw step (a waiting muerto becomes an empty stock)."""
    seat = (state.turn + 1) % len(state.hands)
    pending = state.pending
    state = _with(
        state, turn=seat, step=DRAW, locked=EMPTY, taken=(), pending=pending & ~(1 << seat)
    )
    if state.stock:
        return state
    for side in (seat & 1, 1 - (seat & 1)):
        if state.muerto_state[side] == WAITING:
            return _with(
                state,
                stock=state.muertos[side],
                muertos=_set(state.muertos, side, ()),
                muerto_state=_set(state.muerto_state, side, MUERTO_STOCK),
            )
    if pile_takes(state):
        return state
    # The deal ends as the turn opens, before the seat can act: a seat that went out indirectly
    # has still not played a card of its muerto, so it stays pending for the score (RULES.md).
    return end_deal(_with(state, pending=pending), closer=-1)


def end_deal(state: State, closer: int) -> State:
    """Score the deal; then end the match or deal the next one."""
    scores = score_deal(state, closer)
    totals = (state.totals[0] + scores[0].total, state.totals[1] + scores[1].total)
    record = DealRecord(state.dealer, log_moves(state.log), scores, closer)
    history = (*state.history, record)
    if match_over(state, totals, state.deal):
        return _with(
            state,
            step=OVER,
            totals=totals,
            history=history,
            log=(),
            places=places(totals, len(state.hands)),
        )
    dealer = (state.dealer + 1) % len(state.hands)
    return start_deal(
        state.rules, state.options, state.seed, state.deal + 1, dealer, totals, history
    )
