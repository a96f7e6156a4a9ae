"""Entries: register, check in, withdraw, and replace a missing entrant by a house bot."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from bots.models import Bot
from games.engine import strategies
from tournaments.models import Entry, Tournament
from tournaments.services import duplicate
from tournaments.services.errors import Full, NotAllowed, NotFound, TournamentError, WrongState
from tournaments.services.events import event_on_commit
from tournaments.services.forfeits import entry_replace_seats
from tournaments.services.permissions import can_manage, check_manage
from tournaments.services.tournaments import tournament_locked

Status = Tournament.Status
PAIR_GAME = "buraco-cerrado"


def _bot(name_or_id: str | int, owner: Any, tournament: Tournament, *, manager: bool) -> Bot:
    lookup = {"pk": name_or_id} if isinstance(name_or_id, int) else {"name": name_or_id}
    bot = Bot.objects.filter(**lookup).first()
    if bot is None:
        raise NotFound(f"no bot {name_or_id!r}")
    if bot.owner_id != owner.pk and not manager:
        raise NotAllowed(f"bot {bot.name!r} is not yours")
    if not bot.is_active:
        raise TournamentError(f"bot {bot.name!r} is retired", code="inactive_bot")
    if not bot.plays(tournament.game):
        raise TournamentError(f"bot {bot.name!r} does not play {tournament.game}", code="bad_game")
    return bot


def _open_for(tournament: Tournament, kind: str, user: Any, manager: bool) -> None:
    if kind == Entry.Kind.HOUSE:
        if not manager:
            raise NotAllowed("only the organiser adds house entries")
        if tournament.status not in (Status.DRAFT, Status.REGISTRATION):
            raise WrongState(f"the tournament is {tournament.status}")
        return
    if tournament.status != Status.REGISTRATION:
        raise WrongState(f"registration is not open (the tournament is {tournament.status})")
    bots = kind in (Entry.Kind.BOT, Entry.Kind.BOT_PAIR)
    if bots and tournament.open_to == Tournament.OpenTo.PEOPLE:
        raise TournamentError("this tournament is open to people only", code="closed_to_bots")
    if not bots and tournament.open_to == Tournament.OpenTo.BOTS:
        raise TournamentError("this tournament is open to bots only", code="closed_to_people")
    paired = kind in (Entry.Kind.BOT_PAIR, Entry.Kind.USER_PAIR)
    if paired != (tournament.game == PAIR_GAME) and kind != Entry.Kind.HOUSE:
        need = "pairs" if tournament.game == PAIR_GAME else "single entrants"
        raise TournamentError(f"{tournament.game} is played by {need}", code="bad_entry")


def entry_register(
    *,
    tournament_id: int,
    user: Any,
    kind: str,
    bot: str | int | None = None,
    partner: str | int | None = None,
    strategy: str = "house:greedy",
) -> Entry:
    """Register an entry: the caller's bot, the caller, a pair, or (organisers) a house bot.

    ``partner`` is the second bot (a bot pair) or the partner's user name (a people pair).
    """
    from django.contrib.auth import get_user_model

    if user is None or not user.is_authenticated:
        raise NotAllowed("sign in to register")
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        manager = can_manage(user, tournament)
        if kind not in Entry.Kind.values:
            raise TournamentError(f"unknown entry kind {kind!r}")
        _open_for(tournament, kind, user, manager)
        fields: dict[str, Any] = {"kind": kind, "owner": user}
        if kind == Entry.Kind.BOT:
            if bot is None:
                raise TournamentError("name the bot to register")
            fields["bot"] = _bot(bot, user, tournament, manager=user.is_staff)
        elif kind == Entry.Kind.BOT_PAIR:
            if bot is None or partner is None:
                raise TournamentError("a bot pair needs two bots: bot and partner")
            fields["bot"] = _bot(bot, user, tournament, manager=user.is_staff)
            fields["bot2"] = _bot(partner, user, tournament, manager=user.is_staff)
            if fields["bot"] == fields["bot2"]:
                raise TournamentError("a pair is two different bots")
        elif kind == Entry.Kind.USER:
            fields["user"] = user
        elif kind == Entry.Kind.USER_PAIR:
            mate = get_user_model().objects.filter(username=partner).first()
            if mate is None or mate.pk == user.pk:
                raise TournamentError("name your partner's user name (someone else)")
            fields |= {"user": user, "user2": mate}
        else:
            if strategy not in strategies.names():
                raise TournamentError(f"unknown house strategy {strategy!r}")
            fields["strategy"] = strategy
        _check_unique(tournament, fields)
        duplicate.owner_check_entry(tournament, Entry(tournament=tournament, **fields))
        taken = Entry.objects.filter(tournament=tournament, status=Entry.Status.ACTIVE).count()
        if taken >= tournament.capacity:
            raise Full(f"the tournament is full ({tournament.capacity} entries)")
        entry = Entry.objects.create(tournament=tournament, **fields)
        event_on_commit(tournament.pk, "entry_added", entry=entry.pk)
    return entry


def _check_unique(tournament: Tournament, fields: dict[str, Any]) -> None:
    """Refuse a bot or a person who already plays in this tournament (alone or in a pair)."""
    active = Entry.objects.filter(tournament=tournament, status=Entry.Status.ACTIVE)
    for key in ("bot", "bot2", "user", "user2"):
        member = fields.get(key)
        if member is None:
            continue
        column = "bot" if key.startswith("bot") else "user"
        taken = (
            active.filter(**{column: member}).exists()
            or active.filter(**{f"{column}2": member}).exists()
        )
        if taken:
            raise TournamentError(f"{member} is already entered", code="already_entered")


def _entry(tournament: Tournament, entry_id: int) -> Entry:
    entry = Entry.objects.filter(pk=entry_id, tournament=tournament).first()
    if entry is None:
        raise NotFound(f"no entry {entry_id} in tournament {tournament.pk}")
    return entry


def _owns(user: Any, entry: Entry) -> bool:
    if user is None or not user.is_authenticated:
        return False
    members = {entry.owner_id, entry.user_id, entry.user2_id}
    if entry.bot is not None:
        members.add(entry.bot.owner_id)
    return user.pk in members


def entry_check_in(*, tournament_id: int, entry_id: int, user: Any) -> Entry:
    """Check an entry in during the window before the start."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        entry = _entry(tournament, entry_id)
        if not (_owns(user, entry) or can_manage(user, tournament)):
            raise NotAllowed("only the entrant checks in")
        if not tournament.check_in or tournament.starts_at is None:
            raise WrongState("this tournament has no check-in")
        if tournament.status != Status.REGISTRATION or entry.status != Entry.Status.ACTIVE:
            raise WrongState("check-in is closed")
        opens = tournament.starts_at - timedelta(minutes=tournament.check_in_minutes)
        if timezone.now() < opens:
            raise WrongState(f"check-in opens at {opens.isoformat()}")
        if entry.checked_in_at is None:
            entry.checked_in_at = timezone.now()
            entry.save(update_fields=["checked_in_at"])
            event_on_commit(tournament.pk, "checked_in", entry=entry.pk)
    return entry


