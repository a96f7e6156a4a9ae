"""What duplicate sets buy a ladder: deals until three known strength tiers are told apart.

    python -m bench.ladder_convergence [--games busca,buraco-mano-a-mano] [--runs 5]
        [--strong house:ismcts-fast|none] [--iterations N] [--max-deals 3000] [--seed 1]
        [--schedules whole,single,duplicate] [--tau 0.00833] [--jobs 1] [--progress DEALS]
        [--smoke]

On the engine alone, no server. A simulated ladder of 12 bots in three tiers of known strength,
four of each: ``house:random``, ``house:greedy`` and a search (``--strong``, the ladder's
search anchor ``house:ismcts-fast`` by default; ``--iterations N`` fixes the search to N
iterations a move, so the figures do not depend on the machine). Each round seats all twelve
at random, and the ratings (OpenSkill Plackett-Luce, the platform's model, fresh each run, with
the ladders' drift per update ``--tau``, the same for every schedule) move after it, under one
of three schedules:

- ``whole``: plain whole matches, as the ladders played before duplicate sets (a Busca game to
  31, a Buraco match to its end), rated by the match's places;
- ``single``: plain single deals (Busca ``max_deals=1``, Buraco ``deals=1``), each table rated
  by what each seat made of its own hand, the measure the duplicate comparisons use (Busca: fewer
  Buscas, then fewer penalty points taken; Mano a Mano: the side's lead), so that the factor
  shows what holding the same cards buys and nothing else;
- ``duplicate``: duplicate sets, as the ladders play now: the round's tables share one deal
  per set (Busca: one set of three tables of four; Mano a Mano: three sets of two tables),
  table ``t`` with its group moved ``t`` seats round, and each hand's holders are compared
  (tournaments/ratings/comparisons.py: in Busca fewer Buscas, then fewer penalty points taken,
  places first; in Mano a Mano the two tables make one comparison of two teams, each side's
  bot at the first table with the other side's at the second, by the first table's lead over
  the second's).

After every round it asks whether the tiers are told apart: every bot of a stronger tier above
every bot of a weaker one, with their 95% rank intervals apart (1,000 sampled boards,
tournaments/ratings/uncertainty.py). The figure is the deals played until then (every table's
deal counts), capped at ``--max-deals``. ``--runs`` repeats it with other seeds; printed are a
line per run as it ends (with each tier's mean rating then: a run at the cap shows whether its
tiers were even in order), the mean with its 95% interval and the factor single : duplicate
(goal: at least 3). ``--jobs N`` plays N runs at once, each in a process of its own (the runs
are independent, and a search tier makes them take hours): the figures are the same as one at
a time, the lines of the runs come as they end. ``--progress DEALS`` prints each run's deals
and tiers' mean ratings to stderr every DEALS deals, for the runs that take an hour.
``--smoke``: one run of each schedule, Busca only, random and greedy tiers only, at most 40
deals.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from openskill.models import PlackettLuce

from games import engine
from games.engine.strategies import get
from games.engine.strategies.ismcts import policy as search_policy
from games.engine.strategies.search import Budget
from games.sides import side_of, sport_places
from tournaments.ratings.uncertainty import rank_intervals

Policy = Callable[[dict[str, Any], list[dict[str, Any]], random.Random], dict[str, Any]]
SCHEDULES = ("whole", "single", "duplicate")
BOTS_PER_TIER = 4
MODEL = PlackettLuce()  # the platform's model (tournaments.ratings.services.MODEL)
COMPARISON_TAU = 25 / 3000  # the default of RATING_COMPARISON_TAU (platform/config/settings.py)
BUSCA_WEIGHT = 100  # a Busca outweighs any points (a deal has 40)


def tiers_of(game: str, strong: str | None, iterations: int | None) -> list[tuple[str, Policy]]:
    """Return the tiers, weakest first, as (name, policy)."""
    tiers = [(name, get(name, game)) for name in ("house:random", "house:greedy")]
    if strong is not None:
        if iterations:
            searcher = search_policy(game, Budget(iterations=iterations))
            tiers.append((f"search at {iterations} iterations a move", searcher))
        else:
            tiers.append((strong, get(strong, game)))
    return tiers


def play(game: str, seed: int, policies: list[Policy], options: dict[str, Any]) -> Any:
    """Play a match of ``game`` on ``seed`` to its end; return the final state."""
    rules: Any = engine.get(game)
    state = rules.new(seed, **options)
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(len(policies))]
    while (seat := rules.to_move(state)) is not None:
        view = rules.view(state, seat)
        move = policies[seat](view, view["legal_moves"], rngs[seat])
        state = rules.apply(state, rules.parse_move(move))
    return state


def value(game: str, state: Any, seat: int) -> float:
    """What a seat made of its hand in the first deal, higher is better. Busca: fewer Buscas,
    then fewer penalty points taken (the rules' finishing order); Buraco: its side's lead."""
    if game == "busca":
        record = state.match.history[0]
        player = record.deal.seats.index(seat)
        return -float(record.buscas[player] * BUSCA_WEIGHT + record.taken[player])
    scores = [int(s) for s in engine.get(game).result(state).scores]
    other = next(s for s in range(len(scores)) if side_of(game, s) != side_of(game, seat))
    return float(scores[seat] - scores[other])


class Ladder:
    """Twelve bots' ratings under one schedule."""

    def __init__(
        self,
        game: str,
        tiers: list[tuple[str, Policy]],
        schedule: str,
        seed: int,
        model: PlackettLuce = MODEL,
    ):
        self.game, self.schedule, self.model = game, schedule, model
        self.rng = random.Random(seed)
        self.bots = [
            (tier, policy) for tier, (_, policy) in enumerate(tiers) for _ in range(BOTS_PER_TIER)
        ]
        self.ratings = [model.rating() for _ in self.bots]
        self.deals = 0
        rules: Any = engine.get(game)
        self.size = int(rules.seats(rules.new(0)))

    def rate(self, groups: list[tuple[list[list[int]], list[float]]]) -> None:
        """One Plackett-Luce update per group of (teams of bots, values), best value first."""
        for teams, values in groups:
            places = sport_places([(-v,) for v in values])
            before = [[self.ratings[b] for b in team] for team in teams]
            for team, news in zip(teams, self.model.rate(before, ranks=places), strict=True):
                for b, new in zip(team, news, strict=True):
                    self.ratings[b] = new

    def round(self) -> None:
        """Seat every bot once and rate the results."""
        order = list(range(len(self.bots)))
        self.rng.shuffle(order)
        tables = [order[i : i + self.size] for i in range(0, len(order), self.size)]
        if self.schedule == "duplicate":
            per_set = self.size  # as many tables as hands
            for first in range(0, len(tables), per_set):
                self._set(tables[first : first + per_set])
            return
        options = {} if self.schedule == "whole" else self._one_deal()
        for table in tables:
            policies = [self.bots[b][1] for b in table]
            state = play(self.game, self.rng.getrandbits(64), policies, options)
            if self.schedule == "single":  # by the measure the duplicate comparisons use
                self.deals += 1
                values = [value(self.game, state, seat) for seat in range(len(table))]
                self.rate([([[b] for b in table], values)])
                continue
            result: Any = engine.get(self.game).result(state)
            self.deals += int(result.to_json().get("deals", 1))
            self.rate([([[b] for b in table], [-float(p) for p in result.places])])

    def _one_deal(self) -> dict[str, Any]:
        return {"max_deals": 1} if self.game == "busca" else {"deals": 1}

    def _set(self, groups: list[list[int]]) -> None:
        """Play one deal at a table per group, group ``t`` moved ``t`` seats round; compare."""
        seed = self.rng.getrandbits(64)
        held: list[list[tuple[int, float]]] = [[] for _ in range(self.size)]
        for rotation, group in enumerate(groups):
            seats = [group[(s - rotation) % len(group)] for s in range(len(group))]
            state = play(self.game, seed, [self.bots[b][1] for b in seats], self._one_deal())
            self.deals += 1
            for hand, bot in enumerate(seats):
                held[hand].append((bot, value(self.game, state, hand)))
        if self.game == "busca":  # each hand's holders, each for themselves
            self.rate([([[b] for b, _ in h], [v for _, v in h]) for h in held if len(h) > 1])
            return
        # Two-sided: a lead is play minus the opponent's, so the two tables make one comparison
        # of two teams (tournaments/ladders/services/settlement.py, comparisons_of).
        [(first_0, lead_0), (second_0, lead_1)], [(first_1, _), (second_1, _)] = held
        teams = [[first_0, second_1], [second_0, first_1]]
        self.rate([(teams, [lead_0 - lead_1, lead_1 - lead_0])])

    def told_apart(self) -> bool:
        """Tell whether every cross-tier pair is in order with its rank intervals apart."""
        intervals = rank_intervals([(r.mu, r.sigma) for r in self.ratings], draws=1000, seed=0)
        for a, (tier_a, _) in enumerate(self.bots):
            for b, (tier_b, _) in enumerate(self.bots):
                if tier_a > tier_b and not intervals[a][1] < intervals[b][0]:
                    return False
        return True

    def tiers_seen(self) -> str:
        """Each tier's mean mu and sigma now: a run that hits the cap shows whether its tiers are
        even in order (a top tier no stronger than the next is never told apart)."""
        parts = []
        for tier in sorted({t for t, _ in self.bots}):
            mine = [r for (t, _), r in zip(self.bots, self.ratings, strict=True) if t == tier]
            mu = statistics.fmean(r.mu for r in mine)
            sigma = statistics.fmean(r.sigma for r in mine)
            parts.append(f"{mu:.2f} ± {sigma:.2f}")
        return "tiers' mean mu ± sigma, weakest first: " + ", ".join(parts)


def deals_to_converge(
    game: str, tiers: list[tuple[str, Policy]], schedule: str, seed: int, cap: int, tau: float,
    progress: int = 0,
) -> tuple[int, bool, str]:
    """Return the deals one run took to tell the tiers apart, whether it did within ``cap``,
    and the tiers' mean ratings at the end (Ladder.tiers_seen). With ``progress``, print a line
    to stderr each time the run passes another ``progress`` deals."""
    ladder = Ladder(game, tiers, schedule, seed, PlackettLuce(tau=tau))
    shown = 0
    while ladder.deals < cap:
        ladder.round()
        if ladder.told_apart():
            return ladder.deals, True, ladder.tiers_seen()
        if progress and ladder.deals // progress > shown:
            shown = ladder.deals // progress
            print(f"      ({schedule}, seed {seed}: {ladder.deals} deals; {ladder.tiers_seen()})",
                  file=sys.stderr, flush=True)
    return ladder.deals, False, ladder.tiers_seen()


Run = tuple[str, int]  # a schedule and a run's number
Found = tuple[int, bool, str, float]  # deals_to_converge's answer and the run's seconds


def one_run(
    game: str, strong: str | None, iterations: int | None, schedule: str, seed: int, cap: int,
    tau: float, progress: int = 0,
) -> Found:
    """Play one run (deals_to_converge) with the tiers built here: a process of its own builds
    its own search policies."""
    started = time.perf_counter()
    tiers = tiers_of(game, strong, iterations)
    deals, ok, seen = deals_to_converge(game, tiers, schedule, seed, cap, tau, progress)
    return deals, ok, seen, time.perf_counter() - started


def runs_played(
    args: argparse.Namespace, game: str, strong: str | None, runs: list[Run]
) -> Iterator[tuple[Run, Found]]:
    """Yield each run with what it found: in order, one at a time (``--jobs 1``), or as they
    end, ``--jobs`` at once."""
    def call(run: Run) -> tuple[Any, ...]:
        schedule, number = run
        seed = args.seed + number
        return (game, strong, args.iterations, schedule, seed, args.max_deals, args.tau,
                args.progress)

    if args.jobs == 1:
        for run in runs:
            yield run, one_run(*call(run))
        return
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=args.jobs, mp_context=spawn) as pool:
        futures = {pool.submit(one_run, *call(run)): run for run in runs}
        for future in as_completed(futures):
            yield futures[future], future.result()


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ladder_convergence", description=__doc__)
    parser.add_argument("--games", default="busca,buraco-mano-a-mano")
    parser.add_argument(
        "--schedules", default=",".join(SCHEDULES), help="which of whole,single,duplicate"
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--strong", default="house:ismcts-fast", help="the top tier ('none': two tiers only)"
    )
    parser.add_argument("--iterations", type=int, default=None, help="fix the search's budget")
    parser.add_argument("--max-deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--tau",
        type=float,
        default=COMPARISON_TAU,
        help="OpenSkill's drift per update, for every schedule (default: the ladders' "
        "RATING_COMPARISON_TAU, 25/3000; the platform's matches use 25/300)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="runs played at once (processes)")
    parser.add_argument(
        "--progress", type=int, default=0, metavar="DEALS",
        help="print each run's deals and tiers to stderr every DEALS deals (0: only at its end)",
    )
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs takes 1 or more")
    if args.progress < 0:
        parser.error("--progress takes 0 or more")
    strong: str | None = None if args.strong == "none" else args.strong
    if args.smoke:
        args.games, args.runs, args.max_deals, strong = "busca", 1, 40, None
    for game in args.games.split(","):
        if game not in engine.names() or game == "buraco-cerrado":
            parser.error(f"--games takes busca and buraco-mano-a-mano, not {game!r}")
        tiers = tiers_of(game, strong, args.iterations)
        names = ", ".join(name for name, _ in tiers)
        count = BOTS_PER_TIER * len(tiers)
        print(f"{game}: {count} bots ({names}, four each), {args.runs} runs, at most "
              f"{args.max_deals} deals a run, OpenSkill tau {args.tau:.4f}", flush=True)
        schedules = args.schedules.split(",")
        for schedule in schedules:
            if schedule not in SCHEDULES:
                parser.error(f"--schedules takes {', '.join(SCHEDULES)}, not {schedule!r}")
        runs = [(schedule, number) for schedule in schedules for number in range(args.runs)]
        found: dict[Run, Found] = {}
        for (schedule, number), result in runs_played(args, game, strong, runs):
            found[(schedule, number)] = result  # a line per run: a long run shows its progress
            deals, ok, seen, seconds = result
            print(f"    {schedule} run {number + 1} of {args.runs} (seed {args.seed + number}): "
                  f"{deals} deals{'' if ok else ', the cap'}; {seen}  [{seconds:.0f} s]",
                  flush=True)
        means: dict[str, float] = {}
        for schedule in schedules:
            mine = [found[(schedule, number)] for number in range(args.runs)]
            took = [float(deals) for deals, *_ in mine]
            missed = sum(1 for _, ok, *_ in mine if not ok)
            mean, half = interval(took)
            means[schedule] = mean
            capped = f"; {missed} of {args.runs} runs hit the cap" if missed else ""
            spent = sum(seconds for *_, seconds in mine)
            print(f"  {schedule:<9} deals to tell the tiers apart: mean {mean:7.1f} "
                  f"(95% ± {half:.1f}; runs {sorted(int(t) for t in took)}){capped}  "
                  f"[{spent:.0f} s of runs]", flush=True)
        if {"single", "duplicate"} <= set(means):
            factor = means["single"] / means["duplicate"]
            print(f"  factor single : duplicate = {factor:.2f}  (goal >= 3; a lower bound if "
                  "single runs hit the cap)", flush=True)
        if {"whole", "duplicate"} <= set(means):
            print(f"  factor whole : duplicate = {means['whole'] / means['duplicate']:.2f}",
                  flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
