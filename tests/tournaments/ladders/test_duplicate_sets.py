"""Duplicate sets on a ladder: four bots of four owners fill a Mano a Mano set of two tables on
one seed, each hand held by a different bot at each table; the tables stay sealed and unrated
until the last one ends; then they are unsealed, the holders of each hand are compared and
rated, the seed matches its commitment, and the luck of each hand is added up."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bots.models import Bot
from games import engine
from games.models import Match, Seat
from games.services.callers import Caller
from games.services.matches import house_moves_play, move_submit
from tests.tournaments.ladders.conftest import join
from tournaments.ladders.models import LadderEntry, LadderSet
from tournaments.ladders.services.schedule import ladder_schedule
from tournaments.ladders.services.settlement import sets_settle_due
from tournaments.ratings.models import RatingChange
from tournaments.services.seeds import seed_verifies

pytestmark = pytest.mark.django_db
MANO = "buraco-mano-a-mano"


def play_out(match: Match, rng: random.Random) -> Match:
    """Play every turn of ``match``: its bots with a random legal move, its house seats (the
    anchors) with their strategies."""
    rules: Any = engine.get(match.game)
    while True:
        match.refresh_from_db()
        if not match.is_running:
            return match
        seat = Seat.objects.select_related("bot").get(match=match, number=match.to_move)
        if seat.played_by_house:
            house_moves_play(match_id=match.pk, turn=match.turn)
            continue
        state = rules.load(match.snapshot)
        move = rng.choice([rules.move_json(m) for m in rules.legal_moves(state)])
        caller = Caller(user_id=seat.bot.owner_id, bot_id=seat.bot_id)
        move_submit(match_id=match.pk, caller=caller, turn=match.turn, move=move)


def test_a_set_plays_sealed_and_is_rated_by_comparison(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_MATCHES_PER_BOT = 1
    bots = [make_bot(f"dup{n}") for n in range(4)]
    for b in bots:
        join(b, MANO)
    tables = ladder_schedule(game=MANO, seed=5)
    [one] = LadderSet.objects.all()
    assert one.kind == LadderSet.Kind.DUPLICATE and len(tables) == 2
    assert seed_verifies(one.seed, one.commitment)
    holders = [[s.bot_id for s in m.seats.order_by("number")] for m in tables]
    assert {m.seed for m in tables} == {one.seed} and all(m.sealed for m in tables)
    assert not set(holders[0]) & set(holders[1])  # each bot at one table of the deal only
    rng = random.Random(2)
    play_out(tables[0], rng)
    tables[0].refresh_from_db()
    assert tables[0].sealed and not RatingChange.objects.exists()  # the other table plays on
    one.refresh_from_db()
    assert one.status == LadderSet.Status.RUNNING
    play_out(tables[1], rng)
    one.refresh_from_db()
    assert one.status == LadderSet.Status.FINISHED
    assert not Match.objects.filter(pk__in=[m.pk for m in tables], sealed=True).exists()
    changes = list(RatingChange.objects.select_related("rating"))
    assert sorted(c.rating.bot_id for c in changes) == sorted(b.pk for b in bots)
    # One comparison of two teams: each side's bot at the first table with the other side's at
    # the second; the holders of one hand are on different teams.
    for hand in (0, 1):
        pair = [c for c in changes if c.rating.bot_id in {h[hand] for h in holders}]
        assert sorted(c.place for c in pair) in ([1, 2], [1, 1])
    entries = LadderEntry.objects.filter(bot__in=bots)
    assert {e.duplicate_deals for e in entries} == {1}
    assert sum(e.luck_total for e in entries) == pytest.approx(0.0, abs=1e-9)
    assert sets_settle_due() == 0  # settled once


def test_a_set_whose_last_table_was_aborted_is_settled_by_the_beat(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    settings.LADDER_MATCHES_PER_BOT = 1
    for n in range(4):
        join(make_bot(f"ab{n}"), MANO)
    tables = ladder_schedule(game=MANO, seed=6)
    play_out(tables[0], random.Random(1))
    Match.objects.filter(pk=tables[1].pk).update(status=Match.Status.ABORTED)
    assert sets_settle_due() == 1
    [one] = LadderSet.objects.all()
    assert one.status == LadderSet.Status.FINISHED
    # One finished table compares nothing: it is rated as a single table, from its result.
    assert {c.match_id for c in RatingChange.objects.all()} == {tables[0].pk}


def test_a_bots_entry_shows_its_skill_and_the_luck_of_its_hands_apart(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    from rest_framework.test import APIClient

    settings.LADDER_MATCHES_PER_BOT = 1
    bots = [make_bot(f"lk{n}") for n in range(4)]
    for b in bots:
        join(b, MANO)
    rng = random.Random(3)
    for match in ladder_schedule(game=MANO, seed=8):
        play_out(match, rng)
    client = APIClient()
    body = client.get(f"/api/v1/ladders/{MANO}/entries/{bots[0].name}").json()
    assert body["bot"] == bots[0].name and body["skill"]["games"] == 1
    assert body["luck"]["deals"] == 1 and body["luck"]["verdict"] == "average"
    assert body["luck"]["words"] == "dealt about average hands"  # one deal proves nothing
    entry = LadderEntry.objects.get(bot=bots[0])
    assert body["luck"]["mean"] == round(entry.luck_total, 2)
    missing = client.get(f"/api/v1/ladders/{MANO}/entries/nobody")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


def test_a_busca_set_compares_buscas_then_points_and_moves_anchors_round(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    """Four bots and the random and greedy anchors: a set of four tables, one bot at each; each
    hand's holders are ranked by Buscas, then penalty points taken (the rules' order)."""
    settings.LADDER_ANCHORS = ["house:random", "house:greedy"]
    settings.LADDER_MATCHES_PER_BOT = 1
    settings.LADDER_MATCHES_PER_ANCHOR = 8
    bots = [make_bot(f"bu{n}") for n in range(4)]
    for b in bots:
        join(b, "busca")
    tables = ladder_schedule(game="busca", seed=11)
    [one] = LadderSet.objects.all()
    assert one.kind == LadderSet.Kind.DUPLICATE and len(tables) == 2  # two anchors: 2 bots a table
    seats = [[s.bot_id for s in m.seats.order_by("number")] for m in tables]
    mine = [b.pk for b in bots]
    assert sorted(b for table in seats for b in table if b in mine) == sorted(mine)
    for hand in range(4):  # an anchor at both tables holds a different hand at each
        assert seats[0][hand] != seats[1][hand]
    rng = random.Random(4)
    for match in tables:
        play_out(match, rng)
    changes = {(c.rating.bot_id, c.match_id): c.place for c in
               RatingChange.objects.select_related("rating")}
    for hand in range(4):
        held = []
        for match, table in zip(tables, seats, strict=True):
            match.refresh_from_db()
            deal = match.record["deals"][0]
            player = deal["seats"].index(hand)
            held.append(((deal["buscas"][player], deal["points"][player]), table[hand], match.pk))
        (first, a, ma), (second, b, mb) = held
        places = (changes[(a, ma)], changes[(b, mb)])
        expected = (1, 1) if first == second else (1, 2) if first < second else (2, 1)
        assert places == expected, (hand, held, places)


def test_the_bots_public_page_shows_skill_and_luck_in_its_readers_language(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    from django.test import Client

    settings.LADDER_MATCHES_PER_BOT = 1
    bots = [make_bot(f"pg{n}") for n in range(4)]
    for b in bots:
        join(b, MANO)
    rng = random.Random(5)
    for match in ladder_schedule(game=MANO, seed=9):
        play_out(match, rng)
    page = Client().get(f"/bots/{bots[0].name}/", HTTP_ACCEPT_LANGUAGE="es")
    text = page.content.decode()
    assert page.status_code == 200 and 'data-luck="average"' in text
    assert "Escalas: habilidad y suerte" in text and "le tocaron manos como la media" in text
    assert "habilidad " in text and "1 reparto duplicado" in text


@pytest.mark.parametrize("min_moves", [0, 1])
def test_a_bot_that_leaves_mid_set_and_forfeits_is_rated_as_a_forfeit(
    make_bot: Callable[..., Bot], settings: Any, min_moves: int
) -> None:
    """Leaving stops new sets at once; the set it is in plays on. A forfeit in a two-sided set
    (here: it resigned at once) would charge its partner in the comparison, so each table is
    rated as a single table: the forfeiter last at its own, as a forfeit always is, and not at
    all if it quit before making RATING_MIN_MOVES moves (no free win for its opponent)."""
    settings.RATING_MIN_MOVES = min_moves
    from games.services.matches import match_resign
    from tournaments.ladders.services.entries import entry_leave

    settings.LADDER_MATCHES_PER_BOT = 1
    bots = [make_bot(f"lv{n}") for n in range(4)]
    for b in bots:
        join(b, MANO)
    tables = ladder_schedule(game=MANO, seed=12)
    quitter = Seat.objects.get(match=tables[0], number=0)
    entry_leave(game=MANO, user=quitter.bot.owner, bot_name=quitter.bot.name)
    match_resign(match_id=tables[0].pk, seat=0)
    play_out(tables[1], random.Random(6))
    [one] = LadderSet.objects.all()
    assert one.status == LadderSet.Status.FINISHED
    opponent = Seat.objects.get(match=tables[0], number=1).bot_id
    rows = list(RatingChange.objects.select_related("rating"))
    places = {c.rating.bot_id: c.place for c in rows}
    assert {c.match_id for c in rows if c.match_id == tables[1].pk}  # the other table: rated
    if min_moves == 0:
        assert places[quitter.bot_id] == 2 and places[opponent] == 1
    else:
        assert quitter.bot_id not in places and opponent not in places and len(places) == 2
    assert not ladder_schedule(game=MANO, seed=13) or all(
        quitter.bot_id not in {s.bot_id for s in m.seats.all()}
        for m in Match.objects.filter(kind=Match.Kind.LADDER, status=Match.Status.RUNNING)
    )


def test_head_to_head_reads_a_set_table_by_its_own_result(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    """A set's rating rows hold places among the holders of one hand; head to head is about the
    bot at the same table, so it reads the table's own result."""
    from tournaments.ratings.head_to_head import head_to_head

    settings.LADDER_MATCHES_PER_BOT = 1
    for n in range(4):
        join(make_bot(f"hh{n}"), MANO)
    tables = ladder_schedule(game=MANO, seed=14)
    rng = random.Random(8)
    for match in tables:
        play_out(match, rng)
    for match in tables:
        match.refresh_from_db()
        first, second = [s.bot for s in match.seats.order_by("number")]
        [meeting] = head_to_head(bot_id=first.pk, game=MANO)
        assert meeting.opponent == second.name and meeting.games == 1
        mine, theirs = match.result["places"]
        assert (meeting.wins, meeting.losses, meeting.ties) == (
            int(mine < theirs), int(mine > theirs), int(mine == theirs)
        )


