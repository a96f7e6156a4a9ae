"""The engine contract shared by every game: errors, results and the Game protocol."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

JSON = Any
"""A JSON-ready value: dicts, lists, strings, numbers, booleans and None."""


class EngineError(Exception):
    """Base class of the engine's errors."""


class InvalidMove(EngineError):
    """A move that is malformed: wrong shape, unknown card text, missing field."""


class IllegalMove(EngineError):
    """A well-formed move that the rules do not allow now; the message says why."""


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game: a place per seat (1 = best, shared places allowed)."""

    places: tuple[int, ...]
    scores: tuple[int, ...]
    detail: dict[str, JSON] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, JSON]:
        """Return the result as a JSON-ready dict."""
        return {"places": list(self.places), "scores": list(self.scores), **self.detail}


class Game(Protocol):
    """What every game in the registry offers (see DESIGN.md, "The engine contract")."""

    name: str
    min_players: int
    max_players: int

    def new(self, seed: int, **options: Any) -> Any: ...
    def to_move(self, state: Any) -> int | None: ...
    def legal_moves(self, state: Any) -> list[Any]: ...
    def apply(self, state: Any, move: Any) -> Any: ...
    def view(self, state: Any, seat: int | None) -> dict[str, JSON]: ...
    def result(self, state: Any) -> Result | None: ...
    def scores(self, state: Any) -> tuple[int, ...]: ...
    def record(self, state: Any) -> dict[str, JSON]: ...
    def dump(self, state: Any) -> dict[str, JSON]: ...
    def load(self, data: dict[str, JSON]) -> Any: ...
    def parse_move(self, obj: JSON) -> Any: ...
    def move_json(self, move: Any) -> JSON: ...
    def public_move(self, move: Any) -> JSON: ...
    def render(self, view: dict[str, JSON]) -> str: ...
    def seats(self, state: Any) -> int: ...
    def deals(self, state: Any) -> int: ...
