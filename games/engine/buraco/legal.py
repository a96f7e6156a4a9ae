"""Legal move generation, from per-suit rank masks (never by trying subsets of the hand)."""

from __future__ import annotations

from functools import lru_cache

from games.engine.buraco.cards import (
    EMPTY,
    JOKER,
    Hand,
    discardable,
    hand_remove_all,
    hand_size,
    hand_use,
    has_discardable,
    is_wild,
)
from games.engine.buraco.melds import HIGH, LOW, Meld, add_to, is_canasta, read_meld
from games.engine.buraco.moves import ADD, DISCARD, DRAW_STOCK, MELD, PILE_ADD, PILE_MELD
from games.engine.buraco.state import DRAW, PLAY, WAITING, Move, State

# nat[suit][pos]: the natural card of each position 1..14 (index 0 unused).
NAT: tuple[tuple[int, ...], ...] = tuple(
    (0, *(suit * 16 + pos for pos in range(1, 14)), suit * 16 + 1) for suit in range(4)
)
DISCARDS: dict[int, Move] = {
    card: (DISCARD, (card,), -1, -1)
    for card in [s * 16 + r for s in range(4) for r in range(1, 14)] + [JOKER]
}


def wild_cards(hand: Hand) -> tuple[int, ...]:
    """Return the distinct wild cards in a hand (its 2s and a joker)."""
    wilds = tuple(suit * 16 + 2 for suit in range(4) if hand[suit] & 4)
    return (*wilds, JOKER) if hand[8] else wilds


def positions_held(one: int) -> int:
    """Return the mask of positions 1..14 held, from a suit's rank mask (the ace is 1 and 14)."""
    return one | ((one & 2) << 13)


def can_empty(state: State, side: int, melds: tuple[Meld, ...]) -> bool:
    """Return whether a player of ``side`` may empty their hand: take the muerto, or close."""
    if state.muerto_state[side] == WAITING:
        return True
    clean = state.options.close_needs == "limpia"
    return any(is_canasta(meld, clean) for meld in melds)


@lru_cache(maxsize=1 << 12)
def suit_melds(suit: int, one: int, two: int, wilds: tuple[int, ...]) -> tuple[Move, ...]:
    """Return every new meld of ``suit`` from the hand's masks of that suit and its wilds."""
    held = positions_held(one)
    two_aces, two_twos = two & 2, two & 4
    nat = NAT[suit]
    own_two = suit * 16 + 2
    out: list[Move] = []
    pos = 1
    while pos <= 14:
        if not held >> pos & 1:
            pos += 1
            continue
        last = pos
        while last < 14 and held >> (last + 1) & 1:
            last += 1
        for low in range(pos, last - 1):
            for high in range(low + 2, last + 1):
                if low == 1 and high == 14 and not two_aces:
                    continue
                out.append((MELD, nat[low : high + 1], -1, -1))
        pos = last + 1
    for wild in wilds:
        for spot in range(1, 15):
            if wild == own_two and spot == 2:
                continue  # there it is the natural 2, counted above
            lo = spot
            while lo > 1 and held >> (lo - 1) & 1:
                lo -= 1
            hi = spot
            while hi < 14 and held >> (hi + 1) & 1:
                hi += 1
            if hi - lo < 2:
                continue
            for low in range(lo, spot + 1):
                for high in range(max(spot, low + 2), hi + 1):
                    if low == 1 and high == 14 and spot not in (1, 14) and not two_aces:
                        continue
                    if wild == own_two and low <= 2 <= high and not two_twos:
                        continue
                    cards = (*nat[low:spot], wild, *nat[spot + 1 : high + 1])
                    out.append((MELD, cards, -1, -1))
    return tuple(out)


