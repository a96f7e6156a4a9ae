"""``/api/v1/bots/{id}/preflight``: start a pre-flight check, read the latest ones.

The bot's owner (signed in) or the bot itself (its own token) may do both; the report is
theirs alone (docs/bots.md, "Pre-flight check").
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.models import Bot, BotToken, Preflight
from bots.preflight import preflight_json, preflight_latest, preflight_start
from games import engine

ERRORS = {
    400: OpenApiResponse(description='`{"error": code, "detail": text}`: bad request'),
    401: OpenApiResponse(description="missing, unknown or revoked token"),
    404: OpenApiResponse(description="no such bot of yours"),
    409: OpenApiResponse(description="preflight_running or too_many_preflights"),
}


class PreflightSerializer(serializers.Serializer[Any]):
    game = serializers.ChoiceField(
        choices=engine.names(), required=False, help_text="needed unless the target is a tournament"
    )
    target = serializers.RegexField(
        r"^(ladder|practice|tournament:[0-9]{1,18})$",
        required=False,
        default="ladder",
        help_text="whose time a move to use: ladder (default), practice or tournament:N",
    )


def bot_of(request: Request, bot_id: int) -> Bot:
    """Return the bot if the caller is its owner (signed in) or the bot itself (its token)."""
    auth = request.auth
    if isinstance(auth, BotToken):
        if auth.bot_id != bot_id:
            raise exceptions.NotFound(f"a bot token acts only as its own bot, not bot {bot_id}")
        return auth.bot
    bot = Bot.objects.filter(pk=bot_id, owner=request.user, is_active=True).first()
    if bot is None:
        raise exceptions.NotFound(f"you have no bot {bot_id}")
    return bot


class BotPreflight(APIView):
    """Start a pre-flight check of a bot, or read its latest checks (newest first)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=PreflightSerializer,
        responses={202: OpenApiResponse(description="Preflight"), **ERRORS},
        summary="Start a pre-flight check: a short match against house bots",
    )
    def post(self, request: Request, bot_id: int) -> Response:
        bot = bot_of(request, bot_id)
        body = PreflightSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        target = body.validated_data["target"]
        game = body.validated_data.get("game")
        if game is None and not target.startswith("tournament:"):
            raise exceptions.ValidationError({"game": ["name the game to check"]})
        check = preflight_start(bot=bot, game=game, target=target)
        return Response(preflight_json(check), status=202)

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, enum=engine.names(), description="only this game"),
            OpenApiParameter("page", int, description="page number, from 1"),
        ],
        responses={200: OpenApiResponse(description="PreflightPage"), **ERRORS},
        summary="The bot's pre-flight checks, newest first",
    )
    def get(self, request: Request, bot_id: int) -> Response:
        bot = bot_of(request, bot_id)
        game = request.query_params.get("game")
        if game is not None and game not in engine.names():
            raise exceptions.ValidationError({"game": [f"no game {game!r}"]})
        preflight_latest(bot)  # decides a check whose match ended while nobody listened
        rows = Preflight.objects.filter(bot=bot).select_related("bot")
        if game:
            rows = rows.filter(game=game)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(rows, request, view=self) or []
        return paginator.get_paginated_response([preflight_json(check) for check in page])
