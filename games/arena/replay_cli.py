"""``python -m games.arena replay``: what if my bot had played this seat from turn T on?"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Sequence
from pathlib import Path

from games import engine
from games.arena.arguments import MAX_SEED, bounded
from games.arena.entrants import Entrant, check
from games.arena.errors import ArenaError
from games.arena.replay import FetchError, Replayed, counterfactual, fetch, read_file
from games.engine import strategies

URL_VARIABLE = "CARDTABLES_URL"
TOKEN_VARIABLE = "CARDTABLES_TOKEN"
DEFAULT_URL = "http://127.0.0.1:8000"
MAX_TURN = 1_000_000


def replay_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m games.arena replay",
        description="Rebuild a finished match at a turn, as a seat saw it, and play on with "
        "your bot in that seat and house bots in the others; print both endings.",
    )
    p.add_argument(
        "match",
        metavar="MATCH_ID_OR_FILE",
        help="a match id (fetched from the API), or a file holding GET /api/v1/matches/{id}/log "
        "or a replay (/matches/{id}/replay.json, or the arena's --save)",
    )
    p.add_argument("--seat", type=bounded(0, 3), required=True, help="the seat your bot takes")
    p.add_argument(
        "--from-turn",
        type=bounded(0, MAX_TURN),
        required=True,
        help="the first turn your bot's side plays differently (turns count from 0)",
    )
    p.add_argument("--bot", required=True, help="your bot file (path.py or path.py:ClassName)")
    p.add_argument(
        "--house",
        default="house:greedy",
        help="the house strategy of the other seats (default house:greedy)",
    )
    p.add_argument("--game", choices=engine.names(), help="only for a record that lacks it")
    p.add_argument("--seed", type=bounded(0, MAX_SEED), default=1, help="seed of the bots' choices")
    p.add_argument(
        "--url",
        default=os.environ.get(URL_VARIABLE) or DEFAULT_URL,
        help=f"the platform (default: ${URL_VARIABLE}, else {DEFAULT_URL})",
    )
    p.add_argument(
        "--token",
        default=os.environ.get(TOKEN_VARIABLE),
        help=f"a bot token (default: ${TOKEN_VARIABLE}); a finished, unsealed match needs none",
    )
    return p


def describe(done: Replayed, match: str) -> str:
    new = done.new.result
    lines = [
        f"{match}: turn {done.turn}, seat {done.to_move} to move; seat {done.seat} saw:",
        "",
    ]
    lines.append(done.view_text)
    lines.append("")
    rows = [("", "places", "scores")]
    if done.original is not None:
        rows.append(("as played", str(list(done.original.places)), str(list(done.original.scores))))
    else:
        rows.append(("as played", "(ended early: resigned or aborted)", ""))
    rows.append((f"your bot in seat {done.seat}", str(list(new.places)), str(list(new.scores))))
    width = [max(len(r[k]) for r in rows) for k in range(3)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, width, strict=True)).rstrip() for r in rows]
    if done.original is not None:
        lines.append("")
        lines.append(
            f"seat {done.seat}: place {done.original.places[done.seat]} -> "
            f"{new.places[done.seat]}, score {done.original.scores[done.seat]} -> "
            f"{new.scores[done.seat]}"
        )
    tally = done.new.tallies[done.seat]
    if tally.fallbacks:
        lines.append("")
        lines.append(f"your bot: {tally.fallbacks} fallback(s) of {tally.moves} moves; first:")
        lines += [f"  {reason}" for reason in tally.reasons]
    return "\n".join(lines)


def replay_main(argv: Sequence[str]) -> int:
    parser = replay_parser()
    args = parser.parse_args(argv)
    if args.house not in strategies.names():
        parser.error(
            f"unknown house strategy {args.house!r}; known: {', '.join(strategies.names())}"
        )
    try:
        if re.fullmatch(r"\d{1,12}", args.match) and not Path(args.match).exists():
            record = fetch(int(args.match), args.url, args.token, args.game)
            label = f"match {args.match}"
        else:
            record = read_file(Path(args.match), args.game)
            label = args.match
        bot = Entrant(args.bot)
        if bot.is_house:
            raise ArenaError("--bot takes your bot file; house strategies play the other seats")
        check(bot, record.game)
        check(Entrant(args.house), record.game)
        done = counterfactual(record, args.seat, args.from_turn, bot, args.house, args.seed)
    except ArenaError as exc:
        parser.error(str(exc))
    except FetchError as exc:
        parser.exit(1, f"{parser.prog}: error: {exc}\n")
    print(describe(done, f"{label} ({record.game})"))
    return 0
