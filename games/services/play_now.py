"""Play now: a queue per game that pairs people near in rating, or fills with house bots.

The queue lives in the database (``QueueEntry``, one row per person), so every server process
sees the same queue. Pairing runs whenever someone joins or their waiting page polls: under a
lock on the game's waiting rows, the oldest entry that has enough others near its rating forms
a match. "Near" widens with the wait: two people pair when their ratings differ by at most
``WINDOW + WIDEN * seconds waited`` (the longer wait of the two). A page that stops polling
for ``TTL`` seconds has left: its entry is no longer paired and is swept away.

After ``FILL_AFTER`` seconds the page offers a choice: house bots fill the empty seats and the
match starts with the people waiting near the person's rating (at least the person). Play now
matches use each game's usual options and the site's time per move for people; they are
unrated.

A person's rating is their rating in the game (the people's pool), given by the sources that
other apps register with ``rating_source_add`` (games never imports the ratings app), else
``DEFAULT_RATING``, a new rating's display value.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine
from games.models import Match, QueueEntry, Seat
from games.services.errors import BadOptions
from games.services.matches import SeatSpec, match_create
from games.services.practice import seats_needed
from games.services.tables import NotWaiting

TTL = timedelta(seconds=10)  # a waiting page polls every 2 s; 10 s unseen means it is gone
FILL_AFTER = 15  # seconds before the page offers "Fill with house bots"
WINDOW = 5.0  # rating points two people may differ by at once
WIDEN = 0.5  # rating points the window grows by each second of waiting
DEFAULT_RATING = 0.0  # the display rating (mu - 3 sigma) of a new rating: 25 - 3 * 25/3
HOUSE = "house:greedy"

RatingSource = Callable[[str, int], "float | None"]
_rating_sources: list[RatingSource] = []


def rating_source_add(source: RatingSource) -> None:
    """Register ``source(game, user_id) -> rating or None`` (the ratings app does, on ready)."""
    if source not in _rating_sources:
        _rating_sources.append(source)


def person_rating(game: str, user_id: int) -> float:
    """Return the person's rating in ``game`` for pairing, or ``DEFAULT_RATING``."""
    for source in _rating_sources:
        rating = source(game, user_id)
        if rating is not None:
            return rating
    return DEFAULT_RATING


def window(entry: QueueEntry, now: datetime) -> float:
    """Return how far from ``entry``'s rating a partner may be after its wait so far."""
    return WINDOW + WIDEN * max(0.0, (now - entry.joined_at).total_seconds())


def queue_join(*, user_id: int, game: str) -> QueueEntry:
    """Put the person in ``game``'s queue (leaving any other), and pair whoever can be."""
    if game not in engine.names():
        raise BadOptions(_("There is no such game."), code="unknown_game")
    now = timezone.now()
    rating = person_rating(game, user_id)
    with transaction.atomic():
        QueueEntry.objects.filter(user_id=user_id).delete()
        entry = QueueEntry.objects.create(
            user_id=user_id, game=game, rating=rating, joined_at=now, seen_at=now
        )
    queue_pair(game=game, now=now)
    entry.refresh_from_db()
    return entry


def queue_poll(*, user_id: int) -> QueueEntry | None:
    """Keep the person's entry alive, pair whoever can be, and return the entry (None when
    the person is not waiting: never joined, left, or gone quiet too long)."""
    now = timezone.now()
    updated = QueueEntry.objects.filter(
        user_id=user_id, match__isnull=True, seen_at__gte=now - TTL
    ).update(seen_at=now)
    entry = QueueEntry.objects.filter(user_id=user_id).first()
    if entry is None or (not updated and entry.match_id is None):
        return None
    if entry.match_id is None:
        queue_pair(game=entry.game, now=now)
        entry.refresh_from_db()
    return entry


def queue_leave(*, user_id: int) -> None:
    """Take the person out of the queue."""
    QueueEntry.objects.filter(user_id=user_id, match__isnull=True).delete()


def queue_done(*, user_id: int) -> None:
    """Forget a paired entry once its person has been sent to the match."""
    QueueEntry.objects.filter(user_id=user_id, match__isnull=False).delete()


def queue_pair(*, game: str, now: datetime | None = None) -> list[Match]:
    """Start a match for every group of waiting people near enough in rating; return them."""
    now = now or timezone.now()
    needed = seats_needed(game, {})
    started: list[Match] = []
    with transaction.atomic():
        QueueEntry.objects.filter(seen_at__lt=now - TTL).delete()  # every game's gone pages
        waiting = list(
            QueueEntry.objects.select_for_update()
            .filter(game=game, match__isnull=True)
            .order_by("joined_at", "id")
        )
        while len(waiting) >= needed:
            group = _group(waiting, needed, now)
            if group is None:
                break
            started.append(_start(game, group, needed))
            waiting = [entry for entry in waiting if entry not in group]
    return started


def queue_fill(*, user_id: int) -> Match:
    """Start the person's match now: the people waiting near them, house bots in the rest."""
    now = timezone.now()
    with transaction.atomic():
        entry = (
            QueueEntry.objects.select_for_update()
            .filter(user_id=user_id, match__isnull=True, seen_at__gte=now - TTL)
            .first()
        )
        if entry is None:
            raise NotWaiting(
                _("You are no longer waiting for a match: press Play now to wait again.")
            )
        needed = seats_needed(entry.game, {})
        others = [
            other
            for other in QueueEntry.objects.select_for_update()
            .filter(game=entry.game, match__isnull=True, seen_at__gte=now - TTL)
            .exclude(pk=entry.pk)
            .order_by("joined_at", "id")
            if _near(entry, other, now)
        ]
        others.sort(key=lambda other: abs(other.rating - entry.rating))
        return _start(entry.game, [entry, *others[: needed - 1]], needed)


def _near(one: QueueEntry, other: QueueEntry, now: datetime) -> bool:
    return abs(one.rating - other.rating) <= max(window(one, now), window(other, now))


def _group(waiting: list[QueueEntry], needed: int, now: datetime) -> list[QueueEntry] | None:
    """Return the oldest entry with the ``needed`` - 1 nearest others in its window, if any."""
    for anchor in waiting:
        near = [other for other in waiting if other is not anchor and _near(anchor, other, now)]
        if len(near) >= needed - 1:
            near.sort(key=lambda other: abs(other.rating - anchor.rating))
            return [anchor, *near[: needed - 1]]
    return None


def _start(game: str, people: list[QueueEntry], needed: int) -> Match:
    """Create the match of ``people`` (in random seats) and house bots; mark their entries."""
    specs = [SeatSpec(kind=Seat.Kind.USER, user_id=entry.user_id) for entry in people]
    specs += [SeatSpec(kind=Seat.Kind.HOUSE, strategy=HOUSE)] * (needed - len(people))
    secrets.SystemRandom().shuffle(specs)
    match = match_create(
        game=game,
        seats=specs,
        created_by_id=people[0].user_id,
        kind=Match.Kind.TABLE,
    )
    for entry in people:
        entry.match = match
        entry.seat = next(n for n, s in enumerate(specs) if s.user_id == entry.user_id)
        entry.save(update_fields=["match", "seat"])
    return match
