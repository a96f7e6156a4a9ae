"""Settling a round: read it once, plan with the pure ``settlement_plan``
(tournaments/formats/settlement.py), apply the plan in the recording transaction.

A recorded match of a tournament comes here through ``on_match_recorded`` (the receiver of
games.signals.match_recorded); a repair (the tick, a resume) through ``round_settle``. The
transaction locks the tournament, then the round, and counts the round's running matches under
that lock, so two matches finishing at once are serialised and exactly one of them sees none
left: the next round is drawn once.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import current_app
from django.db import transaction
from django.utils import timezone

from games.models import Match
from games.services.matches import matches_unseal
from tournaments.formats.settlement import PairingFacts, Plan, RoundFacts, settlement_plan
from tournaments.models import Entry, Pairing, PairingMatch, Round, Tournament
from tournaments.ratings.services import ratings_record
from tournaments.services import tiebreaks
from tournaments.services.events import event_on_commit
from tournaments.services.rounds import round_next

# The task that resigns forfeited entries from their other matches (tournaments/tasks.py), by
# name: services start tasks by name, so this module never imports the tasks that import it.
RESIGN_ENTRIES_TASK = "tournaments.resign_entries"

log = logging.getLogger(__name__)


def on_match_recorded(sender: Any, match: Match, **kwargs: Any) -> None:
    """Receiver of games.signals.match_recorded, inside the match's recording transaction.

    A failure here must not undo the match: it runs in a savepoint, and the tick repairs a
    round left behind.
    """
    link = PairingMatch.objects.filter(match_id=match.pk).only("pairing_id").first()
    if link is None:
        return
    try:
        with transaction.atomic():
            pairing_match_recorded(link.pairing_id)
    except Exception:
        log.exception("tournament bookkeeping failed for match %s", match.pk)


def pairing_match_recorded(pairing_id: int) -> Plan:
    """Note a pairing's forfeits after one of its matches ended, then settle its round."""
    round_id = Pairing.objects.values_list("round_id", flat=True).get(pk=pairing_id)
    tournament_id = Round.objects.values_list("tournament_id", flat=True).get(pk=round_id)
    # Lock order everywhere: match, then tournament, then round.
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    round_ = Round.objects.select_for_update().get(pk=round_id)
    _note_forfeits(Pairing.objects.get(pk=pairing_id))
    return round_settle(tournament, round_)


def round_settle(tournament: Tournament, round_: Round) -> Plan:
    """Settle a locked round as its state calls for; return the plan applied."""
    plan = settlement_plan(round_facts(tournament, round_))
    settlement_apply(tournament, round_, plan)
    return plan


def round_facts(tournament: Tournament, round_: Round) -> RoundFacts:
    """Read what ``settlement_plan`` needs of a round: one query for its matches, and the
    extra-board ties of each pairing that could settle now."""
    pairings = list(Pairing.objects.filter(round=round_).order_by("position"))
    links = PairingMatch.objects.filter(pairing__round=round_).select_related("match")
    running: dict[int, int] = {}
    sealed: set[int] = set()
    boards: dict[int, int] = {}
    for link in links:
        if link.match.status == Match.Status.RUNNING:
            running[link.pairing_id] = running.get(link.pairing_id, 0) + 1
        if link.tiebreak == 0 and link.match.sealed:
            sealed.add(link.pairing_id)
        boards[link.pairing_id] = max(boards.get(link.pairing_id, 0), link.tiebreak)
    possible = bool(tournament.tiebreak_boards) and tournament.is_running
    facts = []
    for pairing in pairings:
        settled = pairing.status != Pairing.Status.RUNNING
        may = possible and bool(pairing.tiebreak_seed) and not settled
        ask = (
            may
            and not running.get(pairing.pk)
            and boards.get(pairing.pk, 0) < (tournament.tiebreak_boards)
        )
        facts.append(
            PairingFacts(
                id=pairing.pk,
                settled=settled,
                running_matches=running.get(pairing.pk, 0),
                sealed=pairing.pk in sealed and may,
                boards_played=boards.get(pairing.pk, 0),
                open_tie=tiebreaks.open_tie(tournament, pairing) if ask else (),
            )
        )
    return RoundFacts(
        running=round_.status == Round.Status.RUNNING,
        pairings=tuple(facts),
        tiebreak_boards=tournament.tiebreak_boards or 0,
        tiebreaks_possible=possible,
        tournament_running=tournament.is_running,
        paused=tournament.paused,
    )


def settlement_apply(tournament: Tournament, round_: Round, plan: Plan) -> None:
    """Apply a plan to a locked round, in the plan's order."""
    if plan.unseal:
        _unseal(round_)
    by_id = {p.pk: p for p in Pairing.objects.filter(pk__in=[*plan.settle])}
    for pairing_id in plan.settle:
        pairing_settle(tournament, by_id[pairing_id])
    for board in plan.boards:
        pairing = Pairing.objects.get(pk=board.pairing)
        tiebreaks.board_start(tournament, pairing, list(board.entries), board.number)
    if plan.finish_round:
        round_.status = Round.Status.FINISHED
        round_.finished_at = timezone.now()
        round_.save(update_fields=["status", "finished_at"])
        event_on_commit(tournament.pk, "round_finished", round=round_.number)
    if plan.next_round:
        round_next(tournament)


def pairing_settle(tournament: Tournament, pairing: Pairing) -> None:
    """Aggregate a pairing's finished matches (and extra boards) into its outcome."""
    links = PairingMatch.objects.filter(pairing=pairing).select_related("match")
    outcome = tiebreaks.regular_outcome(tournament, pairing)
    pairing.outcome = tiebreaks.tiebreak_apply(tournament, pairing, outcome)
    pairing.status = Pairing.Status.FINISHED
    pairing.save(update_fields=["outcome", "status"])
    sealed = any(link.match.sealed for link in links)  # the outcome waits for the round's end
    outcome = None if sealed else pairing.outcome
    event_on_commit(tournament.pk, "pairing_finished", key=pairing.key, outcome=outcome)


def _unseal(round_: Round) -> None:
    """Unseal a round's matches once none runs, and rate those held back while sealed."""
    match_ids = list(
        PairingMatch.objects.filter(pairing__round=round_).values_list("match_id", flat=True)
    )
    sealed = list(
        Match.objects.filter(pk__in=match_ids, sealed=True, status=Match.Status.FINISHED)
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)
    )
    if not sealed:
        return
    matches_unseal(match_ids=match_ids)
    for match in Match.objects.filter(pk__in=sealed).order_by("finished_at", "pk"):
        ratings_record(match=match)  # held back while sealed: now the round is over


def _note_forfeits(pairing: Pairing) -> None:
    """Mark entries whose seat forfeited a match of this pairing; their other seats resign."""
    forfeited: set[int] = set()
    for link in PairingMatch.objects.filter(
        pairing=pairing, match__status=Match.Status.FINISHED
    ).select_related("match"):
        result = link.match.result or {}
        forfeited |= {link.seat_entries[s] for s in result.get("forfeited") or []}
    if not forfeited:
        return
    changed = Entry.objects.filter(
        pk__in=forfeited, status=Entry.Status.ACTIVE, replacement=""
    ).update(status=Entry.Status.FORFEITED)
    if changed:
        ids = sorted(forfeited)
        transaction.on_commit(lambda: current_app.send_task(RESIGN_ENTRIES_TASK, args=(ids,)))
