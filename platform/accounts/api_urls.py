"""Account API under /api/v1/auth/."""

from __future__ import annotations

from django.urls import path

from accounts import api

urlpatterns = [
    path("signup", api.Signup.as_view(), name="api-signup"),
    path("login", api.Login.as_view(), name="api-login"),
    path("logout", api.Logout.as_view(), name="api-logout"),
    path("me", api.Me.as_view(), name="api-me"),
    path("password-reset", api.PasswordReset.as_view(), name="api-password-reset"),
]
