"""The ladder's scheduler: one pass fills the free match slots of one ladder (or of all).

The beat task ``ladders.schedule`` runs ``ladders_schedule_all`` every few seconds. Ladder
matches never crowd out tournaments and leagues: at most ``LADDER_MAX_RUNNING`` run at once
over every ladder, each bot plays at most ``LADDER_MATCHES_PER_BOT`` of them (a house anchor,
whose moves take the workers' time, ``LADDER_MATCHES_PER_ANCHOR``), and their turns are
delivered after tournament and league turns (games/selectors.py).
"""

from __future__ import annotations

import random
import secrets

from django.conf import settings
from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from bots.owners import owner_groups
from games import engine
from games.models import Match, Seat
from games.services.matches import SeatSpec, match_create
from tournaments.ladders.models import Ladder, LadderEntry, LadderSet, LadderTable
from tournaments.ladders.services.events import ladder_changed
from tournaments.ladders.services.ladders import ladder_get
from tournaments.ladders.services.pairing import Candidate
from tournaments.ladders.services.sets import PlannedSet, plan_sets
from tournaments.ratings.models import Pool, Rating
from tournaments.ratings.services import MODEL
from tournaments.services.seeds import seed_commitment, seed_new

# Cerrado: each rated bot (or anchor) plays with this house partner, side against side.
CERRADO = "buraco-cerrado"
CERRADO_PARTNER = "house:greedy"


def ladder_clock() -> dict[str, float] | None:
    """Return the ladders' time bank (LADDER_CLOCK_BANK > 0), None for a fixed time a move."""
    if settings.LADDER_CLOCK_BANK <= 0:
        return None
    return {"bank": settings.LADDER_CLOCK_BANK, "increment": settings.LADDER_CLOCK_INCREMENT}


def rated_entrants(game: str) -> int:
    """Return how many ladder entrants one match of ``game`` seats (Cerrado: one per side)."""
    if game == CERRADO:
        return 2
    rules = engine.get(game)
    return int(rules.seats(rules.new(0)))


def running_ladder_matches() -> int:
    """Return how many ladder matches run now, over every ladder."""
    return Match.objects.filter(kind=Match.Kind.LADDER, status=Match.Status.RUNNING).count()


def ladder_loads() -> dict[int, int]:
    """Return each bot's running ladder matches (over every ladder), by bot id."""
    rows = (
        Seat.objects.filter(
            match__kind=Match.Kind.LADDER,
            match__status=Match.Status.RUNNING,
            bot_id__isnull=False,
        )
        .values("bot_id")
        .annotate(n=Count("match_id", distinct=True))
    )
    return {row["bot_id"]: row["n"] for row in rows}


def ladder_candidates(ladder: Ladder) -> list[Candidate]:
    """Return the active entrants of ``ladder`` with their bots-pool ratings and owner groups."""
    ratings = {
        bot_id: (mu, sigma)
        for bot_id, mu, sigma in Rating.objects.filter(
            game=ladder.game,
            pool=Pool.BOTS,
            bot__ladder_entries__ladder=ladder,
            bot__ladder_entries__status=LadderEntry.Status.ACTIVE,
        ).values_list("bot_id", "mu", "sigma")
    }
    rows = list(
        LadderEntry.objects.filter(
            ladder=ladder, status=LadderEntry.Status.ACTIVE, bot__is_active=True
        ).values_list("bot_id", "bot__owner_id", "anchor", "last_scheduled_at")
    )
    # Linked accounts are one owner: a candidate's owner is its owner group (bots/owners.py).
    groups = owner_groups({owner_id for _, owner_id, anchor, _ in rows if not anchor})
    fresh = (MODEL.mu, MODEL.sigma)
    return [
        Candidate(
            bot_id=bot_id,
            owner_id=groups.get(owner_id, owner_id),
            anchor=anchor,
            mu=ratings.get(bot_id, fresh)[0],
            sigma=ratings.get(bot_id, fresh)[1],
            waited_since=last.timestamp() if last is not None else 0.0,
        )
        for bot_id, owner_id, anchor, last in rows
    ]


def _spec(c: Candidate) -> SeatSpec:
    if c.anchor:
        return SeatSpec(kind=Seat.Kind.HOUSE, strategy=c.anchor, bot_id=c.bot_id)
    return SeatSpec(kind=Seat.Kind.BOT, bot_id=c.bot_id)


