"""Cards and hands: card codes, their text, their points, and hands as per-suit rank masks.

A card is an int: ``suit * 16 + rank`` with suits 0..3 (C D H S) and ranks 1..13 (A..K);
the joker is ``JOKER`` (64). Two packs hold identical copies, so a hand is a multiset kept as
nine ints: for each suit a mask of the ranks held at least once (bit ``rank``), then for each
suit a mask of the ranks held twice, then the number of jokers.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "CDHS"
RANKS = "A23456789TJQK"
JOKER = 64
ACE = 1
TWO = 2

Hand = tuple[int, int, int, int, int, int, int, int, int]
EMPTY: Hand = (0, 0, 0, 0, 0, 0, 0, 0, 0)

TEXT: dict[int, str] = {JOKER: "JK"}
for _suit, _s in enumerate(SUITS):
    for _rank, _r in enumerate(RANKS, start=1):
        TEXT[_suit * 16 + _rank] = _r + _s
CODE: dict[str, int] = {text: code for code, text in TEXT.items()}
ALL_CARDS: tuple[int, ...] = tuple(sorted(TEXT))


def card_text(card: int) -> str:
    """Return the two-character text of a card code."""
    return TEXT[card]


def parse_card(text: object) -> int:
    """Return the code of a card text such as ``"TS"`` or ``"JK"``; raise ValueError if unknown.

    Cards are upper case, as DESIGN.md writes them: ``"ad"`` is no card (as in Busca).
    """
    if isinstance(text, str):
        code = CODE.get(text)
        if code is not None:
            return code
    raise ValueError(f"unknown card {text!r} (cards are rank then suit, e.g. 'AS', 'TD', 'JK')")


def is_wild(card: int) -> bool:
    """Return whether a card can act as a wild (every 2 and every joker)."""
    return card == JOKER or card & 15 == TWO


def card_points(card: int, joker_points: int) -> int:
    """Return what a card is worth in a meld or a hand."""
    if card == JOKER:
        return joker_points
    rank = card & 15
    if rank == ACE:
        return 15
    if rank == TWO or rank >= 8:
        return 10
    return 5


def full_deck(jokers: int) -> list[int]:
    """Return two packs of 52 cards plus ``jokers`` jokers, in a fixed order."""
    deck = [suit * 16 + rank for suit in range(4) for rank in range(1, 14)] * 2
    return deck + [JOKER] * jokers


def hand_of(cards: Iterable[int]) -> Hand:
    """Return the hand holding ``cards`` (at most two copies of each non-joker card)."""
    hand = EMPTY
    for card in cards:
        hand = hand_add(hand, card)
    return hand


def hand_add(hand: Hand, card: int) -> Hand:
    """Return ``hand`` with one more copy of ``card``."""
    if card == JOKER:
        return (*hand[:8], hand[8] + 1)
    suit, bit = card >> 4, 1 << (card & 15)
    h = list(hand)
    if h[suit] & bit:
        if h[4 + suit] & bit:
            raise ValueError(f"a hand cannot hold three copies of {TEXT[card]}")
        h[4 + suit] |= bit
    else:
        h[suit] |= bit
    return tuple(h)  # type: ignore[return-value]


def hand_remove(hand: Hand, card: int) -> Hand:
    """Return ``hand`` with one copy of ``card`` fewer; raise ValueError if it holds none."""
    h = list(hand)
    if card == JOKER:
        if not h[8]:
            raise ValueError("the hand holds no joker")
        h[8] -= 1
        return tuple(h)  # type: ignore[return-value]
    suit, bit = card >> 4, 1 << (card & 15)
    if h[4 + suit] & bit:
        h[4 + suit] ^= bit
    elif h[suit] & bit:
        h[suit] ^= bit
    else:
        raise ValueError(f"the hand holds no {TEXT[card]}")
    return tuple(h)  # type: ignore[return-value]


def hand_merge(hand: Hand, other: Hand) -> Hand:
    """Return the cards of both hands together (no card more than twice)."""
    return (
        hand[0] | other[0],
        hand[1] | other[1],
        hand[2] | other[2],
        hand[3] | other[3],
        hand[4] | other[4] | (hand[0] & other[0]),
        hand[5] | other[5] | (hand[1] & other[1]),
        hand[6] | other[6] | (hand[2] & other[2]),
        hand[7] | other[7] | (hand[3] & other[3]),
        hand[8] + other[8],
    )


def hand_remove_all(hand: Hand, cards: Iterable[int]) -> Hand:
    """Return ``hand`` without ``cards``; raise ValueError if one is missing."""
    for card in cards:
        hand = hand_remove(hand, card)
    return hand


def hand_use(locked: Hand, cards: Iterable[int]) -> Hand:
    """Return the pile copies still in hand after ``cards`` are played (pile copies go first)."""
    for card in cards:
        if hand_count(locked, card):
            locked = hand_remove(locked, card)
    return locked


def hand_count(hand: Hand, card: int) -> int:
    """Return how many copies of ``card`` the hand holds."""
    if card == JOKER:
        return hand[8]
    suit, rank = card >> 4, card & 15
    return (hand[suit] >> rank & 1) + (hand[4 + suit] >> rank & 1)


def hand_size(hand: Hand) -> int:
    """Return the number of cards in the hand."""
    return (
        hand[0].bit_count()
        + hand[1].bit_count()
        + hand[2].bit_count()
        + hand[3].bit_count()
        + hand[4].bit_count()
        + hand[5].bit_count()
        + hand[6].bit_count()
        + hand[7].bit_count()
        + hand[8]
    )


def hand_cards(hand: Hand) -> tuple[int, ...]:
    """Return the hand's cards in order (clubs, diamonds, hearts, spades, A..K, then jokers)."""
    cards: list[int] = []
    for suit in range(4):
        one, two = hand[suit], hand[4 + suit]
        base = suit * 16
        while one:
            low = one & -one
            rank = low.bit_length() - 1
            cards.append(base + rank)
            if two & low:
                cards.append(base + rank)
            one ^= low
    cards.extend([JOKER] * hand[8])
    return tuple(cards)


def hand_points(hand: Hand, joker_points: int) -> int:
    """Return the points of the cards in a hand."""
    return sum(card_points(card, joker_points) for card in hand_cards(hand))


def discardable(hand: Hand, locked: Hand) -> tuple[int, ...]:
    """Return the distinct cards that may be discarded: held more often than taken from the pile."""
    cards: list[int] = []
    for suit in range(4):
        free = (hand[suit] & ~locked[suit]) | (hand[4 + suit] & ~locked[4 + suit])
        base = suit * 16
        while free:
            low = free & -free
            cards.append(base + low.bit_length() - 1)
            free ^= low
    if hand[8] > locked[8]:
        cards.append(JOKER)
    return tuple(cards)


def has_discardable(hand: Hand, locked: Hand) -> bool:
    """Return whether the hand holds a card it may discard."""
    if locked == EMPTY:
        return hand != EMPTY
    for suit in range(4):
        if (hand[suit] & ~locked[suit]) | (hand[4 + suit] & ~locked[4 + suit]):
            return True
    return hand[8] > locked[8]
