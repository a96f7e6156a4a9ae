"""Read-only live sockets: a tournament, a leaderboard, a league season, a ladder (docs/web.md)."""

from __future__ import annotations

from typing import Any

from core.live import VersionedGroupConsumer
from tournaments import live
from tournaments.ladders.selectors import ladder_version
from tournaments.ladders.services.events import ladder_group
from tournaments.leagues.services.events import season_group
from tournaments.ratings.selectors import leaderboard_group
from tournaments.services.events import tournament_group


class TournamentConsumer(VersionedGroupConsumer):
    """Bracket, table and standings changes of one tournament."""

    event_type = "tournament.event"

    def group_of(self, kwargs: dict[str, Any]) -> str:
        return tournament_group(int(kwargs["tournament_id"]))

    def version_of(self, kwargs: dict[str, Any]) -> int | None:
        return live.tournament_version(tournament_id=int(kwargs["tournament_id"]))

    def not_found_detail(self, kwargs: dict[str, Any]) -> str:
        return f"no tournament {kwargs['tournament_id']}"


class LeaderboardConsumer(VersionedGroupConsumer):
    """Rating changes on one leaderboard (a game and a pool)."""

    event_type = "leaderboard.event"

    def group_of(self, kwargs: dict[str, Any]) -> str:
        return leaderboard_group(kwargs["game"], kwargs["pool"])

    def version_of(self, kwargs: dict[str, Any]) -> int | None:
        return live.leaderboard_version(game=kwargs["game"], pool=kwargs["pool"])

    def not_found_detail(self, kwargs: dict[str, Any]) -> str:
        return f"no leaderboard {kwargs['game']}/{kwargs['pool']}"


class SeasonConsumer(VersionedGroupConsumer):
    """Standings changes of one league season."""

    event_type = "league.event"

    def group_of(self, kwargs: dict[str, Any]) -> str:
        return season_group(int(kwargs["season_id"]))

    def version_of(self, kwargs: dict[str, Any]) -> int | None:
        return live.season_version(season_id=int(kwargs["season_id"]))

    def not_found_detail(self, kwargs: dict[str, Any]) -> str:
        return f"no league season {kwargs['season_id']}"


class LadderConsumer(VersionedGroupConsumer):
    """Entrants, matches and ratings of one ladder (docs/ladders.md)."""

    event_type = "ladder.event"

    def group_of(self, kwargs: dict[str, Any]) -> str:
        return ladder_group(kwargs["game"])

    def version_of(self, kwargs: dict[str, Any]) -> int | None:
        return ladder_version(game=kwargs["game"])

    def not_found_detail(self, kwargs: dict[str, Any]) -> str:
        return f"no ladder {kwargs['game']}"
