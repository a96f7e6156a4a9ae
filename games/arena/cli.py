"""The command line of the arena (``python -m games.arena``): play, ``replay`` or ``view``.

Exit codes: 0 done, 2 a bad argument, file or record (the message says which), 1 a failure
while fetching a match from the API.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, NoReturn

from games import engine
from games.arena import report
from games.arena.arguments import MAX_SEED, bounded, seconds_between
from games.arena.entrants import Entrant, check, infer_game
from games.arena.errors import ArenaError
from games.arena.play import MOVE_TIMEOUT
from games.arena.progress import Progress
from games.arena.replay_cli import replay_main
from games.arena.run import Plan, outcomes, standings
from games.arena.save import check_target, write
from games.arena.viewer import view_main
from games.engine.options import OPTION_BOUNDS, options_check

MAX_MATCHES = 100_000
MAX_JOBS = 256
PROGRESS_FROM = 20  # matches: shorter runs show no progress bar
MIN_MOVE_TIMEOUT, MAX_MOVE_TIMEOUT = 0.01, 3600.0


def option_pair(text: str) -> tuple[str, Any]:
    """Parse an engine option ``key=value`` (JSON value where it parses, else text)."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"option {text!r} is not key=value")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


def play_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m games.arena",
        description="Play local bot files and house strategies against each other: seeded "
        "duplicate deals, each played once per seat rotation, in parallel processes. "
        "`python -m games.arena replay --help` replays a finished match from a turn on; "
        "`python -m games.arena view FILE` shows a saved match in the browser.",
    )
    p.add_argument(
        "entrants",
        nargs="+",
        metavar="ENTRANT",
        help="a bot file (path.py, or path.py:ClassName) or a house strategy (house:greedy), "
        "one per seat",
    )
    p.add_argument("--game", choices=engine.names(), help="default: named by the bot files")
    p.add_argument(
        "--matches",
        type=bounded(1, MAX_MATCHES),
        default=100,
        help=f"matches to play, 1..{MAX_MATCHES}, rounded up to whole boards (one match per "
        "seat rotation of a deal); default 100",
    )
    p.add_argument("--seed", type=bounded(0, MAX_SEED), default=1, help="default 1")
    p.add_argument(
        "--jobs",
        type=bounded(1, MAX_JOBS),
        default=os.cpu_count() or 1,
        help="parallel processes (default: the CPU count)",
    )
    p.add_argument(
        "--option",
        type=option_pair,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an engine option, e.g. --option eliminate_at=5 (see docs/bots.md)",
    )
    p.add_argument(
        "--move-timeout",
        type=seconds_between(MIN_MOVE_TIMEOUT, MAX_MOVE_TIMEOUT),
        default=MOVE_TIMEOUT,
        help=f"seconds a bot may take for one move ({MIN_MOVE_TIMEOUT:g}..{MAX_MOVE_TIMEOUT:g}); "
        f"a slower answer is a fallback, as a time-out on the platform; default {MOVE_TIMEOUT:g}",
    )
    p.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help="write the run's first match (board 0, entrant N in seat N) to FILE as a replay "
        "(the site's replay JSON); `python -m games.arena view FILE` shows it",
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def fail(parser: argparse.ArgumentParser, message: str) -> NoReturn:
    parser.error(message)  # prints the usage and the message, exits with code 2


def plan_of(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Plan:
    entrants = tuple(Entrant(spec) for spec in args.entrants)
    try:
        game = args.game or infer_game(list(entrants))
        options = dict(args.option)
        players = [b for b in OPTION_BOUNDS[game] if b.name == "players"]
        if players and "players" not in options:
            low, high = players[0].low, players[0].high
            if low is not None and high is not None and not low <= len(entrants) <= high:
                raise ArenaError(
                    f"{game} takes {low} to {high} entrants (one a seat), not {len(entrants)}"
                )
            options["players"] = len(entrants)
        options = options_check(game, options)
        seats = engine.get(game).seats(engine.get(game).new(0, **options))
        if len(entrants) != seats:
            raise ArenaError(
                f"{game} with these options has {seats} seats: give {seats} "
                f"entrants, not {len(entrants)}"
            )
        for entrant in dict.fromkeys(entrants):
            check(entrant, game)
        if args.save is not None:
            check_target(args.save)
    except (ArenaError, ValueError) as exc:
        fail(parser, str(exc))
    boards = -(-args.matches // seats)
    save = args.save is not None
    return Plan(game, options, entrants, boards, args.seed, args.move_timeout, save)


def play_main(argv: Sequence[str]) -> int:
    parser = play_parser()
    args = parser.parse_args(argv)
    plan = plan_of(args, parser)
    jobs = min(args.jobs, plan.matches)
    progress = Progress(plan.matches, enabled=not args.quiet and plan.matches >= PROGRESS_FROM)
    start = time.monotonic()
    try:
        done = outcomes(plan, jobs, progress)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenProcessPool:
        print(
            f"{parser.prog}: error: a worker process died (did a bot exit the process?)",
            file=sys.stderr,
        )
        return 1
    if args.save is not None:
        saved = next(o.document for o in done if o.document is not None)
        try:
            write(args.save, saved)
        except ArenaError as exc:
            fail(parser, str(exc))
        print(
            f"saved the first match (board 0) to {args.save}: "
            f"python -m games.arena view {args.save}",
            file=sys.stderr,
        )
    rows = standings(plan, done)
    if args.json:
        print(json.dumps(report.as_json(plan, rows), indent=2))
    else:
        print(report.table(plan, rows, time.monotonic() - start, jobs))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the arena; return the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["replay"]:
        return replay_main(args[1:])
    if args[:1] == ["view"]:
        return view_main(args[1:])
    return play_main(args)
