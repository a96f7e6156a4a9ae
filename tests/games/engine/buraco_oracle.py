"""A slow, independent statement of Buraco's legal moves, to check the engine's generator.

It enumerates runs by window and wild placement over card counts (no masks, no caches) and
checks every candidate with the meld functions alone.
"""

from __future__ import annotations

from collections import Counter

from games.engine.buraco.cards import JOKER, hand_cards
from games.engine.buraco.melds import HIGH, LOW, Meld, add_to, is_canasta, natural, read_meld
from games.engine.buraco.moves import ADD, DISCARD, DRAW_STOCK, MELD, PILE_ADD, PILE_MELD
from games.engine.buraco.state import DRAW, PLAY, WAITING, Move, State

WILDS = [s * 16 + 2 for s in range(4)] + [JOKER]


def _runs(counts: Counter[int], wilds_ok: bool) -> set[tuple[int, ...]]:
    """Every run of 3+ cards held in ``counts``, with at most one wild (if ``wilds_ok``)."""
    found: set[tuple[int, ...]] = set()
    for suit in range(4):
        for low in range(1, 13):
            for high in range(low + 2, 15):
                base = [natural(suit, p) for p in range(low, high + 1)]
                options = [base]
                if wilds_ok:
                    for i in range(len(base)):
                        for wild in WILDS:
                            options.append(base[:i] + [wild] + base[i + 1 :])
                for cards in options:
                    if not all(counts[c] >= n for c, n in Counter(cards).items()):
                        continue
                    try:
                        read_meld(cards)
                    except ValueError:
                        continue
                    found.add(tuple(cards))
    return found


def _can_empty(state: State, side: int, melds: tuple[Meld, ...]) -> bool:
    if state.muerto_state[side] == WAITING:
        return True
    clean = state.options.close_needs == "limpia"
    return any(is_canasta(m, clean) for m in melds)


def _ends_ok(
    state: State, side: int, hand: Counter[int], locked: Counter[int], melds: tuple[Meld, ...]
) -> bool:
    size = sum(hand.values())
    if size == 0:
        return _can_empty(state, side, melds)
    free = any(hand[c] > locked[c] for c in hand)
    if not free:
        return False
    return size >= 2 or _can_empty(state, side, melds)


def _adds(meld: Meld, counts: Counter[int], wilds_ok: bool) -> set[tuple[tuple[int, ...], int]]:
    found: set[tuple[tuple[int, ...], int]] = set()
    for end in (LOW, HIGH):
        room = meld.low - 1 if end == LOW else 14 - meld.high
        for k in range(1, room + 1):
            spots = (
                range(meld.high + 1, meld.high + k + 1)
                if end == HIGH
                else range(meld.low - k, meld.low)
            )
            base = [natural(meld.suit, p) for p in spots]
            options = [base]
            if wilds_ok:
                for i in range(k):
                    for wild in WILDS:
                        options.append(base[:i] + [wild] + base[i + 1 :])
            for cards in options:
                if not all(counts[c] >= n for c, n in Counter(cards).items()):
                    continue
                try:
                    add_to(meld, cards, end)
                except ValueError:
                    continue
                found.add((tuple(cards), end))
    if meld.wild_pos:
        card = natural(meld.suit, meld.wild_pos)
        if counts[card]:
            for end in (LOW, HIGH):
                try:
                    add_to(meld, [card], end)
                except ValueError:
                    continue
                found.add(((card,), end))
    return found


def oracle_moves(state: State) -> set[Move]:
    """Return the legal moves of ``state``, worked out the slow way."""
    seat, side = state.turn, state.turn & 1
    hand = Counter(hand_cards(state.hands[seat]))
    melds = state.melds[side]
    moves: set[Move] = set()
    if state.step == DRAW:
        if state.stock:
            moves.add(DRAW_STOCK)
        if not state.pile:
            return moves
        top = state.pile[-1]
        rest = Counter(state.pile[:-1])
        pile_wilds = state.options.pile_wilds
        with_top = hand + Counter([top])
        for cards in _runs(with_top, True):
            used = list(cards)
            if len(cards) != 3 or top not in used:
                continue
            used.remove(top)
            meld = read_meld(cards)
            if not pile_wilds and meld.wild_pos and meld.wild != top:
                continue
            if not all(hand[c] >= n for c, n in Counter(used).items()):
                continue
            after = hand - Counter(used) + rest
            if _ends_ok(state, side, after, rest, (*melds, meld)):
                moves.add((PILE_MELD, cards, -1, -1))
        for number, meld in enumerate(melds):
            for cards, end in _adds(meld, with_top, True):
                used = list(cards)
                if top not in used:
                    continue
                changed = add_to(meld, cards, end)
                far = changed.high if end == HIGH else changed.low
                far_card = cards[-1] if end == HIGH else cards[0]
                if len(cards) > 1 and (far_card != top or changed.wild_pos == far):
                    continue  # not minimal: the top card must be what needs the hand cards
                used.remove(top)
                if not all(hand[c] >= n for c, n in Counter(used).items()):
                    continue
                new_wild = changed.wild_pos and changed.wild_pos != meld.wild_pos
                if not pile_wilds and new_wild and changed.wild != top:
                    continue
                after = hand - Counter(used) + rest
                new = melds[:number] + (changed,) + melds[number + 1 :]
                if _ends_ok(state, side, after, rest, new):
                    moves.add((PILE_ADD, cards, number, end))
        return moves
    if state.step != PLAY:
        return moves
    locked = Counter(hand_cards(state.locked))
    for cards in _runs(hand, True):
        used = Counter(cards)
        after = hand - used
        left_locked = Counter({c: max(0, locked[c] - used[c]) for c in locked}) - Counter()
        if _ends_ok(state, side, after, left_locked, (*melds, read_meld(cards))):
            moves.add((MELD, cards, -1, -1))
    for number, meld in enumerate(melds):
        for cards, end in _adds(meld, hand, True):
            used = Counter(cards)
            after = hand - used
            left_locked = Counter({c: max(0, locked[c] - used[c]) for c in locked}) - Counter()
            new = melds[:number] + (add_to(meld, cards, end),) + melds[number + 1 :]
            if _ends_ok(state, side, after, left_locked, new):
                moves.add((ADD, cards, number, end))
    size = sum(hand.values())
    for card in hand:
        if hand[card] > locked[card] and (size > 1 or _can_empty(state, side, melds)):
            moves.add((DISCARD, (card,), -1, -1))
    return moves