def meld_adds(
    number: int, meld: Meld, one: int, two: int, wilds: tuple[int, ...]
) -> tuple[Move, ...]:
    """Return every addition of hand cards to ``meld`` (extensions, the wild's natural card)."""
    inside = (1 << (meld.high + 1)) - (1 << meld.low)
    held = positions_held(one) & ~(inside ^ (1 << meld.wild_pos if meld.wild_pos else 0))
    return _meld_adds(number, meld, held, 2 if two & 4 else 1, wilds)


@lru_cache(maxsize=1 << 12)
def _meld_adds(
    number: int, meld: Meld, held: int, own_twos: int, wilds: tuple[int, ...]
) -> tuple[Move, ...]:
    """Return the additions to ``meld`` given the positions held outside it (and its wild's)."""
    kind = ADD
    nat = NAT[meld.suit]
    own_two = meld.suit * 16 + 2
    out: dict[Move, None] = {}
    for end in (HIGH, LOW):
        spots = range(meld.high + 1, 15) if end == HIGH else range(meld.low - 1, 0, -1)
        frontier: list[tuple[tuple[int, ...], bool]] = [((), meld.wild_pos != 0)]
        for spot in spots:
            natural = nat[spot]
            grown: list[tuple[tuple[int, ...], bool]] = []
            for cards, wild_in in frontier:
                if held >> spot & 1 and (natural != own_two or cards.count(own_two) < own_twos):
                    grown.append(((*cards, natural), wild_in))
                if not wild_in:
                    for wild in wilds:
                        spare = wild != own_two or own_two not in cards or own_twos == 2
                        if wild == natural or not spare:
                            continue
                        grown.append(((*cards, wild), True))
            if not grown:
                break
            for cards, _ in grown:
                out[(kind, cards if end == HIGH else cards[::-1], number, end)] = None
            frontier = grown
    if meld.wild_pos and meld.size < 14 and held >> meld.wild_pos & 1:
        card = nat[meld.wild_pos]
        if meld.low > 1:
            out[(kind, (card,), number, LOW)] = None
        if meld.high < 14:
            out[(kind, (card,), number, HIGH)] = None
    return tuple(out)


def _step_ok(
    state: State, side: int, hand: Hand, locked: Hand, move: Move, size: int, free: tuple[int, ...]
) -> bool:
    """Return whether the turn can still end legally after a meld or an addition from the hand.

    ``free`` lists the cards that may be discarded now: one the move leaves alone stays so.
    """
    cards = move[1]
    left = size - len(cards)
    if (
        locked != EMPTY
        and left
        and all(card in cards for card in free)
        and not has_discardable(hand_remove_all(hand, cards), hand_use(locked, cards))
    ):
        return False
    if left >= 2:
        return True
    if move[0] == MELD and can_empty(state, side, state.melds[side]):
        return True  # a new meld leaves the side's canastas as they are; an addition may not
    return can_empty(state, side, melds_after(state, side, move))


def melds_after(state: State, side: int, move: Move) -> tuple[Meld, ...]:
    """Return the side's melds after a meld or addition (no legality check beyond the meld's)."""
    kind, cards, number, end = move
    melds = state.melds[side]
    if kind in (MELD, PILE_MELD):
        return (*melds, read_meld(cards))
    changed = add_to(melds[number], cards, end)
    return melds[:number] + (changed,) + melds[number + 1 :]


@lru_cache(maxsize=1 << 12)
def suit_discards(suit: int, mask: int) -> tuple[Move, ...]:
    """Return the discards of the ranks in ``mask`` of one suit."""
    return tuple(DISCARDS[suit * 16 + rank] for rank in range(1, 14) if mask >> rank & 1)


def free_discards(hand: Hand) -> list[Move]:
    """Return the discards of a hand that took nothing from the pile."""
    moves = [
        *suit_discards(0, hand[0]),
        *suit_discards(1, hand[1]),
        *suit_discards(2, hand[2]),
        *suit_discards(3, hand[3]),
    ]
    if hand[8]:
        moves.append(DISCARDS[JOKER])
    return moves