def test_bots_of_linked_accounts_never_share_a_set(
    make_bot: Callable[..., Bot], make_user: Callable[[str], Any], settings: Any
) -> None:
    """Two people seen with one device are one owner: their bots never sit in one set, so four
    bots of which two are linked make no Mano a Mano set of two tables."""
    from bots.sightings import Kind, device_new, digest_of, sighting_record

    settings.LADDER_MATCHES_PER_BOT = 1
    ada, eve = make_user("ada-linked"), make_user("eve-linked")
    device = digest_of(Kind.DEVICE, device_new())
    for person in (ada, eve):
        sighting_record(user_id=person.pk, kind=Kind.DEVICE, digest=device, source="signin")
    bots = [make_bot("lk-a", owner=ada), make_bot("lk-e", owner=eve)]
    bots += [make_bot(f"lk{n}") for n in range(2)]
    for b in bots:
        join(b, MANO)
    ladder_schedule(game=MANO, seed=15)
    for one in LadderSet.objects.all():
        seated = {s.bot_id for t in one.tables.all() for s in t.match.seats.all()}
        assert not {bots[0].pk, bots[1].pk} <= seated, "linked accounts in one set"
    assert LadderSet.objects.filter(kind=LadderSet.Kind.DUPLICATE).count() == 0



