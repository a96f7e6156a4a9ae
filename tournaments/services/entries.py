"""Entries: register, check in, withdraw, and replace a missing entrant by a house bot."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from bots.models import Bot
from bots.preflight import passed_recently
from games.engine import strategies
from tournaments.audience import consent_missing
from tournaments.models import Entry, Tournament
from tournaments.services import duplicate
from tournaments.services.errors import (
    ConsentRequired,
    Full,
    NotAllowed,
    NotFound,
    TournamentError,
    WrongState,
)
from tournaments.services.events import event_on_commit
from tournaments.services.forfeits import entry_replace_seats
from tournaments.services.permissions import can_manage, check_manage
from tournaments.services.tournaments import tournament_locked

Status = Tournament.Status
PAIR_GAME = "buraco-cerrado"


def _bot(name_or_id: str | int, owner: Any, tournament: Tournament) -> Bot:
    """Return the bot to enter: its owner's session or its own token enters it, nobody else."""
    lookup = {"pk": name_or_id} if isinstance(name_or_id, int) else {"name": name_or_id}
    bot = Bot.objects.filter(**lookup).first()
    if bot is None:
        raise NotFound(f"no bot {name_or_id!r}")
    if bot.owner_id != owner.pk:
        raise NotAllowed(f"bot {bot.name!r} is not yours")
    if not bot.is_active:
        raise TournamentError(f"bot {bot.name!r} is retired", code="inactive_bot")
    if not bot.plays(tournament.game):
        raise TournamentError(f"bot {bot.name!r} does not play {tournament.game}", code="bad_game")
    refusal = consent_missing(bot, tournament.open_to)
    if refusal is not None:
        raise ConsentRequired(refusal)
    if tournament.require_preflight and not passed_recently(bot, tournament.game):
        raise TournamentError(
            f"this tournament takes only bots that passed a pre-flight check of "
            f"{tournament.game} in the last {settings.PREFLIGHT_VALID_HOURS} hours: run one "
            f"(POST /api/v1/bots/{bot.pk}/preflight with target tournament:{tournament.pk})",
            code="preflight_required",
        )
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
    as_bot: Bot | None = None,
) -> Entry:
    """Register an entry: the caller's bot, the caller, a pair, or (organisers) a house bot.

    ``partner`` is the second bot (a bot pair) or the partner's user name (a people pair).
    ``as_bot`` is the bot whose token makes the request: it enters itself and nothing else.
    """
    if as_bot is not None:
        itself = bot is None or str(bot) in (as_bot.name, str(as_bot.pk))
        if kind != Entry.Kind.BOT or not itself:
            raise NotAllowed(
                "a bot token acts only as its bot: it enters itself (kind 'bot'), never another "
                "bot, a pair, a person or a house entry; sign in as a person for those"
            )
        bot = as_bot.pk
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
            fields["bot"] = _bot(bot, user, tournament)
        elif kind == Entry.Kind.BOT_PAIR:
            if bot is None or partner is None:
                raise TournamentError("a bot pair needs two bots: bot and partner")
            fields["bot"] = _bot(bot, user, tournament)
            fields["bot2"] = _bot(partner, user, tournament)
            if fields["bot"] == fields["bot2"]:
                raise TournamentError("a pair is two different bots")
        elif kind == Entry.Kind.USER:
            fields["user"] = user
        elif kind == Entry.Kind.USER_PAIR:
            mate = get_user_model().objects.filter(username=partner).first()
            if mate is None or mate.pk == user.pk:
                raise TournamentError("name your partner's user name (someone else)")
            # An invitation: it plays, takes a place and locks the partner in only once the
            # partner accepts it (entry_accept).
            fields |= {"user": user, "user2": mate, "status": Entry.Status.INVITED}
        else:
            if strategy not in strategies.names():
                raise TournamentError(f"unknown house strategy {strategy!r}")
            fields["strategy"] = strategy
        invited = fields.get("status") == Entry.Status.INVITED
        _check_unique(tournament, {k: v for k, v in fields.items() if k != "user2" or not invited})
        if invited and _pending(tournament, user, fields["user2"]):
            raise TournamentError("you have already invited this partner", code="already_entered")
        duplicate.owner_check_entry(tournament, Entry(tournament=tournament, **fields))
        _check_room(tournament)
        entry = Entry.objects.create(tournament=tournament, **fields)
        event_on_commit(tournament.pk, "invited" if invited else "entry_added", entry=entry.pk)
    return entry


def _pending(tournament: Tournament, user: Any, mate: Any) -> bool:
    invites = Entry.objects.filter(tournament=tournament, status=Entry.Status.INVITED)
    return invites.filter(user=user, user2=mate).exists()


def _check_room(tournament: Tournament) -> None:
    taken = Entry.objects.filter(tournament=tournament, status=Entry.Status.ACTIVE).count()
    if taken >= tournament.capacity:
        raise Full(f"the tournament is full ({tournament.capacity} entries)")


