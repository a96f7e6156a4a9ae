"""Random-play benchmark of the engines, side by side with OpenSpiel when it is installed.

    python -m games.engine.bench busca [--seconds 2] [--rounds 3]
    python -m games.engine.bench --smoke

Plays random legal moves through the public API (``legal_moves`` then ``apply``) on one core
and prints deals/s and moves/s. With the ``bench`` extra (open-spiel) installed it alternates,
round by round, with an OpenSpiel game driven from Python by random moves (Busca against
``hearts``, Buraco against ``gin_rummy``; chance steps are not counted as decisions) and prints
the ratios, so the comparison does not depend on how fast this machine is; without it, it
times our engine alone and says so. ``--smoke``: 2 rounds of 0.2 s, for the game given or else
every game.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games import engine

# Our game -> (OpenSpiel game, what one OpenSpiel game is: one deal in both cases).
COUNTERPARTS = {
    "busca": "hearts",
    "buraco-cerrado": "gin_rummy",
    "buraco-mano-a-mano": "gin_rummy",
}


@dataclass
class Tally:
    """Work done in one timed run."""

    seconds: float = 0.0
    deals: int = 0
    moves: int = 0

    def add(self, other: Tally) -> None:
        self.seconds += other.seconds
        self.deals += other.deals
        self.moves += other.moves

    def rate(self, count: int) -> float:
        return count / self.seconds if self.seconds else 0.0


def play_ours(name: str, seconds: float, seed: int, options: dict[str, Any]) -> Tally:
    """Play random games of ``name`` for about ``seconds``; count deals and moves."""
    game = engine.get(name)
    rng = random.Random(seed)
    tally = Tally()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new(rng.getrandbits(64), **options)
        while game.to_move(state) is not None:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            tally.moves += 1
        tally.deals += game.deals(state)
    tally.seconds = time.perf_counter() - start
    return tally


def openspiel_player(name: str) -> Callable[[float, int], Tally] | None:
    """Return a timed random player of OpenSpiel's ``name``, or None without open-spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def play(seconds: float, seed: int) -> Tally:
        rng = random.Random(seed)
        tally = Tally()
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, probs)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    tally.moves += 1
            tally.deals += 1
        tally.seconds = time.perf_counter() - start
        return tally

    return play


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """Turn ``key=value`` pairs into engine options (ints where they parse)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"option {pair!r} is not key=value")
        try:
            options[key] = int(value)
        except ValueError:
            options[key] = {"true": True, "false": False}.get(value.lower(), value)
    return options


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m games.engine.bench", description=__doc__)
    parser.add_argument("game", nargs="?", choices=engine.names())
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each timed run")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="engine option key=value")
    parser.add_argument("--smoke", action="store_true", help="2 rounds of 0.2 s, every game")
    args = parser.parse_args(argv)
    if args.smoke:
        args.seconds, args.rounds = 0.2, 2
    elif args.game is None:
        parser.error("the game is required (or --smoke for every game)")
    options = parse_options(args.option)
    for game in [args.game] if args.game else engine.names():
        compare(game, args.rounds, args.seconds, args.seed, options)


def compare(game: str, rounds: int, seconds: float, seed: int, options: dict[str, Any]) -> None:
    """Time ``game`` for ``rounds`` runs of ``seconds``, alternating with its OpenSpiel
    counterpart when open-spiel is installed; print each round and the totals."""
    counterpart = COUNTERPARTS[game]
    theirs = openspiel_player(counterpart)
    ours_total, theirs_total = Tally(), Tally()
    for round_no in range(rounds):
        ours = play_ours(game, seconds, seed + round_no, options)
        ours_total.add(ours)
        line = f"round {round_no + 1}: {game} {ours.rate(ours.deals):,.1f} deals/s"
        line += f" {ours.rate(ours.moves):,.0f} moves/s"
        if theirs is not None:
            other = theirs(seconds, seed + round_no)
            theirs_total.add(other)
            line += f" | {counterpart} {other.rate(other.deals):,.1f} deals/s"
            line += f" {other.rate(other.moves):,.0f} decision steps/s"
        print(line, flush=True)
    print(
        f"{game}: {ours_total.rate(ours_total.deals):,.1f} deals/s, "
        f"{ours_total.rate(ours_total.moves):,.0f} moves/s ({ours_total.deals} deals)"
    )
    if theirs is None:
        print(
            f"OpenSpiel ({counterpart}) skipped: open-spiel is not installed "
            "(pip install -e '.[bench]'), our engine timed alone"
        )
        return
    print(
        f"{counterpart} (OpenSpiel, from Python): {theirs_total.rate(theirs_total.deals):,.1f}"
        f" deals/s, {theirs_total.rate(theirs_total.moves):,.0f} decision steps/s"
    )
    deal_ratio = ours_total.rate(ours_total.deals) / theirs_total.rate(theirs_total.deals)
    step_ratio = ours_total.rate(ours_total.moves) / theirs_total.rate(theirs_total.moves)
    print(f"ratio: {deal_ratio:.2f}x deals/s, {step_ratio:.2f}x steps/s")


if __name__ == "__main__":
    main()
