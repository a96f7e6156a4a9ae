"""The form that opens a table: the game, that game's options only, the pace, the other seats."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import card_style, engine
from games.engine import strategies
from games.engine.options import option_bound
from games.house_names import house_name
from games.services.tables import INVITE

# The form's limits are the engine's option bounds (docs/rules.md, "Option bounds").
_ELIMINATE_AT = option_bound("busca", "eliminate_at")
_DEALS = option_bound("buraco-cerrado", "deals")
_TARGET = option_bound("buraco-cerrado", "target")

# Each game's name, alone (titles, links, lists) and with its players (the Play form's choice).
GAME_NAMES = {
    "busca": _("Busca"),
    "buraco-cerrado": _("Buraco Cerrado"),
    "buraco-mano-a-mano": _("Buraco Mano a Mano"),
}
GAME_LABELS = {
    "busca": _("Busca (2 to 4 players)"),
    "buraco-cerrado": _("Buraco Cerrado (4 players, in pairs)"),
    "buraco-mano-a-mano": _("Buraco Mano a Mano (1 v 1)"),
}


@dataclass(frozen=True)
class OptionGroup:
    """The options one or more games share, shown together (and only for those games)."""

    key: str
    legend: Any
    games: tuple[str, ...]
    fields: tuple[str, ...]


OPTION_GROUPS = (
    OptionGroup("busca", _("Busca options"), ("busca",), ("players", "eliminate_at", "card_style")),
    OptionGroup(
        "buraco",
        _("Buraco options"),
        ("buraco-cerrado", "buraco-mano-a-mano"),
        ("target", "deals"),
    ),
)
GAME_FIELDS = {name for group in OPTION_GROUPS for name in group.fields}


def rules_label(game: str) -> str:
    """Return the words of a link to the rules of ``game``."""
    return _("The rules of %(game)s") % {"game": game_name(game)}


def game_name(game: str) -> str:
    """Return the name of ``game`` in the active language ("Busca")."""
    return str(GAME_NAMES.get(game, game))


def rules_labels() -> dict[str, str]:
    """Return each game's rules-link words (the Play page's script reads them)."""
    return {game: str(rules_label(game)) for game in engine.names()}


def _numbers(label: Any, low: int, high: int) -> dict[str, Any]:
    """Return error messages that name the field and its limits in words."""
    return {
        "required": _("%(label)s: please give a number.") % {"label": label},
        "invalid": _("%(label)s must be a whole number.") % {"label": label},
        "min_value": _("%(label)s must be at least %(low)s.") % {"label": label, "low": low},
        "max_value": _("%(label)s can be at most %(high)s.") % {"label": label, "high": high},
    }


def _seat_choices() -> list[tuple[str, Any]]:
    return [(INVITE, _("people (from the lobby or by invite link)"))] + [
        (name, house_name(name)) for name in strategies.names()
    ]


class TableForm(forms.Form):
    game = forms.ChoiceField(
        label=_("Game"),
        choices=[(g, GAME_LABELS.get(g, g)) for g in engine.names()],
        help_text=_("Only the options of the game you choose count."),
    )
    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=[(4, "4"), (3, "3"), (2, "2")],
        coerce=int,
        empty_value=None,
        initial=4,
        required=False,
        help_text=_("How many sit at the table, you included."),
    )
    eliminate_at = forms.IntegerField(
        label=_("Out at"),
        min_value=_ELIMINATE_AT.low,
        max_value=_ELIMINATE_AT.high,
        initial=_ELIMINATE_AT.default,
        required=False,
        error_messages=_numbers(_("Out at"), _ELIMINATE_AT.low or 1, _ELIMINATE_AT.high or 100),
        help_text=_(
            "Buscas add up deal after deal; a player who reaches this many is out. "
            "The last player left wins."
        ),
    )
    card_style = forms.ChoiceField(
        label=_("Busca cards"),
        choices=list(card_style.STYLES.items()),
        widget=forms.RadioSelect,
        required=False,
        help_text=_(
            "How your tables draw Busca's Spanish deck; the ? panel at the table changes it too."
        ),
    )
    target = forms.IntegerField(
        label=_("Points to win"),
        min_value=_TARGET.low,
        max_value=_TARGET.high,
        initial=_TARGET.default,
        required=False,
        error_messages=_numbers(_("Points to win"), _TARGET.low or 100, _TARGET.high or 10000),
        help_text=_("The first side to reach this score after a deal wins the match."),
    )
    deals = forms.IntegerField(
        label=_("Number of deals"),
        min_value=_DEALS.low,
        max_value=_DEALS.high,
        required=False,
        error_messages=_numbers(_("Number of deals"), _DEALS.low or 1, _DEALS.high or 20),
        help_text=_(
            "Leave empty to play to the points above; or play exactly this many deals, "
            "and the higher score wins."
        ),
    )
    move_timeout = forms.IntegerField(
        label=_("Seconds per move"),
        min_value=5,
        max_value=86400,
        initial=45,
        error_messages=_numbers(_("Seconds per move"), 5, 86400),
        help_text=_("How long each player has to make a move."),
    )
    others = forms.ChoiceField(
        label=_("The other seats"),
        choices=_seat_choices,
        initial=INVITE,
        help_text=_("You can change each seat in the lobby before you start."),
    )
    public = forms.BooleanField(
        label=_("Open to everyone"),
        required=False,
        initial=True,
        help_text=_(
            "Listed in the lobby: anyone signed in may take a free seat. Untick it for a "
            "private table: people join by your invite links (or with a password)."
        ),
    )
    password = forms.CharField(
        label=_("Password (private tables)"),
        required=False,
        max_length=128,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=_(
            "Optional. Whoever knows the table and its password may sit down without a link."
        ),
    )
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        help_text=_(
            "The result changes the players' ratings. Only people sit at a rated table: "
            "no house bots."
        ),
    )

    def chosen_game(self) -> str | None:
        """Return the game the form names (its options are the only ones read)."""
        game = self.data.get("game") if self.is_bound else self.initial.get("game")
        return str(game) if game in engine.names() else None

    def groups(self) -> list[dict[str, Any]]:
        """Return the option groups with their bound fields, for the template."""
        chosen = self.chosen_game() or engine.names()[0]
        return [
            {
                "key": group.key,
                "legend": group.legend,
                "games": " ".join(group.games),
                "shown": chosen in group.games,
                "fields": [self[name] for name in group.fields],
                "rules": [{"slug": game, "text": rules_label(game)} for game in group.games],
            }
            for group in OPTION_GROUPS
        ]

    def common_fields(self) -> list[forms.BoundField]:
        """Return the fields shown at once: who may sit down, and whether it is rated."""
        return [self[name] for name in ("public", "rated")]

    def more_fields(self) -> list[forms.BoundField]:
        """Return the fields behind "More options" (after the game's own options)."""
        return [self[name] for name in ("move_timeout", "others", "password")]

    def more_errors(self) -> bool:
        """Tell whether a field behind "More options" has an error (it then opens)."""
        hidden = GAME_FIELDS | {"move_timeout", "others", "password"}
        return any(name in hidden for name in self.errors)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        game = data.get("game")
        if game is None:
            return data
        mine = {name for group in OPTION_GROUPS if game in group.games for name in group.fields}
        for name in GAME_FIELDS - mine:
            # Another game's options: neither read nor judged.
            self.errors.pop(name, None)
            data.pop(name, None)
        if game == "busca":
            if data.get("players") is None and "players" not in self.errors:
                data["players"] = 4
            if data.get("eliminate_at") is None and "eliminate_at" not in self.errors:
                data["eliminate_at"] = _ELIMINATE_AT.default
        elif data.get("target") is None and "target" not in self.errors:
            data["target"] = _TARGET.default
        if data.get("public") and data.get("password"):
            self.add_error(
                field="password",
                error=_(
                    "An open table needs no password: anyone may sit down. Untick Open to "
                    "everyone, or leave the password empty."
                ),
            )
        if data.get("rated") and data.get("others", INVITE) != INVITE:
            self.add_error(
                field="others",
                error=_(
                    "A rated table seats only people: choose people you invite by link, "
                    "or untick Rated to play with house bots."
                ),
            )
        return data

    def options(self) -> dict[str, Any]:
        """Return the engine options of the chosen game."""
        data = self.cleaned_data
        if data["game"] == "busca":
            return {"players": data["players"], "eliminate_at": data["eliminate_at"]}
        options: dict[str, Any] = {"target": data["target"]}
        if data.get("deals"):
            options["deals"] = data["deals"]
        return options
