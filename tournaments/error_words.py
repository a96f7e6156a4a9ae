"""The refusals of tournament services, in people's words for the tournament pages.

The services raise ServiceError with an English ``detail`` for the API (machine-facing, it stays
English). The pages show the same refusal through messages: each known detail is matched here by
its error code and wording, and said again through gettext with the same values. A detail not in
this table reaches the page in English (rare errors: see ``english_detail``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.utils import formats, timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.errors import ServiceError
from tournaments.words import game_words, status_words


@dataclass(frozen=True)
class Refusal:
    """One service refusal: its code, the English detail's pattern, and the sentence shown."""

    code: str
    pattern: re.Pattern[str]
    sentence: Promise | Callable[[dict[str, str]], str]


def _r(code: str, pattern: str, sentence: Promise | Callable[[dict[str, str]], str]) -> Refusal:
    return Refusal(code, re.compile(f"^{pattern}$"), sentence)


def _when(iso: str) -> str:
    """Return an ISO date and time as the reader's language and time zone write it."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return formats.date_format(moment, "SHORT_DATETIME_FORMAT")


def _needs_two(values: dict[str, str]) -> str:
    count = int(values["n"])
    return ngettext(
        "A tournament needs 2 entries to start; it has %(n)s.",
        "A tournament needs 2 entries to start; it has %(n)s.",
        count,
    ) % {"n": count}


def _full(values: dict[str, str]) -> str:
    count = int(values["n"])
    return ngettext(
        "The tournament is full (%(n)s entry).", "The tournament is full (%(n)s entries).", count
    ) % {"n": count}


def _duplicate_field(values: dict[str, str]) -> str:
    count = int(values["n"])
    return ngettext(
        "Duplicate boards compare one deal at two tables or more, and this field of %(n)s "
        "entry never has two tables of one size: add entries or turn duplicate off.",
        "Duplicate boards compare one deal at two tables or more, and this field of %(n)s "
        "entries never has two tables of one size: add entries or turn duplicate off.",
        count,
    ) % {"n": count}


_NAME = r"'(?P<bot>.+)'"
REFUSALS: tuple[Refusal, ...] = (
    # the organiser's buttons
    _r(
        "wrong_state",
        r"registration opens from a draft, not from \w+",
        _("Registration opens only from a draft."),
    ),
    _r("wrong_state", r"the tournament is already paused", _("The tournament is already paused.")),
    _r(
        "wrong_state",
        r"the tournament is already running",
        _("The tournament is already going on."),
    ),
    _r("wrong_state", r"the tournament is running", _("The tournament has already started.")),
    _r(
        "wrong_state",
        r"the tournament is (?:already )?draft",
        _("The tournament is still a draft."),
    ),
    _r(
        "wrong_state",
        r"the tournament is (?:already )?registration",
        _("The tournament is open for entries and has not started."),
    ),
    _r("wrong_state", r"the tournament is (?:already )?finished", _("The tournament is finished.")),
    _r(
        "wrong_state",
        r"the tournament is (?:already )?cancelled",
        _("The tournament was cancelled."),
    ),
    _r("wrong_state", r"a tournament needs 2 entries to start, it has (?P<n>\d+)", _needs_two),
    _r(
        "forbidden",
        r"only the tournament's organiser or staff may do this",
        _("Only the tournament's organiser or staff may do this."),
    ),
    _r(
        "bad_format",
        r"duplicate boards compare one deal at two tables: capacity must be at "
        r"least (?P<n>\d+)",
        _(
            "Duplicate boards compare one deal at two tables: the tournament needs at least "
            "%(n)s places."
        ),
    ),
    _r(
        "bad_format",
        r"duplicate boards compare one deal at two tables or more, and this field "
        r"of (?P<n>\d+) entries never has two tables of one size: add entries or turn duplicate "
        r"off",
        _duplicate_field,
    ),
    _r(
        "one_entry_per_owner",
        r"a duplicate event takes one entry per owner: (?P<entry>.+) is "
        r"already entered by the same owner",
        _(
            "A duplicate event takes one entry per owner: %(entry)s is already entered by the same "
            "owner."
        ),
    ),
    _r(
        "one_entry_per_owner",
        r"a duplicate event takes one entry per owner: (?P<entry>.+) and "
        r"(?P<other>.+) have the same owner",
        _(
            "A duplicate event takes one entry per owner: %(entry)s and %(other)s have the same "
            "owner."
        ),
    ),
    # creating (the form checks these first; a crafted request can still meet them)
    _r(
        "invalid",
        r"capacity must be between 2 and (?P<most>\d+)",
        _("A tournament takes between 2 and %(most)s entries."),
    ),
    _r(
        "invalid",
        r"move_timeout must be between 0.5 and 86400 seconds",
        _("The time per move must be between 0.5 and 86400 seconds."),
    ),
    _r(
        "invalid",
        r"swiss_rounds must be between 1 and 64",
        _("The number of rounds must be between 1 and 64."),
    ),
    _r(
        "invalid",
        r"advance must be 1, 2 or 3 for a table knockout",
        _("In a table knockout, 1, 2 or 3 players of each table go through."),
    ),
    _r("invalid", r"a check-in needs a start time", _("A check-in needs a start time.")),
    _r(
        "bad_options",
        r"house_pace must be between 0 and (?P<most>[\d.]+) seconds",
        _("The house bots' pace must be between 0 and %(most)s seconds a move."),
    ),
    # entering
    _r(
        "wrong_state",
        r"registration is not open \(the tournament is \w+\)",
        _("Registration is not open."),
    ),
    _r("closed_to_bots", r".*", _("This tournament is open to people only.")),
    _r("closed_to_people", r".*", _("This tournament is open to bots only.")),
    _r(
        "consent_required",
        rf"bot {_NAME} does not enter events with people: .*",
        _(
            "The bot %(bot)s does not play in events with people: its owner has not allowed it "
            "(“Plays in events with people” on the bot's page)."
        ),
    ),
    _r("bad_entry", r"(?P<game>[a-z-]+) is played by pairs", _("%(game)s is played by pairs.")),
    _r(
        "bad_entry",
        r"(?P<game>[a-z-]+) is played by single entrants",
        _("%(game)s is played by single entrants, not by pairs."),
    ),
    _r("full", r"the tournament is full \((?P<n>\d+) entries\)", _full),
    _r(
        "forbidden",
        r"only the organiser adds house entries",
        _("Only the organiser adds house entries."),
    ),
    _r("not_found", rf"no bot {_NAME}", _("There is no bot called %(bot)s.")),
    _r("forbidden", rf"bot {_NAME} is not yours", _("The bot %(bot)s is not yours.")),
    _r("inactive_bot", rf"bot {_NAME} is retired", _("The bot %(bot)s is retired.")),
    _r(
        "bad_game",
        rf"bot {_NAME} does not play (?P<game>[a-z-]+)",
        _("The bot %(bot)s does not play %(game)s."),
    ),
    _r("invalid", r"name the bot to register", _("Choose the bot to enter.")),
    _r(
        "invalid",
        r"a bot pair needs two bots: bot and partner",
        _("A pair of bots needs two bots: a bot and its partner."),
    ),
    _r("invalid", r"a pair is two different bots", _("A pair is two different bots.")),
    _r(
        "invalid",
        r"name your partner's user name \(someone else\)",
        _("Give your partner's user name (someone other than you)."),
    ),
    _r(
        "already_entered",
        r"you have already invited this partner",
        _("You have already invited this partner."),
    ),
    _r("already_entered", r"(?P<who>.+) is already entered", _("%(who)s is already entered.")),
    # invitations, check-in, withdrawing, replacing
    _r(
        "forbidden",
        r"only the invited partner accepts or declines an invitation",
        _("Only the invited partner accepts or declines an invitation."),
    ),
    _r(
        "wrong_state",
        r"the invitation is no longer open \(the entry is \w+\)",
        _("The invitation is no longer open."),
    ),
    _r("forbidden", r"only the entrant checks in", _("Only the entrant checks in.")),
    _r("wrong_state", r"this tournament has no check-in", _("This tournament has no check-in.")),
    _r("wrong_state", r"check-in is closed", _("Check-in is closed.")),
    _r("wrong_state", r"check-in opens at (?P<when>\S+)", _("Check-in opens at %(when)s")),
    _r(
        "forbidden",
        r"only the entrant or the organiser withdraws",
        _("Only the entrant or the organiser withdraws an entry."),
    ),
    _r("wrong_state", r"the entry is (?P<status>\w+)", _("The entry is %(status)s.")),
    _r(
        "wrong_state",
        r"a house entry needs no replacement",
        _("A house entry needs no replacement."),
    ),
    _r(
        "wrong_state",
        r"the entry was dropped at the start",
        _("The entry was dropped at the start."),
    ),
    _r("not_found", r"no tournament \d+", _("There is no such tournament.")),
    _r("not_found", r"no entry \d+ in tournament \d+", _("There is no such entry.")),
)

# How a matched value is put into words before it goes into the sentence.
_VALUE_WORDS: dict[str, Callable[[str], str]] = {
    "status": status_words,
    "game": game_words,
    "when": _when,
}


def refusal_words(exc: ServiceError) -> str:
    """Return a service refusal in the reader's language, or its English detail when the
    table does not know it."""
    for refusal in REFUSALS:
        if refusal.code != exc.code:
            continue
        found = refusal.pattern.match(exc.detail)
        if found is None:
            continue
        values = {
            key: _VALUE_WORDS.get(key, str)(value) for key, value in found.groupdict().items()
        }
        if callable(refusal.sentence) and not isinstance(refusal.sentence, Promise):
            return refusal.sentence(values)
        return str(refusal.sentence) % values if values else str(refusal.sentence)
    return exc.detail


def english_detail(exc: ServiceError) -> bool:
    """Tell whether a refusal would reach the page in English (not in the table)."""
    return not any(r.code == exc.code and r.pattern.match(exc.detail) for r in REFUSALS)