def play_moves(state: State) -> list[Move]:
    """Return every legal move of the play step."""
    seat = state.turn
    side = seat & 1
    hand, locked = state.hands[seat], state.locked
    size = hand_size(hand)
    wilds = wild_cards(hand)
    moves: list[Move] = []
    for suit in range(4):
        if hand[suit]:
            moves.extend(suit_melds(suit, hand[suit], hand[4 + suit] & 6, wilds))
    for number, meld in enumerate(state.melds[side]):
        suit = meld.suit
        one = hand[suit]
        held = one | ((one & 2) << 13)
        # most melds take nothing: no natural card next to them and no wild to add
        if not (held >> (meld.high + 1) & 1 or held >> (meld.low - 1) & 1):
            if meld.wild_pos:
                if not held >> meld.wild_pos & 1:
                    continue
            elif not wilds:
                continue
        moves.extend(meld_adds(number, meld, one, hand[4 + suit], wilds))
    if locked == EMPTY:
        if state.muerto_state[side] != WAITING:
            limit = size - 2
            moves = [
                move
                for move in moves
                if len(move[1]) <= limit or _step_ok(state, side, hand, locked, move, size, ())
            ]
        # with the muerto waiting every emptying is allowed and no card is locked
        if size > 1 or can_empty(state, side, state.melds[side]):
            moves.extend(free_discards(hand))
        return moves
    free = discardable(hand, locked)
    moves = [move for move in moves if _step_ok(state, side, hand, locked, move, size, free)]
    if size > 1 or can_empty(state, side, state.melds[side]):
        moves.extend(DISCARDS[card] for card in free)
    return moves


def _pile_meld_candidates(top: int, hand: Hand, pile_wilds: bool) -> list[tuple[int, ...]]:
    """Return the 3-card melds made of ``top`` and two hand cards."""
    hand_wilds = wild_cards(hand) if pile_wilds else ()
    if not is_wild(top):
        suit, rank = top >> 4, top & 15
        held = positions_held(hand[suit])
        # only the positions within two of the top card's matter
        near = 0b11111 << rank >> 2
        if rank == 1:
            near |= 0b111 << 12
        return list(pile_melds(top, suit, held & near, hand[4 + suit] & 4, hand_wilds))
    found: list[tuple[int, ...]] = []
    for suit in range(4):
        held = positions_held(hand[suit])
        found.extend(pile_melds(top, suit, held, hand[4 + suit] & 4, hand_wilds))
    return found


