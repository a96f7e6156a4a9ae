"""Typing help for views that only signed-in people reach."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest


class AuthedRequest(HttpRequest):
    """A request behind ``login_required``: its user is a person, never anonymous."""

    user: AbstractBaseUser
