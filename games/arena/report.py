"""The arena's results as text (a table) or JSON."""

from __future__ import annotations

import math
from typing import Any

from games.arena.run import Plan, Standing
from games.arena.stats import Estimate


def _pm(e: Estimate, digits: int = 2, percent: bool = False) -> str:
    scale, unit = (100.0, "%") if percent else (1.0, "")
    half = "?" if math.isinf(e.half) else f"{e.half * scale:.{digits}f}{unit}"
    return f"{e.mean * scale:.{digits}f}{unit} ± {half}"


def table(plan: Plan, rows: list[Standing], seconds: float, jobs: int) -> str:
    """Return the run's summary and one line per entrant."""
    head = (
        f"{plan.game}, options {plan.options}: {plan.matches} matches = {plan.boards} boards "
        f"x {plan.seats} seat rotations, seed {plan.seed}, {jobs} job(s), {seconds:.1f} s"
    )
    busca = plan.game == "busca"
    columns = ["#", "entrant", "mean place", "win rate"] + (["Buscas/deal"] if busca else [])
    columns += ["fallbacks"]
    lines = []
    for i, row in enumerate(rows, 1):
        cells = [str(i), row.entrant.spec, _pm(row.place), _pm(row.win, 1, percent=True)]
        if busca and row.buscas_per_deal is not None:
            cells.append(_pm(row.buscas_per_deal, 3))
        cells.append(f"{row.fallbacks}/{row.moves} moves")
        lines.append(cells)
    widths = [max(len(c[k]) for c in [columns, *lines]) for k in range(len(columns))]
    out = [head, "", "  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True))]
    out += ["  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) for cells in lines]
    out.append("")
    out.append("± is the half-width of a 95% confidence interval over boards: a board is one")
    out.append("seed (the same cards), played once per seat rotation; an entrant's figure for a")
    out.append("board is its mean over the rotations.")
    for i, row in enumerate(rows, 1):
        if row.fallbacks:
            out.append("")
            out.append(
                f"#{i} {row.entrant.spec}: {row.fallbacks} fallback(s): a random legal move was "
                "played instead of an answer that raised, was malformed or was illegal; first:"
            )
            out += [f"  {reason}" for reason in row.reasons]
    return "\n".join(out)


def _est(e: Estimate | None) -> dict[str, Any] | None:
    if e is None:
        return None
    half = None if math.isinf(e.half) else e.half
    return {"mean": e.mean, "ci95": half, "n": e.n}


def as_json(plan: Plan, rows: list[Standing]) -> dict[str, Any]:
    """Return the results as JSON-ready data (``--json``)."""
    return {
        "game": plan.game,
        "options": plan.options,
        "seed": plan.seed,
        "boards": plan.boards,
        "matches": plan.matches,
        "entrants": [
            {
                "entrant": row.entrant.spec,
                "mean_place": _est(row.place),
                "win_rate": _est(row.win),
                "buscas_per_deal": _est(row.buscas_per_deal),
                "moves": row.moves,
                "fallbacks": row.fallbacks,
                "fallback_reasons": row.reasons,
            }
            for row in rows
        ],
    }
