"""The match endpoints of the API: practice matches, state, log, moves, resign, abort."""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.models import BotToken
from core.api_fields import StrictIntegerField, whole_number
from games import engine
from games.models import Match, Seat
from games.selectors import match_log, match_public, shown_turn
from games.services.callers import Caller
from games.services.clock import turn_ack
from games.services.delivery import refusal_record
from games.services.errors import NotFound, NotYourSeat
from games.services.matches import match_resign, move_play
from games.services.notes import note_parsed, notes_for
from games.services.practice import practice_match_abort, practice_match_create

log = logging.getLogger(__name__)

ERRORS = {
    400: OpenApiResponse(description='`{"error": code, "detail": text}`: bad request'),
    401: OpenApiResponse(description="missing, unknown or revoked token"),
    404: OpenApiResponse(description="no such match, or not one of yours"),
    429: OpenApiResponse(description="rate limit: wait `Retry-After` seconds"),
}


def caller_of(request: Request) -> Caller:
    """Return who makes the request (a bot by token, or a signed-in person)."""
    auth = request.auth
    if isinstance(auth, BotToken):
        return Caller(user_id=auth.bot.owner_id, bot_id=auth.bot_id)
    return Caller(user_id=request.user.pk)


def caller_seats(match: Match, caller: Caller) -> list[int]:
    """Return the seats of ``match`` that the caller plays."""
    return caller.seats_in(Seat.objects.filter(match=match).order_by("number"))


class MatchCreateSerializer(serializers.Serializer[Any]):
    game = serializers.ChoiceField(choices=engine.names())
    options = serializers.DictField(required=False, default=dict, help_text="engine options")
    seats = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        max_length=4,
        help_text="'me', 'house:greedy', 'house:random', 'house:ismcts', 'house:ismcts-fast' or "
        '{"bot": name}, in seat order; '
        "default: me, then greedy house bots",
    )
    move_timeout = serializers.FloatField(required=False, min_value=0.5, max_value=86400)
    clock = serializers.JSONField(
        required=False,
        help_text='a time bank instead of move_timeout: {"bank": s, "increment": s} '
        "(bank 1 to 86400, increment 0 to 3600)",
    )


class AckSerializer(serializers.Serializer[Any]):
    turn = StrictIntegerField(min_value=0, max_value=2**31 - 1)


class MoveSerializer(serializers.Serializer[Any]):
    turn = StrictIntegerField(min_value=0, max_value=2**31 - 1)
    move = serializers.JSONField()
    note = serializers.JSONField(
        required=False,
        allow_null=True,
        help_text='optional: what the bot was thinking, a string or {"text", "eval", '
        '"confidence"}; text at most 1024 bytes; only its owner sees it (docs/bots.md, "Notes")',
    )


class ResignSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField(required=False, min_value=0, help_text="default: your seat")


class MatchList(APIView):
    """List matches, newest first; start a practice match."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, enum=engine.names()),
            OpenApiParameter("status", str, enum=[s.value for s in Match.Status]),
            OpenApiParameter("page", int),
        ],
        responses={200: OpenApiTypes.OBJECT},  # web/api_components.py: MatchPage
        operation_id="v1_matches_list",
        summary="List matches",
    )
    def get(self, request: Request) -> Response:
        matches = Match.objects.all().order_by("-id")
        if game := request.query_params.get("game"):
            matches = matches.filter(game=game)
        if status := request.query_params.get("status"):
            matches = matches.filter(status=status)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(matches, request, view=self) or []
        rows = [
            {
                "id": m.pk,
                "game": m.game,
                "status": m.status,
                "turn": shown_turn(m),  # None while sealed (games/selectors.py)
                "created_at": m.created_at.isoformat(),
            }
            for m in page
        ]
        return paginator.get_paginated_response(rows)

    @extend_schema(
        request=MatchCreateSerializer,
        responses={
            201: OpenApiTypes.OBJECT,
            409: OpenApiResponse(description="too_many_matches: PRACTICE_MATCH_LIMIT reached"),
            **ERRORS,
        },
        summary="Start a practice match against house bots and your own bots",
    )
    def post(self, request: Request) -> Response:
        data = MatchCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        caller = caller_of(request)
        match = practice_match_create(caller=caller, **data.validated_data)
        seats = caller_seats(match, caller)
        return Response(match_public(match, seats[0] if seats else None), status=201)


class MatchDetail(APIView):
    """The state of a match: the spectator view, or a seated caller's own view."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("seat", int, description="which of your seats (default: first)")
        ],
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]},  # Match
        operation_id="v1_matches_retrieve",
        summary="Get a match (public state; to a seated bot or person its own view)",
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = get_object_or_404(Match, pk=match_id)
        seat = None
        if request.user.is_authenticated:
            mine = caller_seats(match, caller_of(request))
            wanted = request.query_params.get("seat")
            if wanted is not None:
                number = whole_number(wanted, maximum=3)
                if number is None or number not in mine:
                    raise NotYourSeat(f"you do not play seat {wanted} of match {match_id}")
                seat = number
            elif mine:
                seat = mine[0]
        body = match_public(match, seat)
        user_id = request.user.pk if request.user.is_authenticated else None
        body["notes"] = [
            {"turn": turn, **note} for turn, note in sorted(notes_for(match, user_id).items())
        ]
        return Response(body)


