"""Forms of the account and bot pages; the writes themselves are in services."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordChangeForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts.models import time_zone_names, validate_time_zone
from bots.models import AUTO_ACCEPT_MAX
from games import engine
from games.pages import game_label


def add_service_error(form: forms.BaseForm, exc: ValidationError) -> None:
    """Put a service's ValidationError on the form: on its field if the form has it."""
    if not hasattr(exc, "error_dict"):
        form.add_error(None, exc)
        return
    for field, errors in exc.message_dict.items():
        form.add_error(field if field in form.fields else None, errors)


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """Username, email and the password twice, checked by the site's password validators."""

    email = forms.EmailField(
        label=_("Email address"), help_text=_("For password resets only; never shown to others.")
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self) -> str:
        """Refuse an address another account already uses."""
        email: str = self.cleaned_data["email"]
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise ValidationError(_("An account with this email already exists."))
        return email


def _time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(time_zone_names())]


class TimeZoneForm(forms.Form):
    """The person's time zone."""

    time_zone = forms.ChoiceField(
        label=_("Time zone"), choices=_time_zone_choices, validators=[validate_time_zone]
    )


def _game_choices() -> list[tuple[str, str]]:
    return [(name, game_label(name)) for name in engine.names()]


class BotSettingsForm(forms.Form):
    """What a bot plays and how it gets its turns."""

    games = forms.MultipleChoiceField(
        label=_("Games"),
        choices=_game_choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("None ticked means every game."),
    )
    webhook_url = forms.URLField(
        required=False,
        max_length=500,
        assume_scheme="https",
        label=_("Webhook URL"),
        help_text=_("Leave empty for a pull bot (it asks for its turns). Webhooks need https."),
    )
    accepts_challenges = forms.BooleanField(
        required=False,
        initial=False,
        label=_("Auto-accept challenges from other players"),
        help_text=_("Off: challenges wait for the bot or you to accept or decline them."),
    )
    auto_accept_per_hour = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=AUTO_ACCEPT_MAX,
        initial=10,
        label=_("Auto-accept at most, per hour"),
        help_text=_("Beyond this, challenges wait for an answer."),
    )
    notes_public = forms.BooleanField(
        required=False,
        initial=False,
        label=_("Publish this bot's notes"),
        help_text=_(
            "Off: only you see the notes your bot sends with its moves. On: everyone sees them "
            "once each match is over."
        ),
    )
    plays_with_people = forms.BooleanField(
        required=False,
        initial=False,
        label=_("Plays in events with people"),
        help_text=_(
            "Off: this bot enters only tournaments and leagues for bots. On: also those open to "
            "people, where it may sit at a table with people. Events it entered before stay."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if settings.WEBHOOK_LOOPBACK:  # embedded mode: a webhook bot may run on this machine
            self.fields["webhook_url"].help_text = _(
                "Leave empty for a pull bot (it asks for its turns). Webhooks need https, or "
                "http://127.0.0.1:PORT for a bot on this machine (python -m bots.client "
                "--webhook --port PORT)."
            )


class BotCreateForm(BotSettingsForm):
    """A new bot: its name first."""

    name = forms.CharField(
        label=_("Name"),
        max_length=40,
        help_text=_("2-40 letters, digits, '.', '_' or '-'; shown to everyone."),
    )
    field_order = [
        "name",
        "games",
        "webhook_url",
        "accepts_challenges",
        "auto_accept_per_hour",
        "notes_public",
        "plays_with_people",
    ]


class PasswordChangeWithSignOutForm(PasswordChangeForm):
    """The password change, with the choice to sign out every other browser and device."""

    sign_out_everywhere = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Sign out everywhere else"),
        help_text=_(
            "End your sessions in every other browser and device (bot tokens stay valid "
            "until you revoke them)."
        ),
    )
