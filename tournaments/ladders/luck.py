"""The luck of a bot's hands in duplicate sets, in numbers and in words (docs/ratings.md, "Luck").

For each deal a bot played in a duplicate set, its luck is what the field made with the hand it
held minus what the field made with the deal's average hand (in the game's result units: minus
Buscas in Busca, a side's lead in Buraco; higher is luckier). Its skill is rated apart from it,
by comparison with the others who held the same hand. The words say "better" or "worse" only
when the mean is clear of zero by 1.96 standard errors (95%), so a few deals read as average.
"""

from __future__ import annotations

import math
from typing import Any

from django.utils.translation import gettext as _

Z95 = 1.96


def luck_summary(total: float, squares: float, deals: int) -> dict[str, Any]:
    """Return ``{"mean", "deals", "low", "high", "verdict", "words"}`` from the running sums;
    ``verdict`` is ``better``, ``worse``, ``average`` or ``unknown`` (no duplicate deal yet)."""
    if deals == 0:
        return {"mean": None, "deals": 0, "low": None, "high": None, "verdict": "unknown",
                "words": _("no duplicate deals yet: its luck is measured once it plays in one")}
    mean = total / deals
    spread = max(0.0, squares / deals - mean * mean) * deals / (deals - 1) if deals > 1 else 0.0
    half = Z95 * math.sqrt(spread / deals) if deals > 1 else math.inf
    low, high = mean - half, mean + half
    if low > 0:
        verdict, words = "better", _("dealt better hands than average")
    elif high < 0:
        verdict, words = "worse", _("dealt worse hands than average")
    else:
        verdict, words = "average", _("dealt about average hands")
    finite = math.isfinite(half)
    return {
        "mean": round(mean, 2),
        "deals": deals,
        "low": round(low, 2) if finite else None,
        "high": round(high, 2) if finite else None,
        "verdict": verdict,
        "words": words,
    }
