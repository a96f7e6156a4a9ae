"""Reads about tournaments: public summaries, entries, standings, bracket, seed commitments."""

from __future__ import annotations

import logging
from typing import Any

from django.db.models import Count, Q, QuerySet

from bots.owners import linked_any
from tournaments.formats import double_elimination, single_elimination, ties
from tournaments.formats.bracket import resolve
from tournaments.models import Entry, Pairing, PairingMatch, Round, Tournament
from tournaments.services.duplicate import Board, duplicate_scores, owners_of, result_scores
from tournaments.services.formats import (
    format_of,
    history_of,
    playoffs_of,
    seeded_entries,
    settings_of,
)

log = logging.getLogger(__name__)


def tournaments_list(*, status: str | None = None, game: str | None = None) -> QuerySet[Tournament]:
    """Return tournaments, newest first, with their count of active entries."""
    rows = Tournament.objects.all().select_related("organiser").order_by("-id")
    if status:
        rows = rows.filter(status=status)
    if game:
        rows = rows.filter(game=game)
    return rows.annotate(
        entry_count=Count("entries", filter=Q(entries__status=Entry.Status.ACTIVE))
    )


def _iso(value: Any) -> str | None:
    return value.isoformat() if value else None


def tournament_summary(tournament: Tournament) -> dict[str, Any]:
    """Return the short public form of a tournament (list rows)."""
    count = getattr(tournament, "entry_count", None)
    if count is None:
        count = tournament.entries.filter(status=Entry.Status.ACTIVE).count()
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "game": tournament.game,
        "format": tournament.format,
        "status": tournament.status,
        "paused": tournament.paused,
        "open_to": tournament.open_to,
        "entries": count,
        "capacity": tournament.capacity,
        "starts_at": _iso(tournament.starts_at),
        "version": tournament.version,
    }


def tournament_public(tournament: Tournament) -> dict[str, Any]:
    """Return everything public about a tournament's settings and state."""
    organiser = tournament.organiser
    return {
        **tournament_summary(tournament),
        "organiser": organiser.get_username() if organiser else None,
        "options": tournament.options,
        "move_timeout": tournament.move_timeout,
        "duplicate": tournament.duplicate,
        "third_place": tournament.third_place,
        "advance": tournament.advance,
        "swiss_rounds": tournament.swiss_rounds,
        "seeding": tournament.seeding,
        "check_in": tournament.check_in,
        "require_preflight": tournament.require_preflight,
        "tiebreak_boards": tournament.tiebreak_boards,
        "clock": tournament.clock,
        "check_in_minutes": tournament.check_in_minutes,
        "rounds": tournament.rounds.count(),
        "created_at": _iso(tournament.created_at),
        "started_at": _iso(tournament.started_at),
        "finished_at": _iso(tournament.finished_at),
    }


def entries_of(tournament: Tournament) -> list[Entry]:
    rows = Entry.objects.filter(tournament=tournament).select_related(
        "bot", "bot2", "user", "user2"
    )
    return list(rows.order_by("seed", "id"))


def entries_linked(entries: list[Entry]) -> set[int]:
    """Return the ids of the entries whose people are linked to some other account.

    The organiser's "linked" mark: it says that a link exists, never with whom (the whole site,
    not only this tournament, is asked, so two marks do not mean the two are linked).
    """
    people = {entry.pk: owners_of(entry) for entry in entries}
    linked = linked_any({p for found in people.values() for p in found})
    return {pk for pk, found in people.items() if found & linked}


def entry_public(entry: Entry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "name": entry.label,
        "kind": entry.kind,
        "status": entry.status,
        "seed": entry.seed,
        "bot": entry.bot.name if entry.bot else None,
        "partner_bot": entry.bot2.name if entry.bot2 else None,
        "user": entry.user.get_username() if entry.user else None,
        "partner": entry.user2.get_username() if entry.user2 else None,
        "strategy": entry.strategy or None,
        "replacement": entry.replacement or None,
        "checked_in": entry.checked_in_at is not None,
        "reason": entry.reason or None,
    }


