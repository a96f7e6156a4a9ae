"""The form that opens a table."""

from __future__ import annotations

from typing import Any

from django import forms

from games import engine
from games.engine import strategies
from games.engine.options import option_bound
from games.services.tables import INVITE

# The form's limits are the engine's option bounds (docs/rules.md, "Option bounds").
_ELIMINATE_AT = option_bound("busca", "eliminate_at")
_DEALS = option_bound("buraco-cerrado", "deals")
_TARGET = option_bound("buraco-cerrado", "target")

GAME_LABELS = {
    "busca": "Busca (2 to 4 players)",
    "buraco-cerrado": "Buraco Cerrado (4 players, in pairs)",
    "buraco-mano-a-mano": "Buraco Mano a Mano (1 v 1)",
}


def _seat_choices() -> list[tuple[str, str]]:
    return [(INVITE, "invite a person by link")] + [
        (name, f"house bot ({name.split(':', 1)[1]})") for name in strategies.names()
    ]


class TableForm(forms.Form):
    game = forms.ChoiceField(choices=[(g, GAME_LABELS.get(g, g)) for g in engine.names()])
    players = forms.TypedChoiceField(
        choices=[(4, "4"), (3, "3"), (2, "2")],
        coerce=int,
        initial=4,
        help_text="Busca only: players at the table",
    )
    eliminate_at = forms.IntegerField(
        min_value=_ELIMINATE_AT.low,
        max_value=_ELIMINATE_AT.high,
        initial=_ELIMINATE_AT.default,
        help_text="Busca only: out at this total",
    )
    deals = forms.IntegerField(
        min_value=_DEALS.low,
        max_value=_DEALS.high,
        required=False,
        help_text="Buraco only: play this many deals (empty: play to the target)",
    )
    target = forms.IntegerField(
        min_value=_TARGET.low,
        max_value=_TARGET.high,
        initial=_TARGET.default,
        help_text="Buraco only: points to win",
    )
    move_timeout = forms.IntegerField(
        min_value=5, max_value=86400, initial=45, help_text="seconds for each move"
    )
    others = forms.ChoiceField(
        choices=_seat_choices,
        initial=INVITE,
        label="Other seats",
        help_text="you can change each seat on the table's page",
    )

    def options(self) -> dict[str, Any]:
        """Return the engine options of the chosen game."""
        data = self.cleaned_data
        if data["game"] == "busca":
            return {"players": data["players"], "eliminate_at": data["eliminate_at"]}
        options: dict[str, Any] = {"target": data["target"]}
        if data.get("deals"):
            options["deals"] = data["deals"]
        return options
