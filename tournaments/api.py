"""The tournament endpoints of the API: public reads; organisers manage; entrants register."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.auth import IsPerson, IsPersonToWrite, token_bot
from core.api_fields import BoundedDateTimeField
from games.engine import strategies
from tournaments import selectors
from tournaments.models import Entry, Tournament
from tournaments.services import entries as entry_services
from tournaments.services import tournaments as services
from tournaments.services.errors import NotFound
from tournaments.services.formats import ALL_FORMATS, FORMATS_BY_GAME
from tournaments.services.permissions import can_manage
from tournaments.services.tiebreaks import MAX_TIEBREAK_BOARDS

ERRORS = {
    400: OpenApiResponse(description='`{"error": code, "detail": text}`: bad request'),
    403: OpenApiResponse(description="not the organiser (or not your bot)"),
    404: OpenApiResponse(description="no such tournament or entry"),
    409: OpenApiResponse(description="not in a state that allows this, or full"),
}


def tournament_or_404(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_related("organiser").filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound(f"no tournament {tournament_id}")
    return tournament


class TournamentCreateSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=100)
    game = serializers.ChoiceField(choices=sorted(FORMATS_BY_GAME))
    format = serializers.ChoiceField(choices=ALL_FORMATS)
    options = serializers.DictField(required=False, default=dict, help_text="engine rule options")
    move_timeout = serializers.FloatField(
        required=False, allow_null=True, default=None, min_value=0.5, max_value=86400
    )
    duplicate = serializers.BooleanField(required=False, default=False)
    third_place = serializers.BooleanField(required=False, default=False)
    advance = serializers.IntegerField(required=False, default=2, min_value=1, max_value=3)
    swiss_rounds = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=50
    )
    seeding = serializers.ChoiceField(choices=Tournament.Seeding.values, default="draw")
    open_to = serializers.ChoiceField(
        choices=Tournament.OpenTo.values,
        default="bots",
        help_text="the audience, who may enter: bots, people or both; a bot enters one open to "
        "people only if its owner allows it (plays_with_people)",
    )
    capacity = serializers.IntegerField(required=False, default=16, min_value=2, max_value=4096)
    check_in = serializers.BooleanField(required=False, default=False)
    clock = serializers.JSONField(
        required=False,
        allow_null=True,
        default=None,
        help_text='a time bank instead of move_timeout: {"bank": s, "increment": s} '
        "(bank 1 to 86400, increment 0 to 3600)",
    )
    require_preflight = serializers.BooleanField(
        required=False,
        default=False,
        help_text="bots enter only with a recent passed pre-flight check of the game",
    )
    tiebreak_boards = serializers.IntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=MAX_TIEBREAK_BOARDS,
        help_text="extra one-deal boards allowed to break a tie that decides a cut or a podium "
        "place (0: none)",
    )
    check_in_minutes = serializers.IntegerField(
        required=False, default=30, min_value=1, max_value=1440
    )
    starts_at = BoundedDateTimeField(required=False, allow_null=True, default=None)
    open_registration = serializers.BooleanField(
        required=False, default=False, help_text="open registration at once"
    )


class EntrySerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(
        choices=Entry.Kind.values,
        required=False,
        help_text="default: your bot when called with a bot token, else yourself",
    )
    bot = serializers.CharField(required=False, help_text="bot name (bot, bot_pair)")
    partner = serializers.CharField(
        required=False, help_text="second bot (bot_pair) or partner's user name (user_pair)"
    )
    strategy = serializers.ChoiceField(choices=strategies.names(), default="house:greedy")


class ReplaceSerializer(serializers.Serializer[Any]):
    strategy = serializers.ChoiceField(choices=strategies.names(), default="house:greedy")


class TournamentList(APIView):
    """List tournaments; create one (you become its organiser; a person's session only)."""

    permission_classes = [IsPersonToWrite]

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=Tournament.Status.values),
            OpenApiParameter("game", str, enum=sorted(FORMATS_BY_GAME)),
            OpenApiParameter("page", int),
        ],
        responses={200: OpenApiTypes.OBJECT},
        summary="List tournaments, newest first",
        operation_id="v1_tournaments_list",
    )
    def get(self, request: Request) -> Response:
        rows = selectors.tournaments_list(
            status=request.query_params.get("status"), game=request.query_params.get("game")
        )
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(rows, request, view=self) or []
        return paginator.get_paginated_response([selectors.tournament_summary(t) for t in page])

    @extend_schema(
        request=TournamentCreateSerializer,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        summary="Create a tournament (a draft, or open for registration)",
    )
    def post(self, request: Request) -> Response:
        data = TournamentCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        open_now = fields.pop("open_registration")
        tournament = services.tournament_create(
            organiser=request.user, spec=services.TournamentSpec(**fields)
        )
        if open_now:
            tournament = services.registration_open(tournament_id=tournament.pk, user=request.user)
        return Response(selectors.tournament_public(tournament), status=201)


class TournamentDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]}, summary="A tournament")
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(selectors.tournament_public(tournament_or_404(tournament_id)))


ACTIONS: dict[str, Callable[..., Tournament]] = {
    "open": services.registration_open,
    "start": services.tournament_start,
    "pause": services.tournament_pause,
    "resume": services.tournament_resume,
    "cancel": services.tournament_cancel,
}


class TournamentAction(APIView):
    """Organisers: open registration, start now, pause, resume, cancel (never with a token)."""

    permission_classes = [IsPerson]
    action: str = ""

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        ACTIONS[self.action](tournament_id=tournament_id, user=request.user)
        return Response(selectors.tournament_public(tournament_or_404(tournament_id)))


class EntryList(APIView):
    """The entries; register your bot, yourself, a pair, or (organisers) a house bot."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="List the entries")
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_or_404(tournament_id)
        entries = selectors.entries_of(tournament)
        rows = [selectors.entry_public(e) for e in entries]
        if can_manage(request.user, tournament):  # the organiser's mark, never with whom
            linked = selectors.entries_linked(entries)
            for row in rows:
                row["linked"] = row["id"] in linked
        return Response({"entries": rows})

    @extend_schema(
        request=EntrySerializer,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        summary="Register an entry",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = EntrySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        bot = token_bot(request)
        fields.setdefault("kind", Entry.Kind.BOT if bot else Entry.Kind.USER)
        if fields["kind"] in (Entry.Kind.BOT, Entry.Kind.BOT_PAIR) and "bot" not in fields:
            fields["bot"] = bot.pk if bot else None
        entry = entry_services.entry_register(
            tournament_id=tournament_id, user=request.user, as_bot=bot, **fields
        )
        return Response(selectors.entry_public(entry), status=201)


ENTRY_ACTIONS: dict[str, Callable[..., Entry]] = {
    "check-in": entry_services.entry_check_in,
    "withdraw": entry_services.entry_withdraw,
    "replace": entry_services.entry_replace,
    "accept": entry_services.entry_accept,
    "decline": entry_services.entry_decline,
}
# Actions only a person's session may take (a bot token is refused before the service runs).
PERSON_ACTIONS = {"replace", "accept", "decline"}


class EntryAction(APIView):
    """Check in, withdraw, (organisers) replace a missing entrant by a house bot, or (the
    invited partner of a pair) accept or decline the invitation.

    With a bot token, only that bot's own entry may be checked in or withdrawn.
    """

    permission_classes = [permissions.IsAuthenticated]
    action: str = ""

    def get_permissions(self) -> list[Any]:
        return [IsPerson()] if self.action in PERSON_ACTIONS else super().get_permissions()

    @extend_schema(request=ReplaceSerializer, responses={200: OpenApiTypes.OBJECT, **ERRORS})
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        extra: dict[str, Any] = {"as_bot": token_bot(request)}
        if self.action == "replace":
            data = ReplaceSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            extra |= dict(data.validated_data)
        entry = ENTRY_ACTIONS[self.action](
            tournament_id=tournament_id, entry_id=entry_id, user=request.user, **extra
        )
        entry.refresh_from_db()
        return Response(selectors.entry_public(entry))


READS: dict[str, Callable[[Tournament], Any]] = {
    "standings": selectors.standings_of,
    "bracket": selectors.bracket_of,
    "commitments": selectors.commitments_of,
}


class TournamentRead(APIView):
    """Standings, the bracket (rounds, tables, matches), or the seed commitments."""

    permission_classes = [permissions.AllowAny]
    read: str = ""

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_or_404(tournament_id)
        body = {"tournament": tournament.pk, "version": tournament.version}
        return Response({**body, self.read: READS[self.read](tournament)})
