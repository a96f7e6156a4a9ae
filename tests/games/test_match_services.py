"""Match services: time-outs and forfeits, resignation, replay, the sweep."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from core.heartbeats import clock_advance
from games import engine
from games.models import Match, Move, Seat
from games.services.callers import Caller
from games.services.errors import MoveRejected, TurnNotOpen
from games.services.matches import (
    SeatSpec,
    match_create,
    match_resign,
    move_play,
    move_submit,
)
from games.tasks import sweep, time_out_turn
from tests.games.conftest import advance

pytestmark = pytest.mark.django_db


def bot_vs_house(bot: Any, game: str = "busca", **options: Any) -> Match:
    seats_needed = {"busca": 4, "buraco-cerrado": 4, "buraco-mano-a-mano": 2}[game]
    specs = [SeatSpec(kind="bot", bot_id=bot.pk)] + [SeatSpec(kind="house")] * (seats_needed - 1)
    return match_create(game=game, seats=specs, options=options, seed=42, move_timeout=5)


def overdue(match: Match) -> None:
    """Put the deadline a second ago, and a web heartbeat after it (the platform was up)."""
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    clock_advance(now=timezone.now())


def test_a_time_out_plays_the_fallback_and_three_in_a_row_forfeit(bot_token: Any) -> None:
    bot, _ = bot_token
    match = advance(bot_vs_house(bot, eliminate_at=31).pk)
    for expected in (1, 2, 3):
        assert match.to_move == 0
        time_out_turn(match.pk, match.turn - 1)  # a stale turn number does nothing
        assert Match.objects.get(pk=match.pk).turn == match.turn
        time_out_turn(match.pk, match.turn)  # not overdue yet: nothing
        assert Match.objects.get(pk=match.pk).turn == match.turn
        overdue(match)
        time_out_turn(match.pk, match.turn)
        logged = Move.objects.get(match=match, turn=match.turn)
        assert (logged.seat, logged.by) == (0, Move.By.TIMEOUT)
        seat = Seat.objects.get(match=match, number=0)
        assert seat.timeouts_in_a_row == expected
        match = advance(match.pk)
    assert seat.forfeited
    # The house plays the forfeited seat to the end; the entrant places last.
    assert not match.is_running
    assert match.result["forfeited"] == [0] and match.result["places"][0] == 4
    assert Move.objects.filter(match=match, seat=0, by=Move.By.HOUSE).exists()


def test_an_entrant_move_resets_the_time_out_count(bot_token: Any) -> None:
    bot, _ = bot_token
    match = advance(bot_vs_house(bot).pk)
    overdue(match)
    time_out_turn(match.pk, match.turn)
    match = advance(match.pk)
    game = engine.get("busca")
    state = game.load(match.snapshot)
    move_submit(
        match_id=match.pk,
        caller=Caller(bot.owner_id, bot.pk),
        turn=match.turn,
        move=game.move_json(game.legal_moves(state)[0]),
    )
    assert Seat.objects.get(match=match, number=0).timeouts_in_a_row == 0


def test_moves_out_of_turn_are_refused(bot_token: Any) -> None:
    bot, _ = bot_token
    match = bot_vs_house(bot)
    if match.to_move == 0:
        match = advance(match.pk)
    else:
        with pytest.raises(TurnNotOpen, match=f"it is seat {match.to_move}'s turn"):
            move_submit(
                match_id=match.pk,
                caller=Caller(bot.owner_id, bot.pk),
                turn=match.turn,
                move={"play": "4C"},
            )
    with pytest.raises(MoveRejected) as rejected:
        move_submit(
            match_id=match.pk, caller=Caller(bot.owner_id, bot.pk), turn=match.turn, move={"lay": 7}
        )
    assert rejected.value.code == "invalid_move"


def test_resigning_busca_hands_the_seat_to_the_house(bot_token: Any) -> None:
    bot, _ = bot_token
    match = bot_vs_house(bot, eliminate_at=5)
    match_resign(match_id=match.pk, seat=0)
    with pytest.raises(TurnNotOpen, match="already forfeited"):
        match_resign(match_id=match.pk, seat=0)
    match = advance(match.pk)
    assert not match.is_running and match.result["places"][0] == 4


def test_resigning_a_two_sided_match_ends_it(bot_token: Any) -> None:
    bot, _ = bot_token
    specs = [SeatSpec(kind="bot", bot_id=bot.pk), SeatSpec(kind="house")]
    match = match_create(game="buraco-mano-a-mano", seats=specs, options={"deals": 1})
    match = match_resign(match_id=match.pk, seat=0)
    assert match.status == Match.Status.FINISHED
    assert match.result["places"] == [2, 1] and match.result["reason"] == "resignation"
    with pytest.raises(TurnNotOpen, match="finished"):
        move_submit(
            match_id=match.pk,
            caller=Caller(bot.owner_id, bot.pk),
            turn=match.turn,
            move={"draw": "stock"},
        )


@pytest.mark.parametrize("game", ["busca", "buraco-mano-a-mano", "buraco-cerrado"])
def test_the_snapshot_is_the_replay_of_seed_and_log(db: Any, game: str) -> None:
    options = {"eliminate_at": 5} if game == "busca" else {"deals": 1}
    specs = [SeatSpec(kind="house")] * (2 if game == "buraco-mano-a-mano" else 4)
    match = advance(match_create(game=game, seats=specs, options=options).pk)
    assert not match.is_running
    rules = engine.get(game)
    state = rules.new(int(match.seed), **match.options)
    for row in Move.objects.filter(match=match).order_by("turn"):
        state = rules.apply(state, rules.parse_move(row.move))
    assert rules.dump(state) == match.snapshot
    assert list(rules.result(state).places) == match.result["engine"]["places"]


def test_the_sweep_queues_overdue_turns_and_idle_house_turns(bot_token: Any) -> None:
    bot, _ = bot_token
    waiting = advance(bot_vs_house(bot).pk)
    overdue(waiting)
    idle = match_create(game="busca", seats=[SeatSpec(kind="house")] * 4, options={})
    Match.objects.filter(pk=idle.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    fresh = match_create(game="busca", seats=[SeatSpec(kind="house")] * 4, options={})
    assert sweep() == 2  # the fresh house match is not idle yet
    assert fresh.is_running


def test_a_sealed_match_shows_spectators_nothing_until_unsealed(bot_token: Any) -> None:
    from games.replay import replay_frames
    from games.selectors import match_log, match_public
    from games.services.matches import matches_unseal

    specs = [SeatSpec(kind="house")] * 4
    match = match_create(game="busca", seats=specs, options={"eliminate_at": 3}, sealed=True)
    match = advance(match.pk)
    assert not match.is_running
    public = match_public(match, None)
    assert public["view"] is None and "seed" not in public
    assert match_public(match, 0)["view"]["seat"] == 0  # a seat still sees its own view
    log = match_log(match)
    assert log["moves"] == [] and "record" not in log
    assert len(match_log(match, seated=True)["moves"]) == match.turn
    with pytest.raises(TurnNotOpen, match="other boards"):
        replay_frames(match)
    assert matches_unseal(match_ids=[match.pk]) == 1
    match.refresh_from_db()
    assert match_public(match, None)["seed"] == match.seed and match_log(match)["record"]


def test_aborting_stops_a_match_and_refuses_moves(bot_token: Any) -> None:
    from games.services.matches import match_abort

    bot, _ = bot_token
    match = advance(bot_vs_house(bot).pk)
    match = match_abort(match_id=match.pk, reason="cancelled")
    assert match.status == Match.Status.ABORTED and match.result == {"aborted": "cancelled"}
    with pytest.raises(TurnNotOpen, match="aborted"):
        move_submit(
            match_id=match.pk,
            caller=Caller(bot.owner_id, bot.pk),
            turn=match.turn,
            move={"play": "4C"},
        )


def test_a_seat_handed_to_the_house_is_played_without_a_forfeit(bot_token: Any) -> None:
    from games.services.matches import seat_replace_by_house

    bot, _ = bot_token
    match = advance(bot_vs_house(bot, eliminate_at=3).pk)
    seat_replace_by_house(match_id=match.pk, seat=0, strategy="house:random")
    match = advance(match.pk)
    assert not match.is_running and match.result["forfeited"] == []
    assert Move.objects.filter(match=match, seat=0, by=Move.By.HOUSE).exists()


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("buraco-mano-a-mano", {"deals": 2}, 2),
        ("buraco-cerrado", {"deals": 2}, 4),
        ("busca", {"players": 2, "eliminate_at": 31}, 2),
    ],
)
def test_resigning_a_two_sided_match_ends_it_with_the_scores_so_far(
    bot_token: Any, game: str, options: dict[str, Any], seats: int
) -> None:
    """docs/rules.md: the resigning side is placed last; ``scores`` are the numbers so far."""
    bot, _ = bot_token
    specs = [SeatSpec(kind="bot", bot_id=bot.pk)] + [SeatSpec(kind="house")] * (seats - 1)
    match = match_create(game=game, seats=specs, options=options, seed=7)
    for _ in range(40):  # play a little first, so the scores so far are the engine's
        match = advance(match.pk)
        if match.to_move != 0 or match.turn > 30:
            break
        rules = engine.get(game)
        state = rules.load(match.snapshot)
        move_submit(
            match_id=match.pk,
            caller=Caller(bot.owner_id, bot.pk),
            turn=match.turn,
            move=rules.move_json(rules.legal_moves(state)[0]),
        )
    state = engine.get(game).load(Match.objects.get(pk=match.pk).snapshot)
    match = match_resign(match_id=match.pk, seat=0)
    assert match.status == Match.Status.FINISHED
    scores = match.result["scores"]
    assert isinstance(scores, list) and len(scores) == seats
    assert all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
    assert scores == list(engine.get(game).scores(state))
    assert match.result["places"][0] == max(match.result["places"])


def test_only_a_caller_that_passes_the_answer_on_marks_the_next_turn_delivered(
    bot_token: Any,
) -> None:
    """A webhook's move (move_submit) does not hand the bot its next turn, so that turn counts
    as delivered only when its own webhook call goes out; the API's move_play does."""
    bot, _ = bot_token
    caller = Caller(bot.owner_id, bot.pk)
    for hand_next in (False, True):
        match = advance(bot_vs_house(bot, "buraco-mano-a-mano", deals=1).pk)
        assert match.to_move == 0
        rules = engine.get(match.game)
        draw = rules.move_json(rules.legal_moves(rules.load(match.snapshot))[0])
        played = move_play(
            match_id=match.pk, caller=caller, turn=match.turn, move=draw, hand_next=hand_next
        )
        after = Match.objects.get(pk=match.pk)
        assert after.to_move == 0  # after drawing, the same seat melds or discards
        seat = Seat.objects.get(match=after, number=0)
        assert (played.next_turn is not None) is hand_next
        assert (seat.delivered_turn == after.turn) is hand_next