class MatchLog(APIView):
    """The move log: public moves during play, the full record after."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]}, summary="Get the log")
    def get(self, request: Request, match_id: int) -> Response:
        match = get_object_or_404(Match, pk=match_id)
        if not request.user.is_authenticated:
            return Response(match_log(match, notes=notes_for(match, None)))
        caller = caller_of(request)
        seats = list(Seat.objects.filter(match=match).select_related("bot"))
        own = frozenset(
            s.number
            for s in seats
            if caller.plays(s) or (s.bot is not None and s.bot.owner_id == caller.user_id)
        )
        seated = bool(caller.seats_in(seats))
        notes = notes_for(match, caller.user_id)
        return Response(match_log(match, seated=seated, timed=own, notes=notes))


def _seats_or_404(match_id: int, caller: Caller) -> tuple[Match, list[int]]:
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise NotFound(f"no match {match_id}")
    seats = caller_seats(match, caller)
    if not seats:
        raise NotFound(f"you have no seat in match {match_id}")
    return match, seats


class MatchMoves(APIView):
    """Send a move for an open turn."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=MoveSerializer,
        responses={
            200: OpenApiResponse(description="accepted (the same request again: the same answer)"),
            409: OpenApiResponse(
                description="the turn is not open for you (played, not yours, over)"
            ),
            422: OpenApiResponse(description="invalid_move (malformed) or illegal_move"),
            **ERRORS,
        },
        summary="Play a move",
    )
    def post(self, request: Request, match_id: int) -> Response:
        if not isinstance(request.data, dict) or not {"turn", "move"} <= set(request.data):
            return Response(
                {"error": "bad_request", "detail": 'send {"turn": n, "move": {...}}'}, status=400
            )
        body = MoveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        played = move_play(
            match_id=match_id,
            caller=caller_of(request),
            turn=body.validated_data["turn"],
            move=body.validated_data["move"],
            note=note_parsed(body.validated_data.get("note")),
        )
        row = played.row
        return Response(
            {
                "match": match_id,
                "turn": row.turn,
                "seat": row.seat,
                "move": row.move,
                "accepted": True,
                "next_turn": played.next_turn,
                "status": played.status,
            }
        )

    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        """Count a refused answer (4xx) of a bot against its seat: pre-flights report them."""
        auth = getattr(request, "auth", None)
        match_id = kwargs.get("match_id")
        if 400 <= response.status_code < 500 and isinstance(auth, BotToken) and match_id:
            code = response.data.get("error") if isinstance(response.data, dict) else None
            try:
                refusal_record(match_id=match_id, bot_id=auth.bot_id, code=str(code or "refused"))
            except DatabaseError:  # counting must never turn a refusal into a failure
                log.warning("could not count a refusal of bot %s", auth.bot_id)
        return super().finalize_response(request, response, *args, **kwargs)


class MatchAck(APIView):
    """Acknowledge a clocked turn on receipt: the server measures the round trip."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=AckSerializer,
        responses={
            200: OpenApiResponse(description="TurnAck"),
            409: OpenApiResponse(description="turn_not_open: not handed to you, or acknowledged"),
            **ERRORS,
        },
        summary="Acknowledge a delivered turn (time banks: the transit allowance)",
    )
    def post(self, request: Request, match_id: int) -> Response:
        body = AckSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        match = get_object_or_404(Match, pk=match_id)
        seats = caller_seats(match, caller_of(request))
        if not seats:
            raise NotFound(f"you have no seat in match {match_id}")
        turn = body.validated_data["turn"]
        ms = turn_ack(match_id=match_id, seat_numbers=seats, turn=turn, now=timezone.now())
        return Response({"match": match_id, "turn": turn, "transit_ms": ms})


class MatchResign(APIView):
    """Resign a seat: the house bot plays on, or a two-sided match ends."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=ResignSerializer,
        responses={200: OpenApiTypes.OBJECT, 409: ERRORS[400], **ERRORS},
        summary="Resign",
    )
    def post(self, request: Request, match_id: int) -> Response:
        body = ResignSerializer(data=request.data if isinstance(request.data, dict) else {})
        body.is_valid(raise_exception=True)
        match, seats = _seats_or_404(match_id, caller_of(request))
        seat = body.validated_data.get("seat", seats[0])
        if seat not in seats:
            raise NotYourSeat(f"you do not play seat {seat}")
        match = match_resign(match_id=match.pk, seat=seat)
        return Response(match_public(match, seat))


class MatchAbort(APIView):
    """Abort a practice or challenge match you started: it ends without a result."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=None,
        responses={
            200: OpenApiTypes.OBJECT,
            403: OpenApiResponse(description="not_your_match: you did not start it"),
            409: OpenApiResponse(
                description="not_abortable: a tournament, league or table "
                "match, or already finished"
            ),
            **ERRORS,
        },
        summary="Abort your practice match",
    )
    def post(self, request: Request, match_id: int) -> Response:
        caller = caller_of(request)
        match = practice_match_abort(match_id=match_id, caller=caller)
        seats = caller_seats(match, caller)
        return Response(match_public(match, seats[0] if seats else None))
