"""The leaderboard endpoints of the API: public reads."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.paginator import InvalidPage
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_fields import whole_number
from core.api_paging import paged
from games import engine
from tournaments.ratings.models import Pool
from tournaments.ratings.selectors import (
    UnknownBoard,
    leaderboard_index,
    leaderboard_page,
    rating_detail,
)

NOT_FOUND = OpenApiResponse(
    description='`{"error": "not_found", "detail": text}`: no such game, pool, page or rating'
)
BOARD_PARAMETERS = [
    OpenApiParameter("game", str, OpenApiParameter.PATH, enum=engine.names()),
    OpenApiParameter("pool", str, OpenApiParameter.PATH, enum=Pool.values),
]


class BoardSerializer(serializers.Serializer[Any]):
    game = serializers.CharField()
    pool = serializers.ChoiceField(choices=Pool.values)
    listed = serializers.IntegerField(help_text="ratings with enough games to be listed")
    rated = serializers.IntegerField(help_text="all ratings of this game and pool")


class RowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(allow_null=True, help_text="null while not listed")
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["bot", "person"])
    rating = serializers.FloatField(help_text="mu - 3 sigma, one decimal")
    mu = serializers.FloatField(help_text="the skill estimate")
    sigma = serializers.FloatField(help_text="the uncertainty of mu (one standard deviation)")
    skill_low = serializers.FloatField(help_text="mu - 1.96 sigma: the 95% interval's low end")
    skill_high = serializers.FloatField(help_text="mu + 1.96 sigma: the 95% interval's high end")
    games = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="rated matches finished first")
    provisional = serializers.BooleanField(help_text="sigma is still above the threshold")
    listed = serializers.BooleanField(help_text="enough games to be on the leaderboard")
    house = serializers.BooleanField(help_text="a ladder's house anchor, rated like a bot")
    history = serializers.ListField(
        child=serializers.FloatField(), help_text="the last 30 ratings, oldest first"
    )


class LeaderboardRowSerializer(RowSerializer):
    rank_low = serializers.IntegerField(help_text="the best rank in the 95% rank interval")
    rank_high = serializers.IntegerField(help_text="the worst rank in the 95% rank interval")
    settled_with_next = serializers.BooleanField(
        allow_null=True,
        help_text="this row's worst plausible rank is better than the next row's best; "
        "null for the board's last row",
    )


class PageSerializer(serializers.Serializer[Any]):
    game = serializers.CharField()
    pool = serializers.CharField()
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    next = serializers.IntegerField(allow_null=True, help_text="the next page number")
    previous = serializers.IntegerField(allow_null=True)
    provisional_sigma = serializers.FloatField()
    min_games = serializers.IntegerField()
    settled = serializers.BooleanField(
        help_text="false when any row could still swap with the row below it"
    )
    results = LeaderboardRowSerializer(many=True)


class ChangeSerializer(serializers.Serializer[Any]):
    match = serializers.IntegerField()
    at = serializers.DateTimeField()
    place = serializers.IntegerField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    rating = serializers.FloatField()
    change = serializers.FloatField(help_text="how much the display rating moved")
    version = serializers.CharField(
        allow_null=True, help_text="the version the bot stated for that match (Bot-Version)"
    )


class DetailSerializer(RowSerializer):
    game = serializers.CharField()
    pool = serializers.CharField()
    history = ChangeSerializer(many=True)  # type: ignore[assignment]


def page_number(request: Request) -> int:
    number = whole_number(request.query_params.get("page", "1"), maximum=10**6)
    if number is None or number < 1:
        raise exceptions.ValidationError({"page": "a page number from 1"})
    return number


class LeaderboardList(APIView):
    """Every leaderboard: one per game and pool."""

    permission_classes = [permissions.AllowAny]
    pagination_class = PageNumberPagination  # the one list shape: count, next, previous, results

    @extend_schema(responses={200: BoardSerializer(many=True)}, summary="List the leaderboards")
    def get(self, request: Request) -> Response:
        return paged(self, request, leaderboard_index())


class LeaderboardDetail(APIView):
    """One leaderboard, best first, with each rating's recent history."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[*BOARD_PARAMETERS, OpenApiParameter("page", int)],
        responses={200: PageSerializer, 404: NOT_FOUND},
        summary="Get a leaderboard",
    )
    def get(self, request: Request, game: str, pool: str) -> Response:
        number = page_number(request)
        try:
            page = leaderboard_page(game=game, pool=pool, page=number)
        except UnknownBoard as exc:
            raise exceptions.NotFound(str(exc)) from None
        except InvalidPage:
            raise exceptions.NotFound(f"no page {number} of this leaderboard") from None
        return Response(
            {
                "game": game,
                "pool": pool,
                "count": page.count,
                "page": page.number,
                "pages": page.pages,
                "next": page.number + 1 if page.has_next else None,
                "previous": page.number - 1 if page.has_previous else None,
                "provisional_sigma": settings.RATING_PROVISIONAL_SIGMA,
                "min_games": settings.LEADERBOARD_MIN_GAMES,
                "settled": page.settled,
                "results": page.rows,
            }
        )


class RatingDetail(APIView):
    """One bot's or person's rating in one game, with its full history."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            *BOARD_PARAMETERS,
            OpenApiParameter("name", str, OpenApiParameter.PATH, description="bot or user name"),
        ],
        responses={200: DetailSerializer, 404: NOT_FOUND},
        summary="Get one rating and its history",
    )
    def get(self, request: Request, game: str, pool: str, name: str) -> Response:
        try:
            return Response(rating_detail(game=game, pool=pool, name=name))
        except UnknownBoard as exc:
            raise exceptions.NotFound(str(exc)) from None
