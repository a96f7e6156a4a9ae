"""Reads about matches: turn objects for bots, public state, the log."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from games import engine
from games.engine.options import options_check
from games.models import Challenge, Match, Move, Seat
from games.reason_words import people_text
from games.services.clock import clock_json, clock_seat_json


def load_state(match: Match) -> Any:
    """Return the engine state of ``match`` from its snapshot."""
    return engine.get(match.game).load(match.snapshot)


def turn_object(
    match: Match, seat: int, state: Any | None = None, row: Seat | None = None
) -> dict[str, Any]:
    """Return the turn object a seat's entrant gets (DESIGN.md, bot protocol); a clocked
    match's turn also carries ``clock`` (games/services/clock.py), from ``row`` if given."""
    game = engine.get(match.game)
    state = load_state(match) if state is None else state
    turn = {
        "match": match.pk,
        "turn": match.turn,
        "game": match.game,
        "seat": seat,
        "deadline": match.deadline.isoformat() if match.deadline else None,
        "view": game.view(state, seat),
        "legal_moves": [game.move_json(m) for m in game.legal_moves(state)],
    }
    if match.clock:
        row = row or Seat.objects.filter(match=match, number=seat).first()
        if row is not None:
            turn["clock"] = clock_json(match, row)
    return turn


# Match kinds whose turns come after tournament and league turns (open_seats_for_bot).
LATER_KINDS = (Match.Kind.PRACTICE, Match.Kind.CHALLENGE, Match.Kind.TABLE, Match.Kind.LADDER)


@cache
def _open_seats_sql(vendor: str) -> tuple[str, str]:
    """The long-poll's two reads as fixed SQL (every waiting bot asks them after each wake-up;
    the ORM built them anew each time, which cost more than the move that woke it)."""
    q = connection.ops.quote_name
    later = ", ".join(["%s"] * len(LATER_KINDS))
    seats = (
        f"SELECT s.* FROM {q(Seat._meta.db_table)} s"
        f" JOIN {q(Match._meta.db_table)} m ON m.{q('id')} = s.{q('match_id')}"
        f" WHERE s.{q('bot_id')} = %s AND s.{q('kind')} = %s AND NOT s.{q('forfeited')}"
        f" AND m.{q('status')} = %s AND m.{q('to_move')} = s.{q('number')}"
        f" ORDER BY CASE WHEN m.{q('kind')} IN ({later}) THEN 1 ELSE 0 END,"
        f" m.{q('deadline')}, s.{q('match_id')}"
    )
    matches = f"SELECT * FROM {q(Match._meta.db_table)} WHERE {q('id')} IN %s"
    return seats, matches


def open_seats_for_bot(bot_id: int) -> list[Seat]:
    """Return the seats where this bot must act now, each with its match: tournament and league
    turns first, then practice, challenge and ladder turns, each by deadline. One query when
    there are none, two otherwise."""
    seats_sql, matches_sql = _open_seats_sql(connection.vendor)
    params = [bot_id, Seat.Kind.BOT, Match.Status.RUNNING, *LATER_KINDS]
    seats = list(Seat.objects.raw(seats_sql, params))
    if not seats:
        return []
    ids = tuple(seat.match_id for seat in seats)
    matches = {m.pk: m for m in Match.objects.raw(matches_sql.replace("%s", _in(len(ids))), ids)}
    for seat in seats:
        seat.match = matches[seat.match_id]
    return seats


def _in(count: int) -> str:
    return "(" + ", ".join(["%s"] * count) + ")"


def open_turns_for_bot(bot_id: int) -> list[dict[str, Any]]:
    """Return a turn object for every match where this bot must act, in delivery order.

    Nothing is cut off: the running-match limit bounds the practice turns, and entries bound
    the event turns, so every open turn fits in one answer.
    """
    return [turn_object(seat.match, seat.number) for seat in open_seats_for_bot(bot_id)]


