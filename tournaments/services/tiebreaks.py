"""Extra boards for ties that decide a cut or a podium place (``Tournament.tiebreak_boards``).

When a pairing's match leaves entrants sharing a place across a cut, and the organiser allowed
extra boards, the tied entrants play more one-deal matches among themselves, one at a time,
until every entrant above the cut is separated at 95% from every entrant below it, or until
``tiebreak_boards`` boards were played. Their mean place over the extra boards then orders the
group (entrants still level keep the shared place, and the format gives it to the higher
seed, as without extra boards). The format reads an ordinary outcome.

The deals come from the pairing's own secret ``tiebreak_seed``, committed to (SHA-256) when the
round is drawn and revealed with the round's seeds: board n deals
``int(sha256(f"{tiebreak_seed}:{n}").hexdigest()[:32], 16)``. Nobody can work an extra board's
cards out from a finished match, and no two pairings share an extra deal.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from games.models import Match
from games.services.matches import match_create
from tournaments.formats import ties
from tournaments.formats.base import Pairing as FormatPairing
from tournaments.models import Entry, Pairing, PairingMatch, Tournament
from tournaments.services import boards
from tournaments.services.events import event_on_commit
from tournaments.services.formats import (
    format_of,
    history_of,
    pairing_of,
    seeded_entries,
    settings_of,
)

MAX_TIEBREAK_BOARDS = 20
ONE_DEAL = {
    "busca": {"max_deals": 1},
    "buraco-cerrado": {"deals": 1},
    "buraco-mano-a-mano": {"deals": 1},
}


def playoff_pairings(tournament: Tournament) -> list[FormatPairing]:
    """Return the podium play-offs to draw once a Swiss or round robin is over (once only).

    A group of entrants sharing a podium rank plays one-deal boards among themselves, then
    extra boards as any contested tie does. A group larger than one table is left to the
    format's order.
    """
    if not tournament.tiebreak_boards or tournament.format not in ties.PLAYOFF_FORMATS:
        return []  # a knockout's places come from its own matches (a final, a third place)
    if Pairing.objects.filter(tournament=tournament, bracket=ties.PLAYOFF).exists():
        return []
    standings = format_of(tournament).standings(
        seeded_entries(tournament), history_of(tournament), settings_of(tournament)
    )
    playing = {e.pk for e in Entry.objects.filter(tournament=tournament) if e.plays}
    lines = [line for line in standings if line.entry in playing]
    table = 4 if tournament.game == "busca" else 2
    return [
        FormatPairing(ties.playoff_key(rank), tuple(group), ties.PLAYOFF)
        for rank, group in ties.playoff_groups(lines, table)
    ]


def board_seed(tiebreak_seed: str, number: int) -> int:
    """Return the seed of a pairing's ``number``-th extra board (1, 2, ...)."""
    digest = hashlib.sha256(f"{tiebreak_seed}:{number}".encode("ascii")).hexdigest()
    return int(digest[:32], 16)


def regular_outcome(tournament: Tournament, pairing: Pairing) -> dict[str, Any]:
    """Return the outcome of a pairing's regular match(es), before any extra board."""
    links = PairingMatch.objects.filter(pairing=pairing, tiebreak=0).select_related("match")
    played = [boards.Played(link.seat_entries, link.match.result or {}) for link in links]
    seated = {e for link in links for e in link.seat_entries}
    absent = [e for e in pairing.entries if e not in seated]
    return boards.outcome_of(tournament.game, played, absent)


def extra_boards(pairing: Pairing) -> list[dict[int, int]]:
    """Return each finished extra board's places, entry -> place, in the order played."""
    out = []
    links = PairingMatch.objects.filter(pairing=pairing, tiebreak__gt=0).select_related("match")
    for link in links.order_by("tiebreak"):
        result = link.match.result or {}
        if link.match.status != Match.Status.FINISHED or not result.get("places"):
            continue
        outcome = boards.outcome_of(link.match.game, [boards.Played(link.seat_entries, result)], [])
        out.append({int(e): int(p) for e, p in outcome["places"].items()})
    return out


