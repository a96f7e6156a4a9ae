from __future__ import annotations

from django.urls import path

from tournaments.ladders import api

urlpatterns = [
    path("ladders", api.LadderList.as_view(), name="ladders-api"),
    path("ladders/<str:game>", api.LadderDetail.as_view(), name="ladder-api"),
    path("ladders/<str:game>/entries", api.LadderEntries.as_view(), name="ladder-entries"),
    path(
        "ladders/<str:game>/entries/<str:bot>",
        api.LadderEntryDetail.as_view(),
        name="ladder-entry",
    ),
]
