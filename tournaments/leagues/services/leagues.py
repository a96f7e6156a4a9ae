"""Create leagues and seasons, schedule them, and manage members (join, leave, promote)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.text import slugify

from bots.models import Bot
from games import engine
from games.engine import strategies
from games.services.clock import clock_check
from games.services.errors import BadOptions
from tournaments.audience import consent_missing
from tournaments.leagues.models import Division, League, LeagueRound, Membership, Season
from tournaments.leagues.services.errors import Conflict, LeagueError, NotOrganiser, NotYours
from tournaments.leagues.services.seeds import seeds_top_up
from tournaments.services.boards import CHAT

# Cerrado needs fixed pairs as members; leagues do not offer them yet (docs/leagues.md).
LEAGUE_GAMES = ("busca", "buraco-mano-a-mano")
MIN_WINDOW = timedelta(seconds=10)


def organiser_check(*, league: League, user: Any) -> None:
    """Raise NotOrganiser unless ``user`` organises ``league``."""
    if not getattr(user, "is_authenticated", False) or user.pk != league.organiser_id:
        raise NotOrganiser(f"only the organiser of {league.slug!r} may do this")


def _options_check(game: str, options: dict[str, Any]) -> None:
    try:
        engine.get(game).new(1, **options)
    except (TypeError, ValueError) as exc:
        raise LeagueError(f"bad options for {game}: {exc}", code="bad_options") from None


def _unique_slug(name: str, slug: str | None) -> str:
    base = slugify(slug or name)[:50] or "league"
    candidate, n = base, 1
    while League.objects.filter(slug=candidate).exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def league_create(
    *,
    organiser: AbstractBaseUser,
    name: str,
    game: str,
    members: str,
    options: dict[str, Any] | None = None,
    slug: str | None = None,
    description: str = "",
    auto_next_season: bool = False,
    clock: dict[str, Any] | None = None,
) -> League:
    """Create a league of ``game`` for ``members`` (its audience: "bots", "people" or "both");
    ``clock`` gives its matches a time bank (games/services/clock.py)."""
    if game not in LEAGUE_GAMES:
        raise LeagueError(f"leagues play {', '.join(LEAGUE_GAMES)}", code="bad_game")
    if members not in League.Members.values:
        raise LeagueError("members must be 'bots', 'people' or 'both'", code="bad_members")
    options = dict(options or {})
    options.pop("players", None)  # Busca: set per fixture from the pairing's size
    # Free-text chat at the league's tables (games/services/chat.py), off unless true: a
    # platform option, kept beside the engine's and taken out when a match is made.
    chat = options.pop(CHAT, False)
    if type(chat) is not bool:
        raise LeagueError("chat must be true or false", code="bad_options")
    _options_check(game, options)
    if chat:
        options[CHAT] = True
    try:
        clock = clock_check(clock)
    except BadOptions as exc:
        raise LeagueError(exc.detail, code="bad_options") from None
    if slug and League.objects.filter(slug=slugify(slug)).exists():
        raise Conflict(f"the slug {slug!r} is taken", code="slug_taken")
    return League.objects.create(
        name=name,
        slug=_unique_slug(name, slug),
        game=game,
        options=options,
        clock=clock,
        members=members,
        organiser=organiser,
        description=description,
        auto_next_season=auto_next_season,
    )


@dataclass(frozen=True)
class SeasonPlan:
    """The calendar and rules of a season."""

    starts_at: datetime
    round_interval: timedelta
    round_window: timedelta
    rounds: int
    format: str = Season.Format.ROUND_ROBIN
    promote: int = 0
    relegate: int = 0
    divisions: tuple[str, ...] = ("Division 1",)


def _plan_check(plan: SeasonPlan) -> None:
    if plan.format not in Season.Format.values:
        raise LeagueError("format must be 'round_robin' or 'swiss'", code="bad_format")
    if not 1 <= plan.rounds <= 100:
        raise LeagueError("a season has 1 to 100 rounds")
    if plan.round_window < MIN_WINDOW:
        raise LeagueError(f"a round stays open at least {MIN_WINDOW.total_seconds():.0f} s")
    # Round k+1 is paired from round k's results, so a round must close before the next opens.
    if plan.round_window > plan.round_interval:
        raise LeagueError("the round window cannot be longer than the round interval")
    if not 1 <= len(plan.divisions) <= 20 or not all(n.strip() for n in plan.divisions):
        raise LeagueError("a season has 1 to 20 named divisions")
    if plan.promote < 0 or plan.relegate < 0:
        raise LeagueError("promotion and relegation counts cannot be negative")


def season_create(*, league: League, plan: SeasonPlan) -> Season:
    """Create the league's next season with its divisions, and schedule its rounds."""
    _plan_check(plan)
    with transaction.atomic():
        League.objects.select_for_update().filter(pk=league.pk).first()
        last = league.seasons.order_by("-number").first()
        if last is not None and last.status != Season.Status.FINISHED:
            raise Conflict(f"season {last.number} has not finished yet")
        season = Season.objects.create(
            league=league,
            number=(last.number + 1) if last else 1,
            starts_at=plan.starts_at,
            round_interval=plan.round_interval,
            round_window=plan.round_window,
            rounds=plan.rounds,
            format=plan.format,
            promote=plan.promote,
            relegate=plan.relegate,
        )
        for level, name in enumerate(plan.divisions, start=1):
            Division.objects.create(season=season, level=level, name=name.strip())
        season_schedule(season=season)
    return season


