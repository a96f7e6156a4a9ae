"""Tournament benchmark: 256-entrant house-bot tournaments end to end, and round scheduling
with injected results for 64 to 4096 entrants.

    python -m bench.tournament [--modes embedded,scaled] [--entrants 256] [--skip-e2e] [--smoke]

End to end, the real platform runs (tests/e2e/stack.py: embedded = one server process with the
worker threads and SQLite; scaled = PostgreSQL + Redis with a worker and a beat process); the
admin creates the tournaments over the API (an organiser's session). A mode whose services do
not answer is skipped; any other failure stops the run. The scaling part runs in this process
on a fresh SQLite file: results are written straight into the matches, and the round-advance
service is timed. ``--smoke``: 8 entrants end to end, embedded only; scaling at 32 entrants.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GAMES = [
    ("busca", "table_knockout", {"eliminate_at": 5}),
    ("buraco-mano-a-mano", "single_elimination", {"deals": 1}),
]


def end_to_end(mode: str, entrants: int) -> None:
    from tests.e2e.stack import stack

    with (
        tempfile.TemporaryDirectory() as var,
        stack(mode, Path(var)) as platform,
        platform.person("admin") as client,
    ):
        for demo in client.get("/tournaments").json()["results"]:  # `manage.py demo`'s
            client.post(f"/tournaments/{demo['id']}/cancel")
        for game, fmt, options in GAMES:
            created = client.post(
                "/tournaments",
                json={
                    "name": f"bench {game}",
                    "game": game,
                    "format": fmt,
                    "options": options,
                    "capacity": entrants,
                    "open_registration": True,
                },
            )
            assert created.status_code == 201, created.text
            tid = created.json()["id"]
            for i in range(entrants):
                strategy = "house:greedy" if i % 2 else "house:random"
                reply = client.post(
                    f"/tournaments/{tid}/entries", json={"kind": "house", "strategy": strategy}
                )
                assert reply.status_code == 201, reply.text
            began = time.monotonic()
            started = client.post(f"/tournaments/{tid}/start")
            assert started.status_code == 200, started.text
            while client.get(f"/tournaments/{tid}").json()["status"] == "running":
                time.sleep(0.5)
            wall = time.monotonic() - began
            rounds = client.get(f"/tournaments/{tid}/bracket").json()["bracket"]
            matches = sum(len(p["matches"]) for r in rounds for p in r["pairings"])
            draws = [r["draw_seconds"] * 1000 for r in rounds]
            print(
                f"{mode:8} {game:19} {fmt:18} {entrants} entrants: {len(rounds)} rounds, "
                f"{matches} matches in {wall:.1f} s = {matches / wall:.1f} matches/s; "
                f"scheduler per round: " + ", ".join(f"{d:.0f}" for d in draws) + " ms",
                flush=True,
            )


def scaling(sizes: list[int]) -> None:
    """Time round creation and the advance after injected results, per field size."""
    var = tempfile.mkdtemp(prefix="bench-tournament-")
    os.environ["VAR_DIR"] = var
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import transaction

    from games.models import Match
    from tournaments.models import Entry, Round, Tournament
    from tournaments.services.settlement import round_settle
    from tournaments.services.tournaments import TournamentSpec, tournament_create

    call_command("migrate", verbosity=0)
    sizes = [16, *sizes]  # the first, discarded, warms up the process
    print("\nscheduling with injected results (one process, SQLite):", flush=True)
    for game, fmt, options in GAMES:
        for size in sizes:
            spec = TournamentSpec(
                name=f"scale {size}", game=game, format=fmt, options=options, capacity=size
            )
            tournament = tournament_create(organiser=None, spec=spec)
            Tournament.objects.filter(pk=tournament.pk).update(status="registration")
            Entry.objects.bulk_create(
                [
                    Entry(tournament=tournament, kind="house", strategy="house:greedy")
                    for _ in range(size)
                ]
            )
            first = _start(tournament.pk)
            times = [first]
            while True:
                last = Round.objects.filter(tournament=tournament).order_by("-number").first()
                assert last is not None
                if last.status == Round.Status.FINISHED:
                    break
                _inject(Match, last)
                began = time.perf_counter()
                with transaction.atomic():
                    locked = Round.objects.select_for_update().get(pk=last.pk)
                    round_settle(Tournament.objects.get(pk=tournament.pk), locked)
                times.append(time.perf_counter() - began)
                if Tournament.objects.get(pk=tournament.pk).status == "finished":
                    break
            second = times[1]
            print(
                f"  {game:19} {size:5} entrants: round 1 drawn and started in "
                f"{first * 1000:6.0f} ms ({first / size * 1e6:4.0f} µs/entrant); "
                f"round 1 settled + round 2 started in {second * 1000:6.0f} ms "
                f"({second / size * 1e6:4.0f} µs/entrant); {len(times) - 1} rounds",
                flush=True,
            )


def _start(tournament_id: int) -> float:
    from django.contrib.auth import get_user_model

    from tournaments.services.tournaments import tournament_start

    staff, _ = get_user_model().objects.get_or_create(username="bench", is_staff=True)
    began = time.perf_counter()
    tournament_start(tournament_id=tournament_id, user=staff)
    return time.perf_counter() - began


def _inject(match_model: Any, round_: Any) -> None:
    """Finish every match of a round with a made-up result, without playing it."""
    import random

    rng = random.Random(round_.pk)
    rows = list(match_model.objects.filter(tournament_game__pairing__round=round_))
    for match in rows:
        seats = match.seats.count()
        places = list(range(1, seats + 1))
        rng.shuffle(places)
        match.status = "finished"
        match.result = {"places": places, "scores": [rng.randrange(20) for _ in places]}
        match.to_move = None
        match.deadline = None
    match_model.objects.bulk_update(rows, ["status", "result", "to_move", "deadline"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--modes", default="embedded,scaled")
    parser.add_argument("--entrants", type=int, default=256)
    parser.add_argument("--sizes", default="64,256,1024,4096")
    parser.add_argument("--skip-e2e", action="store_true")
    parser.add_argument("--skip-scaling", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="8 entrants, embedded; 32 scaled")
    args = parser.parse_args(argv)
    if args.smoke:
        args.modes, args.entrants, args.sizes = "embedded", 8, "32"
    if not args.skip_e2e:
        for mode in args.modes.split(","):
            try:
                end_to_end(mode, args.entrants)
            except BaseException as exc:  # pytest.skip (no PostgreSQL or Redis) is one
                if type(exc).__name__ != "Skipped":
                    raise
                print(f"{mode}: skipped ({exc})", file=sys.stderr, flush=True)
    if not args.skip_scaling:
        scaling([int(s) for s in args.sizes.split(",")])


if __name__ == "__main__":
    main()
