"""Buraco: Cerrado sin Trío (4 seats in partnerships) and Justificado Mano a Mano (2 seats).

Both variants run on one rummy core; they differ only by their ``Rules`` value.
"""

from __future__ import annotations

from games.engine.buraco.game import Buraco
from games.engine.buraco.melds import meld_kind
from games.engine.buraco.rules import CERRADO_RULES, MANO_A_MANO_RULES, Rules

CERRADO = Buraco(CERRADO_RULES)
MANO_A_MANO = Buraco(MANO_A_MANO_RULES)

__all__ = ["CERRADO", "MANO_A_MANO", "Buraco", "Rules", "meld_kind"]