def standings_of(tournament: Tournament) -> list[dict[str, Any]]:
    """Return the standings after the finished rounds (empty before the start)."""
    if not Round.objects.filter(tournament=tournament).exists():
        return []
    names = {e.pk: e for e in entries_of(tournament)}
    history = history_of(tournament)
    try:
        table = format_of(tournament).standings(
            seeded_entries(tournament), history, settings_of(tournament)
        )
        table = ties.apply_playoffs(table, playoffs_of(tournament))
    except Exception:  # a format bug must not take the page down
        log.exception("standings of tournament %s failed", tournament.pk)
        return []
    compared = duplicate_scores_of(tournament) if tournament.duplicate else {}
    # Before its first result an entry has no rank yet: a format ranks everyone still in alike
    # (rank 1 for the whole field before a Busca table ends), which reads as a result.
    played = {e for round_ in history for pairing, _ in round_ for e in pairing.entries}
    return [
        {
            "rank": line.rank,
            "entry": line.entry,
            "name": names[line.entry].label,
            "seed": names[line.entry].seed,
            "status": names[line.entry].status,
            "points": line.points,
            "tiebreaks": line.tiebreaks,
            "eliminated_in": line.eliminated_in,
            "duplicate": compared.get(line.entry),
            "played": line.entry in played,
        }
        for line in table
    ]


def duplicate_scores_of(tournament: Tournament) -> dict[int, float]:
    """Return each entry's duplicate score over the finished rounds (docs/tournaments.md)."""
    links = PairingMatch.objects.filter(
        pairing__tournament=tournament, pairing__round__status=Round.Status.FINISHED, tiebreak=0
    ).select_related("pairing", "match")
    tables = []
    for link in links.only("seat_entries", "pairing__seed", "match__result"):
        scores = result_scores(link.match.result)
        if scores is not None:
            tables.append(Board(link.pairing.seed, list(link.seat_entries), scores))
    return duplicate_scores(tournament.game, tables)


def bracket_of(tournament: Tournament) -> list[dict[str, Any]]:
    """Return the rounds, each with its pairings (tables) and their matches."""
    # The pairings first: the reads below are at least as new, so every pairing finds its
    # round and matches even when a round begins meanwhile (a newer round shows no tables yet).
    pairings = list(Pairing.objects.filter(tournament=tournament).order_by("round", "position"))
    names = {e.pk: e for e in entries_of(tournament)}
    links: dict[int, list[PairingMatch]] = {}
    rows = PairingMatch.objects.filter(pairing__tournament=tournament).select_related("match")
    for link in rows.only(
        "pairing_id",
        "rotation",
        "tiebreak",
        "seat_entries",
        "match__status",
        "match__result",
        "match__id",
    ):
        links.setdefault(link.pairing_id, []).append(link)
    rounds: dict[int, dict[str, Any]] = {}
    for round_ in Round.objects.filter(tournament=tournament).order_by("number"):
        rounds[round_.pk] = {
            "number": round_.number,
            "status": round_.status,
            "started_at": _iso(round_.started_at),
            "finished_at": _iso(round_.finished_at),
            "draw_seconds": round_.draw_seconds,
            "pairings": [],
        }
    for pairing in pairings:
        # While its deal is still played at another table (sealed), a pairing's places and
        # scores would tell how good the cards were: they wait for the round's end.
        sealed = any(link.match.sealed for link in links.get(pairing.pk, []))
        outcome = {} if sealed else pairing.outcome or {}
        rounds[pairing.round_id]["pairings"].append(
            {
                "key": pairing.key,
                "bracket": pairing.bracket,
                "status": pairing.status,
                "bye": pairing.is_bye,
                "forfeit": pairing.forfeit,
                "tiebreak": outcome.get("tiebreak"),
                "entries": [
                    {
                        "id": e,
                        "name": names[e].label,
                        "seed": names[e].seed,
                        "place": outcome.get("places", {}).get(str(e)),
                        "score": outcome.get("score", {}).get(str(e)),
                    }
                    for e in pairing.entries
                ],
                "matches": [
                    {
                        "id": link.match_id,
                        "rotation": link.rotation,
                        "tiebreak": link.tiebreak,
                        "status": link.match.status,
                        "seats": link.seat_entries,
                        "result": None if sealed else link.match.result,
                    }
                    for link in sorted(
                        links.get(pairing.pk, []), key=lambda x: (x.tiebreak, x.rotation)
                    )
                ],
            }
        )
    return list(rounds.values())


