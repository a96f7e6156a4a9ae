"""What tells the variants apart (``Rules``) and a match's options (``Options``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engine.options import options_check


class Rules(NamedTuple):
    """One Buraco variant: everything else is the shared rummy core."""

    name: str
    players: int
    jokers: int
    pile_shown: bool  # the whole discard pile is public (else only its top card and size)
    close_needs: str  # default of the option: "any" canasta or a "limpia" one
    muerto_per: str  # "side" (partners share one) or "player" (one each: 2-player game)


CERRADO_RULES = Rules("buraco-cerrado", 4, 4, False, "any", "side")
MANO_A_MANO_RULES = Rules("buraco-mano-a-mano", 2, 0, True, "limpia", "player")


class Options(NamedTuple):
    """A match's options, validated."""

    target: int = 3000
    deals: int | None = None
    joker_points: int = 50
    pile_wilds: bool = True
    close_needs: str = "any"
    max_deals: int = 50

    def to_json(self) -> dict[str, Any]:
        """Return the options as a JSON-ready dict."""
        return dict(self._asdict())


def make_options(rules: Rules, options: dict[str, Any]) -> Options:
    """Return validated options; raise ValueError for an unknown option or a value out of bounds."""
    return Options(**options_check(rules.name, options))