@lru_cache(maxsize=1 << 12)
def pile_melds(
    top: int, suit: int, held: int, two: int, hand_wilds: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Return the 3-card melds of ``suit`` made of ``top`` and two held positions' cards."""
    found: list[tuple[int, ...]] = []
    nat = NAT[suit]
    own_two = suit * 16 + 2
    top_is_wild = is_wild(top)
    for low in range(1, 13):
        for slot in range(3):
            spot = low + slot
            if top == nat[spot]:
                top_wild = False
            elif top_is_wild:
                top_wild = True
            else:
                continue
            p, q = [pos for pos in (low, low + 1, low + 2) if pos != spot]
            hp, hq = held >> p & 1, held >> q & 1
            if hp and hq:
                cards = list(nat[low : low + 3])
                cards[slot] = top
                found.append(tuple(cards))
            if top_wild or not (hp or hq):
                continue
            for wild in hand_wilds:
                for fill, keep in ((p, hq), (q, hp)):
                    if not keep or wild == nat[fill]:
                        continue
                    if wild == own_two and 2 in (p, q) and not two & 4:
                        continue
                    cards = list(nat[low : low + 3])
                    cards[slot] = top
                    cards[fill - low] = wild
                    found.append(tuple(cards))
    return tuple(found)


def _pile_add_candidates(
    number: int, meld: Meld, top: int, hand: Hand, pile_wilds: bool
) -> list[Move]:
    """Return the minimal ways to put ``top`` onto ``meld`` with hand cards between."""
    found: list[Move] = []
    suit = meld.suit
    nat = NAT[suit]
    held = positions_held(hand[suit])
    if is_wild(top) and not meld.wild_pos:
        if meld.high < 14:
            found.append((PILE_ADD, (top,), number, HIGH))
        if meld.low > 1:
            found.append((PILE_ADD, (top,), number, LOW))
    if top >> 4 != suit or top == JOKER:
        return found
    rank = top & 15
    for spot in (1, 14) if rank == 1 else (rank,):
        if spot == meld.wild_pos:
            if not (meld.low == 1 and meld.high == 14):
                if meld.low > 1:
                    found.append((PILE_ADD, (top,), number, LOW))
                if meld.high < 14:
                    found.append((PILE_ADD, (top,), number, HIGH))
            continue
        if meld.low <= spot <= meld.high:
            continue
        end = HIGH if spot > meld.high else LOW
        gap = range(meld.high + 1, spot) if end == HIGH else range(spot + 1, meld.low)
        fills: list[tuple[int, ...]] = []
        if all(held >> p & 1 for p in gap):
            fills.append(tuple(nat[p] for p in gap))
        if pile_wilds and not meld.wild_pos:
            own_two = suit * 16 + 2
            for wild in wild_cards(hand):
                for p in gap:
                    if wild == nat[p] or not all(held >> g & 1 for g in gap if g != p):
                        continue
                    if wild == own_two and 2 in gap and p != 2 and not hand[4 + suit] & 4:
                        continue
                    fills.append(tuple(wild if g == p else nat[g] for g in gap))
        for fill in fills:
            cards = (*fill, top) if end == HIGH else (top, *fill)
            found.append((PILE_ADD, cards, number, end))
    return found


def pile_take_ok(state: State, move: Move) -> bool:
    """Return whether the turn can still end legally after a pile take."""
    seat = state.turn
    side = seat & 1
    cards = list(move[1])
    cards.remove(state.pile[-1])
    own = hand_size(state.hands[seat]) - len(cards)
    rest = len(state.pile) - 1
    if own == 0 and rest:
        return False
    if own + rest >= 2:
        return True
    return can_empty(state, side, melds_after(state, side, move))


def pile_takes(state: State) -> list[Move]:
    """Return every legal pile take in its minimal forms."""
    return [move for move in pile_take_forms(state) if pile_take_ok(state, move)]


def pile_take_forms(state: State) -> list[Move]:
    """Return the minimal forms of the pile takes, legal or not by how the turn would end."""
    if not state.pile:
        return []
    top = state.pile[-1]
    hand = state.hands[state.turn]
    pile_wilds = state.options.pile_wilds
    found: dict[Move, None] = {}
    for cards in _pile_meld_candidates(top, hand, pile_wilds):
        found[(PILE_MELD, cards, -1, -1)] = None
    top_suit = -1 if is_wild(top) else top >> 4
    for number, meld in enumerate(state.melds[state.turn & 1]):
        if top_suit < 0 or meld.suit == top_suit:
            for move in _pile_add_candidates(number, meld, top, hand, pile_wilds):
                found[move] = None
    return list(found)


def draw_moves(state: State) -> list[Move]:
    """Return every legal move of the draw step."""
    moves = [DRAW_STOCK] if state.stock else []
    moves.extend(pile_takes(state))
    return moves


_last: tuple[State, list[Move]] | None = None


def legal_moves(state: State) -> list[Move]:
    """Return every legal move of the seat to act (the last answer is remembered)."""
    global _last
    last = _last
    if last is not None and last[0] is state:
        return last[1]
    if state.step == DRAW:
        moves = draw_moves(state)
    elif state.step == PLAY:
        moves = play_moves(state)
    else:
        moves = []
    _last = (state, moves)
    return moves
