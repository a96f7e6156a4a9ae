"""What a finished ladder match tells about its bots: counters, and suspension when failing.

A bot is suspended from a ladder (docs/ladders.md, "Suspension") when either holds:

- of its last ``WINDOW_MOVES`` ladder moves in that game (once it has made at least
  ``MIN_MOVES``), more than ``TIMEOUT_SHARE`` timed out;
- it forfeited ``FORFEITS_IN_A_ROW`` ladder matches in a row (three time-outs in a row in a match
  forfeit it, DESIGN.md).
"""

from __future__ import annotations

from typing import Any

from django.db.models import F

from games.models import Match, Move, Seat
from tournaments.ladders.models import Ladder, LadderEntry
from tournaments.ladders.services.entries import entry_suspend
from tournaments.ladders.services.events import ladder_changed
from tournaments.ladders.services.settlement import set_table_recorded

WINDOW_MOVES = 50
MIN_MOVES = 20
TIMEOUT_SHARE = 0.2
FORFEITS_IN_A_ROW = 2


def recent_timeout_share(*, bot_id: int, game: str) -> tuple[int, int]:
    """Return (time-outs, moves) among the bot's last ``WINDOW_MOVES`` ladder moves in ``game``."""
    moves = Move.objects.filter(
        match__kind=Match.Kind.LADDER,
        match__game=game,
        match__seats__bot_id=bot_id,
        match__seats__kind=Seat.Kind.BOT,
        match__seats__number=F("seat"),
    ).exclude(by=Move.By.HOUSE)
    recent = list(moves.order_by("-id").values_list("by", flat=True)[:WINDOW_MOVES])
    return sum(by == Move.By.TIMEOUT for by in recent), len(recent)


def failing_reason(entry: LadderEntry, game: str) -> str | None:
    """Return why the entry's bot should be suspended, None while it plays well enough."""
    if entry.forfeits_in_a_row >= FORFEITS_IN_A_ROW:
        return f"forfeited {entry.forfeits_in_a_row} ladder matches in a row (time-outs)"
    timeouts, moves = recent_timeout_share(bot_id=entry.bot_id, game=game)
    if moves >= MIN_MOVES and timeouts > TIMEOUT_SHARE * moves:
        return f"{timeouts} of its last {moves} ladder moves timed out"
    return None


def ladder_match_recorded(*, match: Match) -> None:
    """Count a finished ladder match against its bots' entries and suspend failing bots."""
    seats = list(Seat.objects.filter(match=match, kind=Seat.Kind.BOT, bot_id__isnull=False))
    entries = {
        entry.bot_id: entry
        for entry in LadderEntry.objects.select_for_update().filter(
            ladder__game=match.game, bot_id__in=[seat.bot_id for seat in seats]
        )
    }
    for seat in seats:
        entry = entries.get(seat.bot_id)
        if entry is None:
            continue
        entry.matches += 1
        entry.timeouts += seat.timeouts
        entry.forfeits += seat.forfeited
        entry.forfeits_in_a_row = entry.forfeits_in_a_row + 1 if seat.forfeited else 0
        entry.save(update_fields=["matches", "timeouts", "forfeits", "forfeits_in_a_row"])
        reason = failing_reason(entry, match.game)
        if reason is not None:
            entry_suspend(entry=entry, reason=reason)
    ladder_id = Ladder.objects.filter(game=match.game).values_list("pk", flat=True).first()
    if ladder_id is not None:
        ladder_changed(ladder_id=ladder_id, reason="match_finished")


def match_recorded_receiver(sender: Any, match: Match, **kwargs: Any) -> None:
    """Handle ``match_recorded`` inside the transaction that records the match."""
    if match.kind != Match.Kind.LADDER:
        return
    if match.status == Match.Status.FINISHED:
        ladder_match_recorded(match=match)
    set_table_recorded(match=match)  # finished or aborted: it may be its set's last table
