"""Bot management for their owners (signed in), and ``/bot/me`` for a bot's token."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.auth import RATE_STATE, IsPerson
from bots.limits import budgets_of
from bots.models import AUTO_ACCEPT_MAX, Bot, BotToken
from bots.services import (
    bot_create,
    bot_retire,
    bot_update,
    token_issue,
    token_revoke,
    webhook_secret_rotate,
)
from core.api_paging import paged
from games import engine


def bot_json(bot: Bot) -> dict[str, Any]:
    return {
        "id": bot.pk,
        "name": bot.name,
        "owner": bot.owner.get_username(),
        "description": bot.description,
        "games": bot.games,
        "mode": bot.mode,
        "webhook_url": bot.webhook_url or None,
        "accepts_challenges": bot.accepts_challenges,
        "auto_accept_per_hour": bot.auto_accept_per_hour,
        "notes_public": bot.notes_public,
        "plays_with_people": bot.plays_with_people,
        "version": bot.version or None,
        "created_at": bot.created_at.isoformat(),
    }


def token_json(row: BotToken) -> dict[str, Any]:
    return {
        "id": row.pk,
        "prefix": row.prefix,
        "created_at": row.created_at.isoformat(),
        "last_used_at": row.last_used_at.isoformat() if row.last_used_at else None,
        "revoked_at": row.revoked_at.isoformat() if row.revoked_at else None,
    }


class BotSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=40)
    description = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    games = serializers.ListField(
        child=serializers.ChoiceField(choices=engine.names()), required=False
    )
    webhook_url = serializers.URLField(required=False, allow_blank=True, max_length=500)
    accepts_challenges = serializers.BooleanField(
        required=False, default=False, help_text="auto-accept challenges (up to the hourly cap)"
    )
    auto_accept_per_hour = serializers.IntegerField(
        required=False, min_value=0, max_value=AUTO_ACCEPT_MAX, help_text="the auto-accept cap"
    )
    notes_public = serializers.BooleanField(
        required=False,
        help_text="show the notes of this bot's moves to everyone once each match is over "
        '(default: its owner alone sees them; docs/bots.md, "Notes")',
    )
    plays_with_people = serializers.BooleanField(
        required=False,
        help_text="its owner allows it to enter tournaments and leagues whose audience includes "
        'people (default: off, events for bots only; docs/bots.md, "Events with people")',
    )


class BotUpdateSerializer(BotSerializer):
    name = None  # type: ignore[assignment]


def owned_bots(request: Request) -> QuerySet[Bot]:
    return Bot.objects.filter(owner=request.user, is_active=True).select_related("owner")


def owned_bot(request: Request, bot_id: int) -> Bot:
    bot = owned_bots(request).filter(pk=bot_id).first()
    if bot is None:
        raise exceptions.NotFound(f"you have no bot {bot_id}")
    return bot


class BotList(APIView):
    """Your bots; create one (its token is shown once, in this answer only)."""

    permission_classes = [IsPerson]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT}, summary="List your bots", operation_id="v1_bots_list"
    )
    def get(self, request: Request) -> Response:
        return paged(self, request, owned_bots(request), bot_json)

    @extend_schema(
        request=BotSerializer,
        responses={201: OpenApiTypes.OBJECT},
        summary="Create a bot; the answer holds its token, shown once",
    )
    def post(self, request: Request) -> Response:
        body = BotSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        created = bot_create(owner=request.user, **body.validated_data)
        answer = {**bot_json(created.bot), "token": created.token}
        if created.webhook_secret:
            answer["webhook_secret"] = created.webhook_secret
        return Response(answer, status=201)


class BotDetail(APIView):
    """One of your bots: read, change, retire."""

    permission_classes = [IsPerson]

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="Get one of your bots")
    def get(self, request: Request, bot_id: int) -> Response:
        bot = owned_bot(request, bot_id)
        tokens = [token_json(t) for t in bot.tokens.all()]
        return Response({**bot_json(bot), "tokens": tokens})

    @extend_schema(
        request=BotUpdateSerializer,
        responses={200: OpenApiTypes.OBJECT},
        summary="Change a bot (a new webhook gets a secret, shown once)",
    )
    def patch(self, request: Request, bot_id: int) -> Response:
        bot = owned_bot(request, bot_id)
        body = BotUpdateSerializer(data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        secret = bot_update(bot=bot, **body.validated_data)
        answer = bot_json(bot)
        if secret:
            answer["webhook_secret"] = secret
        return Response(answer)

    @extend_schema(responses={204: None}, summary="Retire a bot and revoke its tokens")
    def delete(self, request: Request, bot_id: int) -> Response:
        bot_retire(bot=owned_bot(request, bot_id))
        return Response(status=204)


class RotateSerializer(serializers.Serializer[Any]):
    keep_others = serializers.BooleanField(
        required=False, default=False, help_text="keep the old tokens valid (default: revoke)"
    )


class BotTokens(APIView):
    """Issue a new token (rotation revokes the old ones unless asked not to)."""

    permission_classes = [IsPerson]

    @extend_schema(
        request=RotateSerializer,
        responses={
            201: OpenApiTypes.OBJECT,
            409: OpenApiResponse(description="too_many_tokens: TOKENS_PER_BOT kept side by side"),
        },
        summary="Rotate the token: a new one, shown once",
    )
    def post(self, request: Request, bot_id: int) -> Response:
        bot = owned_bot(request, bot_id)
        body = RotateSerializer(data=request.data if isinstance(request.data, dict) else {})
        body.is_valid(raise_exception=True)
        issued = token_issue(bot=bot, revoke_others=not body.validated_data["keep_others"])
        return Response({**token_json(issued.row), "token": issued.token}, status=201)


class BotTokenDetail(APIView):
    permission_classes = [IsPerson]

    @extend_schema(
        responses={204: None, 404: OpenApiResponse(description="no such token")},
        summary="Revoke one token",
    )
    def delete(self, request: Request, bot_id: int, token_id: int) -> Response:
        if not token_revoke(bot=owned_bot(request, bot_id), token_id=token_id):
            raise exceptions.NotFound(f"no active token {token_id}")
        return Response(status=204)


class WebhookSecret(APIView):
    permission_classes = [IsPerson]

    @extend_schema(
        request=None,
        responses={201: OpenApiTypes.OBJECT},
        summary="Rotate the webhook signing secret (shown once)",
    )
    def post(self, request: Request, bot_id: int) -> Response:
        secret = webhook_secret_rotate(bot=owned_bot(request, bot_id))
        return Response({"webhook_secret": secret}, status=201)


class BotMe(APIView):
    """The bot whose token signs the request."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="The calling bot")
    def get(self, request: Request) -> Response:
        if not isinstance(request.auth, BotToken):
            raise exceptions.PermissionDenied("this endpoint needs a bot token")
        return Response(bot_json(request.auth.bot))


class BotLimits(APIView):
    """The calling bot's budgets: each limit, its use and when more is free."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        summary="The calling bot's limits, with what it has used (docs/bots.md)",
    )
    def get(self, request: Request) -> Response:
        if not isinstance(request.auth, BotToken):
            raise exceptions.PermissionDenied("this endpoint needs a bot token")
        rate = getattr(request._request, RATE_STATE, None)
        budgets = budgets_of(request.auth.bot, request.auth, rate)
        return Response({"bot": request.auth.bot.name, "budgets": [b.to_json() for b in budgets]})

