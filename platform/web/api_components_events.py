"""Typed responses of the tournament and league operations (see web/api_components.py).

The views answer the dicts of tournaments/selectors.py and tournaments/leagues/selectors.py;
these components describe them. A test checks every answer the API tests get against them
(tests/openapi_responses.py).
"""

from __future__ import annotations

from typing import Any

from web.api_shapes import (
    BOOL,
    FREE,
    GAME,
    INT,
    MAYBE_INT,
    MAYBE_STR,
    MAYBE_TIME,
    NUMBER,
    STR,
    TIME,
    array,
    nullable,
    obj,
    page,
    ref,
)

TIEBREAKS = {
    "type": "object",
    "additionalProperties": NUMBER,
    "description": "tie-break name -> value (docs/formats.md)",
}
VERSIONED = {"tournament": INT, "version": INT}
AUDIENCE = {
    **STR,
    "enum": ["bots", "people", "both"],
    "description": "the audience, who may enter: a bot enters an event with people only if its "
    "owner allows it (plays_with_people)",
}

TOURNAMENT_ROW = {
    "id": INT,
    "name": STR,
    "game": GAME,
    "format": STR,
    "status": STR,
    "paused": BOOL,
    "open_to": AUDIENCE,
    "entries": {**INT, "description": "active entries"},
    "capacity": INT,
    "starts_at": MAYBE_TIME,
    "version": INT,
}
LEAGUE = {
    "id": INT,
    "slug": STR,
    "name": STR,
    "game": GAME,
    "options": FREE,
    "members": AUDIENCE,
    "organiser": STR,
    "description": STR,
    "auto_next_season": BOOL,
    "clock": nullable(ref("TimeBank")),
}

COMPONENTS: dict[str, Any] = {
    "TournamentRow": obj(TOURNAMENT_ROW, description="a tournament in a list"),
    "TournamentPage": page("TournamentRow"),
    "Tournament": obj(
        {
            **TOURNAMENT_ROW,
            "organiser": MAYBE_STR,
            "options": FREE,
            "move_timeout": {
                **nullable(NUMBER),
                "description": "seconds a move; null: the platform's default",
            },
            "duplicate": BOOL,
            "third_place": BOOL,
            "advance": INT,
            "swiss_rounds": MAYBE_INT,
            "seeding": STR,
            "check_in": BOOL,
            "require_preflight": {**BOOL, "description": "bots need a recent passed pre-flight"},
            "tiebreak_boards": {
                **INT,
                "description": "extra boards allowed to break a tie at a cut or a podium place",
            },
            "clock": nullable(ref("TimeBank")),
            "check_in_minutes": INT,
            "rounds": {**INT, "description": "rounds begun"},
            "created_at": TIME,
            "started_at": MAYBE_TIME,
            "finished_at": MAYBE_TIME,
        },
        description="everything public about a tournament's settings and state",
    ),
    "EntryList": obj({"entries": array(ref("Entry"))}),
    "StandingLine": obj(
        {
            "rank": INT,
            "entry": INT,
            "name": STR,
            "seed": MAYBE_INT,
            "status": STR,
            "points": NUMBER,
            "tiebreaks": TIEBREAKS,
            "eliminated_in": MAYBE_INT,
            "duplicate": {**nullable(NUMBER), "description": "duplicate score (duplicate events)"},
        }
    ),
    "TournamentStandings": obj({**VERSIONED, "standings": array(ref("StandingLine"))}),
    "BracketEntry": obj(
        {
            "id": INT,
            "name": STR,
            "seed": MAYBE_INT,
            "place": MAYBE_INT,
            "score": nullable(NUMBER),
        },
        description="null place and score until the pairing is decided (and unsealed)",
    ),
    "BracketMatch": obj(
        {
            "id": INT,
            "rotation": INT,
            "tiebreak": {**INT, "description": "0: the pairing's match; n: its n-th extra board"},
            "status": STR,
            "seats": {**array(INT), "description": "the entry id of each seat"},
            "result": nullable(ref("MatchResult")),
        }
    ),
    "TiebreakGroup": obj(
        {
            "entries": {**array(INT), "description": "the entries that shared the place"},
            "boards": {**INT, "description": "extra boards they played"},
            "separated": {
                **BOOL,
                "description": "the boards separated them at 95%; else the limit was reached",
            },
        }
    ),
    "BracketPairing": obj(
        {
            "key": STR,
            "bracket": STR,
            "status": STR,
            "bye": BOOL,
            "forfeit": BOOL,
            "tiebreak": {
                **nullable(array(ref("TiebreakGroup"))),
                "description": "ties at a cut or a podium place and the extra boards that "
                "broke them (null: none, or not decided yet)",
            },
            "entries": array(ref("BracketEntry")),
            "matches": array(ref("BracketMatch")),
        }
    ),
    "BracketRound": obj(
        {
            "number": INT,
            "status": STR,
            "started_at": MAYBE_TIME,
            "finished_at": MAYBE_TIME,
            "draw_seconds": nullable(NUMBER),
            "pairings": array(ref("BracketPairing")),
        }
    ),
    "TournamentBracket": obj({**VERSIONED, "bracket": array(ref("BracketRound"))}),
    "CommitmentRound": obj(
        {
            "round": INT,
            "status": STR,
            "pairings": array(
                obj(
                    {
                        "key": STR,
                        "commitment": {**STR, "description": "SHA-256 of the seed, in hex"},
                        "seed": {**MAYBE_STR, "description": "the seed, once the round is over"},
                        "matches": array(INT),
                        "tiebreak_commitment": {
                            **MAYBE_STR,
                            "description": "SHA-256 of the extra boards' seed (tiebreak_boards)",
                        },
                        "tiebreak_seed": {
                            **MAYBE_STR,
                            "description": "the extra boards' seed, once the round is over",
                        },
                        "tiebreak_matches": {
                            **array(INT),
                            "description": "extra boards, in order: board n deals "
                            "int(sha256(f'{tiebreak_seed}:{n}')[:32], 16)",
                        },
                    }
                )
            ),
        }
    ),
    "TournamentCommitments": obj({**VERSIONED, "commitments": array(ref("CommitmentRound"))}),
    # --- leagues -----------------------------------------------------------------------------
    "League": obj(LEAGUE),
    "LeagueList": page("League"),
    "Season": obj(
        {
            "id": INT,
            "league": {**STR, "description": "the league's slug"},
            "number": INT,
            "status": STR,
            "format": STR,
            "starts_at": TIME,
            "round_interval": {**NUMBER, "description": "seconds"},
            "round_window": {**NUMBER, "description": "seconds"},
            "rounds": INT,
            "promote": INT,
            "relegate": INT,
            "version": INT,
            "divisions": array(obj({"id": INT, "level": INT, "name": STR})),
        }
    ),
    "LeagueDetail": obj({**LEAGUE, "seasons": array(ref("Season"))}),
    "Member": obj(
        {
            "id": INT,
            "kind": STR,
            "name": STR,
            "bot": MAYBE_INT,
            "user": MAYBE_INT,
            "status": STR,
        },
        description="a member of a season's division: a bot, a person or a house strategy",
    ),
    "DivisionRow": obj(
        {
            "rank": INT,
            "member": ref("Member"),
            "points": NUMBER,
            "tiebreaks": TIEBREAKS,
            "played": INT,
            "won": INT,
            "drawn": INT,
            "lost": INT,
            "forfeits": INT,
            "byes": INT,
        }
    ),
    "Division": obj(
        {
            "id": INT,
            "season": INT,
            "level": INT,
            "name": STR,
            "members": array(ref("Member")),
            "standings": array(ref("DivisionRow")),
            "version": INT,
        }
    ),
    "DivisionStandings": obj({"division": INT, "version": INT, "rows": array(ref("DivisionRow"))}),
    "Fixture": obj(
        {
            "id": INT,
            "key": STR,
            "status": STR,
            "members": array(ref("Member")),
            "match": MAYBE_INT,
            "match_url": MAYBE_STR,
            "outcome": nullable(FREE),
            "seed_index": MAYBE_INT,
        }
    ),
    "LeagueRound": obj(
        {
            "id": INT,
            "season": INT,
            "division": INT,
            "number": INT,
            "status": STR,
            "opens_at": TIME,
            "deadline": TIME,
            "opened_at": MAYBE_TIME,
            "finished_at": MAYBE_TIME,
            "seed_hashes": {**array(STR), "description": "SHA-256 of each seed, in hex"},
            "seeds": {**nullable(array(STR)), "description": "the seeds, once the round is over"},
            "fixtures": array(ref("Fixture")),
        },
        optional=("fixtures",),
    ),
    "DivisionRounds": obj({"division": INT, "rounds": array(ref("LeagueRound"))}),
}

