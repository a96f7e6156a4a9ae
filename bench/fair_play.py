"""The collusion benchmark: is a colluding pair of Busca bots flagged, and how often are honest
fields flagged? On the engine alone (no database), with the statistics of the fair-play report.

    nice -n 19 python -m bench.fair_play --fields 20 --honest 30 --deals 600
    python -m bench.fair_play --smoke

A field is eight bots, each of its own owner, playing whole Busca games (to 31) at two tables of
four, the seats drawn again every round, rated with OpenSkill as the platform rates them. In a
colluding field bot 0 is ``bench.colluders.feeder`` and bot 1 its partner (plain greedy); the
others are greedy (4), random (1) and a search bot (``--search`` of them, at
``--search-iterations`` iterations a move) -- in an honest field bot 0 is greedy too. After
every round the report's tests (``tournaments.fairplay.stats``) run over every pair that met
``--min-meetings`` times, and Benjamini-Hochberg flags pairs at ``--q``.

A colluding field plays until the pair has shared ``--deals`` deals; it prints after how many
shared deals the pair was first flagged (median and the 25th-75th percentiles over the fields)
and the detection rate at ``--deals`` with a Wilson 95% interval. An honest field plays as long
(until bots 0 and 1 have shared ``--deals`` deals) and counts as falsely flagged when any pair
is flagged at its end: with every pair honest, BH at q bounds that rate by q.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from bench.colluders import Policy, feeder
from games.engine.busca import GAME
from games.engine.strategies import get
from games.engine.strategies.ismcts import policy as search_policy
from games.engine.strategies.search import Budget
from tournaments.fairplay.evidence import SeatInfo, add_match
from tournaments.fairplay.stats import (
    PairEvidence,
    benjamini_hochberg,
    pair_tests,
    wilson_interval,
)

PAIR = (0, 1)
MODEL = PlackettLuce()


@dataclass
class FieldRun:
    flagged_at: int | None  # shared deals of the pair when first flagged (colluding fields)
    flagged_at_end: bool  # the pair (colluding) or any pair (honest) flagged at the end
    shared_deals: int
    rounds: int
    deals: int  # deals played in the field, both tables


def flagged_pairs(
    pairs: dict[tuple[int, int], PairEvidence], min_meetings: int, q: float
) -> set[tuple[int, int]]:
    """Return the pairs the report would flag: tested once they met ``min_meetings`` times."""
    keys = [k for k, e in pairs.items() if e.meetings >= min_meetings]
    rejected, _ = benjamini_hochberg([t.p for t in pair_tests([pairs[k] for k in keys])], q)
    return {k for k, r in zip(keys, rejected, strict=True) if r}


def play_game(seed: int, policies: list[Policy]) -> dict[str, Any]:
    """Play a whole Busca game with one policy per seat; return its record."""
    state = GAME.new(seed)
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(4)]
    while (seat := GAME.to_move(state)) is not None:
        view = GAME.view(state, seat)
        state = GAME.apply(state, policies[seat](view, view["legal_moves"], rngs[seat]))
    return GAME.record(state)


def run_field(
    seed: int,
    *,
    colluding: bool,
    deals: int,
    search: int,
    iterations: int,
    min_meetings: int,
    q: float,
) -> FieldRun:
    """Play one field until the pair shared ``deals`` deals; return what the report saw."""
    rng = random.Random(seed)
    greedy, rand = get("house:greedy", "busca"), get("house:random", "busca")
    searcher = search_policy("busca", Budget(iterations=iterations))
    kinds = ["feeder" if colluding else "greedy", "greedy"]
    kinds += ["search"] * search + ["random"] + ["greedy"] * (6 - search - 1)
    ratings = [MODEL.rating() for _ in kinds]
    pairs: dict[tuple[int, int], PairEvidence] = {}
    flagged_at: int | None = None
    rounds = played = 0
    while pairs.get(PAIR, PairEvidence()).deals < deals:
        rounds += 1
        order = list(range(len(kinds)))
        rng.shuffle(order)
        for table in (order[:4], order[4:]):
            policies: list[Policy] = []
            for bot in table:
                kind = kinds[bot]
                if kind == "feeder":
                    policies.append(feeder(table.index(1) if 1 in table else None))
                else:
                    policies.append({"greedy": greedy, "random": rand, "search": searcher}[kind])
            record = play_game(rng.getrandbits(64), policies)
            places = record["result"]["places"]
            played += len(record["deals"])
            seats = [
                SeatInfo(bot, n, places[n], ratings[bot].mu, ratings[bot].sigma)
                for n, bot in enumerate(table)
            ]
            add_match(pairs, rounds * 2 + len(policies), seats, record)
            new = MODEL.rate([[ratings[b]] for b in table], ranks=places)
            for bot, [rating] in zip(table, new, strict=True):
                ratings[bot] = rating
        if colluding and flagged_at is None and PAIR in flagged_pairs(pairs, min_meetings, q):
            flagged_at = pairs[PAIR].deals
    final = flagged_pairs(pairs, min_meetings, q)
    return FieldRun(
        flagged_at=flagged_at,
        flagged_at_end=(PAIR in final) if colluding else bool(final),
        shared_deals=pairs[PAIR].deals,
        rounds=rounds,
        deals=played,
    )


def quartiles(values: list[int]) -> tuple[float, float, float]:
    if len(values) == 1:
        return values[0], values[0], values[0]
    low, mid, high = statistics.quantiles(values, n=4, method="inclusive")
    return low, mid, high


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m bench.fair_play", description=__doc__)
    parser.add_argument("--fields", type=int, default=20, help="colluding fields")
    parser.add_argument("--honest", type=int, default=30, help="honest fields")
    parser.add_argument("--deals", type=int, default=600, help="deals the pair shares")
    parser.add_argument("--search", type=int, default=1, help="search bots in a field")
    parser.add_argument("--search-iterations", type=int, default=10)
    parser.add_argument("--min-meetings", type=int, default=10)
    parser.add_argument("--q", type=float, default=0.05, help="false-discovery rate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="fields played at once (processes)")
    parser.add_argument("--smoke", action="store_true", help="a few seconds: 2 + 2 small fields")
    args = parser.parse_args(argv)
    if args.smoke:
        args.fields, args.honest, args.deals, args.search_iterations = 2, 2, 30, 5
        args.min_meetings = 2
    if not 0 <= args.search <= 5:
        parser.error("--search must be 0 to 5")
    common = {
        "deals": args.deals,
        "search": args.search,
        "iterations": args.search_iterations,
        "min_meetings": args.min_meetings,
        "q": args.q,
    }
    start = time.perf_counter()
    jobs = [(args.seed * 100_000 + i, True) for i in range(args.fields)]
    jobs += [(args.seed * 100_000 + 50_000 + i, False) for i in range(args.honest)]
    done: dict[tuple[int, bool], FieldRun] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {
            pool.submit(run_field, seed, colluding=kind, **common): (seed, kind)
            for seed, kind in jobs
        }
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            seed, kind = futures[future]
            label = "colluding" if kind else "honest"
            print(f"  {label} field {seed}: {done[seed, kind]}", file=sys.stderr, flush=True)
    colluding = [done[job] for job in jobs if job[1]]
    honest = [done[job] for job in jobs if not job[1]]
    elapsed = time.perf_counter() - start
    found = [r.flagged_at for r in colluding if r.flagged_at is not None]
    detected = sum(r.flagged_at_end for r in colluding)
    false = sum(r.flagged_at_end for r in honest)
    d_low, d_high = wilson_interval(detected, len(colluding))
    f_low, f_high = wilson_interval(false, len(honest))
    field_deals = statistics.fmean(r.deals for r in colluding + honest)
    out(
        f"fair play, Busca, fields of 8 (feeder + partner, {6 - args.search} greedy incl. "
        f"1 random, {args.search} search at {args.search_iterations} iterations a move), "
        f"min meetings {args.min_meetings}, BH q = {args.q:g}, {args.deals} shared deals, "
        f"{elapsed:.0f} s:"
    )
    if found:
        low, mid, high = quartiles(found)
        out(
            f"  colluding pair first flagged after {mid:.0f} shared deals (median; 25-75%: "
            f"{low:.0f}-{high:.0f}; {len(found)} of {len(colluding)} fields flagged it at all)"
        )
    else:
        out(f"  colluding pair never flagged in {len(colluding)} fields")
    out(
        f"  detection at {args.deals} shared deals: {detected}/{len(colluding)} = "
        f"{detected / max(1, len(colluding)):.2f}, 95% Wilson [{d_low:.2f}, {d_high:.2f}]"
    )
    out(
        f"  honest fields flagged (any pair): {false}/{len(honest)} = "
        f"{false / max(1, len(honest)):.2f}, 95% Wilson [{f_low:.2f}, {f_high:.2f}] "
        f"(bound: q = {args.q:g}); a field played {field_deals:.0f} deals on average"
    )
    return {
        "colluding": colluding,
        "honest": honest,
        "detected": detected,
        "false_flags": false,
        "seconds": elapsed,
    }


if __name__ == "__main__":
    main()
