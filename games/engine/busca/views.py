"""What a seat may see of a Busca game, its plain-text picture, and the full record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from games.engine.base import JSON
from games.engine.busca.cards import CARD_TEXT, texts
from games.engine.busca.moves import move_json
from games.engine.busca.scoring import buscas_why
from games.engine.busca.state import NO_CARD, OVER, STEP_NAMES, Deal, DealRecord, State, Trick

T = TypeVar("T")

if TYPE_CHECKING:
    from games.engine.busca.game import Busca


def _trick_json(deal: Deal, leader: int, cards: tuple[int, ...]) -> list[dict[str, JSON]]:
    n = len(deal.seats)
    return [
        {"seat": deal.seats[(leader + i) % n], "card": CARD_TEXT[c]} for i, c in enumerate(cards)
    ]


def _tricks_json(deal: Deal, tricks: tuple[Trick, ...]) -> list[dict[str, JSON]]:
    return [
        {
            "leader": deal.seats[t.leader],
            "cards": _trick_json(deal, t.leader, t.cards),
            "winner": deal.seats[t.winner],
            "points": t.points,
        }
        for t in tricks
    ]


def _per_seat(deal: Deal, seats: int, values: Sequence[T]) -> list[T | None]:
    by_seat: list[T | None] = [None] * seats
    for i, seat in enumerate(deal.seats):
        by_seat[seat] = values[i]
    return by_seat


def deal_summary(record: DealRecord, seats: int) -> dict[str, JSON]:
    """Return the public account of a finished deal (the face-down card is shown now)."""
    deal = record.deal
    return {
        "deal": deal.number,
        "dealer": deal.dealer,
        "seats": list(deal.seats),
        "tricks": _tricks_json(deal, record.tricks),
        "last_trick_winner": deal.seats[record.tricks[-1].winner],
        "laid": CARD_TEXT[deal.laid] if deal.laid != NO_CARD else None,
        "points": _per_seat(deal, seats, record.taken),
        "buscas": _per_seat(deal, seats, record.buscas),
        # Why each player got their Buscas (scoring.WHY_CODES; None: none given).
        "why": _per_seat(deal, seats, buscas_why(record.taken)),
        "out": list(record.out),
    }


def view(game: Busca, state: State, seat: int | None) -> dict[str, JSON]:
    """Return what ``seat`` may see (None: a spectator): never another seat's cards."""
    match, deal = state.match, state.deal
    seats = match.options.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < seats):
        raise ValueError(f"seat must be None or 0..{seats - 1}, not {seat!r}")
    n = len(deal.seats)
    over = state.step == OVER
    hands = [0 if over else deal.hands[i] & state.remaining for i in range(n)]
    to_move = game.to_move(state)
    data: dict[str, JSON] = {
        "game": "busca",
        "seat": seat,
        "seats": seats,
        "options": match.options._asdict(),
        "step": STEP_NAMES[state.step],
        "deal": deal.number,
        "dealer": deal.dealer,
        "in_deal": list(deal.seats),
        "to_move": to_move,
        "first_trick": not state.tricks and not over,
        "trick": {
            "leader": None if over else deal.seats[state.leader],
            "cards": _trick_json(deal, state.leader, state.trick),
        },
        "tricks": [] if over else _tricks_json(deal, state.tricks),
        "points": [None] * seats if over else _per_seat(deal, seats, state.taken),
        "totals": list(match.totals),
        "hand_sizes": _per_seat(deal, seats, tuple(h.bit_count() for h in hands)),
        "out": [{"seat": o.seat, "deal": o.deal, "total": o.total} for o in match.out],
        "last_deal": deal_summary(match.history[-1], seats) if match.history else None,
    }
    if seat is not None and seat in deal.seats:
        i = deal.seats.index(seat)
        data["hand"] = texts(hands[i])
        if seat == deal.dealer and deal.laid != NO_CARD and not over:
            data["laid"] = CARD_TEXT[deal.laid]  # the dealer knows their own face-down card
    if seat is not None and seat == to_move:
        data["legal_moves"] = [move_json(m) for m in game.legal_moves(state)]
    result = game.result(state)
    data["result"] = result.to_json() if result else None
    return data


