"""Match services: the one writer of each match (DESIGN.md, "Matches").

Every write locks the match row, checks the turn number, applies the engine, appends the log row
and saves the snapshot in one transaction; events and tasks go out only after commit.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from bots.models import Bot
from games import engine
from games.dispatch import change_of, dispatch_on_commit
from games.engine import IllegalMove, InvalidMove, strategies
from games.models import Match, Move, Seat
from games.selectors import turn_object
from games.services.callers import Caller
from games.services.clock import charge, clock_check, run_out, turn_seconds
from games.services.deadlines import could_take_moves_until
from games.services.delivery import ms_since_delivery
from games.services.errors import BadOptions, MoveRejected, NotFound, TurnNotOpen
from games.services.locked import match_and_seats_locked
from games.services.notes import Note, note_row
from games.services.thinking import house_decision
from games.services.written import DELIVERY_FIELDS, moves_write
from games.sides import side_of, sides, sport_places
from games.signals import match_recorded

FALLBACK_STRATEGY = "house:greedy"
HOUSE_PACE_MAX = 5.0  # seconds: a paced house move waits at most 1.5 times this
HOUSE_BATCH_SECONDS = 0.05  # the house thinks about this long, then writes what it decided
HOUSE_MOVES_MAX = 400  # and never more moves than this in one write
# Cheap house moves made due by an entrant's move play in its transaction for at most this long
HOUSE_INLINE_SECONDS = 0.02
# What applying moves changes on the match row (_advance, _open_turn, _finish): _save writes
# only these (the clock and the seats are saved on their own).
MOVED_FIELDS = (
    "turn",
    "to_move",
    "deadline",
    "turn_opened_at",
    "snapshot",
    "status",
    "result",
    "record",
    "finished_at",
    "updated_at",
)


@dataclass(frozen=True)
class SeatSpec:
    """Who takes a seat: a bot, a person or a house strategy."""

    kind: str
    bot_id: int | None = None
    user_id: int | None = None
    strategy: str = "house:greedy"
    tag: str = ""  # a house entrant's letter in its event (games/house_names.py)


def new_seed() -> int:
    """Return a fresh 128-bit seed."""
    return secrets.randbits(128)


def match_create(
    *,
    game: str,
    seats: list[SeatSpec],
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    move_timeout: float | None = None,
    created_by_id: int | None = None,
    sealed: bool = False,
    kind: str = Match.Kind.EVENT,
    house_pace: float | None = None,
    clock: dict[str, Any] | None = None,
    chat: bool = False,
) -> Match:
    """Start a match of ``game`` between ``seats`` (in seat order).

    ``kind`` tells event matches (tournaments, leagues) from practice, challenge and table ones.

    ``sealed`` keeps its cards, seed and record from spectators until ``matches_unseal``.

    ``house_pace`` (seconds, 0 to ``HOUSE_PACE_MAX``) spaces the house bots' moves out so people
    can watch: each waits between half and one and a half times it, scheduled, never slept.
    None (the default): ``PEOPLE_PACE`` when a person sits at the table, else 0 (at once).

    ``clock`` (``{"bank": s, "increment": s}``) gives each entrant seat a time bank instead of
    ``move_timeout`` a move (games/services/clock.py).

    ``chat`` lets the people at the table write to each other (games/services/chat.py).
    """
    try:
        rules = engine.get(game)
    except KeyError as exc:
        raise BadOptions(str(exc.args[0]), code="unknown_game") from None
    options = dict(options or {})
    seed = new_seed() if seed is None else seed
    try:
        state = rules.new(seed, **options)
    except (TypeError, ValueError) as exc:
        raise BadOptions(f"bad options for {game}: {exc}") from None
    if len(seats) != rules.seats(state):
        raise BadOptions(
            f"{game} with these options needs {rules.seats(state)} seats, not {len(seats)}"
        )
    for spec in seats:
        if spec.kind == Seat.Kind.HOUSE and spec.strategy not in strategies.names():
            raise BadOptions(f"unknown house strategy {spec.strategy!r}")
    if move_timeout is None:
        people = any(spec.kind == Seat.Kind.USER for spec in seats)
        move_timeout = settings.PERSON_MOVE_TIMEOUT if people else settings.BOT_MOVE_TIMEOUT
    if not 0.5 <= move_timeout <= 86400:
        raise BadOptions("move_timeout must be between 0.5 and 86400 seconds")
    clock = clock_check(clock)
    if clock is not None:
        move_timeout = clock["bank"]  # what a seat has for its first move
    if house_pace is None:
        people = any(spec.kind == Seat.Kind.USER for spec in seats)
        house_pace = min(settings.PEOPLE_PACE, HOUSE_PACE_MAX) if people else 0.0
    if not 0 <= house_pace <= HOUSE_PACE_MAX:
        raise BadOptions(f"house_pace must be between 0 and {HOUSE_PACE_MAX} seconds")
    with transaction.atomic():
        match = Match(
            game=game,
            options=options,
            seed=str(seed),
            move_timeout=move_timeout,
            snapshot=rules.dump(state),
            created_by_id=created_by_id,
            sealed=sealed,
            kind=kind,
            house_pace=house_pace,
            clock=clock,
            chat=chat,
        )
        match.save()
        versions = _bot_versions([spec.bot_id for spec in seats if spec.kind == Seat.Kind.BOT])
        rows = [
            Seat(
                match=match,
                number=number,
                kind=spec.kind,
                bot_id=spec.bot_id,
                user_id=spec.user_id,
                strategy=spec.strategy,
                house_tag=spec.tag if spec.kind == Seat.Kind.HOUSE else "",
                deal_seen=rules.deals(state),  # the first deal needs no grace
                bot_version=versions.get(spec.bot_id or 0, ""),
                bank=clock["bank"] if clock and spec.kind != Seat.Kind.HOUSE else None,
            )
            for number, spec in enumerate(seats)
        ]
        Seat.objects.bulk_create(rows)
        _open_turn(match, rules.to_move(state), rows, timezone.now())
        match.save()
        dispatch_on_commit(change_of(match, rows, "started"))
    return match


def _deal_grace(seat: Seat, deal: int) -> float:
    """Return the seconds before a person's turn starts its time: DEAL_GRACE on their first
    turn of a new deal (its score sheet is on their table), else none. Notes the deal."""
    if seat.kind != Seat.Kind.USER or seat.played_by_house or deal <= seat.deal_seen:
        return 0.0
    seat.deal_seen = deal
    seat.save(update_fields=["deal_seen"])
    return float(settings.DEAL_GRACE)


def _open_turn(
    match: Match, to_move: int | None, seats: list[Seat], now: datetime, *, grace: float = 0.0
) -> None:
    """Set whose turn it is and its deadline (none when the house plays it); ``grace`` seconds
    pass before the turn's time starts (a person reading a deal's score sheet): its deadline
    and, in a clocked match, what its bank pays count from then."""
    match.to_move = to_move
    opened = now + timedelta(seconds=grace)
    match.turn_opened_at = opened
    if to_move is None:
        match.deadline = None
        return
    seat = seats[to_move]
    seconds = turn_seconds(match, seat)
    match.deadline = None if seat.played_by_house else opened + timedelta(seconds=seconds)


def _bot_versions(bot_ids: list[int | None]) -> dict[int, str]:
    """Return the version each bot last stated (the Bot-Version header, bots/versions.py)."""
    wanted = [bot_id for bot_id in bot_ids if bot_id is not None]
    if not wanted:
        return {}
    rows = Bot.objects.filter(pk__in=wanted).exclude(version="")
    return dict(rows.values_list("pk", "version"))


def _locked(match_id: int) -> tuple[Match, list[Seat]]:
    match, seats = match_and_seats_locked(match_id)
    if match is None:
        raise NotFound(f"no match {match_id}")
    return match, seats


def _advance(
    match: Match, seats: list[Seat], state: Any, move: Any, by: str, answer_ms: int | None = None
) -> tuple[Any, Move]:
    """Apply a legal ``move`` of the seat to act and move the match on; return the new state
    and the unsaved log row. Raises IllegalMove before changing anything."""
    rules = engine.get(match.game)
    new_state = rules.apply(state, move)
    row = Move(
        match=match,
        turn=match.turn,
        seat=match.to_move or 0,
        move=rules.move_json(move),
        public=rules.public_move(move),
        by=by,
        answer_ms=answer_ms,
    )
    now = timezone.now()
    match.turn += 1
    to_move = rules.to_move(new_state)
    grace = _deal_grace(seats[to_move], rules.deals(new_state)) if to_move is not None else 0.0
    _open_turn(match, to_move, seats, now, grace=grace)
    if match.to_move is None:
        _finish(match, seats, rules.result(new_state), new_state, now)
    return new_state, row


def _save(
    match: Match,
    seats: list[Seat],
    state: Any,
    rows: list[Move],
    *,
    queue_house: bool = True,
    delivered: Seat | None = None,
    last: bool = False,
) -> None:
    """Append the log rows, save the snapshot (and ``delivered``'s delivery, see _handed_to),
    and dispatch the change on commit. ``last``: the caller writes nothing more in this
    transaction (moves_write); a move that ends the match never is, since what it records
    (match_recorded) writes too."""
    match.snapshot = engine.get(match.game).dump(state)
    moves_write(match, MOVED_FIELDS, rows, delivered, last=last and match.is_running)
    if not match.is_running:
        match_recorded.send(sender=Match, match=match)
    dispatch_on_commit(change_of(match, seats, "move", rows, queue_house=queue_house))


def _commit_move(
    match: Match, seats: list[Seat], state: Any, move: Any, by: str, answer_ms: int | None = None
) -> Move:
    """Apply, log and save one move of the seat to act."""
    new_state, row = _advance(match, seats, state, move, by, answer_ms)
    _save(match, seats, new_state, [row])
    return row


def _finish(match: Match, seats: list[Seat], result: Any, state: Any, now: datetime) -> None:
    """Record the result: the engine's places, with forfeiting sides placed last."""
    rules = engine.get(match.game)
    places = list(result.places)
    forfeited_sides = {side_of(match.game, s.number) for s in seats if s.forfeited}
    keys = [(side_of(match.game, n) in forfeited_sides, places[n]) for n in range(len(places))]
    match.result = {
        "places": sport_places(keys),
        "scores": list(result.scores),
        "forfeited": [s.number for s in seats if s.forfeited],
        "engine": result.to_json(),
    }
    match.record = rules.record(state)
    match.status = Match.Status.FINISHED
    match.finished_at = now
    match.to_move = None
    match.deadline = None


@dataclass(frozen=True)
class Played:
    """A move taken: its log row, and the caller's next turn if the move made one due.

    ``next_turn`` is the turn object of the long-poll (games.selectors.turn_object), already
    marked delivered, so a bot plays on without waiting for it (docs/bots.md, "the next turn in
    the answer"). It is None when the next turn is someone else's, the match is over, or the
    caller is a person (the table's socket tells them) or passes no answer on (move_submit).
    """

    row: Move
    next_turn: dict[str, Any] | None = None
    status: str = "running"  # the match's, once the move and the house moves it made due ran


def move_submit(
    *, match_id: int, caller: Caller, turn: int, move: Any, note: Note | None = None
) -> Move:
    """Apply the caller's move for ``turn``; the same request again returns the same row.

    For callers that hand no turn on (a webhook's answer, a person's socket): the next turn
    reaches them the usual way, and its delivery is noted then."""
    played = move_play(
        match_id=match_id, caller=caller, turn=turn, move=move, hand_next=False, note=note
    )
    return played.row


def move_play(
    *,
    match_id: int,
    caller: Caller,
    turn: int,
    move: Any,
    hand_next: bool = True,
    note: Note | None = None,
) -> Played:
    """Apply the caller's move for ``turn`` and hand a bot its next turn if it is already due.

    A cheap house seat's moves play in the same transaction (_cheap_house_moves), so against
    house bots the bot's next turn is usually open by the commit: it goes back in this answer,
    read from the state in memory, at the cost of one more write (its delivery). Only a caller
    that passes the answer on to the bot (the HTTP API) asks for it (``hand_next``). A bot's
    ``note`` is kept with a move it makes now (not with a retry's: the first one stands).
    """
    with transaction.atomic():
        row, match, handed, state = _play(match_id, caller, turn, move, hand_next, note)
    # The next turn's object is built after the commit, from the state in memory: no lock (the
    # row's, or SQLite's one writer) is held while its view and legal moves are worked out.
    following = turn_object(match, handed.number, state, handed) if handed else None
    return Played(row, following, match.status)


def _play(
    match_id: int, caller: Caller, turn: int, move: Any, hand_next: bool, note: Note | None
) -> tuple[Move, Match, Seat | None, Any]:
    """move_play's transaction: return the move's row, the match, the caller's seat if its next
    turn is due and goes back in the answer, and the state (None: read it from the match)."""
    match, rows = _locked(match_id)
    seats = caller.seats_in(rows)
    if not seats:
        raise NotFound(f"you have no seat in match {match_id}")
    rules = engine.get(match.game)
    try:
        parsed = rules.parse_move(move)
    except InvalidMove as exc:
        raise MoveRejected(str(exc), code="invalid_move") from None
    # The log holds exactly the turns before match.turn: only those can be repeats.
    done = Move.objects.filter(match=match, turn=turn).first() if turn < match.turn else None
    if done is not None:
        same = done.by == Move.By.ENTRANT and done.move == rules.move_json(parsed)
        if same and done.seat in seats:  # a retry: the same answer, while it holds
            handed = _handed_to(match, rows, seats, caller) if hand_next else None
            if handed is not None and handed.delivered_turn != match.turn:
                _note_delivery(handed, match.turn)
                handed.save(update_fields=list(DELIVERY_FIELDS))
            return done, match, handed, None
        raise TurnNotOpen(f"turn {turn} has already been played")
    if not match.is_running:
        raise TurnNotOpen(f"the match is {match.status}")
    if turn != match.turn:
        raise TurnNotOpen(f"turn {turn} is not open; the open turn is {match.turn}")
    seat = match.to_move
    if seat is None or seat not in seats:
        raise TurnNotOpen(f"it is seat {seat}'s turn, not yours")
    if rows[seat].played_by_house:
        raise TurnNotOpen("this seat is played by the house bot after a forfeit")
    state = rules.load(match.snapshot)
    now = timezone.now()
    took = ms_since_delivery(rows[seat], turn, now)
    delivered_at = rows[seat].delivered_at if took is not None else None
    covered = charge(match, rows[seat], now)  # a clocked match: the bank pays for this move
    try:
        # apply() is the judge of legality and runs before anything is written.
        state, row = _advance(match, rows, state, parsed, Move.By.ENTRANT, answer_ms=took)
    except IllegalMove as exc:
        reason = exc.args[0] if exc.args else None
        raise MoveRejected(str(exc), code="illegal_move", reason=reason) from None
    row.delivered_at = delivered_at
    if covered is not None:
        row.transit_ms = round(covered * 1000)
        row.bank_ms = round((rows[seat].bank or 0.0) * 1000)
    state, house_rows = _cheap_house_moves(match, rows, state)
    handed = _handed_to(match, rows, seats, caller) if hand_next else None
    first = handed is not None and handed.delivered_turn != match.turn
    if handed is not None and first:
        _note_delivery(handed, match.turn)
    if note is not None and rows[seat].bot_id is not None:
        note_row(match, rows[seat], row.turn, note).save()
    if rows[seat].timeouts_in_a_row:
        rows[seat].timeouts_in_a_row = 0
        rows[seat].save(update_fields=["timeouts_in_a_row"])
    # The last write: on PostgreSQL it carries the COMMIT (core.round_trips).
    _save(match, rows, state, [row, *house_rows], delivered=handed if first else None, last=True)
    return row, match, handed, state


def _handed_to(match: Match, rows: list[Seat], seats: list[int], caller: Caller) -> Seat | None:
    """Return the caller's seat if it is a bot seat of the caller's to move now: its next turn
    goes back in the answer (Played.next_turn)."""
    mover = match.to_move
    if caller.bot_id is None or mover is None or mover not in seats or not match.is_running:
        return None
    seat = rows[mover]
    if seat.played_by_house or seat.bot_id != caller.bot_id:
        return None
    return seat


def _note_delivery(seat: Seat, turn: int) -> None:
    """Note the first delivery of ``turn`` to ``seat``, as the long-poll does: the answer time
    of its move counts from then. The caller writes it."""
    seat.delivered_turn, seat.delivered_at = turn, timezone.now()


def _cheap_house_moves(match: Match, seats: list[Seat], state: Any) -> tuple[Any, list[Move]]:
    """Play the cheap house moves that a move just made due, in the same transaction.

    A random or greedy house seat decides in microseconds, so the move that makes it due plays
    it at once (docs/DESIGN.md, "A move's path"): the next entrant's turn opens in the same
    commit, with no worker hop. A search seat, a paced match (house_pace) and whatever is left
    after HOUSE_INLINE_SECONDS or HOUSE_MOVES_MAX moves go to a worker as before (dispatch).
    Return the new state and the unsaved log rows.
    """
    rows: list[Move] = []
    if match.house_pace > 0:
        return state, rows
    started = time.monotonic()
    while match.to_move is not None and seats[match.to_move].played_by_house:
        strategy = house_strategy(seats[match.to_move])
        if strategies.is_search(strategy) or len(rows) >= HOUSE_MOVES_MAX:
            break
        if rows and time.monotonic() - started >= HOUSE_INLINE_SECONDS:
            break
        move = _policy_move(match.game, match.seed, match.turn, match.to_move, state, strategy)
        state, row = _advance(match, seats, state, move, Move.By.HOUSE)
        rows.append(row)
    return state, rows


def _policy_move(game: str, seed: str, turn: int, seat: int, state: Any, strategy: str) -> Any:
    """Return the move ``strategy`` picks for ``seat`` at ``turn``, from that seat's view only."""
    rules = engine.get(game)
    choice = house_decision(game, rules, state, seat, f"{seed}:{turn}", strategy)
    return rules.parse_move(choice)


def turn_time_out(*, match_id: int, turn: int, now_due: bool = False) -> Move | None:
    """Play the fallback move for an overdue turn; the 3rd time-out in a row forfeits the seat.

    ``now_due`` times the turn out before its deadline (a webhook answered with no usable move).
    A turn whose deadline no web heartbeat has passed yet waits: the platform may have been
    unable to take the move (docs/bots.md, "our downtime is never your time-out").
    """
    with transaction.atomic():
        match, seats = _locked(match_id)
        now = timezone.now()
        if not match.is_running or match.turn != turn or match.deadline is None:
            return None
        if not now_due and (match.deadline > now or not could_take_moves_until(match.deadline)):
            return None
        seat = seats[match.to_move or 0]
        seat.timeouts += 1
        seat.timeouts_in_a_row += 1
        if seat.timeouts_in_a_row >= settings.TIMEOUTS_TO_FORFEIT:
            seat.forfeited = True
        seat.save(update_fields=["timeouts", "timeouts_in_a_row", "forfeited"])
        run_out(match, seat)
        state = engine.get(match.game).load(match.snapshot)
        move = _policy_move(match.game, match.seed, turn, seat.number, state, FALLBACK_STRATEGY)
        row = _commit_move(match, seats, state, move, Move.By.TIMEOUT)
        if match.is_running and abandoned(match, seats):
            _abort(match, seats, "no entrant remains", now)  # the last entrant forfeited
        return row


@dataclass(frozen=True)
class HouseRun:
    """Where a run of house moves stopped with house moves still due: the turn to go on from,
    and whether its mover searches (its moves belong on the search queue)."""

    turn: int
    search: bool


def house_strategy(seat: Seat) -> str:
    """Return the strategy the house plays ``seat`` with: its own, or the fallback's after a
    forfeit."""
    return seat.strategy if seat.kind == Seat.Kind.HOUSE else FALLBACK_STRATEGY


def _house_run(match: Match, seats: list[Seat]) -> HouseRun | None:
    if not match.is_running or match.to_move is None or not seats[match.to_move].played_by_house:
        return None
    return HouseRun(match.turn, strategies.is_search(house_strategy(seats[match.to_move])))


def house_moves_play(
    *, match_id: int, turn: int, search: bool = True, budget: float = HOUSE_BATCH_SECONDS
) -> HouseRun | None:
    """Play the house's moves due from ``turn``; return where to go on, or None when done.

    The house thinks outside any transaction, from a snapshot of the match, for about
    ``budget`` seconds (at least one move; a paced match one move). Then one short transaction
    writes what it decided, if the match still stands where the house saw it: the same turn,
    and each planned move still the house's to play with the same strategy (a forfeit or a
    resignation meanwhile cuts the plan short, and the next run thinks again). So no lock is
    ever held while a strategy thinks. ``search=False`` stops before a search seat's move:
    those run on the search queue (games/tasks.py), never in the way of cheap turns.
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.turn != turn:
        return None
    seats = list(Seat.objects.filter(match=match).order_by("number"))
    run = _house_run(match, seats)
    if run is None or (run.search and not search):
        return run  # nothing due, or a search move: the caller hands it to the search queue
    plan = _house_plan(match, seats, budget, search)
    with transaction.atomic():
        match, seats = _locked(match_id)
        if not match.is_running or match.turn != turn:
            return None
        state = engine.get(match.game).load(match.snapshot)
        rows: list[Move] = []
        for seat, strategy, move in plan:
            if match.to_move != seat or not seats[seat].played_by_house:
                break
            if house_strategy(seats[seat]) != strategy:
                break
            state, row = _advance(match, seats, state, move, Move.By.HOUSE)
            rows.append(row)
        if not rows:
            return _house_run(match, seats)
        # Paced: the dispatch of this move schedules the next house move (dispatch.house_delay).
        paced = match.house_pace > 0
        _save(match, seats, state, rows, queue_house=paced)
        return None if paced else _house_run(match, seats)


def _house_plan(
    match: Match, seats: list[Seat], budget: float, search: bool
) -> list[tuple[int, str, Any]]:
    """Decide the house's next moves from the match's snapshot: (seat, strategy, move) each;
    without ``search``, stop before a search seat's move."""
    rules = engine.get(match.game)
    state = rules.load(match.snapshot)
    plan: list[tuple[int, str, Any]] = []
    to_move = match.to_move
    limit = 1 if match.house_pace > 0 else HOUSE_MOVES_MAX
    started = time.monotonic()
    while to_move is not None and seats[to_move].played_by_house and len(plan) < limit:
        if plan and time.monotonic() - started >= budget:
            break
        strategy = house_strategy(seats[to_move])
        if not search and strategies.is_search(strategy):
            break
        turn = match.turn + len(plan)
        move = _policy_move(match.game, match.seed, turn, to_move, state, strategy)
        state = rules.apply(state, move)
        plan.append((to_move, strategy, move))
        to_move = rules.to_move(state)
    return plan


def abandoned(match: Match, seats: list[Seat]) -> bool:
    """Tell whether a practice or challenge match has no entrant left: every bot and person
    resigned, forfeited or left. Nobody would learn from its end, so it stops at once."""
    if match.kind not in (Match.Kind.PRACTICE, Match.Kind.CHALLENGE):
        return False
    return not any(s.kind != Seat.Kind.HOUSE and not s.forfeited for s in seats)


def match_resign(*, match_id: int, seat: int) -> Match:
    """Forfeit ``seat``: the house plays on, or a two-sided match ends at once."""
    with transaction.atomic():
        match, seats = _locked(match_id)
        if not match.is_running:
            raise TurnNotOpen(f"the match is {match.status}")
        if seats[seat].forfeited:
            raise TurnNotOpen("this seat has already forfeited")
        seats[seat].forfeited = True
        seats[seat].save(update_fields=["forfeited"])
        groups = sides(match.game, len(seats))
        standing = [
            side for side, members in groups.items() if not any(seats[n].forfeited for n in members)
        ]
        now = timezone.now()
        if len(standing) <= 1 and len(groups) == 2:
            # Two sides: the resignation decides the match at once (a practice match against
            # the house is unrated either way: one owner).
            _finish_by_resignation(match, seats, now)
        elif abandoned(match, seats):
            _abort(match, seats, "no entrant remains", now)  # the house would play on
            return match
        elif match.to_move == seat:
            match.deadline = None
        match.save()
        if not match.is_running:
            match_recorded.send(sender=Match, match=match)
        dispatch_on_commit(change_of(match, seats, "resigned", resigned=seat))
    return match


def _finish_by_resignation(match: Match, seats: list[Seat], now: datetime) -> None:
    rules = engine.get(match.game)
    state = rules.load(match.snapshot)
    forfeited_sides = {side_of(match.game, s.number) for s in seats if s.forfeited}
    keys = [(side_of(match.game, s.number) in forfeited_sides,) for s in seats]
    match.result = {
        "places": sport_places(keys),
        "scores": list(rules.scores(state)),
        "forfeited": [s.number for s in seats if s.forfeited],
        "reason": "resignation",
    }
    match.record = {"unfinished": True, "state": rules.dump(state)}
    match.status = Match.Status.FINISHED
    match.finished_at = now
    match.to_move = None
    match.deadline = None


def matches_unseal(*, match_ids: list[int]) -> int:
    """Unseal matches (their round's shared deals are all over); return how many changed."""
    return Match.objects.filter(pk__in=match_ids, sealed=True).update(sealed=False)


def match_abort(*, match_id: int, reason: str) -> Match:
    """Stop a running match without a result (its tournament was cancelled, say)."""
    with transaction.atomic():
        match, seats = _locked(match_id)
        if match.is_running:
            _abort(match, seats, reason, timezone.now())
    return match


def _abort(match: Match, seats: list[Seat], reason: str, now: datetime) -> None:
    """End a running match without a result (unrated), inside the caller's transaction."""
    match.status = Match.Status.ABORTED
    match.result = {"aborted": reason}
    match.finished_at = now
    match.to_move = None
    match.deadline = None
    match.save()
    dispatch_on_commit(change_of(match, seats, "aborted"))


def seat_replace_by_house(*, match_id: int, seat: int, strategy: str = "house:greedy") -> Match:
    """Hand a seat to a house strategy for the rest of the match, without a forfeit."""
    if strategy not in strategies.names():
        raise BadOptions(f"unknown house strategy {strategy!r}")
    with transaction.atomic():
        match, seats = _locked(match_id)
        if not match.is_running:
            raise TurnNotOpen(f"the match is {match.status}")
        if not 0 <= seat < len(seats):
            raise NotFound(f"match {match_id} has no seat {seat}")
        seats[seat].kind = Seat.Kind.HOUSE
        seats[seat].strategy = strategy
        seats[seat].save(update_fields=["kind", "strategy"])
        if abandoned(match, seats):
            _abort(match, seats, "no entrant remains", timezone.now())
            return match
        if match.to_move == seat:
            match.deadline = None
        match.save()
        dispatch_on_commit(change_of(match, seats, "replaced", resigned=seat))
    return match
