"""Practice matches: a bot or a person against house bots and bots that accept challenges."""

from __future__ import annotations

from typing import Any

from bots.models import Bot
from games import engine
from games.engine import strategies
from games.models import Match, Seat
from games.services.callers import Caller
from games.services.errors import BadOptions
from games.services.matches import SeatSpec, match_create


def seats_needed(game: str, options: dict[str, Any]) -> int:
    """Return how many seats ``game`` with ``options`` has."""
    try:
        rules = engine.get(game)
    except KeyError as exc:
        raise BadOptions(str(exc.args[0]), code="unknown_game") from None
    try:
        return rules.seats(rules.new(0, **options))
    except (TypeError, ValueError) as exc:
        raise BadOptions(f"bad options for {game}: {exc}") from None


def _seat_spec(entry: Any, caller: Caller, game: str) -> SeatSpec:
    if entry == "me":
        if caller.bot_id is not None:
            return SeatSpec(kind=Seat.Kind.BOT, bot_id=caller.bot_id)
        return SeatSpec(kind=Seat.Kind.USER, user_id=caller.user_id)
    if isinstance(entry, str) and entry in strategies.names():
        return SeatSpec(kind=Seat.Kind.HOUSE, strategy=entry)
    if isinstance(entry, dict) and set(entry) == {"bot"} and isinstance(entry["bot"], str):
        bot = Bot.objects.filter(name=entry["bot"], is_active=True).first()
        if bot is None:
            raise BadOptions(f"no bot named {entry['bot']!r}", code="unknown_bot")
        if bot.pk != caller.bot_id and not bot.accepts_challenges:
            raise BadOptions(f"{bot.name} does not accept challenges", code="not_accepted")
        if not bot.plays(game):
            raise BadOptions(f"{bot.name} does not play {game}", code="not_accepted")
        return SeatSpec(kind=Seat.Kind.BOT, bot_id=bot.pk)
    raise BadOptions(
        f"a seat is 'me', one of {strategies.names()}, or {{\"bot\": name}}; not {entry!r}",
        code="bad_seat",
    )


def practice_match_create(
    *,
    caller: Caller,
    game: str,
    options: dict[str, Any] | None = None,
    seats: list[Any] | None = None,
    move_timeout: float | None = None,
) -> Match:
    """Start a practice match; seats default to the caller then greedy house bots."""
    options = dict(options or {})
    needed = seats_needed(game, options)
    entries = list(seats) if seats else ["me"] + ["house:greedy"] * (needed - 1)
    if "me" not in entries:
        raise BadOptions("the caller must take a seat: put 'me' among the seats", code="bad_seat")
    specs = [_seat_spec(entry, caller, game) for entry in entries]
    return match_create(
        game=game,
        seats=specs,
        options=options,
        move_timeout=move_timeout,
        created_by_id=caller.user_id,
    )