_T = "/api/v1/tournaments"
TYPED: dict[tuple[str, str], tuple[str, str]] = {
    (_T, "get"): ("200", "TournamentPage"),
    (_T, "post"): ("201", "Tournament"),
    (_T + "/{tournament_id}", "get"): ("200", "Tournament"),
    **{
        (_T + f"/{{tournament_id}}/{action}", "post"): ("200", "Tournament")
        for action in ("open", "start", "pause", "resume", "cancel")
    },
    (_T + "/{tournament_id}/entries", "get"): ("200", "EntryList"),
    (_T + "/{tournament_id}/standings", "get"): ("200", "TournamentStandings"),
    (_T + "/{tournament_id}/bracket", "get"): ("200", "TournamentBracket"),
    (_T + "/{tournament_id}/commitments", "get"): ("200", "TournamentCommitments"),
    ("/api/v1/leagues", "get"): ("200", "LeagueList"),
    ("/api/v1/leagues", "post"): ("201", "League"),
    ("/api/v1/leagues/{slug}", "get"): ("200", "LeagueDetail"),
    ("/api/v1/leagues/{slug}/seasons", "post"): ("201", "Season"),
    ("/api/v1/seasons/{season_id}", "get"): ("200", "Season"),
    ("/api/v1/seasons/{season_id}/members", "post"): ("201", "Member"),
    ("/api/v1/seasons/{season_id}/next", "post"): ("201", "Season"),
    ("/api/v1/divisions/{division_id}", "get"): ("200", "Division"),
    ("/api/v1/divisions/{division_id}/standings", "get"): ("200", "DivisionStandings"),
    ("/api/v1/divisions/{division_id}/rounds", "get"): ("200", "DivisionRounds"),
    ("/api/v1/league-rounds/{round_id}", "get"): ("200", "LeagueRound"),
}
