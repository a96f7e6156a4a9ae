"""The fair-play API: one report per tournament, ladder or leaderboard, for staff and the
tournament's organiser (docs/fair-play.md)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.auth import IsPerson
from games import engine
from tournaments.fairplay.paging import BadPage, NoSuchPage, flagged_page, page_number
from tournaments.fairplay.services import (
    Scope,
    UnknownScope,
    can_view,
    fair_play_report,
    ladder_scope,
    leaderboard_scope,
    tournament_scope,
)
from tournaments.ratings.models import Pool

ERRORS = {
    400: OpenApiResponse(description='`{"error": "invalid", "detail": text}`: a bad page'),
    401: OpenApiResponse(description='`{"error": "not_authenticated", ...}`: not signed in'),
    403: OpenApiResponse(
        description='`{"error": "permission_denied"` (or `"forbidden"` for a bot token)`, ...}`: '
        "only staff, and a tournament's organiser, see its report"
    ),
    404: OpenApiResponse(description='`{"error": "not_found", ...}`: no such scope or page'),
}
DENIED = "only staff and the event's organiser see its fair-play report"


class FairPlayGiftsSerializer(serializers.Serializer[Any]):
    points_to_other = serializers.FloatField(
        allow_null=True, help_text="penalty points a trick this owner's cards gave the other"
    )
    points_to_rest = serializers.FloatField(
        allow_null=True, help_text="... gave the rest of its tables"
    )
    others_to_other = serializers.FloatField(
        allow_null=True, help_text="points a trick everyone else's cards gave the other"
    )
    others_to_rest = serializers.FloatField(allow_null=True)
    tricks_to_other = serializers.IntegerField()
    difference = serializers.FloatField(
        allow_null=True, help_text="(to other - to rest) - (others to other - others to rest)"
    )
    z = serializers.FloatField(allow_null=True)
    p = serializers.FloatField(allow_null=True)


class FairPlayHeadToHeadSerializer(serializers.Serializer[Any]):
    decided = serializers.IntegerField(help_text="shared matches with no shared place")
    wins = serializers.IntegerField(help_text="the first owner placed above the second")
    expected_wins = serializers.FloatField(help_text="what the ratings before each match predict")
    p = serializers.FloatField(allow_null=True)


class FairPlayMatchSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    url = serializers.CharField()


class FairPlayPairSerializer(serializers.Serializer[Any]):
    owners = serializers.ListField(child=serializers.CharField())
    entrants = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    meetings = serializers.IntegerField()
    deals = serializers.IntegerField(help_text="Busca deals both played")
    head_to_head = FairPlayHeadToHeadSerializer()
    gifts = FairPlayGiftsSerializer(
        many=True, allow_null=True, help_text="first to second, then back"
    )
    p = serializers.FloatField()
    q = serializers.FloatField(help_text="the Benjamini-Hochberg adjusted p-value")
    flagged = serializers.BooleanField()
    matches = FairPlayMatchSerializer(many=True)


class FairPlayReportSerializer(serializers.Serializer[Any]):
    scope = serializers.CharField()
    game = serializers.CharField()
    pool = serializers.CharField(allow_null=True)
    tournament = serializers.IntegerField(allow_null=True)
    min_meetings = serializers.IntegerField()
    fdr = serializers.FloatField()
    matches_read = serializers.IntegerField()
    truncated = serializers.BooleanField(help_text="older matches past the limit were left out")
    pairs_met = serializers.IntegerField()
    pairs_tested = serializers.IntegerField()
    count = serializers.IntegerField(help_text="flagged pairs")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    next = serializers.IntegerField(allow_null=True)
    previous = serializers.IntegerField(allow_null=True)
    results = FairPlayPairSerializer(many=True)


class _Report(APIView):
    permission_classes = [IsPerson]

    def answer(self, request: Request, scope: Scope) -> Response:
        if not can_view(request.user, scope):
            raise exceptions.PermissionDenied(DENIED)
        try:
            number = page_number(request.query_params.get("page"))
        except BadPage as exc:
            raise exceptions.ValidationError({"page": str(exc)}) from None
        report = fair_play_report(scope)
        try:
            page = flagged_page(report, number)
        except NoSuchPage as exc:
            raise exceptions.NotFound(str(exc)) from None
        results = []
        for row in page.rows:
            data = row.to_json()
            data["matches"] = [
                {"id": m, "url": request.build_absolute_uri(reverse("match", args=[m]))}
                for m in row.matches
            ]
            results.append(data)
        return Response(
            {
                "scope": scope.kind,
                "game": scope.game,
                "pool": scope.pool,
                "tournament": scope.tournament_id,
                "min_meetings": scope.min_meetings,
                "fdr": settings.FAIR_PLAY_FDR,
                "matches_read": report.matches_read,
                "truncated": report.truncated,
                "pairs_met": report.pairs_met,
                "pairs_tested": report.pairs_tested,
                "count": page.count,
                "page": page.number,
                "pages": page.pages,
                "next": page.number + 1 if page.number < page.pages else None,
                "previous": page.number - 1 if page.number > 1 else None,
                "results": results,
            }
        )


def _found(make: Any, *args: Any) -> Scope:
    try:
        scope: Scope = make(*args)
    except UnknownScope as exc:
        raise exceptions.NotFound(str(exc)) from None
    return scope


class TournamentReport(_Report):
    """The flagged pairs of one tournament."""

    @extend_schema(
        parameters=[OpenApiParameter("page", int)],
        responses={200: FairPlayReportSerializer, **ERRORS},
        summary="Get a tournament's fair-play report",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return self.answer(request, _found(tournament_scope, tournament_id))


class LadderReport(_Report):
    """The flagged pairs of one game's ladder (staff only)."""

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, OpenApiParameter.PATH, enum=engine.names()),
            OpenApiParameter("page", int),
        ],
        responses={200: FairPlayReportSerializer, **ERRORS},
        summary="Get a ladder's fair-play report",
    )
    def get(self, request: Request, game: str) -> Response:
        return self.answer(request, _found(ladder_scope, game))


class LeaderboardReport(_Report):
    """The flagged pairs of one leaderboard: a game's rated matches in one pool (staff only)."""

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, OpenApiParameter.PATH, enum=engine.names()),
            OpenApiParameter("pool", str, OpenApiParameter.PATH, enum=Pool.values),
            OpenApiParameter("page", int),
        ],
        responses={200: FairPlayReportSerializer, **ERRORS},
        summary="Get a leaderboard's fair-play report",
    )
    def get(self, request: Request, game: str, pool: str) -> Response:
        return self.answer(request, _found(leaderboard_scope, game, pool))
