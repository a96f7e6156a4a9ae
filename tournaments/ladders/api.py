"""The ladder endpoints of the API: public reads; a bot joins and leaves (docs/ladders.md)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.auth import token_bot
from core.api_paging import paged
from games import engine
from tournaments.ladders import selectors
from tournaments.ladders.services.entries import entry_join, entry_leave
from tournaments.ladders.services.ladders import ladder_check

GAME = OpenApiParameter("game", str, OpenApiParameter.PATH, enum=engine.names())
ERRORS = {
    400: OpenApiResponse(
        description='`{"error": code, "detail": text}`: a bad body or bot; `preflight_required`'
    ),
    401: OpenApiResponse(description="no session or token"),
    403: OpenApiResponse(description="not your bot (a token acts only as its own bot)"),
    404: OpenApiResponse(description="no such ladder, bot, or entry"),
}


class LadderIndexSerializer(serializers.Serializer[Any]):
    game = serializers.CharField()
    bots = serializers.IntegerField(help_text="bots on the ladder (house anchors apart)")
    anchors = serializers.IntegerField(help_text="house anchors on the ladder")
    running = serializers.IntegerField(help_text="ladder matches running now")


class LadderEntrantSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    kind = serializers.CharField(help_text='"bot", or "anchor" for a house anchor')
    strategy = serializers.CharField(allow_null=True, help_text="an anchor's house strategy")
    status = serializers.CharField()
    rating = serializers.FloatField(help_text="mu - 3 sigma in the bots pool, one decimal")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField(help_text="rated games in this game's bots pool")
    running = serializers.IntegerField(help_text="its ladder matches running now")
    joined_at = serializers.DateTimeField()
    rank = serializers.IntegerField(help_text="its place by conservative rating, 1 = best")
    skill_low = serializers.FloatField(help_text="mu - 1.96 sigma: the 95% interval's low end")
    skill_high = serializers.FloatField(help_text="mu + 1.96 sigma")
    rank_low = serializers.IntegerField(
        allow_null=True, help_text="the best rank it could hold (95%); null past the top 100"
    )
    rank_high = serializers.IntegerField(allow_null=True, help_text="the worst rank it could hold")
    settled_with_next = serializers.BooleanField(
        allow_null=True,
        help_text="whether its order against the next entrant is settled (null: last, or "
        "past the top 100)",
    )


class LadderSetSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(
        choices=["duplicate", "single"],
        help_text="duplicate: one deal at several tables, rated by comparison; single: the "
        "fallback table, rated from its result",
    )
    tables = serializers.IntegerField(help_text="tables in the set")
    table = serializers.IntegerField(help_text="this match's table, 0 first (its rotation)")
    commitment = serializers.CharField(help_text="SHA-256 of the set's seed, shown at once")


class LadderRunningSerializer(serializers.Serializer[Any]):
    match = serializers.IntegerField(help_text="the match id: /matches/{id}/ shows it")
    seats = serializers.ListField(child=serializers.CharField(), help_text="in seat order")
    turn = serializers.IntegerField(
        allow_null=True, help_text="the move it has reached; null while sealed (a set's deal)"
    )
    started_at = serializers.DateTimeField()
    set = LadderSetSerializer(allow_null=True, help_text="the set this match is a table of")


class LadderDetailSerializer(serializers.Serializer[Any]):
    game = serializers.CharField()
    version = serializers.IntegerField(help_text="grows with every change of the ladder")
    entrants = LadderEntrantSerializer(many=True)
    settled = serializers.BooleanField(
        help_text="false while two neighbouring entrants could still swap places"
    )
    running = LadderRunningSerializer(many=True)


class LadderEntrySerializer(serializers.Serializer[Any]):
    game = serializers.CharField()
    bot = serializers.CharField()
    status = serializers.ChoiceField(choices=["active", "left", "suspended"])
    reason = serializers.CharField(help_text="why it was suspended (empty otherwise)")
    joined_at = serializers.DateTimeField()
    status_changed_at = serializers.DateTimeField()
    last_scheduled_at = serializers.DateTimeField(allow_null=True)
    matches = serializers.IntegerField()
    timeouts = serializers.IntegerField()
    forfeits = serializers.IntegerField()


class LadderSkillSerializer(serializers.Serializer[Any]):
    mu = serializers.FloatField(help_text="the skill estimate in the bots pool")
    sigma = serializers.FloatField(help_text="its uncertainty")
    rating = serializers.FloatField(help_text="mu - 3 sigma, one decimal")
    low = serializers.FloatField(help_text="mu - 1.96 sigma: the 95% interval's low end")
    high = serializers.FloatField(help_text="mu + 1.96 sigma")
    games = serializers.IntegerField(help_text="rated games (each duplicate comparison is one)")


class LadderLuckSerializer(serializers.Serializer[Any]):
    mean = serializers.FloatField(
        allow_null=True,
        help_text="per duplicate deal, what the field made with its hand minus what it made "
        "with the deal's average hand (minus Buscas; a side's lead in Buraco): above 0 luckier",
    )
    deals = serializers.IntegerField(help_text="duplicate deals it played")
    low = serializers.FloatField(allow_null=True, help_text="the mean's 95% interval, low end")
    high = serializers.FloatField(allow_null=True, help_text="and high end")
    verdict = serializers.ChoiceField(choices=["better", "worse", "average", "unknown"])
    words = serializers.CharField(help_text='the verdict in words: "dealt better hands than …"')


class LadderEntryDetailSerializer(LadderEntrySerializer):
    anchor = serializers.CharField(allow_null=True, help_text="a house anchor's strategy")
    skill = LadderSkillSerializer()
    luck = LadderLuckSerializer()


class LadderEntryRequestSerializer(serializers.Serializer[Any]):
    bot = serializers.CharField(
        required=False,
        max_length=40,
        help_text="your bot's name; with a bot token it may be left out (the token's bot)",
    )


def _bot_name(request: Request) -> str | None:
    data = LadderEntryRequestSerializer(data=request.data if request.data else {})
    data.is_valid(raise_exception=True)
    name = data.validated_data.get("bot")
    if name is None and "bot" in request.query_params:
        query = LadderEntryRequestSerializer(data={"bot": request.query_params["bot"]})
        query.is_valid(raise_exception=True)
        name = query.validated_data["bot"]
    return name


class LadderList(APIView):
    """Every ladder: one per game."""

    permission_classes = [permissions.AllowAny]
    pagination_class = PageNumberPagination  # the one list shape: count, next, previous, results

    @extend_schema(responses={200: LadderIndexSerializer(many=True)}, summary="List the ladders")
    def get(self, request: Request) -> Response:
        return paged(self, request, selectors.ladder_index())


class LadderDetail(APIView):
    """One ladder: its entrants with their bots-pool ratings, and its running matches."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[GAME],
        responses={200: LadderDetailSerializer, 404: ERRORS[404]},
        summary="Get a ladder",
    )
    def get(self, request: Request, game: str) -> Response:
        ladder_check(game)
        return Response(selectors.ladder_detail(game=game))


