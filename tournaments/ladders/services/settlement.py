"""The end of a ladder set: once its last table is over, unseal the tables, rate the set by
comparisons, and add up the luck of each entrant's hand (docs/ladders.md, "Duplicate sets").

A duplicate set's tables are sealed while any of them plays, so no rating change, result or
seed tells one table what the cards of another are. The last table to be recorded settles the
set in its own transaction, under the set's row lock (two tables ending at once queue there,
and the second sees the first). The beat's pass settles any set whose settling was missed.

A holder that forfeited is placed last among the holders of its hand, as a forfeit is in
tournaments, unless it quit before making ``RATING_MIN_MOVES`` moves: then it is left out of
the comparison, as a match resigned that early is unrated (docs/ratings.md, "A real
contest"), so quitting at once hands nobody a free win. A single-table set is rated as a plain
match when it is recorded (tournaments.ratings); here it is only marked finished. A duplicate
set left with one finished table (the others aborted) has nothing to compare: that table is
rated as a single one. In a two-sided game the two tables make one comparison of two teams
(``comparisons_of``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.models import Match, Move, Seat
from games.services.matches import matches_unseal
from tournaments.ladders.models import LadderEntry, LadderSet, LadderTable
from tournaments.ladders.services.schedule import hands_of
from tournaments.ratings.comparisons import Holder, Team, ratings_record_comparisons, singles
from tournaments.ratings.services import ratings_record
from tournaments.services.boards import seat_points


def set_table_recorded(*, match: Match) -> None:
    """Receive a recorded ladder match: settle its set if it was the set's last table."""
    set_id = LadderTable.objects.filter(match=match).values_list("set_id", flat=True).first()
    if set_id is not None:
        set_settle(set_id=set_id)


def set_settle(*, set_id: int) -> bool:
    """Finish the set if none of its tables still runs; return whether it was settled now."""
    with transaction.atomic():
        one = LadderSet.objects.select_for_update().filter(pk=set_id).first()
        if one is None or one.status != LadderSet.Status.RUNNING:
            return False
        matches = list(
            Match.objects.filter(ladder_table__set=one).order_by("ladder_table__rotation")
        )
        if any(m.status == Match.Status.RUNNING for m in matches):
            return False
        if one.kind == LadderSet.Kind.DUPLICATE:
            matches_unseal(match_ids=[m.pk for m in matches])
            game = one.ladder.game
            finished = [m for m in matches if m.status == Match.Status.FINISHED]
            groups = hand_groups(game, finished) if len(finished) >= 2 else []
            compared = comparisons_of(game, finished, groups) if groups else None
            if compared is not None:
                ratings_record_comparisons(game, compared)
                luck_add(game, groups)
            else:  # one table left, or a forfeit in a two-sided set: each rated as a single
                for match in finished:
                    match.sealed = False
                    ratings_record(match=match)
        one.status = LadderSet.Status.FINISHED
        one.finished_at = timezone.now()
        one.save(update_fields=["status", "finished_at"])
        return True


def sets_settle_due() -> int:
    """Settle every running set whose tables are all over (a missed settling); return how many."""
    running = LadderSet.objects.filter(status=LadderSet.Status.RUNNING)
    due = running.exclude(tables__match__status=Match.Status.RUNNING).values_list("pk", flat=True)
    return sum(set_settle(set_id=set_id) for set_id in list(due))


TWO_SIDED = ("buraco-cerrado", "buraco-mano-a-mano")


def comparisons_of(
    game: str, finished: list[Match], groups: list[list[Holder]]
) -> list[list[Team]] | None:
    """Return the comparisons a set's finished tables make, None when they are rated as single
    tables instead.

    Busca: each hand's holders, each for themselves. A two-sided game: a side's lead at a table
    is its entrant's play minus its opponent's, so the set's two tables make one comparison of
    two teams: side 0's entrant at the first table with side 1's at the second, against the
    other two; the team whose members made more (the first table's lead over the second's) is
    placed first. A forfeit there would charge the forfeiter's partner in the comparison, who
    did nothing wrong: such a set's tables are rated as single tables, as a forfeit always is.
    """
    if game not in TWO_SIDED:
        return [singles(group) for group in groups]
    if any((m.result or {}).get("forfeited") for m in finished):
        return None
    if len(finished) != 2 or any(len(group) != 2 for group in groups):
        return None
    (first_0, second_0), (first_1, second_1) = groups  # by hand, each by table
    return [
        [
            Team((first_0, second_1), first_0.value + second_1.value),
            Team((second_0, first_1), second_0.value + first_1.value),
        ]
    ]


def hand_groups(game: str, matches: list[Match]) -> list[list[Holder]]:
    """Return, for each hand of the deal, the rated entrants who held it at a finished table."""
    finished = [m for m in matches if m.status == Match.Status.FINISHED and m.result]
    seats = {
        (s.match_id, s.number): s
        for s in Seat.objects.filter(match__in=finished, bot_id__isnull=False).select_related(
            "bot"
        )
    }
    groups: list[list[Holder]] = []
    for hand in range(hands_of(game)):
        group = []
        for match in finished:
            seat = seats.get((match.pk, hand))  # Cerrado: the rated seat of side ``hand``
            scores = (match.result or {}).get("scores")
            if seat is None or scores is None or seat.bot_id is None:
                continue
            forfeited = hand in ((match.result or {}).get("forfeited") or [])
            if forfeited and _moves_made(match, hand) < settings.RATING_MIN_MOVES:
                continue  # quit before playing: no contest, and no free win for the others
            plain = seat_points(game, [int(s) for s in scores], hand)
            value = compared_value(game, match, hand, plain)
            person = seat.bot.owner_id if seat.kind == Seat.Kind.BOT else None  # not an anchor
            group.append(Holder(seat.bot_id, match.pk, value, forfeited, plain, person))
        groups.append(group)
    return groups


BUSCA_WEIGHT = 100  # a Busca outweighs any penalty points (a deal has 40)


def compared_value(game: str, match: Match, seat: int, plain: float) -> float:
    """What a seat's result is compared by, higher is better. Busca: fewer Buscas, then fewer
    penalty points taken in the deal (the rules' finishing order: one deal's Buscas mostly tie
    at 0, and the points tell the hands apart); Buraco: the side's lead (``plain``)."""
    deals = (match.record or {}).get("deals") if game == "busca" else None
    if not deals or len(deals) != 1:
        return plain  # a whole game (LADDER_OPTIONS), or no record (resigned): its Buscas
    deal = deals[0]
    player = deal["seats"].index(seat)
    return -float(deal["buscas"][player] * BUSCA_WEIGHT + deal["points"][player])


def luck_add(game: str, groups: list[list[Holder]]) -> None:
    """Add each holder's luck on this deal to its ladder entry: what the field made with its
    hand minus what the field made with the deal's average hand (docs/ratings.md, "Luck")."""
    means = [sum(_result(h) for h in group) / len(group) for group in groups if group]
    if len(means) < 2:
        return
    average = sum(means) / len(means)
    for group in groups:
        if not group:
            continue
        luck = sum(_result(h) for h in group) / len(group) - average
        LadderEntry.objects.filter(
            ladder__game=game, bot_id__in=[h.subject for h in group]
        ).update(
            luck_total=F("luck_total") + luck,
            luck_squares=F("luck_squares") + luck * luck,
            duplicate_deals=F("duplicate_deals") + 1,
        )


def _result(holder: Holder) -> float:
    return holder.value if holder.result is None else holder.result


def _moves_made(match: Match, seat: int) -> int:
    return Move.objects.filter(match=match, seat=seat, by=Move.By.ENTRANT).count()
