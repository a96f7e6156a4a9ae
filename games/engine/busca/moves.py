"""Moves as small ints with their wire forms, and mask -> move-list tables."""

from __future__ import annotations

from games.engine.base import JSON, InvalidMove
from games.engine.busca.cards import CARD_INDEX, CARD_TEXT, RANKS, SUITS

LAY_OFFSET = 40


class Move(int):
    """A move: ``card`` (0-39) plays that card, ``40 + card`` lays it face down."""

    __slots__ = ()

    @property
    def card(self) -> int:
        """Return the card this move plays or lays."""
        return self % LAY_OFFSET

    @property
    def is_lay(self) -> bool:
        """Return whether this move lays a card face down."""
        return self >= LAY_OFFSET

    def __repr__(self) -> str:
        return f"Move({'lay' if self.is_lay else 'play'} {CARD_TEXT[self.card]})"


PLAYS: tuple[Move, ...] = tuple(Move(c) for c in range(40))
LAYS: tuple[Move, ...] = tuple(Move(LAY_OFFSET + c) for c in range(40))


def _suit_tables(moves: tuple[Move, ...]) -> tuple[tuple[tuple[Move, ...], ...], ...]:
    # One table per suit: the 10-bit mask of a suit -> its moves, so a mask becomes a list
    # with four lookups instead of a loop over 40 bits.
    return tuple(
        tuple(tuple(moves[10 * s + r] for r in range(10) if m >> r & 1) for m in range(1024))
        for s in range(4)
    )


PLAY_TABLE = _suit_tables(PLAYS)
LAY_TABLE = _suit_tables(LAYS)


def move_list(mask: int, table: tuple[tuple[tuple[Move, ...], ...], ...]) -> list[Move]:
    """Return the moves of a 40-bit card mask, in card order."""
    t0, t1, t2, t3 = table
    return [*t0[mask & 1023], *t1[mask >> 10 & 1023], *t2[mask >> 20 & 1023], *t3[mask >> 30]]


def parse_card(text: JSON) -> int:
    """Return the card named by ``text`` ("7S"); raise InvalidMove if it names none."""
    if not isinstance(text, str):
        raise InvalidMove(f"a card is a string such as '7S', not {text!r}")
    card = CARD_INDEX.get(text)
    if card is None:
        raise InvalidMove(
            f"{text!r} is not a Busca card: rank ({' '.join(sorted(RANKS))}) then suit"
            f" ({' '.join(SUITS)}), e.g. '7S' or 'AD'"
        )
    return card


def parse_move(obj: JSON) -> Move:
    """Return the move of a wire object ``{"play": card}`` or ``{"lay": card}``."""
    if not isinstance(obj, dict) or len(obj) != 1:
        raise InvalidMove(f'a move is an object {{"play": card}} or {{"lay": card}}, not {obj!r}')
    [(key, value)] = obj.items()
    if key == "play":
        return PLAYS[parse_card(value)]
    if key == "lay":
        return LAYS[parse_card(value)]
    raise InvalidMove(f'unknown move kind {key!r}: a move is {{"play": card}} or {{"lay": card}}')


def move_json(move: Move) -> dict[str, JSON]:
    """Return the wire form of ``move``."""
    return {"lay" if move >= LAY_OFFSET else "play": CARD_TEXT[move % LAY_OFFSET]}


def public_move(move: Move) -> dict[str, JSON]:
    """Return what the other seats may see of ``move``: a laid card stays hidden."""
    if move >= LAY_OFFSET:
        return {"lay": None}
    return {"play": CARD_TEXT[move]}
