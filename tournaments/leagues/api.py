"""The league endpoints: public reads; the organiser manages; members join themselves."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.auth import IsPerson, IsPersonToWrite, TokenRefused, token_bot
from bots.models import Bot
from core.api_fields import BoundedDateTimeField
from core.api_paging import paged
from core.id_bounds import MAX_ID
from tournaments.leagues.models import Division, League, LeagueRound, Membership, Season
from tournaments.leagues.selectors import (
    division_standings,
    league_json,
    member_json,
    memberships_of,
    round_json,
    season_json,
)
from tournaments.leagues.services.errors import NotFound
from tournaments.leagues.services.leagues import (
    LEAGUE_GAMES,
    SeasonPlan,
    league_create,
    membership_join,
    organiser_check,
    season_create,
    season_next_create,
)
from tournaments.leagues.services.withdrawals import membership_leave

ERRORS = {
    400: OpenApiResponse(description='`{"error": code, "detail": text}`: bad request'),
    403: OpenApiResponse(description="not the organiser, or not your bot"),
    404: OpenApiResponse(description="no such league, season, division or round"),
    409: OpenApiResponse(description="the season is not in a state that allows this"),
}


class LeagueSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=100)
    slug = serializers.SlugField(max_length=50, required=False)
    game = serializers.ChoiceField(choices=LEAGUE_GAMES)
    members = serializers.ChoiceField(choices=League.Members.values)
    options = serializers.DictField(required=False, default=dict, help_text="engine options")
    description = serializers.CharField(required=False, allow_blank=True, max_length=4000)
    auto_next_season = serializers.BooleanField(required=False, default=False)
    clock = serializers.JSONField(
        required=False,
        allow_null=True,
        default=None,
        help_text='a time bank instead of the time a move: {"bank": s, "increment": s}',
    )


YEAR = 366 * 86400  # the longest round interval and window, in seconds


class SeasonSerializer(serializers.Serializer[Any]):
    starts_at = BoundedDateTimeField(help_text="when round 1 opens (ISO 8601, 2000 to 2100)")
    round_interval = serializers.FloatField(
        min_value=1, max_value=YEAR, help_text="seconds between rounds (at most a year)"
    )
    round_window = serializers.FloatField(
        min_value=1, max_value=YEAR, help_text="seconds a round stays open (at most a year)"
    )
    rounds = serializers.IntegerField(min_value=1, max_value=100)
    format = serializers.ChoiceField(choices=Season.Format.values, default="round_robin")
    promote = serializers.IntegerField(min_value=0, max_value=100, default=0)
    relegate = serializers.IntegerField(min_value=0, max_value=100, default=0)
    divisions = serializers.ListField(
        child=serializers.CharField(max_length=60),
        required=False,
        default=["Division 1"],
        max_length=20,
    )


class JoinSerializer(serializers.Serializer[Any]):
    bot = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="one of your bots (bot leagues)"
    )
    house = serializers.CharField(required=False, help_text="organiser: a house strategy")
    division = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="organiser: a division id"
    )


class NextSeasonSerializer(serializers.Serializer[Any]):
    starts_at = BoundedDateTimeField(required=False)


def _league(slug: str) -> League:
    return get_object_or_404(League.objects.select_related("organiser"), slug=slug)


def _season(season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("league__organiser"), pk=season_id)


def _division(division_id: int) -> Division:
    return get_object_or_404(Division.objects.select_related("season__league"), pk=division_id)


class LeagueList(APIView):
    """All leagues; create one (you become its organiser)."""

    permission_classes = [IsPersonToWrite]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT}, summary="List leagues", operation_id="v1_leagues_list"
    )
    def get(self, request: Request) -> Response:
        leagues = League.objects.select_related("organiser").order_by("name")
        return paged(self, request, leagues, league_json)

    @extend_schema(
        request=LeagueSerializer,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        summary="Create a league",
    )
    def post(self, request: Request) -> Response:
        body = LeagueSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        league = league_create(organiser=request.user, **body.validated_data)
        return Response(league_json(league), status=201)


class LeagueDetail(APIView):
    """One league and its seasons; the organiser adds the next season here."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]}, summary="Get a league")
    def get(self, request: Request, slug: str) -> Response:
        league = _league(slug)
        seasons = league.seasons.prefetch_related("divisions").order_by("number")
        return Response({**league_json(league), "seasons": [season_json(s) for s in seasons]})


