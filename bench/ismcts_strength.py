"""Strength of the search house bot against ``house:greedy`` over duplicate deals.

    nice -n 19 python -m bench.ismcts_strength busca --deals 400 --iterations 200
    nice -n 19 python -m bench.ismcts_strength buraco-mano-a-mano --deals 400 --iterations 40
    python -m bench.ismcts_strength --smoke

Every deal seed is played several times with the seats rotated, so each seat of the same cards
is played once by the search bot and the luck of the deal cancels out (house bots have no
memory, so replaying a deal is fair):

- Busca (4 players, one deal per seed): the deal is played once by four greedy bots, then four
  times with the search bot in seat k (k = 0..3) and greedy in the others. A seed's figure is
  the mean over k of (the search bot's Buscas in seat k) - (greedy's Buscas in seat k in the
  all-greedy game). Negative is better for the search bot.
- Buraco (each variant, a match of one deal: option ``deals=1``): the search bot plays side 0
  (both seats in Cerrado) against greedy, then side 1 against greedy; a match won counts 1, a
  tie 1/2. A seed's figure is its mean over the two rotations.

It prints the mean over seeds with a 95% confidence interval (normal approximation, 1.96
standard errors of the per-seed figures). ``--iterations`` fixes the search's budget in
iterations a move, so the figures do not depend on the machine; ``--ms`` uses time instead
(``house:ismcts`` is ``--ms 200``, ``house:ismcts-fast`` is ``--ms 40``). ``--max-seconds``
stops early and says how many seeds were played. ``--smoke``: 2 seeds at 3 iterations a move,
for the game given or else every game.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from games import engine
from games.engine.strategies import get
from games.engine.strategies.ismcts import policy
from games.engine.strategies.search import Budget

Policy = Callable[[dict[str, Any], list[dict[str, Any]], random.Random], dict[str, Any]]


def play(game_name: str, seed: int, policies: list[Policy], options: dict[str, Any]) -> Any:
    """Play the first deal of ``seed`` with one policy per seat; return the final state."""
    game = engine.get(game_name)
    state = game.new(seed, **options)
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(len(policies))]
    while (seat := game.to_move(state)) is not None and game.deals(state) == 1:
        view = game.view(state, seat)
        move = policies[seat](view, view["legal_moves"], rngs[seat])
        state = game.apply(state, move)
    return state


def busca_seed(seed: int, search: Policy, greedy: Policy) -> float:
    """Return the mean over seats of (search's Buscas - greedy's Buscas) in that seat."""
    base = play("busca", seed, [greedy] * 4, {}).match.history[0]
    diffs = []
    for k in range(4):
        seats: list[Policy] = [greedy] * 4
        seats[k] = search
        record = play("busca", seed, seats, {}).match.history[0]
        mine = record.buscas[record.deal.seats.index(k)]
        theirs = base.buscas[base.deal.seats.index(k)]
        diffs.append(mine - theirs)
    return sum(diffs) / 4


def buraco_seed(game_name: str, seed: int, search: Policy, greedy: Policy) -> float:
    """Return the search bot's match score (win 1, tie 1/2) averaged over both sides."""
    players = engine.get(game_name).min_players
    points = []
    for side in (0, 1):
        seats = [search if seat & 1 == side else greedy for seat in range(players)]
        state = play(game_name, seed, seats, {"deals": 1})
        totals = state.totals
        points.append(
            1.0 if totals[side] > totals[1 - side] else 0.5 if totals[0] == totals[1] else 0.0
        )
    return sum(points) / 2


def interval(values: list[float]) -> tuple[float, float, float]:
    """Return the mean and its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ismcts_strength", description=__doc__)
    parser.add_argument("game", nargs="?", choices=engine.names())
    parser.add_argument("--deals", type=int, default=400, help="duplicate deal seeds")
    parser.add_argument("--iterations", type=int, default=None, help="search iterations a move")
    parser.add_argument(
        "--ms", type=float, default=200.0, help="search time a move (no --iterations)"
    )
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--max-seconds", type=float, default=math.inf)
    parser.add_argument("--smoke", action="store_true", help="2 seeds, 3 iterations a move")
    args = parser.parse_args(argv)
    if args.smoke:
        args.deals, args.iterations = 2, 3
    elif args.game is None:
        parser.error("the game is required (or --smoke for every game)")
    for game in [args.game] if args.game else engine.names():
        strength(game, args)


def strength(game: str, args: argparse.Namespace) -> None:
    """Play ``args.deals`` duplicate seeds of ``game`` and print the mean and its interval."""
    budget = Budget(ms=args.ms, iterations=args.iterations)
    search: Policy = policy(game, budget)
    greedy: Policy = get("house:greedy", game)
    level = f"{args.iterations} iterations a move" if args.iterations else f"{args.ms:g} ms a move"
    values: list[float] = []
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.deals):
        if time.perf_counter() - start > args.max_seconds:
            break
        if game == "busca":
            values.append(busca_seed(seed, search, greedy))
        else:
            values.append(buraco_seed(game, seed, search, greedy))
        if len(values) % 20 == 0:
            mean, low, high = interval(values)
            print(
                f"  {len(values)} deals: {mean:+.3f} [{low:+.3f}, {high:+.3f}]",
                file=sys.stderr,
                flush=True,
            )
    mean, low, high = interval(values)
    elapsed = time.perf_counter() - start
    what = (
        "mean Buscas per deal, search minus greedy (negative: search better)"
        if game == "busca"
        else "match win rate of search vs greedy (one-deal matches)"
    )
    print(
        f"{game}, search at {level}, {len(values)} duplicate deals (seeds {args.seed}.."
        f"{args.seed + len(values) - 1}), {elapsed:.0f} s: {what}: {mean:.3f}, "
        f"95% CI [{low:.3f}, {high:.3f}]"
    )


if __name__ == "__main__":
    main()
