"""Busca, the trick-taking game where the last player standing wins (rules: docs/rules.md).

>>> from games.engine.busca import GAME
>>> state = GAME.new(seed=7, players=4)
>>> state = GAME.apply(state, GAME.legal_moves(state)[0])
"""

from __future__ import annotations

from games.engine.busca.game import Busca, follow_mask, lead_mask
from games.engine.busca.moves import Move
from games.engine.busca.scoring import busca_count, deal_buscas
from games.engine.busca.state import State

GAME = Busca()
deal_from = GAME.deal_from

__all__ = [
    "GAME",
    "Busca",
    "Move",
    "State",
    "busca_count",
    "deal_buscas",
    "deal_from",
    "follow_mask",
    "lead_mask",
]