class LeagueSeasons(APIView):
    """Schedule a season of a league (organiser, signed in; never a bot token)."""

    permission_classes = [IsPerson]

    @extend_schema(
        request=SeasonSerializer,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        summary="Create and schedule a season",
    )
    def post(self, request: Request, slug: str) -> Response:
        league = _league(slug)
        organiser_check(league=league, user=request.user)
        body = SeasonSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        plan = SeasonPlan(
            starts_at=data["starts_at"],
            round_interval=timedelta(seconds=data["round_interval"]),
            round_window=timedelta(seconds=data["round_window"]),
            rounds=data["rounds"],
            format=data["format"],
            promote=data["promote"],
            relegate=data["relegate"],
            divisions=tuple(data["divisions"]),
        )
        return Response(season_json(season_create(league=league, plan=plan)), status=201)


class SeasonDetail(APIView):
    """A season: its calendar, rules and divisions."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]}, summary="Get a season")
    def get(self, request: Request, season_id: int) -> Response:
        return Response(season_json(_season(season_id)))


class SeasonMembers(APIView):
    """Join a season: yourself (people leagues), your bot, or (organiser) a house bot."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=JoinSerializer,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        summary="Join a season",
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = _season(season_id)
        body = JoinSerializer(data=request.data if isinstance(request.data, dict) else {})
        body.is_valid(raise_exception=True)
        data = body.validated_data
        bot = token_bot(request)
        if bot is not None:
            # A token joins its own bot, and nothing else.
            if data.get("bot", bot.pk) != bot.pk or data.get("house") or "division" in data:
                raise TokenRefused("a bot token joins only its own bot, never another or a house")
        elif "bot" in data:
            bot = Bot.objects.filter(pk=data["bot"]).first()
            if bot is None:
                raise NotFound(f"no bot {data['bot']}")
        division = None
        if "division" in data:
            division = season.divisions.filter(pk=data["division"]).first()
            if division is None:
                raise NotFound(f"no division {data['division']} in this season")
        member = membership_join(
            season=season,
            actor=request.user,
            bot=bot,
            house=data.get("house", ""),
            division=division,
        )
        return Response(member_json(member), status=201)


class MembershipDetail(APIView):
    """Leave a season: before it starts the member leaves; during it, it forfeits the rest."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={204: None, **ERRORS}, summary="Withdraw a member")
    def delete(self, request: Request, season_id: int, member_id: int) -> Response:
        member = Membership.objects.filter(pk=member_id, division__season_id=season_id).first()
        if member is None:
            raise NotFound(f"no member {member_id} in season {season_id}")
        bot = token_bot(request)
        if bot is not None and member.bot_id != bot.pk:
            raise TokenRefused("a bot token withdraws only its own bot")
        membership_leave(membership=member, actor=request.user)
        return Response(status=204)


class SeasonNext(APIView):
    """Create the next season with promotion and relegation (organiser, signed in)."""

    permission_classes = [IsPerson]

    @extend_schema(
        request=NextSeasonSerializer,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        summary="Create the next season: top N of each division up, bottom N down",
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = _season(season_id)
        organiser_check(league=season.league, user=request.user)
        body = NextSeasonSerializer(data=request.data if isinstance(request.data, dict) else {})
        body.is_valid(raise_exception=True)
        nxt = season_next_create(season=season, starts_at=body.validated_data.get("starts_at"))
        return Response(season_json(nxt), status=201)


class DivisionDetail(APIView):
    """A division: its members and its standings."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]}, summary="Get a division")
    def get(self, request: Request, division_id: int) -> Response:
        division = _division(division_id)
        return Response(
            {
                "id": division.pk,
                "season": division.season_id,
                "level": division.level,
                "name": division.name,
                "members": [member_json(m) for m in memberships_of(division)],
                "standings": [row.to_json() for row in division_standings(division=division)],
                "version": division.season.version,
            }
        )


class DivisionStandings(APIView):
    """A division's table: points, tie-breaks, played, won, drawn, lost, forfeits."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]}, summary="Standings")
    def get(self, request: Request, division_id: int) -> Response:
        division = _division(division_id)
        rows = [row.to_json() for row in division_standings(division=division)]
        return Response({"division": division.pk, "version": division.season.version, "rows": rows})


class DivisionRounds(APIView):
    """A division's rounds with deadlines, seed commitments, fixtures and match links."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]}, summary="Rounds")
    def get(self, request: Request, division_id: int) -> Response:
        division = _division(division_id)
        rounds = division.rounds.select_related("division").order_by("number")
        return Response({"division": division.pk, "rounds": [round_json(r) for r in rounds]})


class RoundDetail(APIView):
    """One round: SHA-256 of its seeds before it opens, the seeds once it has finished."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]}, summary="Get a round")
    def get(self, request: Request, round_id: int) -> Response:
        rnd = get_object_or_404(LeagueRound.objects.select_related("division"), pk=round_id)
        return Response(round_json(rnd))