def challenge_json(challenge: Challenge) -> dict[str, Any]:
    """Return a challenge as the API shows it (``kind`` tells it from a turn)."""
    bot = challenge.challenger_bot
    return {
        "kind": "challenge",
        "id": challenge.pk,
        "game": challenge.game,
        "from": bot.name if bot is not None else challenge.challenger_user.get_username(),
        "to": challenge.challenged_bot.name,
        "options": challenge.options,
        "seats": challenge.seats,
        "move_timeout": challenge.move_timeout,
        "status": challenge.status,
        "reason": challenge.reason,
        "match": challenge.match_id,
        "created_at": challenge.created_at.isoformat(),
        "expires_at": challenge.expires_at.isoformat(),
    }


@cache
def _pending_sql(vendor: str) -> str:
    q = connection.ops.quote_name
    return (
        f"SELECT 1 FROM {q(Challenge._meta.db_table)} WHERE {q('challenged_bot_id')} = %s"
        f" AND {q('status')} = %s AND {q('expires_at')} > %s LIMIT 1"
    )


def _challenges() -> QuerySet[Challenge]:
    return Challenge.objects.select_related("challenger_bot", "challenger_user", "challenged_bot")


def challenges_waiting_for_bot(
    bot_id: int, limit: int = 100
) -> tuple[list[dict[str, Any]], list[int]]:
    """Return the challenges waiting for this bot's answer, oldest first, and the ids of those
    it has not been shown yet. One fixed query when there are none, the common case of every
    long-poll's answer; one more to read them otherwise."""
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(
            _pending_sql(connection.vendor),
            [bot_id, Challenge.Status.PENDING, connection.ops.adapt_datetimefield_value(now)],
        )
        if cursor.fetchone() is None:
            return [], []
    rows = _challenges().filter(
        challenged_bot_id=bot_id,
        status=Challenge.Status.PENDING,
        expires_at__gt=now,
    )
    listed = list(rows.order_by("id")[:limit])
    return [challenge_json(c) for c in listed], [c.pk for c in listed if c.delivered_at is None]


def challenges_of(*, user_id: int, bot_id: int | None) -> QuerySet[Challenge]:
    """Return a bot's challenges (made or received), or a person's and their bots', newest first."""
    if bot_id is not None:
        mine = Q(challenger_bot_id=bot_id) | Q(challenged_bot_id=bot_id)
    else:
        mine = Q(challenger_user_id=user_id) | Q(challenged_bot__owner_id=user_id)
    return _challenges().filter(mine).order_by("-id")


def seats_of(match: Match, *, clocks: bool = True) -> list[dict[str, Any]]:
    """Return who sits where, as public JSON; ``clocks`` False leaves out the time banks (a
    bank says how long each seat has thought, so how far the play has gone)."""
    clocks = clocks and bool(match.clock)
    return [
        {
            "seat": seat.number,
            "kind": seat.kind,
            "name": seat.label,
            "bot": seat.bot_id,
            "user": seat.user.get_username() if seat.user_id and seat.user else None,
            "version": seat.bot_version or None,
            "tag": seat.house_tag or None,
            "forfeited": seat.forfeited,
            "timeouts": seat.timeouts,
            **(clock_seat_json(seat) if clocks and seat.bank is not None else {}),
        }
        for seat in match.seats.select_related("bot", "user").order_by("number")
    ]


def progress_hidden(match: Match, seat: int | None = None) -> bool:
    """Tell whether a reader (``seat`` None: not seated) is kept from a sealed match's progress:
    its turn, who is to move, the deadline and the time banks."""
    return match.sealed and seat is None


def shown_turn(match: Match) -> int | None:
    """Return the turn a list may show of ``match``: None while it is sealed."""
    return None if match.sealed else match.turn