def _invitation(tournament_id: int, entry_id: int, user: Any) -> tuple[Tournament, Entry]:
    """Return the locked tournament and the invitation that ``user`` (the partner) answers."""
    tournament = tournament_locked(tournament_id)
    entry = _entry(tournament, entry_id)
    if entry.kind != Entry.Kind.USER_PAIR or user is None or entry.user2_id != user.pk:
        raise NotAllowed("only the invited partner accepts or declines an invitation")
    if entry.status != Entry.Status.INVITED:
        raise WrongState(f"the invitation is no longer open (the entry is {entry.status})")
    return tournament, entry


def entry_accept(
    *, tournament_id: int, entry_id: int, user: Any, as_bot: Bot | None = None
) -> Entry:
    """Accept an invitation to play as someone's partner: the pair is entered."""
    if as_bot is not None:
        raise NotAllowed("a bot token cannot answer an invitation; the partner signs in")
    with transaction.atomic():
        tournament, entry = _invitation(tournament_id, entry_id, user)
        if tournament.status != Status.REGISTRATION:
            raise WrongState(f"registration is not open (the tournament is {tournament.status})")
        _check_unique(tournament, {"user": entry.user, "user2": entry.user2})
        duplicate.owner_check_entry(tournament, entry)
        _check_room(tournament)
        entry.status = Entry.Status.ACTIVE
        entry.save(update_fields=["status"])
        event_on_commit(tournament.pk, "entry_added", entry=entry.pk)
    return entry


def entry_decline(
    *, tournament_id: int, entry_id: int, user: Any, as_bot: Bot | None = None
) -> Entry:
    """Decline an invitation to play as someone's partner."""
    if as_bot is not None:
        raise NotAllowed("a bot token cannot answer an invitation; the partner signs in")
    with transaction.atomic():
        tournament, entry = _invitation(tournament_id, entry_id, user)
        entry.status = Entry.Status.DECLINED
        entry.reason = "the partner declined the invitation"
        entry.save(update_fields=["status", "reason"])
        event_on_commit(tournament.pk, "declined", entry=entry.pk)
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
    """Tell whether ``user`` (a person's session) is a member of ``entry``."""
    if user is None or not user.is_authenticated:
        return False
    members = {entry.owner_id, entry.user_id, entry.user2_id}
    if entry.bot is not None:
        members.add(entry.bot.owner_id)
    return user.pk in members


def entry_owned_by(user: Any, entry: Entry) -> bool:
    """Tell whether ``user`` is a member of ``entry`` (or owns its bot): they may withdraw it."""
    return _owns(user, entry)


def _may_act_for(user: Any, entry: Entry, tournament: Tournament, as_bot: Bot | None) -> bool:
    """Tell whether the caller speaks for ``entry``: a bot's token only for its own entry."""
    if as_bot is not None:
        return as_bot.pk in (entry.bot_id, entry.bot2_id)
    return _owns(user, entry) or can_manage(user, tournament)


def entry_check_in(
    *, tournament_id: int, entry_id: int, user: Any, as_bot: Bot | None = None
) -> Entry:
    """Check an entry in during the window before the start (``as_bot``: a bot's token)."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        entry = _entry(tournament, entry_id)
        if not _may_act_for(user, entry, tournament, as_bot):
            raise NotAllowed(_refusal(as_bot, "only the entrant checks in"))
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


def _refusal(as_bot: Bot | None, reason: str) -> str:
    if as_bot is not None:
        return f"a bot token acts only for its own bot's entry ({as_bot.name}), not this one"
    return reason


def entry_withdraw(
    *, tournament_id: int, entry_id: int, user: Any, as_bot: Bot | None = None
) -> Entry:
    """Withdraw an entry; once running it loses its remaining matches by forfeit."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        entry = _entry(tournament, entry_id)
        if not _may_act_for(user, entry, tournament, as_bot):
            raise NotAllowed(_refusal(as_bot, "only the entrant or the organiser withdraws"))
        if tournament.status in (Status.FINISHED, Status.CANCELLED):
            raise WrongState(f"the tournament is {tournament.status}")
        if entry.status not in (Entry.Status.ACTIVE, Entry.Status.INVITED):
            raise WrongState(f"the entry is {entry.status}")
        entry.status = Entry.Status.WITHDRAWN
        entry.replacement = ""
        entry.save(update_fields=["status", "replacement"])
        event_on_commit(tournament.pk, "withdrawn", entry=entry.pk)
        if tournament.status == Status.RUNNING:
            _resign_on_commit(entry.pk)
    return entry


def entry_replace(
    *,
    tournament_id: int,
    entry_id: int,
    user: Any,
    strategy: str = "house:greedy",
    as_bot: Bot | None = None,
) -> Entry:
    """Let a house bot play a missing entrant's future matches (organisers)."""
    if as_bot is not None:
        raise NotAllowed("a bot token cannot replace entrants; the organiser signs in")
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