def commitments_of(tournament: Tournament) -> list[dict[str, Any]]:
    """Return each round's seed commitments; a seed itself once its round is finished."""
    # The pairings first, as in bracket_of: every one then finds its round.
    pairings = list(Pairing.objects.filter(tournament=tournament).order_by("round", "position"))
    out: dict[int, dict[str, Any]] = {}
    for round_ in Round.objects.filter(tournament=tournament).order_by("number"):
        out[round_.pk] = {"round": round_.number, "status": round_.status, "pairings": []}
    for pairing in pairings:
        round_row = out[pairing.round_id]
        revealed = round_row["status"] == Round.Status.FINISHED
        round_row["pairings"].append(
            {
                "key": pairing.key,
                "commitment": pairing.commitment,
                "seed": pairing.seed if revealed else None,
                "matches": list(
                    pairing.games.filter(tiebreak=0).values_list("match_id", flat=True)
                ),
                "tiebreak_commitment": pairing.tiebreak_commitment or None,
                "tiebreak_seed": (pairing.tiebreak_seed or None) if revealed else None,
                "tiebreak_matches": list(
                    pairing.games.filter(tiebreak__gt=0)
                    .order_by("tiebreak")
                    .values_list("match_id", flat=True)
                ),
            }
        )
    return list(out.values())


def knockout_of(tournament: Tournament) -> list[dict[str, Any]]:
    """Return the whole graph of a knockout, played or not, in dependency order: per match its
    key, bracket, the keys whose winners come to it (``sources``), who sits on each side (an
    entry id, None for an empty slot or a bye, "pending" while undecided) and the winner once
    decided. Empty for other formats, and before the draw."""
    entries = seeded_entries(tournament)
    if len(entries) < 2:
        return []
    if tournament.format == "single_elimination":
        nodes = single_elimination.bracket_nodes(len(entries), tournament.third_place)
    elif tournament.format == "double_elimination":
        nodes = double_elimination.bracket_nodes(len(entries))
    else:
        return []
    try:
        results = resolve(nodes, entries, history_of(tournament)).results
    except Exception:  # a format bug must not take the page down
        log.exception("bracket of tournament %s failed", tournament.pk)
        return []
    by_seed = {e.seed: e.id for e in entries}
    played = set(Pairing.objects.filter(tournament=tournament).values_list("key", flat=True))

    def side(kind: str, ref: int | str) -> int | str | None:
        if kind == "seed":
            return by_seed.get(int(ref))
        if str(ref) not in results:
            return "pending"
        winner, loser = results[str(ref)]
        return winner if kind == "winner" else loser

    out = []
    for node in nodes:
        if node.reset and node.key not in played:
            continue  # a grand final's second match is drawn only once it is played
        sides = [side(kind, ref) for kind, ref in node.sides]
        decided = results.get(node.key)
        out.append(
            {
                "key": node.key,
                "bracket": node.bracket,
                "sources": [str(ref) if kind == "winner" else None for kind, ref in node.sides],
                "sides": sides,
                "winner": decided[0] if decided else None,
                "played": node.key in played,
            }
        )
    return out
