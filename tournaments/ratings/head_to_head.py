"""Head to head: how a bot did against each other bot it met in rated matches, per game.

Only rated matches count (the history rows of the ratings): house seats, people, unrated lobby
tables and a bot playing itself are left out, as the ratings leave them out. A sealed duplicate
table counts once its round has ended and it is unsealed, never before, even where an older
rating row exists for it.

Two bots *met* when they sat on different sides of one rated match: a Cerrado partner is not an
opponent. The bot *won* against the opponent when its place (its side's place: the pair's, in
Cerrado) was better than the opponent's, *lost* when worse, and *tied* when they shared a place.
The mean place is the bot's own place in those matches, 1 being best, with a 95% confidence
interval (module tournaments.ratings.uncertainty) once there are two matches or more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import engine
from games.models import Match, Seat
from games.sides import side_of, sides
from tournaments.ratings.models import Pool, RatingChange
from tournaments.ratings.uncertainty import mean_interval


@dataclass(frozen=True)
class Meeting:
    """One bot's record against one opponent bot in one game."""

    game: str
    opponent: str
    games: int
    wins: int
    losses: int
    ties: int
    mean_place: float
    place_low: float | None  # None with fewer than 2 games: no spread to measure
    place_high: float | None

    def to_json(self) -> dict[str, Any]:
        """Return the meeting as public JSON, places to two decimals."""
        return {
            "game": self.game,
            "opponent": self.opponent,
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "ties": self.ties,
            "mean_place": round(self.mean_place, 2),
            "place_low": None if self.place_low is None else round(self.place_low, 2),
            "place_high": None if self.place_high is None else round(self.place_high, 2),
        }


def last_place(game: str) -> int:
    """Return the worst place a side can finish in ``game``: its number of sides."""
    return len(sides(game, engine.get(game).max_players))


def head_to_head(*, bot_id: int, game: str | None = None) -> list[Meeting]:
    """Return the bot's record against every bot it met, by game, most games first.

    ``game`` keeps one game (it must be a registered game name); None keeps all.
    """
    mine = RatingChange.objects.filter(
        rating__pool=Pool.BOTS, rating__bot_id=bot_id, match__sealed=False
    )
    if game is not None:
        mine = mine.filter(rating__game=game)
    own = {m: (g, place) for m, g, place in mine.values_list("match_id", "rating__game", "place")}
    if not own:
        return []
    matches = mine.values("match_id")
    seat_of = {
        (match_id, bot): number
        for match_id, bot, number in Seat.objects.filter(
            match_id__in=matches, kind=Seat.Kind.BOT
        ).values_list("match_id", "bot_id", "number")
    }
    theirs = (
        RatingChange.objects.filter(match_id__in=matches, rating__pool=Pool.BOTS)
        .exclude(rating__bot_id=bot_id)
        .values_list("match_id", "rating__bot_id", "rating__bot__name")
    )
    # The places of the table itself: a ladder set's rating rows hold each bot's place among
    # those who held its hand at other tables (docs/ratings.md), not against its table.
    table_places = {
        match_id: (result or {}).get("places") or []
        for match_id, result in Match.objects.filter(pk__in=matches).values_list("pk", "result")
    }
    records: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for match_id, other, name in theirs:
        match_game, _ = own[match_id]
        my_seat, their_seat = seat_of.get((match_id, bot_id)), seat_of.get((match_id, other))
        if my_seat is None or their_seat is None:
            continue  # a history row without its seat: nothing to say who sat where
        if side_of(match_game, my_seat) == side_of(match_game, their_seat):
            continue  # a partner, not an opponent
        places = table_places.get(match_id, [])
        if max(my_seat, their_seat) >= len(places):
            continue
        records.setdefault((match_game, name), []).append((places[my_seat], places[their_seat]))
    order = {name: i for i, name in enumerate(engine.names())}
    meetings = [_meeting(g, name, results) for (g, name), results in records.items()]
    meetings.sort(key=lambda m: (order.get(m.game, len(order)), -m.games, m.opponent))
    return meetings


def _meeting(game: str, opponent: str, results: list[tuple[int, int]]) -> Meeting:
    places = [float(mine) for mine, _ in results]
    mean, low, high = mean_interval(places, lowest=1, highest=last_place(game))
    return Meeting(
        game=game,
        opponent=opponent,
        games=len(results),
        wins=sum(mine < theirs for mine, theirs in results),
        losses=sum(mine > theirs for mine, theirs in results),
        ties=sum(mine == theirs for mine, theirs in results),
        mean_place=mean,
        place_low=low,
        place_high=high,
    )
