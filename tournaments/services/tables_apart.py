"""Busca tables keep owners apart: no table of any format seats two entries of one owner.

An owner is a person with every account linked to theirs (bots/owners.py); house entries have
none. At the start of a Busca tournament the field is checked: a table knockout may seat any
two survivors at its final table, so it takes one entry per owner; a Swiss or a round robin
has as many tables a round as ``table_sizes`` gives (a field of 5 plays one table and a bye),
so an owner may have at most that many entries. The formats then seat one owner's entries at
different tables every round (tournaments/formats: ``separate_owners``, the pods' clash cost).
"""

from __future__ import annotations

from tournaments.formats.common import table_sizes
from tournaments.models import Entry, Tournament
from tournaments.services.errors import TournamentError
from tournaments.services.formats import owner_of, owners_linked

TABLE_GAMES = {"busca"}


def tables_a_round(tournament: Tournament, field: int) -> int:
    """Return how many entries of one owner the field can keep apart every round."""
    if tournament.format == "table_knockout" or field <= 5:
        return 1
    return len(table_sizes(field))


def owners_apart_check(tournament: Tournament, entries: list[Entry]) -> None:
    """Refuse a Busca field in which some owner has more entries than it has tables apart.

    The error names the clashing entries when they share their owner outright; entries that
    are only linked are counted, never named together (the organiser learns no link).
    """
    if tournament.game not in TABLE_GAMES or not entries:
        return
    limit = tables_a_round(tournament, len(entries))
    groups: dict[int, list[Entry]] = {}
    owners = owners_linked(entries)
    for entry in sorted(entries, key=lambda e: (e.seed or 0, e.pk)):
        owner = owners[entry.pk]
        if owner is not None:
            groups.setdefault(owner, []).append(entry)
    for group in groups.values():
        if len(group) <= limit:
            continue
        people = {owner_of(e) for e in group}
        who = (
            " and ".join(e.label for e in group)
            if len(people) == 1
            else f"{len(group)} entries of linked accounts"
        )
        room = (
            "a table knockout can seat any two survivors at its final table, so it takes one "
            "entry per owner"
            if tournament.format == "table_knockout"
            else f"this field of {len(entries)} plays {limit} "
            + ("table" if limit == 1 else "tables")
            + " a round, so an owner may have at most "
            + str(limit)
            + (" entry" if limit == 1 else " entries")
        )
        raise TournamentError(
            f"a Busca table never seats two entries of one owner: {who} have one owner, and "
            f"{room}; withdraw one or let more entries in",
            code="owners_at_one_table",
        )
