"""A plain-text picture of a Buraco view."""

from __future__ import annotations

from typing import Any


def render_view(view: dict[str, Any]) -> str:
    """Return a view as plain text, one fact per line."""
    lines = [
        f"{view['game']}  deal {view['deal']}  dealer seat {view['dealer']}  "
        f"step {view['step']}  to move: {view['to_move']}",
        f"totals: side 0 {view['totals'][0]}, side 1 {view['totals'][1]} (target {view['target']})",
    ]
    for side, melds in enumerate(view["melds"]):
        seats = "+".join(str(seat) for seat in view["sides"][side])
        lines.append(f"side {side} (seats {seats}), muerto {view['muertos'][side]}:")
        for meld in melds:
            lines.append(
                f"  #{meld['number']} {' '.join(meld['cards'])}  {meld['kind']} "
                f"{meld['points']} pts"
            )
        if not melds:
            lines.append("  no melds")
    pile = view["pile"]
    shown = " ".join(pile["cards"]) if "cards" in pile else f"top {pile['top'] or '-'}"
    lines.append(f"pile ({pile['size']}): {shown}   stock: {view['stock']}")
    lines.append(
        "hand sizes: "
        + ", ".join(f"seat {seat} {size}" for seat, size in enumerate(view["hand_sizes"]))
    )
    if view.get("hand") is not None:
        lines.append(f"seat {view['seat']} holds: {' '.join(view['hand'])}")
    if view.get("taken"):
        lines.append(f"taken from the pile this turn: {' '.join(view['taken'])}")
    for seat, cards in enumerate(view.get("pile_cards_held") or []):
        if cards:
            lines.append(f"seat {seat} holds from the pile: {' '.join(cards)}")
    last = view.get("last_deal")
    if last:
        for side, score in enumerate(last["scores"]):
            lines.append(
                f"last deal side {side}: melded {score['melded']}, canastas {score['canastas']}, "
                f"hand {score['hand']}, close {score['close']}, muerto {score['muerto']} "
                f"= {score['total']}"
            )
    if view.get("result"):
        lines.append(f"result: places {view['result']['places']}")
    return "\n".join(lines)
