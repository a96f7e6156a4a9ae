"""``GET /api/v1/games/<game>/schema``: the JSON Schema of a game's view and moves."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.engine import schemas
from games.services.errors import NotFound


class GameSchema(APIView):
    """The JSON Schema (draft 2020-12) of one game's view and moves."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="v1_games_schema_retrieve",
        parameters=[OpenApiParameter("game", str, OpenApiParameter.PATH, enum=list(schemas.GAMES))],
        responses={
            200: OpenApiTypes.OBJECT,  # web/api_components.py: the GameSchema component
            404: OpenApiResponse(description="not_found: no such game"),
        },
        summary="The JSON Schema of a game's view and moves",
    )
    def get(self, request: Request, game: str) -> Response:
        if game not in schemas.GAMES:
            raise NotFound(f"no game {game!r}; games: {', '.join(schemas.GAMES)}")
        return Response(schemas.game_schema(game))
