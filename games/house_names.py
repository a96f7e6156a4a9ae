"""One name for each house bot, everywhere: the table, the Play form, live lists, standings,
brackets and the API's words ("Greedy house bot"; several of one style at a table or in an
event are told apart by a letter: "Greedy house bot B")."""

from __future__ import annotations

from django.utils import translation
from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

HOUSE_NAMES: dict[str, Promise] = {
    "house:greedy": _("greedy house bot"),
    "house:random": _("random house bot"),
    "house:ismcts": _("search house bot"),
    "house:ismcts-fast": _("fast search house bot"),
}
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def house_words(strategy: str) -> str:
    """Return a house strategy in words, in a sentence ("greedy house bot")."""
    return str(HOUSE_NAMES.get(strategy, strategy.split(":", 1)[-1]))


def house_name(strategy: str, tag: str = "") -> str:
    """Return a house bot's name ("Greedy house bot", "Greedy house bot B" with ``tag``)."""
    name = str(capfirst(house_words(strategy)))
    return f"{name} {tag}" if tag else name


def letter(index: int) -> str:
    """Return the letter of the ``index``-th (from 0) house bot of one style in one place."""
    return LETTERS[index] if index < len(LETTERS) else str(index + 1)


def house_label(strategy: str, tag: str = "") -> str:
    """Return a house entrant's name as the API gives it, in English ("Greedy house bot B");
    pages turn it into the reader's language (``house_label_parsed``, then ``house_name``)."""
    with translation.override("en"):
        return house_name(strategy, tag)


def house_label_parsed(label: str) -> tuple[str, str] | None:
    """Return ``(strategy, tag)`` of a house label ("Greedy house bot B"), None for any other."""
    with translation.override("en"):
        for strategy in HOUSE_NAMES:
            name = house_name(strategy)
            if label == name:
                return strategy, ""
            if label.startswith(name + " ") and label[len(name) + 1 :].isalnum():
                return strategy, label[len(name) + 1 :]
    return None