def record(game: Busca, state: State) -> dict[str, JSON]:
    """Return the whole game for replays: every deal's hands as dealt, laid card and moves."""
    match = state.match
    seats = match.options.players
    finished = [(r.deal, r.tricks) for r in match.history]
    if state.step != OVER:
        finished.append((state.deal, state.tricks))
    deals = []
    for deal, tricks in finished:
        moves: list[dict[str, JSON]] = []
        if deal.laid != NO_CARD:
            moves.append({"seat": deal.dealer, "move": {"lay": CARD_TEXT[deal.laid]}})
        for trick in tricks:
            moves += [
                {"seat": c["seat"], "move": {"play": c["card"]}}
                for c in _trick_json(deal, trick.leader, trick.cards)
            ]
        hands: list[list[str]] = [[] for _ in range(seats)]
        for i, s in enumerate(deal.seats):
            hands[s] = texts(deal.hands[i])
        deals.append(
            {
                "deal": deal.number,
                "dealer": deal.dealer,
                "seats": list(deal.seats),
                "hands": hands,
                "laid": CARD_TEXT[deal.laid] if deal.laid != NO_CARD else None,
                "moves": moves,
            }
        )
    for entry, summary in zip(deals, match.history, strict=False):
        entry.update(
            {
                k: v
                for k, v in deal_summary(summary, seats).items()
                if k in ("points", "buscas", "out", "last_trick_winner")
            }
        )
    result = game.result(state)
    return {
        "game": "busca",
        "seed": match.seed,
        "options": match.options._asdict(),
        "deals": deals,
        "over": state.step == OVER,
        "result": result.to_json() if result else None,
    }


def render(view: dict[str, JSON]) -> str:
    """Return a plain-text picture of a Busca view."""
    lines = [
        f"Busca deal {view['deal']}, dealer seat {view['dealer']}, step {view['step']}"
        + (f", seat {view['to_move']} to move" if view["to_move"] is not None else ""),
        "totals: " + "  ".join(f"{s}:{t}" for s, t in enumerate(view["totals"])),
    ]
    if view["out"]:
        lines.append(
            "out: " + ", ".join(f"seat {o['seat']} (deal {o['deal']})" for o in view["out"])
        )
    if view["step"] != "over":
        lines.append(
            "points this deal: "
            + "  ".join(f"{s}:{p}" for s, p in enumerate(view["points"]) if p is not None)
        )
        lines.append(
            "hand sizes: "
            + "  ".join(f"{s}:{n}" for s, n in enumerate(view["hand_sizes"]) if n is not None)
        )
        for t in view["tricks"]:
            lines.append(f"  trick: {_cards(t['cards'])} -> seat {t['winner']} ({t['points']})")
        if view["trick"]["cards"]:
            lines.append(f"on the table: {_cards(view['trick']['cards'])}")
    if "hand" in view:
        lines.append(f"seat {view['seat']} hand: {' '.join(view['hand'])}")
    if "laid" in view:
        lines.append(f"laid face down: {view['laid']}")
    if "legal_moves" in view:
        lines.append(
            "legal: " + " ".join(f"{k} {v}" for m in view["legal_moves"] for k, v in m.items())
        )
    last = view["last_deal"]
    if last:
        lines.append(
            f"last deal {last['deal']}: points {last['points']} buscas {last['buscas']}"
            + (f" laid {last['laid']}" if last["laid"] else "")
        )
    if view["result"]:
        lines.append(f"result: places {view['result']['places']}")
    return "\n".join(lines)


def _cards(cards: list[dict[str, JSON]]) -> str:
    return " ".join(f"{c['seat']}:{c['card']}" for c in cards)


__all__ = ["deal_summary", "record", "render", "view"]