class LadderEntries(APIView):
    """Join or leave a ladder: the owner's session names the bot; a bot token acts as itself."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        parameters=[GAME],
        request=LadderEntryRequestSerializer,
        responses={
            200: OpenApiResponse(LadderEntrySerializer, description="already on the ladder"),
            201: OpenApiResponse(LadderEntrySerializer, description="joined (or joined again)"),
            **ERRORS,
        },
        summary="Join a ladder",
    )
    def post(self, request: Request, game: str) -> Response:
        ladder_check(game)
        name = _bot_name(request)
        entry, changed = entry_join(
            game=game, user=request.user, bot_name=name, as_bot=token_bot(request)
        )
        return Response(selectors.entry_json(entry), status=201 if changed else 200)

    @extend_schema(
        parameters=[
            GAME,
            OpenApiParameter("bot", str, OpenApiParameter.QUERY, description="or in the body"),
        ],
        request=LadderEntryRequestSerializer,
        responses={200: LadderEntrySerializer, **ERRORS},
        summary="Leave a ladder",
    )
    def delete(self, request: Request, game: str) -> Response:
        ladder_check(game)
        name = _bot_name(request)
        entry = entry_leave(game=game, user=request.user, bot_name=name, as_bot=token_bot(request))
        return Response(selectors.entry_json(entry))


class LadderEntryDetail(APIView):
    """One bot on one ladder, for anyone: its skill and, apart from it, the luck of its hands."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[GAME, OpenApiParameter("bot", str, OpenApiParameter.PATH)],
        responses={200: LadderEntryDetailSerializer, 404: ERRORS[404]},
        summary="Get a bot's ladder entry (skill and luck)",
    )
    def get(self, request: Request, game: str, bot: str) -> Response:
        ladder_check(game)
        found = selectors.entry_detail(game=game, bot_name=bot)
        if found is None:
            raise exceptions.NotFound(f"{bot!r} has never joined the {game} ladder")
        return Response(found)
