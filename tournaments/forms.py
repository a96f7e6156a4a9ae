"""Organiser forms: create a tournament (from a preset), replace an entrant."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine import strategies
from tournaments import words
from tournaments.models import Tournament
from tournaments.presets import DEFAULT, PRESETS_BY_KEY
from tournaments.services.formats import ALL_FORMATS, FORMATS_BY_GAME
from tournaments.services.tiebreaks import MAX_TIEBREAK_BOARDS

FORMAT_LABELS = {
    "table_knockout": _("Table knockout (Busca): the best of each table go through"),
    "single_elimination": _("Knockout: lose once and you are out"),
    "double_elimination": _("Double elimination: out after two losses"),
    "swiss": _("Swiss: a set number of rounds, opponents on the same score"),
    "round_robin": _("Round robin: everyone meets everyone"),
}
OPEN_TO_LABELS = {"bots": _("bots"), "people": _("people"), "both": _("bots and people")}
SEEDING_LABELS = {"rating": _("by rating"), "draw": _("by a draw")}
GAME_OPTIONS = {"busca": {"eliminate_at"}, "buraco": {"target", "deals"}}
# The fields the organiser sees first; the others wait behind "More options".
ESSENTIAL = ("name", "capacity", "starts_at")


def _game_name(game: str) -> str:
    return words.game_words(game)


class TournamentForm(forms.Form):
    name = forms.CharField(
        label=_("Name"), max_length=100, help_text=_("What players see, e.g. Friday Busca.")
    )
    game = forms.ChoiceField(
        label=_("Game"), choices=[(g, words.GAMES.get(g, g)) for g in sorted(FORMATS_BY_GAME)]
    )
    format = forms.ChoiceField(
        label=_("Format"),
        choices=[(f, FORMAT_LABELS.get(f, f)) for f in ALL_FORMATS],
        help_text=_("Busca: table knockout, Swiss or round robin. Buraco: any but table knockout."),
    )
    eliminate_at = forms.IntegerField(
        label=_("Busca: out at"),
        required=False,
        min_value=1,
        help_text=_("A player who reaches this total is out of the match."),
    )
    target = forms.IntegerField(
        label=_("Buraco: points to win"),
        required=False,
        min_value=100,
        help_text=_("The first side to reach this score wins the match."),
    )
    deals = forms.IntegerField(
        label=_("Buraco: number of deals"),
        required=False,
        min_value=1,
        help_text=_("Play exactly this many deals a match instead; empty plays to the points."),
    )
    house_pace = forms.FloatField(
        label=_("House bots' pace (seconds a move)"),
        required=False,
        min_value=0,
        max_value=5,
        help_text=_("So people can watch: a house bot takes about this long a move (0 to 5)."),
    )
    chat = forms.BooleanField(
        label=_("Free-text chat at the tables"),
        required=False,
        help_text=_(
            "Off: people at the tables have quick phrases only. On: they may also write to "
            "each other (rate-limited, each can mute a seat, any line can be reported; bots "
            "never see it)."
        ),
    )
    move_timeout = forms.FloatField(
        label=_("Seconds per move"),
        required=False,
        min_value=0.5,
        help_text=_("Empty: 10 seconds for bots, 45 for people."),
    )
    clock_bank = forms.FloatField(
        label=_("Time bank (seconds)"),
        required=False,
        min_value=1,
        max_value=86400,
        help_text=_(
            "Instead of a fixed time per move: each player starts a match with this many "
            "seconds and spends them as they like. Empty: a fixed time per move."
        ),
    )
    clock_increment = forms.FloatField(
        label=_("Seconds added per move"),
        required=False,
        min_value=0,
        max_value=3600,
        help_text=_("With a time bank: seconds added to it after each move."),
    )
    duplicate = forms.BooleanField(
        label=_("Duplicate deals"),
        required=False,
        help_text=_(
            "The same cards are dealt at several tables, so luck evens out; one entry per owner."
        ),
    )
    third_place = forms.BooleanField(
        label=_("Match for third place"),
        required=False,
        help_text=_("Knockouts: the semi-final losers play for third."),
    )
    advance = forms.IntegerField(
        label=_("Through from each table"),
        initial=2,
        min_value=1,
        max_value=3,
        help_text=_("Table knockout: how many of each table go to the next round."),
    )
    swiss_rounds = forms.IntegerField(
        label=_("Rounds"),
        required=False,
        min_value=1,
        max_value=64,
        help_text=_("Swiss and round robin: empty picks enough rounds for a clear winner."),
    )
    seeding = forms.ChoiceField(
        label=_("Seeding"),
        choices=[(v, SEEDING_LABELS.get(v, label)) for v, label in Tournament.Seeding.choices],
        help_text=_("Who is kept apart in the first rounds: the best rated, or a draw."),
    )
    open_to = forms.ChoiceField(
        label=_("Open to"),
        choices=[(v, OPEN_TO_LABELS.get(v, label)) for v, label in Tournament.OpenTo.choices],
        help_text=_(
            "Shown to everyone before they enter. A bot enters a tournament open to people only "
            "if its owner allows it on the bot's page."
        ),
    )
    capacity = forms.IntegerField(
        label=_("Places"),
        initial=16,
        min_value=2,
        max_value=4096,
        help_text=_("The most entries it takes."),
    )
    check_in = forms.BooleanField(
        label=_("Check-in"),
        required=False,
        help_text=_("Entries confirm they are there before the start; needs a start time."),
    )
    require_preflight = forms.BooleanField(
        label=_("Bots need a pre-flight check"),
        required=False,
        help_text=_(
            "A bot may enter only after it passed a pre-flight check of this game in the last "
            "few days: a short match against house bots that shows it answers in time."
        ),
    )
    tiebreak_boards = forms.IntegerField(
        label=_("Extra boards to break a tie"),
        required=False,
        initial=0,
        min_value=0,
        max_value=MAX_TIEBREAK_BOARDS,
        help_text=_(
            "When a tie decides who goes through or a podium place, the tied players play "
            "up to this many extra deals until one is clearly better. 0: the higher seed wins "
            "the tie."
        ),
    )
    check_in_minutes = forms.IntegerField(
        label=_("Check-in opens (minutes before the start)"), initial=30, min_value=1
    )
    starts_at = forms.DateTimeField(
        label=_("Starts at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=_("It starts by itself at this time (UTC). Empty: you start it."),
    )

    def __init__(self, *args: Any, preset: str | None = None, **kwargs: Any) -> None:
        chosen = PRESETS_BY_KEY.get(preset or "", DEFAULT)
        kwargs.setdefault("initial", {}).update(chosen.fields)
        super().__init__(*args, **kwargs)
        self.preset = chosen

    def essential_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ESSENTIAL]

    def advanced_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in ESSENTIAL]

    def advanced_errors(self) -> bool:
        """Tell whether an advanced field has an error (the page then shows them open)."""
        return any(name not in ESSENTIAL for name in self.errors)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        game, format_ = data.get("game"), data.get("format")
        if game and format_ and format_ not in FORMATS_BY_GAME.get(game, []):
            allowed = ", ".join(words.format_words(f) for f in FORMATS_BY_GAME[game])
            self.add_error(
                field="format",
                error=_("%(game)s is played as: %(allowed)s.")
                % {"game": _game_name(game), "allowed": allowed},
            )
        if game:
            family = "busca" if game == "busca" else "buraco"
            for other, names in GAME_OPTIONS.items():
                if other != family:
                    for name in names:  # another game's option: neither read nor judged
                        self.errors.pop(name, None)
                        data[name] = None
        if data.get("check_in") and not data.get("starts_at"):
            self.add_error(field="starts_at", error=_("A check-in needs a start time."))
        if data.get("clock_increment") and data.get("clock_bank") is None:
            self.add_error(field="clock_bank", error=_("Seconds added per move need a time bank."))
        return data

    def spec_fields(self) -> dict[str, Any]:
        """Return the cleaned data as TournamentSpec fields."""
        data = dict(self.cleaned_data)
        options = {k: data.pop(k) for k in ("eliminate_at", "target", "deals", "house_pace")}
        data["options"] = {k: v for k, v in options.items() if v is not None}
        if data.pop("chat", False):
            data["options"]["chat"] = True
        data["advance"] = data["advance"] or 2
        data["tiebreak_boards"] = data.get("tiebreak_boards") or 0
        bank, increment = data.pop("clock_bank", None), data.pop("clock_increment", None)
        data["clock"] = None if bank is None else {"bank": bank, "increment": increment or 0}
        return data


class ReplaceForm(forms.Form):
    strategy = forms.ChoiceField(choices=[(s, s) for s in strategies.names()])
