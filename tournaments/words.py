"""People's words for what tournaments and leagues store as codes: formats, statuses, options.

The pages show these instead of slugs, step names or raw option JSON (docs/web.md).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.house_names import house_label_parsed, house_name, house_words

GAMES: dict[str, Promise] = {
    "busca": _("Busca"),
    "buraco-cerrado": _("Buraco Cerrado"),
    "buraco-mano-a-mano": _("Buraco Mano a Mano"),
}

FORMATS: dict[str, Promise] = {
    "table_knockout": _("table knockout"),
    "single_elimination": _("single elimination"),
    "double_elimination": _("double elimination"),
    "swiss": _("Swiss"),
    "round_robin": _("round robin"),
}

STATUSES: dict[str, Promise] = {
    # tournaments
    "draft": _("draft"),
    "registration": _("open for entries"),
    "running": _("playing"),
    "finished": _("finished"),
    "cancelled": _("cancelled"),
    # entries
    "active": _("entered"),
    "withdrawn": _("withdrawn"),
    "forfeited": _("forfeited"),
    "dropped": _("dropped"),
    "invited": _("invited"),
    "declined": _("declined"),
    # matches
    "aborted": _("stopped"),
    # league seasons, rounds and fixtures
    "scheduled": _("scheduled"),
    "open": _("open"),
    "playing": _("playing"),
    "played": _("played"),
    "bye": _("bye"),
}

OPEN_TO: dict[str, Promise] = {
    "bots": _("bots"),
    "people": _("people"),
    "both": _("bots and people"),
}

# An event's audience as a label people read before they enter (tournaments/audience.py), and
# the sentence the entry form says it with.
AUDIENCES: dict[str, Promise] = {
    "bots": _("for bots"),
    "people": _("for people"),
    "both": _("bots and people"),
}
AUDIENCE_NOTES: dict[str, Promise] = {
    "bots": _("Only bots play here, no people."),
    "people": _("Only people play here, no bots."),
    "both": _(
        "You may meet bots at your table. A bot plays here only if its owner allows it to play "
        "in events with people."
    ),
}

# Events the site names itself, stored in English: the demo command's (web/management/commands/
# demo.py). They read in the reader's language; a name an organiser wrote stays as written.
DEMO_TOURNAMENT_NAME = "Demo: house bots' Busca knockout"
SITE_EVENT_NAMES: dict[str, Promise] = {
    DEMO_TOURNAMENT_NAME: _("Demo: house bots' Busca knockout"),
}

BRACKETS: dict[str, Promise] = {
    "winners": _("winners' bracket"),
    "losers": _("losers' bracket"),
    "final": _("final"),
    "reset": _("grand final, second match"),
    "third": _("match for third place"),
    "playoff": _("play-off for a podium place"),
}


def game_words(game: str) -> str:
    return str(GAMES.get(game, game))


def format_words(name: str) -> str:
    return str(FORMATS.get(name, name.replace("_", " ")))


def status_words(status: str) -> str:
    return str(STATUSES.get(status, status))


def open_to_words(value: str) -> str:
    return str(OPEN_TO.get(value, value))


def audience_words(value: str) -> str:
    return str(AUDIENCES.get(value, value))


def audience_note(value: str) -> str:
    return str(AUDIENCE_NOTES.get(value, ""))


def bracket_words(bracket: str) -> str:
    """Return where a pairing sits in a bracket ("" for an ordinary round)."""
    return str(BRACKETS.get(bracket, ""))


def event_name_words(name: str) -> str:
    """Return a tournament's name to show: a name the site gave, in the reader's language."""
    return str(SITE_EVENT_NAMES.get(name, name))


def strategy_words(strategy: str) -> str:
    return house_words(strategy)


_REPLACED = re.compile(r" \(house: (house:[a-z_-]+)\)$")


def name_words(label: str) -> str:
    """Turn an entry's or a member's label into words: "Greedy house bot B" reads so in the
    reader's language, "ana (house: house:random)" reads "ana (the random house bot plays for
    them)"."""
    replaced = _REPLACED.search(label)
    if replaced:
        base = label[: replaced.start()]
        return str(_("%(name)s (the %(bot)s plays for them)")) % {
            "name": name_words(base),
            "bot": strategy_words(replaced.group(1)),
        }
    house = house_label_parsed(label)
    if house:
        return house_name(*house)
    return label


