"""The bounds of every game option, in one table (docs/rules.md, "Option bounds").

Every option is bounded so that no match can run for ever: ``Bound.check`` is the one judge of
an option's value, and the games' ``new`` calls ``options_check`` before anything else.
Types are strict: ``true`` is not a number and ``31.0`` is not an integer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Bound:
    """What one option of one game accepts, and its default."""

    name: str
    default: Any
    kind: type  # int, bool or str
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()
    nullable: bool = False

    def allowed(self) -> str:
        """Return the accepted values in words (the "allowed" column of the docs' table)."""
        if self.kind is bool:
            text = "true or false"
        elif self.choices:
            text = " or ".join(
                f'"{c}"' if isinstance(c, str) else str(c) for c in sorted(self.choices)
            )
        else:
            text = f"integer {self.low} to {self.high}"
        return f"null or {text}" if self.nullable else text

    def check(self, value: Any) -> Any:
        """Return ``value`` if this option accepts it; raise ValueError saying the bound."""
        if value is None and self.nullable:
            return None
        ok = type(value) is self.kind
        if ok and self.choices:
            ok = value in self.choices
        elif ok and self.kind is int:
            assert self.low is not None and self.high is not None
            ok = self.low <= value <= self.high
        if not ok:
            raise ValueError(f"option {self.name} must be {self.allowed()}, not {value!r}")
        return value


def _buraco(close_needs: str) -> tuple[Bound, ...]:
    return (
        Bound("target", 3000, int, 100, 10000),
        Bound("deals", None, int, 1, 20, nullable=True),
        Bound("joker_points", 50, int, choices=(20, 50)),
        Bound("pile_wilds", True, bool),
        Bound("close_needs", close_needs, str, choices=("any", "limpia")),
        Bound("max_deals", 50, int, 1, 50),
    )


OPTION_BOUNDS: dict[str, tuple[Bound, ...]] = {
    "busca": (
        Bound("players", 4, int, 2, 4),
        Bound("eliminate_at", 31, int, 1, 100),
        Bound("two_tied_double", True, bool),
        Bound("max_deals", 500, int, 1, 500),
    ),
    "buraco-cerrado": _buraco("any"),
    "buraco-mano-a-mano": _buraco("limpia"),
}


def option_bound(game: str, name: str) -> Bound:
    """Return the bound of option ``name`` of ``game``; KeyError if it has no such option."""
    for bound in OPTION_BOUNDS[game]:
        if bound.name == name:
            return bound
    raise KeyError(name)


def options_check(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Return every option of ``game`` (defaults filled in); raise ValueError naming a bad one."""
    bounds = OPTION_BOUNDS[game]
    known = [bound.name for bound in bounds]
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(
            f"unknown option(s) {', '.join(map(str, unknown))} for {game}; "
            f"known: {', '.join(known)}"
        )
    return {b.name: b.check(options[b.name]) if b.name in options else b.default for b in bounds}
