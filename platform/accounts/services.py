"""Writes for accounts: sign-up, profile, password-reset mail, retiring a bot."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.base_user import BaseUserManager
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import Profile
from bots.sightings import signup_wait
from core.rate_limits import SlidingWindow

RESET_EMAIL = "accounts/email/password_reset.txt"
RESET_SUBJECT = "accounts/email/password_reset_subject.txt"


class SignupsRefused(Exception):
    """This address made SIGNUPS_PER_ADDRESS_PER_DAY accounts in the last 24 hours."""

    def __init__(self, wait: timedelta) -> None:
        self.wait = wait
        self.retry_after = max(1, math.ceil(wait.total_seconds()))
        hours = max(1, math.ceil(wait.total_seconds() / 3600))
        self.message = ngettext(
            "Too many accounts were made from your connection today. Try again in %(hours)s hour.",
            "Too many accounts were made from your connection today. Try again in %(hours)s hours.",
            hours,
        ) % {"hours": hours}
        super().__init__(self.message)


def signup_check(*, address: str, meta: Mapping[str, Any] | None = None) -> None:
    """Refuse a sign-up from an address that made its day's accounts (SignupsRefused)."""
    wait = signup_wait(address, meta)
    if wait is not None:
        raise SignupsRefused(wait)


def account_create(*, username: str, email: str, password: str) -> AbstractBaseUser:
    """Create a person with a profile; raise ValidationError naming the bad fields."""
    User = get_user_model()
    email = BaseUserManager.normalize_email(email)
    user = User(username=username, email=email)
    errors: dict[str, list[str]] = {}
    try:
        user.full_clean(exclude=["password"])
    except ValidationError as exc:
        errors.update(exc.message_dict)
    if not email:
        errors.setdefault("email", []).append(_("Enter an email address."))
    elif User.objects.filter(email__iexact=email).exists():
        # One account per address, so a reset link always reaches the one account it names.
        errors.setdefault("email", []).append(_("An account with this email already exists."))
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        errors.setdefault("password", []).extend(exc.messages)
    if errors:
        raise ValidationError(errors)
    user.set_password(password)
    with transaction.atomic():
        user.save()
        Profile.objects.create(user=user)
    return user


def profile_get(*, user: AbstractBaseUser) -> Profile:
    """Return the person's profile, making it on first use (for users made elsewhere)."""
    profile, _created = Profile.objects.get_or_create(user=user)
    return profile


def profile_update(*, user: AbstractBaseUser, time_zone: str) -> Profile:
    """Set the person's time zone; raise ValidationError if it is not a known zone."""
    profile = profile_get(user=user)
    profile.time_zone = time_zone
    profile.full_clean()
    profile.save(update_fields=["time_zone"])
    return profile


def password_reset_allowed(*, email: str, address: str) -> bool:
    """Count a reset request; False once the account or the address asked too often this hour.

    Both counters advance only when both allow, so a refused request does not use up the
    account's allowance, and mail bombing one address from many places stays capped too.
    """
    account = hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]
    per_address = SlidingWindow("reset:addr", settings.PASSWORD_RESET_PER_ADDRESS, 3600)
    if not per_address.hit(address):
        return False
    per_account = SlidingWindow("reset:account", settings.PASSWORD_RESET_PER_ACCOUNT, 3600)
    return per_account.hit(account)


def password_reset_send(*, email: str, domain: str, use_https: bool) -> None:
    """Mail a reset link to the accounts with this address; silent when there are none."""
    form = PasswordResetForm(data={"email": email})
    if form.is_valid():
        form.save(
            domain_override=domain,
            use_https=use_https,
            email_template_name=RESET_EMAIL,
            subject_template_name=RESET_SUBJECT,
        )
