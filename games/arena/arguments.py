"""What the arena's two commands (cli.py: play; replay_cli.py: replay) share: argument types
and bounds."""

from __future__ import annotations

import argparse
from collections.abc import Callable

MAX_SEED = 2**63 - 1


def bounded(low: int, high: int) -> Callable[[str], int]:
    """Return an argparse type: an integer from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not between {low} and {high}")
        return value

    return parse


def seconds_between(low: float, high: float) -> Callable[[str], float]:
    """Return an argparse type: a number of seconds from ``low`` to ``high``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value:g} is not between {low:g} and {high:g}")
        return value

    return parse
