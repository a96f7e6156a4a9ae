"""Organiser forms: create a tournament, replace an entrant."""

from __future__ import annotations

from typing import Any

from django import forms

from games.engine import strategies
from tournaments.models import Tournament
from tournaments.services.formats import ALL_FORMATS, FORMATS_BY_GAME


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=100)
    game = forms.ChoiceField(choices=[(g, g) for g in sorted(FORMATS_BY_GAME)])
    format = forms.ChoiceField(
        choices=[(f, f.replace("_", " ")) for f in ALL_FORMATS],
        help_text="Busca: table knockout, Swiss or round robin; Buraco: the others too",
    )
    eliminate_at = forms.IntegerField(required=False, min_value=1, help_text="Busca only")
    target = forms.IntegerField(required=False, min_value=100, help_text="Buraco only")
    deals = forms.IntegerField(required=False, min_value=1, help_text="Buraco: fixed deals")
    house_pace = forms.FloatField(
        required=False,
        min_value=0,
        max_value=5,
        help_text="seconds a house bot takes per move, so people can watch (0 to 5; none: at once)",
    )
    move_timeout = forms.FloatField(
        required=False, min_value=0.5, help_text="seconds; default 10 for bots, 45 for people"
    )
    duplicate = forms.BooleanField(
        required=False,
        help_text="duplicate boards: one deal at several tables; one entry per owner",
    )
    third_place = forms.BooleanField(required=False)
    advance = forms.IntegerField(initial=2, min_value=1, max_value=3, help_text="table knockout")
    swiss_rounds = forms.IntegerField(required=False, min_value=1, max_value=64)
    seeding = forms.ChoiceField(choices=Tournament.Seeding.choices)
    open_to = forms.ChoiceField(choices=Tournament.OpenTo.choices)
    capacity = forms.IntegerField(initial=16, min_value=2, max_value=4096)
    check_in = forms.BooleanField(required=False)
    check_in_minutes = forms.IntegerField(initial=30, min_value=1)
    starts_at = forms.DateTimeField(
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text="starts by itself at this time (UTC)",
    )

    def spec_fields(self) -> dict[str, Any]:
        """Return the cleaned data as TournamentSpec fields."""
        data = dict(self.cleaned_data)
        options = {k: data.pop(k) for k in ("eliminate_at", "target", "deals", "house_pace")}
        data["options"] = {k: v for k, v in options.items() if v is not None}
        data["advance"] = data["advance"] or 2
        return data


class ReplaceForm(forms.Form):
    strategy = forms.ChoiceField(choices=[(s, s) for s in strategies.names()])
