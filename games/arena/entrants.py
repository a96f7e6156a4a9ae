"""Entrants of the arena: house strategies (``house:greedy``) and local bot files.

A bot file is any Python file with a class that has ``choose(view, legal_moves)``: a subclass
of ``bots.client.Bot`` (as in examples/) or a plain class. ``path.py:ClassName`` picks one class
when the file defines several. A fresh instance plays each match, so bots keep no memory from
one match to the next, and seat rotations of the same deal stay fair.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import inspect
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from games import engine
from games.arena.errors import ArenaError
from games.engine import strategies

Move = dict[str, Any]
Chooser = Callable[[dict[str, Any], list[Move]], Any]

HOUSE = "house:"


@dataclass(frozen=True)
class Entrant:
    """One entrant as given on the command line: ``house:NAME`` or ``path.py[:Class]``."""

    spec: str

    @property
    def is_house(self) -> bool:
        return self.spec.startswith(HOUSE)

    @property
    def path(self) -> Path:
        return Path(_split(self.spec)[0])


def _split(spec: str) -> tuple[str, str | None]:
    """Split ``path.py:Class`` (the class part is optional)."""
    head, sep, tail = spec.rpartition(":")
    if sep and head.endswith(".py") and tail.isidentifier():
        return head, tail
    return spec, None


_MODULES: dict[str, ModuleType] = {}


def load_module(path: Path) -> ModuleType:
    """Import a bot file (once per process); raise ArenaError with the reason if it fails."""
    key = str(path.resolve())
    if key in _MODULES:
        return _MODULES[key]
    if not path.is_file():
        raise ArenaError(f"{path}: no such file")
    if path.suffix != ".py":
        raise ArenaError(f"{path}: not a Python file (.py)")
    name = "arena_bot_" + hashlib.sha1(key.encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ArenaError(f"{path}: cannot be imported")
    module = importlib.util.module_from_spec(spec)
    # Its own folder first, so a bot can import its helpers (or a copied client.py).
    folder = str(path.resolve().parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SystemExit as exc:
        raise ArenaError(
            f"{path}: exits when imported (code {exc.code}); guard the run with "
            "if __name__ == '__main__':"
        ) from None
    except BaseException as exc:
        del sys.modules[name]
        raise ArenaError(f"{path}: fails to import: {type(exc).__name__}: {exc}") from None
    _MODULES[key] = module
    return module


def bot_class(spec: str) -> type:
    """Return the bot class of ``path.py[:Class]``; raise ArenaError if there is none or several."""
    file, wanted = _split(spec)
    module = load_module(Path(file))
    own = [
        c
        for _, c in inspect.getmembers(module, inspect.isclass)
        if c.__module__ == module.__name__ and callable(getattr(c, "choose", None))
    ]
    if wanted is not None:
        found = [c for c in own if c.__name__ == wanted]
        if not found:
            raise ArenaError(f"{file}: no class {wanted} with a choose(view, legal_moves) method")
        return found[0]
    if not own:
        raise ArenaError(f"{file}: no class with a choose(view, legal_moves) method")
    # Several: the ones no other class of the file derives from; one of those is the bot.
    leaves = [c for c in own if not any(o is not c and issubclass(o, c) for o in own)]
    if len(leaves) > 1:
        names = ", ".join(sorted(c.__name__ for c in leaves))
        raise ArenaError(f"{file}: several bot classes ({names}); pick one with {file}:ClassName")
    return leaves[0]


def instantiate(cls: type, seed: int) -> Any:
    """Return a new instance of a bot class, seeded when its constructor takes ``seed``."""
    try:
        parameters = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        parameters = {}  # type: ignore[assignment]
    if "seed" in parameters or any(p.kind is p.VAR_KEYWORD for p in parameters.values()):
        return cls(seed=seed)
    return cls()


def close(bot: Any) -> None:
    """Close a bot instance if it offers ``close`` (the client's holds an HTTP pool)."""
    closer = getattr(bot, "close", None)
    if callable(closer):
        with contextlib.suppress(Exception):  # closing is best effort
            closer()


def check(entrant: Entrant, game: str) -> None:
    """Raise ArenaError unless ``entrant`` can play ``game`` (the file loads, the class builds)."""
    if entrant.is_house:
        if entrant.spec not in strategies.names():
            known = ", ".join(strategies.names())
            raise ArenaError(f"unknown house strategy {entrant.spec!r}; known: {known}")
        try:
            strategies.get(entrant.spec, game)
        except KeyError as exc:
            raise ArenaError(str(exc.args[0])) from None
        return
    cls = bot_class(entrant.spec)
    try:
        bot = instantiate(cls, 0)
    except Exception as exc:
        raise ArenaError(
            f"{entrant.spec}: {cls.__name__}() fails: {type(exc).__name__}: {exc}"
        ) from None
    close(bot)


def house_chooser(name: str, game: str, seed: int) -> tuple[Chooser, Callable[[], None]]:
    """Return a house strategy as a chooser, with its own seeded random generator."""
    policy = strategies.get(name, game)
    rng = random.Random(seed)

    def choose(view: dict[str, Any], legal_moves: list[Move]) -> Any:
        return policy(view, legal_moves, rng)

    return choose, lambda: None


class NotedChooser:
    """A ``bots.client`` bot's choice with its note: the client's ``chosen`` returns the move
    and what ``note()`` and the bot's logging said, kept here as ``note`` for the saved match."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.note: dict[str, Any] | None = None

    def __call__(self, view: dict[str, Any], legal_moves: list[Move]) -> Any:
        self.note = None
        move, self.note = self.bot.chosen(view, legal_moves)
        return move


def chooser(
    entrant: Entrant, game: str, seed: int, notes: bool = False
) -> tuple[Chooser, Callable[[], None]]:
    """Return a fresh player for one match: its ``choose`` and what to call once it is over.
    With ``notes``, a bot that has the client's ``chosen`` keeps each move's note."""
    if entrant.is_house:
        return house_chooser(entrant.spec, game, seed)
    bot = instantiate(bot_class(entrant.spec), seed)
    if notes and callable(getattr(bot, "chosen", None)):
        return NotedChooser(bot), lambda: close(bot)
    return bot.choose, lambda: close(bot)


def infer_game(entrants: list[Entrant]) -> str:
    """Return the game the bot files name (a ``GAME`` attribute, else their text), or raise."""
    found: set[str] = set()
    for entrant in entrants:
        if entrant.is_house:
            continue
        module = load_module(entrant.path)
        named = getattr(module, "GAME", None)
        if isinstance(named, str) and named in engine.names():
            found.add(named)
            continue
        found |= games_named_in(entrant.path.read_text(encoding="utf-8", errors="replace"))
    if len(found) == 1:
        return found.pop()
    if not found:
        raise ArenaError("cannot tell the game from the bot files: give --game")
    raise ArenaError(f"the bot files name several games ({', '.join(sorted(found))}): give --game")


def games_named_in(text: str) -> set[str]:
    """Return the games a bot file's text names: ``buraco-cerrado``, ``Buraco Cerrado``, ..."""
    low = text.lower()
    names = set()
    for name in engine.names():
        spellings = {name, name.replace("-", "_"), name.replace("-", " ")}
        if any(s in low for s in spellings):
            names.add(name)
    # "busca" alone is a prefix of nothing else; "buraco" alone names no single game.
    return names
