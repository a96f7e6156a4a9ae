"""Why a move is refused (one ``Reason`` per move) and what a seat cannot do now.

``why_illegal`` explains one move; ``refusals`` lists, for one seat, each card of its hand that
no legal move uses and each action (draw, take, meld, add, discard) that has no legal move, with
the reason. Both read only what the seat may know: its hand, the melds, the pile's top card,
the sizes of the stock and the pile, and the options.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine.buraco.cards import (
    card_text,
    hand_add,
    hand_cards,
    hand_count,
    hand_of,
    hand_remove_all,
    hand_size,
    hand_use,
    has_discardable,
    is_wild,
)
from games.engine.buraco.legal import (
    can_empty,
    legal_moves,
    meld_adds,
    melds_after,
    pile_take_forms,
    suit_melds,
    wild_cards,
)
from games.engine.buraco.melds import Meld, add_to, read_meld
from games.engine.buraco.moves import ADD, DISCARD, MELD, PILE_ADD, PILE_MELD, STOCK
from games.engine.buraco.reasons import REASONS, MeldError, canasta_needed, card_name
from games.engine.buraco.state import DRAW, OVER, Move, State
from games.engine.reasons import Reason


def _close_reason(state: State, last_card: bool = False) -> Reason:
    canasta = canasta_needed(state.options.close_needs)
    return REASONS("close_needs_last_card" if last_card else "close_needs", canasta=canasta)


def _hand_reason(cards: tuple[int, ...], hand: Any, code: str = "not_held") -> Reason | None:
    try:
        hand_remove_all(hand, cards)
    except ValueError:
        for card in sorted(set(cards)):
            held = hand_count(hand, card)
            if held < cards.count(card):
                use = "not_held_another" if held and code == "not_held" else code
                return REASONS(use, card=card_name(card))
    return None


def _end_reason(
    state: State, hand_after: Any, locked_after: Any, melds: tuple[Meld, ...]
) -> Reason | None:
    """Explain why the turn could not end legally after a step, or return None."""
    side = state.turn & 1
    left = hand_size(hand_after)
    if left == 0 or (left == 1 and has_discardable(hand_after, locked_after)):
        if not can_empty(state, side, melds):
            return _close_reason(state, last_card=left != 0)
        return None
    if not has_discardable(hand_after, locked_after):
        return REASONS("no_discard_left")
    return None


def why_illegal(state: State, move: Move, seat: int | None = None) -> Reason:
    """Return the reason a well-formed move (by ``seat``, None: the seat to act) is refused."""
    if state.step == OVER:
        return REASONS("game_over")
    if seat is not None and seat != state.turn:
        return REASONS("not_your_turn")
    kind, cards, number, end = move
    seat, side = state.turn, state.turn & 1
    hand = state.hands[seat]
    melds = state.melds[side]
    if state.step == DRAW:
        if kind in (MELD, ADD, DISCARD):
            return REASONS("draw_first")
        if kind == STOCK:
            return REASONS("stock_empty" if not state.stock else "move_not_now")
        if not state.pile:
            return REASONS("pile_empty")
        top = state.pile[-1]
        if top not in cards:
            return REASONS("top_must_meld")
        used = list(cards)
        used.remove(top)
        reason = _hand_reason(tuple(used), hand, "take_not_held")
        if reason:
            return reason
        if kind == PILE_ADD and number >= len(melds):
            return REASONS("no_meld")
        try:
            changed = melds_after(state, side, move)
        except MeldError as error:
            return error.reason
        if not state.options.pile_wilds:
            placed = read_meld(cards) if kind == PILE_MELD else add_to(melds[number], cards, end)
            if placed.wild_pos and placed.wild != top and any(is_wild(c) for c in used):
                return REASONS("take_no_hand_wilds")
        if move not in pile_take_forms(state):
            return REASONS("take_fewest")
        hand_after = hand_remove_all(hand, used)
        for card in state.pile[:-1]:
            hand_after = hand_add(hand_after, card)
        reason = _end_reason(state, hand_after, hand_of(state.pile[:-1]), changed)
        return reason or REASONS("take_not_now")
    if kind in (STOCK, PILE_MELD, PILE_ADD):
        return REASONS("already_drawn")
    reason = _hand_reason(cards, hand)
    if reason:
        return reason
    if kind == DISCARD:
        card = cards[0]
        if hand_count(state.locked, card) >= hand_count(hand, card):
            return REASONS("pile_card_discard")
        if hand_size(hand) == 1 and not can_empty(state, side, melds):
            return _close_reason(state)
        return REASONS("discard_not_now")
    if kind == ADD and number >= len(melds):
        return REASONS("no_meld")
    try:
        changed = melds_after(state, side, move)
    except MeldError as error:
        return error.reason
    hand_after = hand_remove_all(hand, cards)
    reason = _end_reason(state, hand_after, hand_use(state.locked, cards), changed)
    return reason or REASONS("move_not_now")


ACTIONS = ("draw", "take", "meld", "add", "discard")
ACTION_OF = {
    STOCK: "draw",
    PILE_MELD: "take",
    PILE_ADD: "take",
    MELD: "meld",
    ADD: "add",
    DISCARD: "discard",
}


def _take_reason(state: State) -> Reason:
    """Why no pile take is legal now (the draw step)."""
    if not state.pile:
        return REASONS("pile_empty")
    forms = pile_take_forms(state)
    if not forms:
        return REASONS("top_fits_nowhere")
    return why_illegal(state, forms[0])


def _meld_reason(state: State) -> Reason:
    """Why no new meld is legal now (the play step)."""
    hand = state.hands[state.turn]
    wilds = wild_cards(hand)
    for suit in range(4):
        if hand[suit]:
            for move in suit_melds(suit, hand[suit], hand[4 + suit] & 6, wilds):
                return why_illegal(state, move)
    return REASONS("no_meld_in_hand")


def _add_reason(state: State) -> Reason:
    """Why no addition is legal now (the play step)."""
    melds = state.melds[state.turn & 1]
    if not melds:
        return REASONS("no_melds_to_add")
    hand = state.hands[state.turn]
    wilds = wild_cards(hand)
    for number, meld in enumerate(melds):
        for move in meld_adds(number, meld, hand[meld.suit], hand[4 + meld.suit], wilds):
            return why_illegal(state, move)
    return REASONS("nothing_fits")


def _card_reason(state: State, card: int) -> Reason:
    """Why no legal move of the play step uses ``card`` of the hand."""
    if hand_count(state.locked, card) >= hand_count(state.hands[state.turn], card):
        return REASONS("pile_card_discard")
    return why_illegal(state, (DISCARD, (card,), -1, -1))


def refusals(
    state: State, seat: int, render: Callable[[Reason], str] = str
) -> dict[str, dict[str, str]]:
    """Return ``{"cards": {card text: reason}, "actions": {action: reason}}`` for ``seat``.

    ``cards``: each distinct card of the seat's hand that no legal move uses now; ``actions``:
    each of draw (the stock), take (the pile), meld, add and discard with no legal move now.
    When another seat is to act everything reads "wait for your turn"; at the end of the
    match, "the game is over".
    """
    hand = hand_cards(state.hands[seat]) if 0 <= seat < len(state.hands) else ()
    shared: Reason | None = None
    if state.step == OVER:
        shared = REASONS("game_over")
    elif seat != state.turn:
        shared = REASONS("not_your_turn")
    if shared is not None:
        text = render(shared)
        return {
            "cards": {card_text(card): text for card in hand},
            "actions": dict.fromkeys(ACTIONS, text),
        }
    used: set[int] = set()
    kinds: set[str] = set()
    for kind, cards, _, _ in legal_moves(state):
        kinds.add(ACTION_OF[kind])
        used.update(cards)
    reasons: dict[str, Reason] = {}
    card_reasons: dict[str, Reason] = {}
    if state.step == DRAW:
        draw_first = REASONS("draw_first")
        reasons.update(meld=draw_first, add=draw_first, discard=draw_first)
        if "draw" not in kinds:
            reasons["draw"] = REASONS("stock_empty" if not state.stock else "move_not_now")
        if "take" not in kinds:
            reasons["take"] = _take_reason(state)
        for card in hand:
            if card not in used:
                card_reasons[card_text(card)] = draw_first
    else:
        drawn = REASONS("already_drawn")
        reasons.update(draw=drawn, take=drawn)
        if "meld" not in kinds:
            reasons["meld"] = _meld_reason(state)
        if "add" not in kinds:
            reasons["add"] = _add_reason(state)
        for card in hand:
            if card not in used:
                card_reasons[card_text(card)] = _card_reason(state, card)
        if "discard" not in kinds:
            reasons["discard"] = next(
                (_card_reason(state, card) for card in hand), REASONS("discard_not_now")
            )
    return {
        "cards": {text: render(reason) for text, reason in card_reasons.items()},
        "actions": {action: render(reasons[action]) for action in ACTIONS if action in reasons},
    }