def match_public(match: Match, seat: int | None = None) -> dict[str, Any]:
    """Return the state of a match as a spectator (``seat`` None) or a seat sees it."""
    game = engine.get(match.game)
    state = load_state(match)
    # Who is to move tells who took a trick (Busca) and who is out: a sealed deal's progress
    # shows only to its own seats, as its cards do (docs/bots.md, "Ladders").
    hidden = progress_hidden(match, seat)
    body: dict[str, Any] = {
        "id": match.pk,
        "game": match.game,
        "options": match.options,
        "status": match.status,
        "turn": None if hidden else match.turn,
        "version": None if hidden else match.turn,
        "to_move": None if hidden else match.to_move,
        "deadline": match.deadline.isoformat() if match.deadline and not hidden else None,
        "move_timeout": match.move_timeout,
        "clock": match.clock,
        "seats": seats_of(match, clocks=not hidden),
        "sealed": match.sealed,
        "view": game.view(state, seat) if seat is not None or not match.sealed else None,
        # Another table may still be playing this deal: its result says how good the cards were.
        "result": match.result if seat is not None or not match.sealed else None,
        "created_at": match.created_at.isoformat(),
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
    }
    # The seed decides every hidden card: it is shown only once the match is over and unsealed.
    if match.is_revealed:
        body["seed"] = match.seed
    if seat is not None:
        body["seat"] = seat
        forfeited = any(row["seat"] == seat and row["forfeited"] for row in body["seats"])
        if match.is_running and match.to_move == seat and not forfeited:
            body["legal_moves"] = [game.move_json(m) for m in game.legal_moves(state)]
        hand = (body["view"] or {}).get("hand") or []
        body["refusals"] = seat_refusals(match, game, state, seat, hand, forfeited=forfeited)
    return body


def closed_reason(match: Match, *, forfeited: bool) -> str | None:
    """Return why a seat can make no move at all (the match is over, or the seat left it)."""
    if not match.is_running:
        return gettext("the match is over")
    if forfeited:
        return gettext("you have left this match: a bot plays your seat")
    return None


def seat_refusals(
    match: Match, game: Any, state: Any, seat: int, hand: list[str], *, forfeited: bool
) -> dict[str, dict[str, str]]:
    """Return why the seat's cards and actions are refused now (docs/web.md, "refusals").

    The engine gives the reasons while the match runs; once it is over, or the seat has left
    it, every card and action gets the one reason that applies.
    """
    reason = closed_reason(match, forfeited=forfeited)
    if reason is None:
        # The engine's English templates, rendered in the active language.
        refusals: dict[str, dict[str, str]] = game.refusals(state, seat, people_text)
        return refusals
    return {
        "cards": dict.fromkeys(hand, reason),
        "actions": dict.fromkeys(game.refusal_actions, reason),
    }


def match_log(
    match: Match,
    *,
    seated: bool = False,
    timed: frozenset[int] = frozenset(),
    notes: dict[int, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Return the public moves during play; the full record once the match is over.

    A sealed match shows its moves only to its own entrants (``seated``), and its record to
    nobody, until it is unsealed. Each entrant move carries its ``timing`` for the seats in
    ``timed`` (the caller's own) during play, and for every seat once the match is revealed;
    ``notes`` (by turn, from games.services.notes.notes_for) adds the notes the caller may read.
    """
    revealed = match.is_revealed
    notes = notes or {}
    moves = []
    for m in Move.objects.filter(match=match).order_by("turn"):
        entry: dict[str, Any] = {
            "turn": m.turn,
            "seat": m.seat,
            "move": m.public,
            "by": m.by,
            "at": m.created_at.isoformat(),
        }
        if m.by != Move.By.HOUSE and (revealed or m.seat in timed):
            entry["timing"] = move_timing(m)
        if m.turn in notes:
            entry["note"] = notes[m.turn]
        moves.append(entry)
    if match.sealed and not seated:
        moves = []
    body: dict[str, Any] = {
        "match": match.pk,
        "game": match.game,
        "status": match.status,
        "sealed": match.sealed,
        "moves": moves,
    }
    if match.is_revealed:
        body["seed"] = match.seed
        body["options"] = options_check(match.game, match.options)  # every option, defaults too
        body["record"] = match.record
        full = Move.objects.filter(match=match).order_by("turn").values_list("move", flat=True)
        for entry, move in zip(body["moves"], full, strict=True):
            entry["move"] = move
    return body


def move_timing(move: Move) -> dict[str, Any]:
    """Return a move's timings (docs/bots.md, "Timings"): when its turn was first delivered,
    when it arrived, the think time, and in a clocked match the transit allowance it was given
    and the bank left after it (null where not measured)."""
    return {
        "delivered_at": move.delivered_at.isoformat() if move.delivered_at else None,
        "arrived_at": move.created_at.isoformat(),
        "think_ms": move.answer_ms,
        "transit_ms": move.transit_ms,
        "bank_ms": move.bank_ms,
    }
