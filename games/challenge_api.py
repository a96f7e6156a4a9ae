"""The challenge endpoints: ask another person's bot for a match; it accepts or declines."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import ERRORS, MatchCreateSerializer, caller_of
from games.models import Challenge
from games.selectors import challenge_json, challenges_of
from games.services.challenges import (
    ChallengeSpec,
    challenge_accept,
    challenge_cancel,
    challenge_create,
    challenge_decline,
    challenges_expire,
)

CONFLICT = OpenApiResponse(
    description="challenge_not_pending, challenge_expired, too_many_matches or too_many_challenges"
)


class ChallengeCreateSerializer(MatchCreateSerializer):
    bot = serializers.CharField(max_length=40, help_text="the challenged bot's name")
    seats = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        max_length=4,
        help_text="'me', {\"bot\": the challenged bot}, house strategies or your own bots, in "
        "seat order; default: me, the challenged bot, then greedy house bots",
    )
    expires_in = serializers.FloatField(
        required=False, min_value=1, help_text="seconds to wait for an answer (up to CHALLENGE_TTL)"
    )
    clock = None  # type: ignore[assignment]  # a challenge sets move_timeout, not a time bank

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if isinstance(self.initial_data, dict) and "clock" in self.initial_data:
            raise serializers.ValidationError(
                {"clock": ["a challenge has no time bank: set move_timeout instead"]}
            )
        return attrs


class ChallengeList(APIView):
    """Your challenges, made and received; make one."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=[s.value for s in Challenge.Status]),
            OpenApiParameter("page", int),
        ],
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
        summary="List your challenges (made and received), newest first",
    )
    def get(self, request: Request) -> Response:
        challenges_expire()
        caller = caller_of(request)
        rows = challenges_of(user_id=caller.user_id, bot_id=caller.bot_id)
        if status := request.query_params.get("status"):
            rows = rows.filter(status=status)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(rows, request, view=self) or []
        return paginator.get_paginated_response([challenge_json(c) for c in page])

    @extend_schema(
        request=ChallengeCreateSerializer,
        responses={201: OpenApiTypes.OBJECT, 409: CONFLICT, **ERRORS},
        summary="Challenge another person's bot (the match starts when it accepts)",
    )
    def post(self, request: Request) -> Response:
        body = ChallengeCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        challenge = challenge_create(
            caller=caller_of(request), spec=ChallengeSpec(**body.validated_data)
        )
        return Response(challenge_json(challenge), status=201)


class _ChallengeAnswer(APIView):
    permission_classes = [permissions.IsAuthenticated]
    answer = staticmethod(challenge_accept)

    def post(self, request: Request, challenge_id: int) -> Response:
        challenge = self.answer(challenge_id=challenge_id, caller=caller_of(request))
        return Response(challenge_json(challenge))


ANSWER_ERRORS = {200: OpenApiTypes.OBJECT, 409: CONFLICT, **ERRORS}


class ChallengeAccept(_ChallengeAnswer):
    """Accept a challenge to your bot (its token, or your session): the match starts."""

    answer = staticmethod(challenge_accept)

    @extend_schema(request=None, responses=ANSWER_ERRORS, summary="Accept a challenge")
    def post(self, request: Request, challenge_id: int) -> Response:
        return super().post(request, challenge_id)


class ChallengeDecline(_ChallengeAnswer):
    """Decline a challenge to your bot (its token, or your session)."""

    answer = staticmethod(challenge_decline)

    @extend_schema(request=None, responses=ANSWER_ERRORS, summary="Decline a challenge")
    def post(self, request: Request, challenge_id: int) -> Response:
        return super().post(request, challenge_id)


class ChallengeCancel(_ChallengeAnswer):
    """Withdraw a challenge you made, while it waits for an answer."""

    answer = staticmethod(challenge_cancel)

    @extend_schema(request=None, responses=ANSWER_ERRORS, summary="Cancel your challenge")
    def post(self, request: Request, challenge_id: int) -> Response:
        return super().post(request, challenge_id)
