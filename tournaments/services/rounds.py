"""Rounds: drawn from the format and started (settling them is settlement.py's)."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from games.services.matches import match_create
from tournaments.formats import ties
from tournaments.formats.base import Pairing as FormatPairing
from tournaments.models import Entry, Pairing, PairingMatch, Round, Tournament
from tournaments.services import boards, duplicate, tiebreaks
from tournaments.services.events import event_on_commit
from tournaments.services.formats import format_of, history_of, seeded_entries, settings_of
from tournaments.services.seeds import seed_commitment, seed_new

log = logging.getLogger(__name__)

MAX_EMPTY_ROUNDS = 64  # rounds decided without play (byes, forfeits) in one go


def round_next(tournament: Tournament) -> Round | None:
    """Create and start the next round, or finish the tournament when the format is done.

    Rounds whose pairings are all decided without play (byes, forfeits) are finished at once
    and the one after is drawn. Call inside a transaction that holds the tournament's lock or
    its last round's lock.
    """
    fmt = format_of(tournament)
    entries = seeded_entries(tournament)
    settings = settings_of(tournament)
    for _ in range(MAX_EMPTY_ROUNDS):
        last = Round.objects.filter(tournament=tournament).order_by("-number").first()
        if last is None:
            pairings: list[FormatPairing] | None = fmt.first_round(entries, settings)
        else:
            pairings = fmt.next_round(entries, history_of(tournament), settings)
            pairings = pairings or tiebreaks.playoff_pairings(tournament)
        if not pairings:
            tournament_finish(tournament)
            return None
        round_ = round_create(tournament, (last.number if last else 0) + 1, pairings)
        if round_.status == Round.Status.RUNNING:
            return round_
    raise RuntimeError(f"tournament {tournament.pk}: {MAX_EMPTY_ROUNDS} rounds without a match")


def round_create(tournament: Tournament, number: int, pairings: list[FormatPairing]) -> Round:
    """Store a round's pairings with their committed seeds and start their matches."""
    began = time.perf_counter()
    round_ = Round.objects.create(tournament=tournament, number=number)
    ids = {e for p in pairings for e in p.entries}
    by_id = {e.pk: e for e in Entry.objects.filter(pk__in=ids).select_related("bot", "bot2")}
    present = [[e for e in p.entries if by_id[e].plays] for p in pairings]
    deals = _deals(tournament, pairings, present)
    rows = [
        Pairing(
            tournament=tournament,
            round=round_,
            key=pairing.key,
            bracket=pairing.bracket,
            position=position,
            entries=list(pairing.entries),
            seed=str(deals[position].seed),
            commitment=seed_commitment(deals[position].seed),
            **_tiebreak_seed(tournament),
        )
        for position, pairing in enumerate(pairings)
    ]
    Pairing.objects.bulk_create(rows)
    rows = list(Pairing.objects.filter(round=round_).order_by("position"))
    running = 0
    for row in rows:
        playing = present[row.position]
        if row.is_bye or len(playing) < 2:
            absent = [e for e in row.entries if e not in playing]
            row.outcome = {
                "places": {e: 1 for e in playing} | {e: len(playing) + 1 for e in absent},
                "score": {e: 0.0 for e in row.entries},
            }
            row.status = Pairing.Status.FINISHED
            row.forfeit = not row.is_bye
            row.save(update_fields=["outcome", "status", "forfeit"])
            continue
        _start_match(tournament, row, playing, by_id, deals[row.position])
        running += 1
    if not running:
        round_.status = Round.Status.FINISHED
        round_.finished_at = timezone.now()
    round_.draw_seconds = time.perf_counter() - began
    round_.save(update_fields=["status", "finished_at", "draw_seconds"])
    event_on_commit(tournament.pk, "round_started", round=number, pairings=len(rows))
    return round_


def _tiebreak_seed(tournament: Tournament) -> dict[str, str]:
    """Return a pairing's secret seed for extra boards and its commitment, if they may be played."""
    if not tournament.tiebreak_boards:
        return {}
    seed = seed_new()
    return {"tiebreak_seed": str(seed), "tiebreak_commitment": seed_commitment(seed)}


@dataclass(frozen=True)
class _Deal:
    seed: int
    rotation: int = 0  # duplicate: how many seats round this table moves its entrants
    shared: bool = False  # duplicate: other tables of the round deal these cards too


def _deals(
    tournament: Tournament, pairings: list[FormatPairing], present: list[list[int]]
) -> list[_Deal]:
    """Return each pairing's seed: its own, or (duplicate) one per group of tables."""
    if not tournament.duplicate:
        return [_Deal(seed_new()) for _ in pairings]
    playing = [i for i, p in enumerate(pairings) if not p.is_bye and len(present[i]) >= 2]
    groups = duplicate.groups_of(tournament.game, [len(present[i]) for i in playing])
    seeds = duplicate.seeds_fresh(tournament, len(groups) + len(pairings) - len(playing))
    deals: dict[int, _Deal] = {}
    for seed, group in zip(seeds, groups, strict=False):
        for rotation, table in enumerate(group):
            deals[playing[table]] = _Deal(seed, rotation, shared=len(group) > 1)
    spare = iter(seeds[len(groups) :])
    return [deals.get(i) or _Deal(next(spare)) for i in range(len(pairings))]


def _start_match(
    tournament: Tournament,
    pairing: Pairing,
    present: list[int],
    by_id: dict[int, Entry],
    deal: _Deal,
) -> None:
    game = tournament.game
    options = boards.match_options(game, tournament.options, len(present), tournament.duplicate)
    if pairing.bracket == ties.PLAYOFF:
        options |= tiebreaks.ONE_DEAL[game]  # a podium play-off plays one-deal boards
    board = boards.board_of(game, present, deal.rotation)
    match = match_create(
        game=game,
        seats=boards.seats_for(game, board, by_id),
        options=options,
        seed=deal.seed,
        move_timeout=tournament.move_timeout,
        clock=tournament.clock,
        created_by_id=tournament.organiser_id,
        # Duplicate: other tables of the round deal the same cards; keep them from
        # spectators (and every other table) until the whole round is over.
        sealed=deal.shared,
        house_pace=_house_pace(tournament.options.get(boards.HOUSE_PACE)),
        chat=tournament.options.get(boards.CHAT) is True,
    )
    PairingMatch.objects.create(
        pairing=pairing, match=match, rotation=deal.rotation, seat_entries=board
    )


def tournament_finish(tournament: Tournament) -> None:
    """Mark a tournament finished (its standings are final)."""
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    event_on_commit(tournament.pk, "finished")


def _house_pace(option: Any) -> float | None:
    """Return a tournament's house_pace option; unset: None, the table's default (PEOPLE_PACE
    when a person sits at it, else at once)."""
    return None if option is None else float(option)
