"""The bridge to the pure formats library: entries, settings and history from the database."""

from __future__ import annotations

from typing import Any

from bots.owners import owner_groups
from tournaments import formats
from tournaments.formats import ties
from tournaments.formats.base import Entry as FormatEntry
from tournaments.formats.base import Format, Outcome, Round, Settings
from tournaments.formats.base import Pairing as FormatPairing
from tournaments.models import Entry, Pairing, Tournament
from tournaments.models import Round as RoundRow

FORMATS_BY_GAME = {
    "busca": ["table_knockout", "swiss", "round_robin"],
    "buraco-cerrado": ["single_elimination", "double_elimination", "swiss", "round_robin"],
    "buraco-mano-a-mano": ["single_elimination", "double_elimination", "swiss", "round_robin"],
}
ALL_FORMATS = sorted({name for names in FORMATS_BY_GAME.values() for name in names})


def format_of(tournament: Tournament) -> Format:
    """Return the tournament's format from the formats registry."""
    get: Any = formats.get  # type: ignore[attr-defined]
    found: Format = get(tournament.format)
    return found


def settings_of(tournament: Tournament) -> Settings:
    return Settings(
        game=tournament.game,
        third_place=tournament.third_place,
        advance=tournament.advance,
        rounds=tournament.swiss_rounds,
    )


def owner_of(entry: Entry) -> int | None:
    """Return the owner the formats keep apart at a Busca table (None for house entries)."""
    if entry.kind == Entry.Kind.HOUSE:
        return None
    if entry.kind == Entry.Kind.USER:
        return entry.user_id
    if entry.kind == Entry.Kind.BOT and entry.bot is not None:
        return int(entry.bot.owner_id)
    return entry.owner_id


def owners_linked(entries: list[Entry]) -> dict[int, int | None]:
    """Map each entry's id to its owner group (linked accounts are one owner; house: None)."""
    people = {e.pk: owner_of(e) for e in entries}
    groups = owner_groups({p for p in people.values() if p is not None})
    return {pk: (None if p is None else groups[p]) for pk, p in people.items()}


def seeded_entries(tournament: Tournament) -> list[FormatEntry]:
    """Return the seeded entries (everyone who started), as the formats see them."""
    rows = list(
        Entry.objects.filter(tournament=tournament, seed__isnull=False).select_related("bot")
    )
    owners = owners_linked(rows)
    return [FormatEntry(id=e.pk, seed=e.seed or 0, owner=owners[e.pk]) for e in rows]


def outcome_from_json(key: str, data: dict[str, Any]) -> Outcome:
    """Read a stored outcome (JSON keys are strings)."""
    places = {int(k): int(v) for k, v in data["places"].items()}
    score = {int(k): float(v) for k, v in data.get("score", {}).items()}
    return Outcome(key=key, places=places, score=score)


def pairing_of(row: Pairing) -> FormatPairing:
    return FormatPairing(key=row.key, entries=tuple(row.entries), bracket=row.bracket)


def playoffs_of(tournament: Tournament) -> list[tuple[FormatPairing, Outcome]]:
    """Return the finished podium play-offs with their outcomes."""
    rows = Pairing.objects.filter(
        tournament=tournament, bracket=ties.PLAYOFF, status=Pairing.Status.FINISHED
    )
    return [(pairing_of(row), outcome_from_json(row.key, row.outcome or {})) for row in rows]


def history_of(tournament: Tournament) -> list[Round]:
    """Return the finished rounds as the formats read them (without podium play-offs)."""
    rounds: dict[int, Round] = {}
    finished = RoundRow.objects.filter(tournament=tournament, status=RoundRow.Status.FINISHED)
    numbers = set(finished.values_list("id", flat=True))
    rows = Pairing.objects.filter(round_id__in=numbers).exclude(bracket=ties.PLAYOFF)
    rows = rows.select_related("round")
    for row in rows.order_by("round__number", "position"):
        assert row.outcome is not None
        outcome = outcome_from_json(row.key, row.outcome)
        rounds.setdefault(row.round.number, []).append((pairing_of(row), outcome))
    return [rounds[n] for n in sorted(rounds)]
