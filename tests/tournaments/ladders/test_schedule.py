"""One scheduling pass: who is picked first, whom they meet, and the limits that hold."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from bots.models import Bot
from games import engine
from games.models import Match, Seat
from tests.tournaments.ladders.conftest import join, rate
from tournaments.ladders.models import LadderEntry, LadderSet
from tournaments.ladders.services.entries import entry_leave, entry_suspend
from tournaments.ladders.services.schedule import (
    ladder_loads,
    ladder_schedule,
    ladders_schedule_all,
)

pytestmark = pytest.mark.django_db
MANO = "buraco-mano-a-mano"


def bots_of(match: Match) -> list[int | None]:
    return [seat.bot_id for seat in match.seats.order_by("number")]


def test_the_least_certain_bot_is_picked_first(make_bot: Callable[..., Bot], settings: Any) -> None:
    settings.LADDER_MAX_RUNNING = 1
    bots = [make_bot(f"b{n}") for n in range(6)]
    for bot in bots:
        join(bot, MANO)
        rate(bot, MANO, 25, 3)
    # Far from the others in skill: it plays only if it is the one picked first.
    rate(bots[2], MANO, 50, 7)
    [match] = ladder_schedule(game=MANO, seed=1)
    assert bots[2].pk in bots_of(match)
    assert match.kind == Match.Kind.LADDER and match.move_timeout == settings.LADDER_MOVE_TIMEOUT
    assert match.house_pace == settings.LADDER_HOUSE_PACE


def test_among_equally_certain_bots_the_longest_waiting_goes_first(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_MAX_RUNNING = 1
    bots = [make_bot(f"b{n}") for n in range(6)]
    now = timezone.now()
    for n, bot in enumerate(bots):
        join(bot, MANO)
        rate(bot, MANO, 50 if n == 3 else 25, 3)
        LadderEntry.objects.filter(bot=bot).update(last_scheduled_at=now - timedelta(minutes=n))
    LadderEntry.objects.filter(bot=bots[3]).update(last_scheduled_at=now - timedelta(hours=1))
    [match] = ladder_schedule(game=MANO, seed=3)
    assert bots[3].pk in bots_of(match)


def test_opponents_are_near_in_rating(make_bot: Callable[..., Bot], settings: Any) -> None:
    settings.LADDER_MAX_RUNNING = 1  # the focal bot's table only
    focal = make_bot("focal")
    join(focal, MANO)
    rate(focal, MANO, 20, 8)
    near, far = [], []
    for n, mu in enumerate([19.5, 20.5, 21]):
        bot = make_bot(f"near{n}")
        near.append(bot.pk)
        rate(bot, MANO, mu, 1)
    for n, mu in enumerate([2, 35, 40, 45]):
        bot = make_bot(f"far{n}")
        far.append(bot.pk)
        rate(bot, MANO, mu, 1)
    for bot in Bot.objects.exclude(pk=focal.pk):
        join(bot, MANO)
    met: Counter[int] = Counter()
    for seed in range(8):
        [match] = ladder_schedule(game=MANO, seed=seed)
        assert focal.pk in bots_of(match)
        met.update(b for b in bots_of(match) if b != focal.pk)
        match.status = Match.Status.ABORTED
        match.save(update_fields=["status"])
    assert met and set(met) <= set(near)
    assert len(met) >= 2, "the seeded draw varies the opponent"
    assert not set(met) & set(far)


def test_each_bot_plays_at_most_k_ladder_matches(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_MATCHES_PER_BOT = 2
    for n in range(3):
        join(make_bot(f"b{n}"), MANO)
    for seed in range(4):
        ladder_schedule(game=MANO, seed=seed)
    loads = ladder_loads()
    assert loads and max(loads.values()) == 2
    assert Match.objects.filter(kind=Match.Kind.LADDER).count() == 3


def test_the_ladder_never_runs_more_than_its_cap(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_MAX_RUNNING = 3
    for n in range(10):
        join(make_bot(f"b{n}"), MANO)
    assert len(ladder_schedule(game=MANO, seed=1)) == 3
    assert ladder_schedule(game="busca", seed=2) == []
    assert ladder_schedule(game=MANO, seed=3) == []
    running = Match.objects.filter(kind=Match.Kind.LADDER, status=Match.Status.RUNNING)
    assert running.count() == 3


def test_suspended_and_departed_bots_are_not_scheduled(make_bot: Callable[..., Bot]) -> None:
    gone, banned, one, two = (make_bot(name) for name in ["gone", "banned", "one", "two"])
    for bot in (gone, banned, one, two):
        join(bot, MANO)
    entry_leave(game=MANO, user=gone.owner, bot_name="gone")
    entry_suspend(entry=LadderEntry.objects.get(bot=banned), reason="too many time-outs")
    matches = ladder_schedule(game=MANO, seed=5)
    seated = {b for match in matches for b in bots_of(match)}
    assert seated == {one.pk, two.pk}


def test_two_bots_of_one_owner_never_share_a_table(
    make_bot: Callable[..., Bot], make_user: Callable[[str], Any]
) -> None:
    owner = make_user("twins")
    join(make_bot("twin1", owner), MANO)
    join(make_bot("twin2", owner), MANO)
    assert ladder_schedule(game=MANO, seed=1) == []


def test_house_anchors_fill_a_busca_table_and_sit_as_their_rated_bots(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_ANCHORS = ["house:random", "house:greedy", "house:ismcts-fast"]
    settings.LADDER_MATCHES_PER_BOT = 1
    solo = make_bot("solo")
    join(solo, "busca")
    [match] = ladder_schedule(game="busca", seed=9)
    seats = list(match.seats.order_by("number"))
    mine = [s for s in seats if s.kind == Seat.Kind.BOT]
    house = [s for s in seats if s.kind == Seat.Kind.HOUSE]
    assert [s.bot_id for s in mine] == [solo.pk]
    anchors = LadderEntry.objects.exclude(anchor="")
    assert {(s.strategy, s.bot_id) for s in house} == set(anchors.values_list("anchor", "bot_id"))
    assert {s.bot.name for s in house} == {"house-random", "house-greedy", "house-ismcts-fast"}


def test_cerrado_seats_each_bot_with_a_house_partner(make_bot: Callable[..., Bot]) -> None:
    north, east = make_bot("north"), make_bot("east")
    join(north, "buraco-cerrado")
    join(east, "buraco-cerrado")
    [match] = ladder_schedule(game="buraco-cerrado", seed=4)[:1]
    seats = list(match.seats.order_by("number"))
    assert {seats[0].bot_id, seats[1].bot_id} == {north.pk, east.pk}
    assert all(s.kind == Seat.Kind.BOT for s in seats[:2])
    assert [(s.kind, s.strategy, s.bot_id) for s in seats[2:]] == [
        (Seat.Kind.HOUSE, "house:greedy", None),
        (Seat.Kind.HOUSE, "house:greedy", None),
    ]


def test_a_house_anchor_plays_at_most_its_own_limit(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_ANCHORS = ["house:greedy"]
    settings.LADDER_MATCHES_PER_BOT = 5
    settings.LADDER_MATCHES_PER_ANCHOR = 2
    keen = make_bot("keen")
    join(keen, MANO)
    assert len(ladder_schedule(game=MANO, seed=1)) == 2
    assert ladder_schedule(game=MANO, seed=2) == []
    anchor = LadderEntry.objects.get(anchor="house:greedy")
    assert ladder_loads() == {anchor.bot_id: 2, keen.pk: 2}


def test_the_beat_pass_fills_every_ladder(
    make_bot: Callable[..., Bot],
) -> None:
    for game in ("busca", MANO):
        for n in range(4):
            join(make_bot(f"{game}{n}"), game)
    started = ladders_schedule_all()
    ladder = Match.objects.filter(kind=Match.Kind.LADDER)
    # Busca: four bots fill no duplicate set (two tables of four distinct entrants): two single
    # tables, each bot at both. Mano a Mano: the four fill a set of two tables, twice.
    assert ladder.filter(game="busca").count() == 2
    assert ladder.filter(game=MANO).count() == 4
    assert started == ladder.count() and max(ladder_loads().values()) == 2
    sets = list(LadderSet.objects.order_by("id"))
    kinds = Counter((one.ladder.game, one.kind) for one in sets)
    assert kinds == {("busca", "single"): 2, (MANO, "duplicate"): 2}
    for one in sets:  # a set's tables deal its seed; every set a seed of its own
        assert {t.match.seed for t in one.tables.all()} == {one.seed}
    assert len({one.seed for one in sets}) == len(sets)


def test_ladder_matches_use_the_ladders_time_bank(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_MATCHES_PER_BOT = 1
    for name in ("tick", "tock"):
        join(make_bot(name), MANO)
    [plain] = ladder_schedule(game=MANO, seed=1)
    assert plain.clock is None and plain.move_timeout == settings.LADDER_MOVE_TIMEOUT
    settings.LADDER_CLOCK_BANK, settings.LADDER_CLOCK_INCREMENT = 60.0, 1.5
    Match.objects.update(status=Match.Status.ABORTED)
    [clocked] = ladder_schedule(game=MANO, seed=2)
    assert clocked.clock == {"bank": 60.0, "increment": 1.5}
    banks = {seat.bank for seat in clocked.seats.filter(kind=Seat.Kind.BOT)}
    assert banks == {60.0}


def test_a_ladder_game_is_one_deal_unplaced_and_anchored_by_the_fast_search_by_default() -> None:
    from config import settings as defaults  # the values the settings module chose, unpatched

    assert defaults.LADDER_HOUSE_PACE == 0
    assert defaults.LADDER_ANCHORS == ["house:random", "house:greedy", "house:ismcts-fast"]
    for game, options in defaults.LADDER_OPTIONS.items():
        state: Any = engine.get(game).new(3, **options)
        rules: Any = engine.get(game)
        rng = random.Random(3)
        while (seat := rules.to_move(state)) is not None:
            state = rules.apply(state, rng.choice(rules.view(state, seat)["legal_moves"]))
        assert rules.result(state).to_json()["deals"] == 1, game
    assert set(defaults.LADDER_OPTIONS) == set(engine.names())


def test_ladder_matches_take_the_ladders_rule_options(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_MATCHES_PER_BOT = 1
    settings.LADDER_OPTIONS = {MANO: {"deals": 1}}
    for name in ("short", "sweet"):
        join(make_bot(name), MANO)
    [match] = ladder_schedule(game=MANO, seed=1)
    assert match.options == {"deals": 1}