def test_a_two_sided_set_is_one_comparison_of_two_teams(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    """Mano a Mano: side 0's bot at table 0 and side 1's at table 1 share a team; it is placed
    first when side 0's lead at table 0 beats side 0's lead at table 1."""
    settings.LADDER_MATCHES_PER_BOT = 1
    for n in range(4):
        join(make_bot(f"tm{n}"), MANO)
    tables = ladder_schedule(game=MANO, seed=16)
    rng = random.Random(10)
    for match in tables:
        play_out(match, rng)
    leads, holders = [], []
    for match in tables:
        match.refresh_from_db()
        scores = match.result["scores"]
        leads.append(scores[0] - scores[1])
        holders.append([s.bot_id for s in match.seats.order_by("number")])
    places = {c.rating.bot_id: c.place for c in RatingChange.objects.select_related("rating")}
    team = (places[holders[0][0]], places[holders[1][1]])
    other = (places[holders[1][0]], places[holders[0][1]])
    assert team[0] == team[1] and other[0] == other[1]
    expected = (1, 1) if leads[0] == leads[1] else (1, 2) if leads[0] > leads[1] else (2, 1)
    assert (team[0], other[0]) == expected, (leads, places)


def test_the_same_owners_are_compared_only_so_many_times_a_day(
    make_bot: Callable[..., Bot], settings: Any
) -> None:
    """Two accounts of one rival, unlinked, meet set after set: each set's comparisons are one
    rated contest between every two owners in it, and count against the pair's day."""
    from datetime import timedelta

    from django.utils import timezone

    settings.LADDER_MATCHES_PER_BOT = 1
    settings.RATING_PAIR_GAMES_PER_DAY = 2
    bots = [make_bot(f"pd{n}") for n in range(4)]
    for b in bots:
        join(b, MANO)
    rng = random.Random(4)

    def one_set(seed: int) -> int:
        before = RatingChange.objects.count()
        tables = ladder_schedule(game=MANO, seed=seed)
        assert len(tables) == 2
        for match in tables:
            play_out(match, rng)
        return RatingChange.objects.count() - before

    assert [one_set(10), one_set(11), one_set(12)] == [4, 4, 0]  # the third is over the day's
    RatingChange.objects.update(created_at=timezone.now() - timedelta(hours=25))
    assert one_set(13) == 4  # a day later they count again
