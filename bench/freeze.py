"""The freeze attack's cost to an honest bot, with and without the attacker, in both modes.

    python -m bench.freeze [--seconds 20] [--modes embedded,scaled] [--smoke]

For each mode it starts the real platform (scaled out: PostgreSQL + Redis, a worker and a
search worker process, as in the Procfile), then an honest pull bot plays practice Busca
against three house:random seats for ``--seconds``, first alone, then while an attacker
(tests/e2e/freeze_attack.py) keeps three house:ismcts seats searching. It prints the honest
bot's POST → next turn p50 and p99, its refused moves, and the "database is locked" lines of
the logs. Goal: p99 under 500 ms under attack, no refused move, no lock error.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from tests.e2e.freeze_attack import honest_play, locked_errors, under_attack
from tests.e2e.stack import MODES, stack


def run(mode: str, seconds: float) -> None:
    with tempfile.TemporaryDirectory() as var, stack(mode, Path(var), split_search=True) as p:
        honest_bot, attacker_bot = p.createbot("honest"), p.createbot("attacker")
        with p.client(honest_bot["token"]) as honest, p.client(attacker_bot["token"]) as bad:
            alone = honest_play(honest, seconds, random.Random(1))
            attacked, attack = under_attack(honest, bad, seconds)
        locked = locked_errors(Path(var))
    for label, seen in (("alone", alone), ("under attack", attacked)):
        refused = sum(status != 200 for status in seen.statuses)
        print(
            f"{mode:9} {label:13} moves {len(seen.latencies):4}  p50 {seen.pct(0.5):6.1f} ms  "
            f"p99 {seen.pct(0.99):6.1f} ms  refused {refused}"
        )
    print(
        f"{mode:9} attacker: resigned match {attack.resigned_status or '-'}, "
        f"{attack.matches} search matches, {attack.turns_answered} turns; "
        f"'database is locked' lines: {locked}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--smoke", action="store_true", help="3 s a phase, embedded only")
    args = parser.parse_args()
    modes = ["embedded"] if args.smoke else args.modes.split(",")
    for mode in modes:
        run(mode, 3.0 if args.smoke else args.seconds)


if __name__ == "__main__":
    main()
