"""Build a state from a described position, for tests, puzzles and bots that explore.

    >>> from games.engine.buraco import MANO_A_MANO
    >>> from games.engine.buraco.position import position
    >>> state = position(MANO_A_MANO, hands=[["5H", "6H", "9C"], ["KD", "KS"]],
    ...                  pile=["4C", "7H"], stock=["3D", "8S"], turn=0, step="draw")
    >>> MANO_A_MANO.apply(state, MANO_A_MANO.parse_move(
    ...     {"draw": "pile", "meld": ["5H", "6H", "7H"]})).taken
    (4, 39)

Everything not given takes a plain default: an empty pile and stock, no melds, both muertos
waiting (eleven fixed cards each), deal 1, the dealer the seat before ``turn``, totals 0.
Cards are not checked against the deck: a position need not hold all 108 or 104 cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine.buraco.cards import EMPTY, hand_of, parse_card
from games.engine.buraco.game import Buraco
from games.engine.buraco.melds import read_meld
from games.engine.buraco.rules import make_options
from games.engine.buraco.state import STEPS, STOCK, TAKEN, WAITING, State

DEFAULT_MUERTOS = (
    ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"],
    ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD"],
)


def _cards(texts: Sequence[str]) -> tuple[int, ...]:
    return tuple(parse_card(text) for text in texts)


def position(
    game: Buraco,
    *,
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
    stock: Sequence[str] = (),
    melds: Sequence[Sequence[Sequence[str]]] = ((), ()),
    muertos: Sequence[str | Sequence[str]] = ("waiting", "waiting"),
    turn: int = 0,
    step: str = "draw",
    taken: Sequence[str] = (),
    pending: Sequence[int] = (),
    totals: tuple[int, int] = (0, 0),
    deal: int = 1,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> State:
    """Return the state of a described position.

    ``hands``: each seat's cards; ``pile`` and ``stock`` bottom to top; ``melds``: per side, each
    meld's cards low to high; ``muertos``: per side "waiting" (the default cards), "taken",
    "stock" (it became the stock), or a list of cards (waiting); ``step``: "draw" or "play";
    ``taken``: cards this seat took from the pile this turn and still holds (they may not be
    discarded); ``pending``: seats that went out indirectly and have not played since.
    """
    rules = game.rules
    if len(hands) != rules.players:
        raise ValueError(f"{game.name} has {rules.players} seats, not {len(hands)}")
    states: list[int] = []
    cards: list[tuple[int, ...]] = []
    for side, muerto in enumerate(muertos):
        if muerto == "waiting":
            states.append(WAITING)
            cards.append(_cards(DEFAULT_MUERTOS[side]))
        elif muerto in ("taken", "stock"):
            states.append(TAKEN if muerto == "taken" else STOCK)
            cards.append(())
        else:
            states.append(WAITING)
            cards.append(_cards(muerto))
    side_melds = tuple(tuple(read_meld(_cards(meld)) for meld in side) for side in melds)
    locked = hand_of(_cards(taken)) if taken else EMPTY
    return State(
        rules=rules,
        options=make_options(rules, options or {}),
        seed=seed,
        deal=deal,
        dealer=(turn - 1) % rules.players,
        hands=tuple(hand_of(_cards(hand)) for hand in hands),
        stock=_cards(stock),
        pile=_cards(pile),
        melds=(side_melds[0], side_melds[1]),
        muertos=(cards[0], cards[1]),
        muerto_state=(states[0], states[1]),
        turn=turn,
        step=STEPS.index(step),
        locked=locked,
        taken=_cards(taken),
        pending=sum(1 << seat for seat in pending),
        totals=totals,
        log=(),
        history=(),
        places=None,
    )