def plain_name(label: str) -> str:
    """Return an entry's name in words without the house bot that replaces it."""
    return name_words(_REPLACED.sub("", label))


def options_words(game: str, options: dict[str, Any]) -> list[str]:
    """Return the rule options in sentences ("out at 15 points"), never as raw JSON."""
    out: list[str] = []
    for key, value in sorted(options.items()):
        if key == "eliminate_at":
            out.append(
                ngettext("out at %(n)s Busca", "out at %(n)s Buscas", int(value)) % {"n": value}
            )
        elif key == "target":
            out.append(str(_("played to %(n)s points")) % {"n": value})
        elif key == "deals" or key == "max_deals":
            out.append(ngettext("%(n)s deal", "%(n)s deals", int(value)) % {"n": value})
        elif key == "house_pace":
            if value:
                out.append(
                    str(_("house bots take about %(s)s s a move so people can watch"))
                    % {"s": number_format(value, use_l10n=True)}
                )
        elif key == "two_tied_double":
            if not value:
                out.append(str(_("two players tied for most points score 2 each, not double")))
        elif key == "joker_points":
            out.append(str(_("jokers count %(n)s points")) % {"n": value})
        elif key == "pile_wilds":
            if not value:
                out.append(str(_("wild cards from the hand may not justify a pile take")))
        elif key == "close_needs" and value == "limpia":
            out.append(str(_("closing needs a clean canasta (limpia)")))
    return [line for line in out if line]


TIEBREAKS: dict[str, Promise] = {
    "buchholz": _("Buchholz (opponents' points)"),
    "median_buchholz": _("median Buchholz"),
    "wins": _("wins"),
    "head_to_head": _("head to head"),
    "points_difference": _("points difference"),
}


def tiebreak_words(name: str) -> str:
    return str(TIEBREAKS.get(name, name.replace("_", " ")))


# Why an entry left, as the services store it (English, for the API), and in people's words.
REASONS: dict[str, Promise] = {
    "the partner did not accept the invitation before the start": _(
        "the partner did not accept the invitation before the start"
    ),
    "the partner declined the invitation": _("the partner declined the invitation"),
}


def reason_words(reason: str) -> str:
    return str(REASONS.get(reason, reason))


_DIVISION = re.compile(r"^Division (\d+)$")


def division_words(name: str) -> str:
    """Translate a league's default division names ("Division 1"); organisers' own names stay."""
    default = _DIVISION.match(name)
    if default:
        return str(_("Division %(n)s")) % {"n": default.group(1)}
    return name


def text_width(text: str) -> int:
    """Return how many narrow columns ``text`` takes: wide (CJK) characters count two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _cut(words: str, limit: int, tail: str) -> str:
    """Cut ``words`` to ``limit`` columns with "…" in the middle, keeping ``tail`` whole and as
    much of the end as of the start (the end is where names differ: "bot_2", a letter)."""
    if text_width(words) <= limit:
        return words
    body = words[: len(words) - len(tail)] if tail else words
    room = max(limit - text_width(tail) - 1, 2)
    end_room = 0 if tail else room // 3
    head, end = "", ""
    for ch in body:
        if text_width(head + ch) > room - end_room:
            break
        head += ch
    for ch in reversed(body):
        if text_width(ch + end) > end_room:
            break
        end = ch + end
    return head.rstrip() + "…" + end.lstrip() + tail


def short_name(label: str, limit: int = 22) -> str:
    """Return ``name_words(label)`` cut to ``limit`` columns, keeping a house bot's letter:
    two house bots of one style never read the same ("Fast search house… B")."""
    house = house_label_parsed(label)
    tag = f" {house[1]}" if house and house[1] else ""
    return _cut(name_words(label), limit, tag)


def short_names(labels: list[str], limit: int = 22) -> dict[str, str]:
    """Return each label's short name, never one text for two different labels: names that
    would be cut alike are cut longer, up to the whole name (which differs)."""
    out = {label: short_name(label, limit) for label in labels}
    for _attempt in range(200):
        seen: dict[str, list[str]] = {}
        for label, short in out.items():
            seen.setdefault(short, []).append(label)
        clashes = [group for group in seen.values() if len(group) > 1]
        if not clashes:
            break
        for group in clashes:
            for label in group:
                out[label] = short_name(label, text_width(out[label]) + 2)
    return out
