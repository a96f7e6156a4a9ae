"""Public profile pages, at the site's top level."""

from __future__ import annotations

from django.urls import path

from accounts import profile_views

urlpatterns = [
    path("people/<str:username>/", profile_views.person_page, name="person"),
    path("bots/<str:name>/", profile_views.bot_page, name="bot-profile"),
    path("privacy/", profile_views.privacy_page, name="privacy"),
]
