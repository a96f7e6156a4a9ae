"""The head-to-head endpoint of the API: a bot's record against each bot it met (public)."""

from __future__ import annotations

from typing import Any

from django.core.paginator import InvalidPage, Paginator
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.models import Bot
from games import engine
from tournaments.ratings.api import page_number
from tournaments.ratings.head_to_head import head_to_head

PAGE_SIZE = 50


class MeetingSerializer(serializers.Serializer[Any]):
    game = serializers.ChoiceField(choices=engine.names())
    opponent = serializers.CharField(help_text="the other bot's name")
    games = serializers.IntegerField(help_text="rated matches on different sides")
    wins = serializers.IntegerField(help_text="matches this bot finished ahead of the opponent")
    losses = serializers.IntegerField(help_text="matches the opponent finished ahead")
    ties = serializers.IntegerField(help_text="matches where they shared a place")
    mean_place = serializers.FloatField(help_text="this bot's mean place in them, 1 = best")
    place_low = serializers.FloatField(
        allow_null=True, help_text="95% confidence interval's low end; null under 2 games"
    )
    place_high = serializers.FloatField(
        allow_null=True, help_text="95% confidence interval's high end; null under 2 games"
    )


class HeadToHeadSerializer(serializers.Serializer[Any]):
    bot = serializers.CharField()
    game = serializers.CharField(allow_null=True, help_text="the game asked for, or null")
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    next = serializers.IntegerField(allow_null=True)
    previous = serializers.IntegerField(allow_null=True)
    results = MeetingSerializer(many=True)


class HeadToHead(APIView):
    """A bot's record against each bot it met in rated matches, by game, most games first."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("name", str, OpenApiParameter.PATH, description="the bot's name"),
            OpenApiParameter("game", str, enum=engine.names(), description="one game only"),
            OpenApiParameter("page", int),
        ],
        responses={
            200: HeadToHeadSerializer,
            400: OpenApiResponse(description='`{"error": "invalid", …}`: a bad game or page'),
            404: OpenApiResponse(description='`{"error": "not_found", …}`: no such bot or page'),
        },
        summary="Get a bot's head-to-head record",
    )
    def get(self, request: Request, name: str) -> Response:
        number = page_number(request)
        game = request.query_params.get("game")
        if game is not None and game not in engine.names():
            games = ", ".join(engine.names())
            raise exceptions.ValidationError({"game": f"no game {game!r}; the games are {games}"})
        # PostgreSQL refuses a NUL byte in a query, and no bot's name has one.
        bot = Bot.objects.filter(name=name).first() if "\x00" not in name else None
        if bot is None:
            raise exceptions.NotFound(f"there is no bot called {name!r}")
        paginator = Paginator(head_to_head(bot_id=bot.pk, game=game), PAGE_SIZE)
        try:
            page = paginator.page(number)
        except InvalidPage:
            raise exceptions.NotFound(f"no page {number} of this record") from None
        return Response(
            {
                "bot": bot.name,
                "game": game,
                "count": paginator.count,
                "page": page.number,
                "pages": paginator.num_pages,
                "next": page.number + 1 if page.has_next() else None,
                "previous": page.number - 1 if page.has_previous() else None,
                "results": [meeting.to_json() for meeting in page.object_list],
            }
        )
