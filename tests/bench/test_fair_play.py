"""The collusion benchmark (bench/fair_play.py) runs, and on the engine alone a colluding Busca
pair is flagged within the documented number of shared deals, and an honest one is not
(docs/fair-play.md)."""

from __future__ import annotations

from bench.fair_play import main, run_field

DOCUMENTED_DEALS = 600  # docs/fair-play.md: "the detection rate at 600 shared deals"


def test_a_feeder_and_its_partner_are_flagged_and_an_honest_field_is_not() -> None:
    common = {"deals": DOCUMENTED_DEALS, "search": 0, "iterations": 1, "min_meetings": 10}
    colluding = run_field(7, colluding=True, q=0.05, **common)
    assert colluding.flagged_at is not None and colluding.flagged_at <= DOCUMENTED_DEALS
    honest = run_field(7, colluding=False, q=0.05, **common)
    assert not honest.flagged_at_end


def test_the_benchmark_smoke_runs_and_prints_both_rates() -> None:
    lines: list[str] = []
    result = main(["--smoke"], out=lines.append)
    assert len(result["colluding"]) == 2 and len(result["honest"]) == 2
    text = "\n".join(lines)
    assert "detection at 30 shared deals" in text and "honest fields flagged" in text
    assert "Wilson" in text
