"""API routes of tournaments (included at /api/v1/)."""

from __future__ import annotations

from django.urls import path

from tournaments import api

urlpatterns = [
    path("tournaments", api.TournamentList.as_view(), name="api-tournaments"),
    path("tournaments/<int:tournament_id>", api.TournamentDetail.as_view(), name="api-tournament"),
    *[
        path(
            f"tournaments/<int:tournament_id>/{action}",
            api.TournamentAction.as_view(action=action),
            name=f"api-tournament-{action}",
        )
        for action in api.ACTIONS
    ],
    path(
        "tournaments/<int:tournament_id>/entries",
        api.EntryList.as_view(),
        name="api-tournament-entries",
    ),
    *[
        path(
            f"tournaments/<int:tournament_id>/entries/<int:entry_id>/{action}",
            api.EntryAction.as_view(action=action),
            name=f"api-entry-{action}",
        )
        for action in api.ENTRY_ACTIONS
    ],
    *[
        path(
            f"tournaments/<int:tournament_id>/{read}",
            api.TournamentRead.as_view(read=read),
            name=f"api-tournament-{read}",
        )
        for read in api.READS
    ],
]
