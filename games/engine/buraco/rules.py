"""What tells the variants apart (``Rules``) and a match's options (``Options``)."""

from __future__ import annotations

from typing import Any, NamedTuple


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


def _positive_int(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"option {name} must be a positive integer, not {value!r}")
    return value


def make_options(rules: Rules, options: dict[str, Any]) -> Options:
    """Return validated options; raise ValueError for an unknown option or a bad value."""
    known = set(Options._fields)
    unknown = sorted(set(options) - known)
    if unknown:
        raise ValueError(
            f"unknown option(s) {', '.join(unknown)} for {rules.name}; "
            f"known: {', '.join(Options._fields)}"
        )
    target = _positive_int("target", options.get("target", 3000))
    deals = options.get("deals")
    if deals is not None:
        deals = _positive_int("deals", deals)
    joker_points = options.get("joker_points", 50)
    if joker_points not in (50, 20) or isinstance(joker_points, bool):
        raise ValueError(f"option joker_points must be 50 or 20, not {joker_points!r}")
    pile_wilds = options.get("pile_wilds", True)
    if not isinstance(pile_wilds, bool):
        raise ValueError(f"option pile_wilds must be true or false, not {pile_wilds!r}")
    close_needs = options.get("close_needs", rules.close_needs)
    if close_needs not in ("any", "limpia"):
        raise ValueError(f"option close_needs must be 'any' or 'limpia', not {close_needs!r}")
    max_deals = _positive_int("max_deals", options.get("max_deals", 50))
    return Options(target, deals, joker_points, pile_wilds, close_needs, max_deals)
