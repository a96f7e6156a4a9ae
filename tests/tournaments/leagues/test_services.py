"""League services on a controlled clock: scheduling, rounds, forfeits, standings, seasons."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import engine
from games.models import Match
from games.services.callers import Caller
from games.services.matches import move_submit
from tests.tournaments.leagues.conftest import DAY, T0, WEEK, play_all
from tournaments.leagues.models import Fixture, League, LeagueRound, Membership, Season
from tournaments.leagues.selectors import division_standings
from tournaments.leagues.services.leagues import (
    membership_join,
    season_next_create,
)
from tournaments.leagues.services.rounds import leagues_tick
from tournaments.leagues.services.withdrawals import membership_leave

pytestmark = pytest.mark.django_db(transaction=False)
SECOND = T0.resolution * 1_000_000


def join_bots(season: Season, make_bot: Callable[[str], Any], *names: str, **kw: Any) -> list[Any]:
    bots = [make_bot(name) for name in names]
    for bot in bots:
        membership_join(season=season, actor=bot.owner, bot=bot, **kw)
    return bots


def play_round(rnd: LeagueRound) -> None:
    for fixture in rnd.fixtures.exclude(match=None):
        play_all(fixture.match_id)


def test_a_season_is_put_on_the_calendar(
    make_league: Callable[..., League], make_season: Callable[..., Season], make_bot: Any
) -> None:
    season = make_season(make_league(), divisions=("Premier", "Second"))
    join_bots(season, make_bot, "ana", "bea", "cid")
    rounds = list(LeagueRound.objects.filter(season=season).order_by("division__level", "number"))
    assert [(r.division.level, r.number) for r in rounds] == [
        (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)
    ]  # fmt: skip
    top = rounds[:3]
    assert [r.opens_at for r in top] == [T0, T0 + WEEK, T0 + 2 * WEEK]
    assert all(r.deadline == r.opens_at + 2 * DAY for r in rounds)
    # New members join the bottom division; its rounds commit to a seed per member.
    second = rounds[3]
    assert Membership.objects.filter(division=second.division).count() == 3
    assert len(second.seeds) == 3 and len(second.seed_hashes) == 3
    for seed, digest in zip(second.seeds, second.seed_hashes, strict=True):
        assert int(seed) < 2**128
        assert hashlib.sha256(seed.encode()).hexdigest() == digest


def test_a_round_opens_at_its_time_once(
    make_league: Callable[..., League], make_season: Callable[..., Season], organiser: Any
) -> None:
    season = make_season(make_league())
    for _ in range(4):
        membership_join(season=season, actor=organiser, house="house:greedy")
    assert leagues_tick(now=T0 - SECOND).opened == []
    first = leagues_tick(now=T0)
    again = leagues_tick(now=T0)
    assert len(first.opened) == 1 and again.opened == [] and again.closed == []
    rnd = LeagueRound.objects.get(pk=first.opened[0])
    assert rnd.number == 1 and rnd.status == LeagueRound.Status.OPEN
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING
    fixtures = list(rnd.fixtures.order_by("id"))
    assert len(fixtures) == 2 and Match.objects.count() == 2
    for fixture in fixtures:
        assert fixture.match is not None and len(fixture.members) == 2
        assert fixture.match.seed == rnd.seeds[fixture.seed_index]
        assert fixture.match.options == {"deals": 1}
    # Round 2 waits for its own time.
    assert leagues_tick(now=T0 + WEEK - SECOND).opened == []


def test_bots_play_a_whole_season(
    make_league: Callable[..., League], make_season: Callable[..., Season], make_bot: Any
) -> None:
    season = make_season(make_league())
    join_bots(season, make_bot, "ana", "bea", "cid", "dan")
    for k in range(3):
        opened = leagues_tick(now=T0 + k * WEEK).opened
        assert len(opened) == 1
        rnd = LeagueRound.objects.get(pk=opened[0])
        assert rnd.seeds and all(f.match.move_timeout == 10.0 for f in rnd.fixtures.all())
        play_round(rnd)
        rnd.refresh_from_db()
        # The last match recorded finishes the round before its deadline.
        assert rnd.status == LeagueRound.Status.FINISHED
        assert set(rnd.fixtures.values_list("status", flat=True)) == {Fixture.Status.PLAYED}
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    table = division_standings(division=season.divisions.get())
    assert [row.played for row in table] == [3, 3, 3, 3]
    assert sum(row.points for row in table) == pytest.approx(6.0)
    assert [row.rank for row in table] == sorted(row.rank for row in table)
    # Every member met every other member once.
    met = {frozenset(f.members) for f in Fixture.objects.filter(round__season=season)}
    assert len(met) == 6


def test_who_has_not_played_by_the_deadline_forfeits(
    make_league: Callable[..., League],
    make_season: Callable[..., Season],
    make_user: Callable[[str], Any],
) -> None:
    season = make_season(make_league(members="people"))
    people = [make_user(name) for name in ("ana", "bea", "cid", "dan")]
    for person in people:
        membership_join(season=season, actor=person)
    rnd = LeagueRound.objects.get(pk=leagues_tick(now=T0).opened[0])
    played, idle = list(rnd.fixtures.order_by("id"))
    match = played.match
    assert match.move_timeout == 86400.0  # min(window of 2 days, 24 h)
    # In one fixture the member to move plays once; in the other nobody plays.
    mover = Membership.objects.get(pk=played.members[match.to_move])
    rules = engine.get(match.game)
    first = rules.move_json(rules.legal_moves(rules.load(match.snapshot))[0])
    move_submit(match_id=match.pk, caller=Caller(user_id=mover.user_id), turn=0, move=first)
    assert leagues_tick(now=rnd.deadline - SECOND).closed == []
    assert leagues_tick(now=rnd.deadline).closed == [rnd.pk]
    assert leagues_tick(now=rnd.deadline).closed == []
    played.refresh_from_db()
    idle.refresh_from_db()
    other = next(m for m in played.members if m != mover.pk)
    assert played.status == Fixture.Status.FORFEITED
    assert played.outcome["forfeited"] == [other]
    assert played.outcome["places"] == {str(mover.pk): 1, str(other): 2}
    assert idle.outcome["double_forfeit"] is True
    for fixture in (played, idle):
        fixture.match.refresh_from_db()
        assert fixture.match.status == Match.Status.FINISHED
    table = {row.membership.pk: row for row in division_standings(division=rnd.division)}
    assert table[mover.pk].points == 1 and table[mover.pk].won == 1
    assert table[other].lost == 1 and table[other].forfeits == 1
    for member in idle.members:  # nobody played: a loss for both
        assert table[member].points == 0 and table[member].lost == 1
    rnd.refresh_from_db()
    assert rnd.status == LeagueRound.Status.FINISHED


def test_standings_have_points_and_tiebreaks(
    make_league: Callable[..., League], make_season: Callable[..., Season], make_bot: Any
) -> None:
    season = make_season(make_league())
    bots = join_bots(season, make_bot, "ana", "bea", "cid", "dan")
    member = {m.bot.name: m.pk for m in Membership.objects.select_related("bot")}
    strength = {member[b.name]: 4 - n for n, b in enumerate(bots)}  # ana > bea > cid > dan
    margin = {member["ana"]: 500.0, member["bea"]: 100.0}
    for k in range(3):
        rnd = LeagueRound.objects.get(pk=leagues_tick(now=T0 + k * WEEK).opened[0])
        for fixture in rnd.fixtures.all():
            a, b = fixture.members
            if {a, b} == {member["ana"], member["bea"]}:
                places, score = {a: 1, b: 1}, {a: 0.0, b: 0.0}  # the two leaders draw
            else:
                win, lose = sorted((a, b), key=lambda m: -strength[m])
                gap = margin.get(win, 50.0)
                places, score = {win: 1, lose: 2}, {win: gap, lose: -gap}
            fixture.outcome = {
                "places": {str(m): p for m, p in places.items()},
                "score": {str(m): s for m, s in score.items()},
                "forfeited": [],
                "double_forfeit": False,
            }
            fixture.status = Fixture.Status.PLAYED
            fixture.save()
        LeagueRound.objects.filter(pk=rnd.pk).update(status=LeagueRound.Status.FINISHED)
    table = division_standings(division=season.divisions.get())
    names = [row.membership.bot.name for row in table]
    assert names == ["ana", "bea", "cid", "dan"]
    assert [row.points for row in table] == [2.5, 2.5, 1.0, 0.0]
    assert [row.rank for row in table] == [1, 2, 3, 4]  # ana's bigger margins break the tie
    assert (table[0].won, table[0].drawn, table[0].lost) == (2, 1, 0)
    assert table[0].tiebreaks and table[0].tiebreaks != table[1].tiebreaks


def test_promotion_and_relegation_move_the_right_members(
    make_league: Callable[..., League], make_season: Callable[..., Season], make_bot: Any
) -> None:
    season = make_season(
        make_league(), rounds=3, promote=1, relegate=1, divisions=("Top", "Bottom")
    )
    top, bottom = list(season.divisions.order_by("level"))
    organiser = season.league.organiser
    for name in ("t1", "t2", "t3", "t4"):
        bot = make_bot(name)
        bot.owner = organiser
        bot.save()
        membership_join(season=season, actor=organiser, bot=bot, division=top)
    join_bots(season, make_bot, "b1", "b2", "b3", "b4")
    assert bottom.memberships.count() == 4
    for k in range(3):
        for round_id in leagues_tick(now=T0 + k * WEEK).opened:
            play_round(LeagueRound.objects.get(pk=round_id))
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    top_table = [r.membership.bot.name for r in division_standings(division=top)]
    bottom_table = [r.membership.bot.name for r in division_standings(division=bottom)]
    nxt = season_next_create(season=season)
    assert nxt.number == 2 and nxt.starts_at == T0 + 3 * WEEK
    new_top, new_bottom = list(nxt.divisions.order_by("level"))
    names = lambda d: {m.bot.name for m in d.memberships.all()}  # noqa: E731
    assert names(new_top) == set(top_table[:3]) | {bottom_table[0]}
    assert names(new_bottom) == set(bottom_table[1:]) | {top_table[3]}
    assert LeagueRound.objects.filter(season=nxt).count() == 6


def test_a_withdrawn_member_forfeits_what_remains(
    make_league: Callable[..., League], make_season: Callable[..., Season], make_bot: Any
) -> None:
    season = make_season(make_league())
    ana, *_ = join_bots(season, make_bot, "ana", "bea", "cid", "dan")
    quitter = Membership.objects.get(bot=ana)
    rnd = LeagueRound.objects.get(pk=leagues_tick(now=T0).opened[0])
    membership_leave(membership=quitter, actor=ana.owner, now=T0 + DAY)
    quitter.refresh_from_db()
    assert quitter.status == Membership.Status.WITHDRAWN
    mine = next(f for f in rnd.fixtures.all() if quitter.pk in f.members)
    mine.refresh_from_db()
    assert mine.status == Fixture.Status.FORFEITED and mine.outcome["forfeited"] == [quitter.pk]
    play_round(rnd)
    for k in (1, 2):
        rnd = LeagueRound.objects.get(pk=leagues_tick(now=T0 + k * WEEK).opened[0])
        mine = next(f for f in rnd.fixtures.all() if quitter.pk in f.members)
        assert mine.match is None and mine.status == Fixture.Status.FORFEITED
        play_round(rnd)
    row = next(r for r in division_standings(division=rnd.division) if r.membership == quitter)
    assert (row.points, row.lost, row.forfeits) == (0, 3, 3)


def test_leaving_before_the_season_starts_removes_the_member(
    make_league: Callable[..., League], make_season: Callable[..., Season], make_bot: Any
) -> None:
    season = make_season(make_league())
    (ana,) = join_bots(season, make_bot, "ana")
    membership_leave(membership=Membership.objects.get(bot=ana), actor=ana.owner)
    assert not Membership.objects.exists()


def test_standings_changes_reach_the_season_group(
    make_league: Callable[..., League],
    make_season: Callable[..., Season],
    organiser: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    season = make_season(make_league())
    for _ in range(2):
        membership_join(season=season, actor=organiser, house="house:random")
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(f"league.{season.pk}", channel)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = LeagueRound.objects.get(pk=leagues_tick(now=T0).opened[0])
    with django_capture_on_commit_callbacks(execute=True):
        play_round(rnd)

    async def first_two() -> list[dict[str, Any]]:
        # One event loop for both: a Redis layer's receive is not shared across loops.
        return [await layer.receive(channel), await layer.receive(channel)]

    event, played = async_to_sync(first_two)()
    assert event["type"] == "league.event" and event["season"] == season.pk
    assert event["version"] == 1 and event["division"] == rnd.division_id
    event = played
    assert event["version"] == 2 and event["reason"] == "played"