def _cuts(tournament: Tournament, pairing: Pairing) -> frozenset[int]:
    return ties.cut_positions(
        format_of(tournament).name, pairing_of(pairing), settings_of(tournament)
    )


@dataclass(frozen=True)
class _Tie:
    """A group sharing a place across a cut, and what its extra boards say so far."""

    place: int
    group: list[int]  # every entrant who shared the place
    live: list[int]  # those still playing (a withdrawn or forfeited entrant cannot)
    boards: int  # extra boards the live entrants all played
    found: ties.Resolution  # the live entrants' order by those boards

    @property
    def open(self) -> bool:
        return len(self.live) >= 2 and not self.found.separated


def _ties(tournament: Tournament, pairing: Pairing, outcome: dict[str, Any]) -> list[_Tie]:
    """Return the pairing's contested ties with the extra boards played so far."""
    places = {int(e): int(p) for e, p in outcome["places"].items()}
    cuts = _cuts(tournament, pairing)
    groups = ties.contested(places, cuts)
    if not groups:
        return []
    playing = _playing(pairing)
    played = extra_boards(pairing)
    out = []
    for group in groups:
        live = [e for e in group if e in playing]
        if not live:
            continue  # nobody of it plays on: the format orders them, as without extra boards
        relevant = [b for b in played if all(e in b for e in live)]
        place = places[group[0]]
        found = ties.resolve(live, place, cuts, relevant)
        out.append(_Tie(place, group, live, len(relevant), found))
    return out


def _playing(pairing: Pairing) -> set[int]:
    """Entries of the pairing still able to play (not withdrawn or forfeited)."""
    rows = Entry.objects.filter(pk__in=pairing.entries)
    return {e.pk for e in rows if e.plays}


def tiebreak_apply(
    tournament: Tournament, pairing: Pairing, outcome: dict[str, Any]
) -> dict[str, Any]:
    """Return the outcome with its contested ties ordered by the extra boards played.

    An entrant of a tie who no longer plays (withdrawn, or forfeited on an extra board) takes
    the last place of its group.
    """
    if not tournament.tiebreak_boards:
        return outcome
    found = _ties(tournament, pairing, outcome)
    if not found:
        return outcome
    places = {int(e): int(p) for e, p in outcome["places"].items()}
    summary = []
    for tie in found:
        places |= tie.found.places
        for entry in tie.group:
            if entry not in tie.live:
                places[entry] = tie.place + len(tie.group) - 1
        if tie.boards:
            summary.append(
                {"entries": tie.group, "boards": tie.boards, "separated": tie.found.separated}
            )
    return outcome | {"places": places, "tiebreak": summary or None}


def open_tie(tournament: Tournament, pairing: Pairing) -> tuple[int, ...]:
    """Return the live entrants of the pairing's ties across a cut that its extra boards have
    not separated yet (every such tie's, sorted; empty when none), from its regular outcome."""
    found = _ties(tournament, pairing, regular_outcome(tournament, pairing))
    return tuple(sorted({e for tie in found if tie.open for e in tie.live}))


def board_start(tournament: Tournament, pairing: Pairing, entries: list[int], number: int) -> None:
    """Start extra board ``number`` of a pairing among ``entries`` (seats moved round each)."""
    by_id = {e.pk: e for e in Entry.objects.filter(pk__in=entries).select_related("bot", "bot2")}
    game = tournament.game
    options = boards.match_options(game, tournament.options, len(entries), duplicate=False)
    options |= ONE_DEAL[game]
    board = boards.board_of(game, entries, number)
    match = match_create(
        game=game,
        seats=boards.seats_for(game, board, by_id),
        options=options,
        seed=board_seed(pairing.tiebreak_seed, number),
        move_timeout=tournament.move_timeout,
        clock=tournament.clock,
        created_by_id=tournament.organiser_id,
        house_pace=float(tournament.options.get(boards.HOUSE_PACE) or 0),
    )
    PairingMatch.objects.create(pairing=pairing, match=match, seat_entries=board, tiebreak=number)
    event_on_commit(tournament.pk, "tiebreak_started", key=pairing.key, board=number)
