from __future__ import annotations

from django.urls import path

from tournaments.ladders import views

urlpatterns = [
    path("ladders/", views.ladder_index_page, name="ladders"),
    path("ladders/<str:game>/", views.ladder_page, name="ladder"),
    path("ladders/<str:game>/live/", views.ladder_live, name="ladder-live"),
]
