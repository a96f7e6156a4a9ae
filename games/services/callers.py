"""Who acts on a match: a bot (by its token) or a signed-in person."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.models import Seat


@dataclass(frozen=True)
class Caller:
    """A bot (``bot_id`` set) or a person (``user_id`` only)."""

    user_id: int
    bot_id: int | None = None

    def plays(self, seat: Seat) -> bool:
        """Tell whether this caller is the entrant of ``seat``."""
        if self.bot_id is not None:
            return seat.kind == Seat.Kind.BOT and seat.bot_id == self.bot_id
        return seat.kind == Seat.Kind.USER and seat.user_id == self.user_id

    def seats_in(self, seats: Iterable[Seat]) -> list[int]:
        """Return the numbers of the seats this caller plays."""
        return [seat.number for seat in seats if self.plays(seat)]
