"""Ladder scheduling benchmark: one scheduling pass on a Busca ladder of 250 to 2000 bots.

    python -m bench.ladder_schedule [--sizes 250,500,1000,2000] [--repeat 5] [--smoke]

Runs in this process on a fresh SQLite file (as the embedded mode does). Each size adds bots
with spread-out ratings to the ladder; a pass then fills every free slot (``LADDER_MAX_RUNNING``
tables of 4, in duplicate sets of up to four tables, the house anchors included). Between
passes the started matches are marked finished, so every pass finds the same free slots.
Printed per size: the median pass, and the part of it that reads and plans (the rest starts the
matches, the same work at every size).
Goal: under 200 ms a pass for 1,000 bots. ``--smoke``: 60 and 100 bots, one pass each.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from datetime import timedelta

GAME = "busca"


def _setup() -> None:
    os.environ["VAR_DIR"] = tempfile.mkdtemp(prefix="bench-ladder-")
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _add_bots(have: int, want: int, rng: random.Random) -> None:
    """Put bots ``have`` to ``want`` on the ladder, each of its own owner, with a rating."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from bots.models import Bot
    from tournaments.ladders.models import LadderEntry
    from tournaments.ladders.services.ladders import ladder_get
    from tournaments.ratings.models import Pool, Rating
    from tournaments.ratings.selectors import ordinal

    user_model = get_user_model()
    names = [f"bench{n}" for n in range(have, want)]
    user_model.objects.bulk_create([user_model(username=name, password="!") for name in names])
    owners = dict(user_model.objects.filter(username__in=names).values_list("username", "pk"))
    Bot.objects.bulk_create([Bot(owner_id=owners[name], name=name) for name in names])
    bots = list(Bot.objects.filter(name__in=names).values_list("pk", flat=True))
    ratings = []
    for bot_id in bots:
        mu, sigma = rng.uniform(10, 40), rng.uniform(1, 8.3)
        ratings.append(
            Rating(
                game=GAME,
                pool=Pool.BOTS,
                bot_id=bot_id,
                mu=mu,
                sigma=sigma,
                ordinal=ordinal(mu, sigma),
            )
        )
    Rating.objects.bulk_create(ratings)
    ladder = ladder_get(game=GAME)
    now = timezone.now()
    LadderEntry.objects.bulk_create(
        [
            LadderEntry(
                ladder=ladder,
                bot_id=bot_id,
                status_changed_at=now,
                joined_at=now,
                last_scheduled_at=now - timedelta(seconds=rng.randrange(3600)),
            )
            for bot_id in bots
        ]
    )


def _finish_ladder_matches() -> None:
    from games.models import Match

    Match.objects.filter(kind=Match.Kind.LADDER, status=Match.Status.RUNNING).update(
        status=Match.Status.FINISHED, to_move=None, deadline=None
    )


def _plan_only(seed: int) -> float:
    """Time the reads and the plan of a pass, without starting matches."""
    from django.conf import settings

    from tournaments.ladders.models import Ladder
    from tournaments.ladders.services.schedule import (
        hands_of,
        ladder_candidates,
        ladder_loads,
        rated_entrants,
        running_ladder_matches,
    )
    from tournaments.ladders.services.sets import plan_sets

    began = time.perf_counter()
    ladder = Ladder.objects.get(game=GAME)
    free = settings.LADDER_MAX_RUNNING - running_ladder_matches()
    plan_sets(
        ladder_candidates(ladder),
        entrants=rated_entrants(GAME),
        hands=hands_of(GAME),
        slots=free,
        per_bot=settings.LADDER_MATCHES_PER_BOT,
        per_anchor=settings.LADDER_MATCHES_PER_ANCHOR,
        load=ladder_loads(),
        rng=random.Random(seed),
    )
    return time.perf_counter() - began


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="250,500,1000,2000")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--smoke", action="store_true", help="60 and 100 bots, one pass each")
    args = parser.parse_args(argv)
    if args.smoke:
        args.sizes, args.repeat = "60,100", 1
    _setup()
    from django.conf import settings

    from tournaments.ladders.services.schedule import ladder_schedule

    rng = random.Random(14)
    sizes = [int(size) for size in args.sizes.split(",")]
    print(
        f"one scheduling pass, {GAME}, LADDER_MAX_RUNNING={settings.LADDER_MAX_RUNNING} "
        f"free slots, SQLite:",
        flush=True,
    )
    have = 0
    _add_bots(have, 50, rng)  # a warm-up ladder, not reported
    have = 50
    ladder_schedule(game=GAME, seed=0)
    _finish_ladder_matches()
    for size in sizes:
        _add_bots(have, size, rng)
        have = size
        passes, plans, started = [], [], 0
        for rep in range(args.repeat):
            plans.append(_plan_only(rep))
            began = time.perf_counter()
            started = len(ladder_schedule(game=GAME, seed=rep))
            passes.append(time.perf_counter() - began)
            _finish_ladder_matches()
        print(
            f"  {size:5} bots: pass {statistics.median(passes) * 1000:6.1f} ms "
            f"(reads + plan {statistics.median(plans) * 1000:5.1f} ms; "
            f"{started} matches started)",
            flush=True,
        )


if __name__ == "__main__":
    main()