def seat_specs(game: str, group: list[Candidate], rotation: int = 0) -> list[SeatSpec]:
    """Return the seats of one table of a set, in seat order: the group moved ``rotation`` seats
    round (Cerrado: the group's two entrants swap sides, each with a house partner)."""
    count = len(group)
    specs = [_spec(group[(seat - rotation) % count]) for seat in range(count)]
    if game == CERRADO:
        partner = SeatSpec(kind=Seat.Kind.HOUSE, strategy=CERRADO_PARTNER)
        return [specs[0], specs[1], partner, partner]  # sides: seats 0 and 2, seats 1 and 3
    return specs


def hands_of(game: str) -> int:
    """Return how many hands of a deal there are to compare: a set's most tables."""
    return rated_entrants(game)  # Busca's and Mano a Mano's seats; Cerrado's two sides


def ladder_schedule(*, game: str, seed: int | None = None) -> list[Match]:
    """Start ladder sets of ``game`` in the free slots; return their matches (one pass).

    Each set is a duplicate set when one can be filled without breaking the invariant
    (tournaments/ladders/services/sets.py), else a single table.
    """
    entered = LadderEntry.objects.filter(
        ladder__game=game, status=LadderEntry.Status.ACTIVE, anchor=""
    )
    if not entered.exists():
        return []  # nobody to schedule: the ladder and its anchors are made on the first join
    ladder = ladder_get(game=game)
    # The draw of opponents and places; the deals' seeds come from ``secrets`` unless a test
    # fixes ``seed``: a finished set's seed is public, and must say nothing of the sets started
    # with it.
    rng = random.Random(secrets.randbits(64) if seed is None else seed)
    with transaction.atomic():
        # One pass at a time over every ladder (the cap is shared): locking all the ladder rows,
        # in id order, makes a second pass wait and then see the first one's matches.
        list(Ladder.objects.select_for_update().order_by("id"))
        free = settings.LADDER_MAX_RUNNING - running_ladder_matches()
        if free <= 0:
            return []
        planned = plan_sets(
            ladder_candidates(ladder),
            entrants=rated_entrants(game),
            hands=hands_of(game),
            slots=free,
            per_bot=settings.LADDER_MATCHES_PER_BOT,
            per_anchor=settings.LADDER_MATCHES_PER_ANCHOR,
            load=ladder_loads(),
            rng=rng,
        )
        if not planned:
            return []
        matches = [
            match
            for one in planned
            for match in _start_set(ladder, game, one, seed_new() if seed is None else rng)
        ]
        scheduled = {c.bot_id for one in planned for table in one.tables for c in table}
        LadderEntry.objects.filter(ladder=ladder, bot_id__in=scheduled).update(
            last_scheduled_at=timezone.now()
        )
        ladder_changed(ladder_id=ladder.pk, reason="scheduled")
    return matches


def _start_set(
    ladder: Ladder, game: str, planned: PlannedSet, seeded: int | random.Random
) -> list[Match]:
    """Create the set and start its tables together on one seed (sealed when duplicate)."""
    seed = seeded.getrandbits(128) if isinstance(seeded, random.Random) else seeded
    kind = LadderSet.Kind.DUPLICATE if planned.duplicate else LadderSet.Kind.SINGLE
    made = LadderSet.objects.create(
        ladder=ladder, kind=kind, seed=str(seed), commitment=seed_commitment(seed)
    )
    matches = []
    for rotation, group in enumerate(planned.tables):
        match = match_create(
            game=game,
            seats=seat_specs(game, group, rotation),
            options=dict(settings.LADDER_OPTIONS.get(game) or {}),
            seed=seed,
            move_timeout=settings.LADDER_MOVE_TIMEOUT,
            clock=ladder_clock(),
            kind=Match.Kind.LADDER,
            house_pace=settings.LADDER_HOUSE_PACE,
            sealed=planned.duplicate,
        )
        LadderTable.objects.create(set=made, match=match, rotation=rotation)
        matches.append(match)
    return matches


def ladders_schedule_all(*, seed: int | None = None) -> int:
    """Run one scheduling pass on every ladder, in a random order; return the matches started."""
    rng = random.Random(seed)
    games = engine.names()
    rng.shuffle(games)
    started = 0
    for game in games:
        started += len(
            ladder_schedule(game=game, seed=None if seed is None else rng.getrandbits(64))
        )
    return started