def season_schedule(*, season: Season) -> list[LeagueRound]:
    """Put every round of every division on the calendar (once; later calls change nothing).

    Round k (from 1) opens at ``starts_at + (k - 1) * interval`` and closes ``window`` later.
    """
    made = []
    for division in season.divisions.all():
        for k in range(1, season.rounds + 1):
            opens_at = season.starts_at + (k - 1) * season.round_interval
            rnd, created = LeagueRound.objects.get_or_create(
                division=division,
                number=k,
                defaults={
                    "season": season,
                    "opens_at": opens_at,
                    "deadline": opens_at + season.round_window,
                },
            )
            if created:
                made.append(rnd)
        _division_seeds_top_up(division)
    return made


def _division_seeds_top_up(division: Division) -> None:
    """Commit to enough seeds for every scheduled round: one per member bounds the fixtures."""
    count = max(division.memberships.count(), 1)
    for rnd in division.rounds.filter(status=LeagueRound.Status.SCHEDULED):
        seeds_top_up(rnd, count)


def _member_filter(*, bot: Bot | None, user: Any | None) -> dict[str, Any]:
    return {"bot": bot} if bot is not None else {"user": user}


def membership_join(
    *,
    season: Season,
    actor: Any,
    bot: Bot | None = None,
    house: str = "",
    division: Division | None = None,
) -> Membership:
    """Enter a person (the actor), one of the actor's bots, or (organiser) a house bot.

    A league for both takes either: the actor joins unless a bot or a house bot is named.
    """
    league = season.league
    if division is not None and division.season_id != season.pk:
        raise LeagueError("that division is not in this season")
    if (division is not None or house) and actor.pk != league.organiser_id:
        raise NotOrganiser("only the organiser places members in divisions or adds house bots")
    if league.members == League.Members.PEOPLE:
        if bot is not None or house:
            raise LeagueError("this league is for people; join yourself", code="people_only")
        user = actor
    elif league.members == League.Members.BOTH and bot is None and not house:
        user = actor
    else:
        user = None
        if bot is None and not house:
            raise LeagueError("this league is for bots; name one of your bots", code="bots_only")
        if bot is not None and bot.owner_id != actor.pk:
            raise NotYours(f"{bot.name} is not your bot")
        if bot is not None and (not bot.is_active or not bot.plays(league.game)):
            raise LeagueError(f"{bot.name} does not play {league.game}")
        refusal = None if bot is None else consent_missing(bot, league.members)
        if refusal is not None:
            raise LeagueError(refusal, code="consent_required")
        if house and house not in strategies.names():
            raise LeagueError(f"unknown house strategy {house!r}")
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if season.status != Season.Status.SCHEDULED:
            raise Conflict("the season has started; join the next one")
        if division is None:
            division = season.divisions.order_by("-level").first()
            assert division is not None
        if not house:
            existing = Membership.objects.filter(
                division__season=season, **_member_filter(bot=bot, user=user)
            ).first()
            if existing is not None:
                raise Conflict("already a member of this season", code="already_member")
        member = Membership.objects.create(division=division, bot=bot, user=user, house=house)
        _division_seeds_top_up(division)
    return member


def season_next_create(*, season: Season, starts_at: datetime | None = None) -> Season:
    """Create the next season: same rules and divisions, top N up and bottom N down."""
    from tournaments.leagues.selectors import division_standings

    if season.status != Season.Status.FINISHED:
        raise Conflict("promotion and relegation happen when the season has finished")
    divisions = list(season.divisions.order_by("level"))
    placed: dict[int, list[Membership]] = {d.level: [] for d in divisions}
    for division in divisions:
        # Withdrawn members do not carry over; the others keep their order in the table.
        active = [row for row in division_standings(division=division) if row.active]
        for position, row in enumerate(active, start=1):
            level = next_level(season, position, len(active), division.level, len(divisions))
            placed[level].append(row.membership)
    plan = SeasonPlan(
        starts_at=starts_at or season.starts_at + season.rounds * season.round_interval,
        round_interval=season.round_interval,
        round_window=season.round_window,
        rounds=season.rounds,
        format=season.format,
        promote=season.promote,
        relegate=season.relegate,
        divisions=tuple(d.name for d in divisions),
    )
    with transaction.atomic():
        nxt = season_create(league=season.league, plan=plan)
        new_divisions = {d.level: d for d in nxt.divisions.all()}
        for level, members in placed.items():
            for old in members:
                if old.bot is not None and consent_missing(old.bot, season.league.members):
                    continue  # a new season is a new entry: its owner no longer allows people
                Membership.objects.create(
                    division=new_divisions[level], bot=old.bot, user=old.user, house=old.house
                )
        for division in new_divisions.values():
            _division_seeds_top_up(division)
    return nxt


def next_level(season: Season, position: int, size: int, level: int, levels: int) -> int:
    """Return next season's level of the member at ``position`` (1 = top) among the ``size``
    active members of a division (the season page colours the places it moves: views)."""
    if level > 1 and position <= season.promote:
        return level - 1
    if level < levels and position > size - season.relegate:
        return level + 1
    return level
