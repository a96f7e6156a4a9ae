"""Account pages: sign up and the profile (Django's own views do the rest, see urls)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from accounts.auth import AuthedRequest
from accounts.devices import device_remember
from accounts.forms import (
    PasswordChangeWithSignOutForm,
    SignUpForm,
    TimeZoneForm,
    add_service_error,
)
from accounts.lockout import lockout_lift
from accounts.selectors import bots_of
from accounts.services import (
    RESET_EMAIL,
    RESET_SUBJECT,
    SignupsRefused,
    account_create,
    password_reset_allowed,
    profile_get,
    profile_update,
    signup_check,
)
from accounts.sessions import sessions_end, sessions_restamp
from bots.models import Sighting
from core.addresses import client_address

RESETS_REFUSED = _(
    "We have sent too many reset links for this address or from your connection in the last "
    "hour. Please check your mailbox (and its spam folder) or try again in an hour."
)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Show the sign-up form; on a valid one, create the account and sign the person in."""
    if request.user.is_authenticated:
        return redirect("profile")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            signup_check(address=client_address(request), meta=request.META)
            user = account_create(
                username=form.cleaned_data["username"],
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password1"],
            )
        except SignupsRefused as exc:
            form.add_error(None, exc.message)
            response = render(request, "accounts/signup.html", {"form": form}, status=429)
            response["Retry-After"] = str(exc.retry_after)
            return response
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            response = redirect("profile")
            device_remember(request, response, user, Sighting.Source.SIGN_UP)
            return response
    return render(request, "accounts/signup.html", {"form": form}, status=_status(form))


class LoginView(auth_views.LoginView):
    """Sign in; the browser gets (or keeps) its device cookie."""

    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        device_remember(self.request, response, form.get_user(), Sighting.Source.SIGN_IN)
        return response


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: AuthedRequest) -> HttpResponse:
    """Show the person's details and bots; change their time zone."""
    current = profile_get(user=request.user)
    form = TimeZoneForm(request.POST or None, initial={"time_zone": current.time_zone})
    if request.method == "POST" and form.is_valid():
        try:
            profile_update(user=request.user, time_zone=form.cleaned_data["time_zone"])
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            return redirect("profile")
    context = {"profile": current, "form": form, "bots": bots_of(request.user)}
    return render(request, "accounts/profile.html", context, status=_status(form))


def _status(form: SignUpForm | TimeZoneForm) -> int:
    # 400 on a rejected form, so scripts and tests can tell it from a fresh page.
    return 400 if form.is_bound and form.errors else 200


class LimitedPasswordResetView(auth_views.PasswordResetView):
    """The reset form, with a per-account and per-address hourly limit on mails."""

    template_name = "accounts/password_reset_form.html"
    email_template_name = RESET_EMAIL
    subject_template_name = RESET_SUBJECT

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        email = form.cleaned_data["email"]
        if not password_reset_allowed(email=email, address=client_address(self.request)):
            form.add_error(None, RESETS_REFUSED)
            response = self.form_invalid(form)
            response.status_code = 429
            response["Retry-After"] = "3600"
            return response
        return super().form_valid(form)


class PasswordChangeView(auth_views.PasswordChangeView):
    """Change the password; other sessions end unless the person chooses to keep them."""

    template_name = "accounts/password_change_form.html"
    form_class = PasswordChangeWithSignOutForm

    def form_valid(self, form: PasswordChangeWithSignOutForm) -> HttpResponse:  # type: ignore[override]
        response = super().form_valid(form)  # keeps this session signed in
        if form.cleaned_data["sign_out_everywhere"]:
            sessions_end(user=form.user, keep=self.request.session.session_key)
        else:
            sessions_restamp(user=form.user)
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Set a new password from a reset link; every session of the account ends."""

    template_name = "accounts/password_reset_confirm.html"

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        sessions_end(user=form.user)
        # The mailbox's owner is the account's: the lockout lifts, and this browser is theirs.
        lockout_lift(username=form.user.get_username(), request=self.request)
        device_remember(self.request, response, form.user, Sighting.Source.SIGN_IN)
        return response


@login_required
@require_http_methods(["POST"])
def sign_out_everywhere(request: AuthedRequest) -> HttpResponse:
    """End every session of the person, this one too; bot tokens stay until revoked."""
    sessions_end(user=request.user)
    logout(request)
    return redirect("login")