def entry_withdraw(*, tournament_id: int, entry_id: int, user: Any) -> Entry:
    """Withdraw an entry; once running it loses its remaining matches by forfeit."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        entry = _entry(tournament, entry_id)
        if not (_owns(user, entry) or can_manage(user, tournament)):
            raise NotAllowed("only the entrant or the organiser withdraws an entry")
        if tournament.status in (Status.FINISHED, Status.CANCELLED):
            raise WrongState(f"the tournament is {tournament.status}")
        if entry.status != Entry.Status.ACTIVE:
            raise WrongState(f"the entry is {entry.status}")
        entry.status = Entry.Status.WITHDRAWN
        entry.replacement = ""
        entry.save(update_fields=["status", "replacement"])
        event_on_commit(tournament.pk, "withdrawn", entry=entry.pk)
        if tournament.status == Status.RUNNING:
            _resign_on_commit(entry.pk)
    return entry


def entry_replace(
    *, tournament_id: int, entry_id: int, user: Any, strategy: str = "house:greedy"
) -> Entry:
    """Let a house bot play a missing entrant's future matches (organisers)."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        check_manage(user, tournament)
        entry = _entry(tournament, entry_id)
        if strategy not in strategies.names():
            raise TournamentError(f"unknown house strategy {strategy!r}")
        if tournament.status in (Status.FINISHED, Status.CANCELLED):
            raise WrongState(f"the tournament is {tournament.status}")
        if entry.kind == Entry.Kind.HOUSE:
            raise WrongState("a house entry needs no replacement")
        if entry.status == Entry.Status.DROPPED:
            raise WrongState("the entry was dropped at the start")
        entry.replacement = strategy
        if tournament.status != Status.RUNNING:
            entry.status = Entry.Status.ACTIVE
        entry.save(update_fields=["replacement", "status"])
        event_on_commit(tournament.pk, "replaced", entry=entry.pk, strategy=strategy)
        # The house takes the live seats too, each in its match's own transaction.
        transaction.on_commit(lambda: entry_replace_seats(entry_id=entry.pk))
    return entry


def _resign_on_commit(entry_id: int) -> None:
    from tournaments.tasks import resign_entries

    transaction.on_commit(lambda: resign_entries.delay([entry_id]))
