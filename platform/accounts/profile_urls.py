"""Public profile pages, at the site's top level."""

from __future__ import annotations

from django.urls import path

from accounts import follow_views, profile_views

urlpatterns = [
    path("people/<str:username>/", profile_views.person_page, name="person"),
    path("people/<str:username>/follow/", follow_views.follow_person, name="person-follow"),
    path("bots/<str:name>/", profile_views.bot_page, name="bot-profile"),
    path("bots/<str:name>/follow/", follow_views.follow_bot, name="bot-follow"),
    path("privacy/", profile_views.privacy_page, name="privacy"),
]
