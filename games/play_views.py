"""Pages of the way in: the lobby's open tables, a seat taken with one tap, Play now, rematch."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.errors import ServiceError
from games import live
from games.lobby import open_tables, tables_kept_for, waiting_context
from games.models import Match, Table
from games.services import play_now, rematch, tables


def _seat_url(match_id: int, seat: int | None) -> str:
    if seat is None:
        return reverse("match", args=[match_id])
    return reverse("match-seat", args=[match_id, seat])


@login_required
def open_tables_fragment(request: HttpRequest) -> HttpResponse:
    """Return the lobby's list of open tables (the Play page polls it), and out of band the
    rematches kept for the reader, so a new offer shows without a reload."""
    context = {
        "lobby": open_tables(request.user.pk),
        "kept": tables_kept_for(request.user.pk),
        "oob": True,
    }
    return render(request, "games/_open_tables.html", context)


@login_required
@require_POST
def table_sit(request: HttpRequest, table_id: int) -> HttpResponse:
    """Take a free seat of a table without an invite link (public, kept for you, or with the
    table's password)."""
    table = get_object_or_404(Table, pk=table_id)
    try:
        tables.table_seat_join(
            table_id=table.pk,
            user_id=request.user.pk,
            password=request.POST.get("password", ""),
        )
    except ServiceError as exc:
        messages.error(request, exc.detail)
        return redirect("table", table_id=table.pk)
    table.refresh_from_db()
    if table.match_id is not None:
        return redirect(_seat_url(table.match_id, _my_seat(table.match_id, request)))
    messages.success(
        request,
        gettext("You sat down at %(host)s's table. The match begins when they start it.")
        % {"host": table.created_by.get_username()}
        if not table.starts_when_full
        else gettext("You sat down. The match begins when every player has sat down."),
    )
    return redirect("table", table_id=table.pk)


def _my_seat(match_id: int, request: HttpRequest) -> int | None:
    mine = live.user_seats(match_id, request.user)
    return mine[0] if mine else None


@login_required
@require_POST
def play_now_join(request: HttpRequest) -> HttpResponse:
    """Join the chosen game's Play now queue, then wait (or go straight to the match)."""
    try:
        entry = play_now.queue_join(user_id=request.user.pk, game=request.POST.get("game", ""))
    except ServiceError as exc:
        messages.error(request, exc.detail)
        return redirect("play")
    if entry.match_id is not None:
        play_now.queue_done(user_id=request.user.pk)
        return redirect(_seat_url(entry.match_id, entry.seat))
    return redirect("play-now")


@login_required
def play_now_page(request: HttpRequest) -> HttpResponse:
    """Show the person's wait in the Play now queue (the page polls its status part)."""
    entry = play_now.queue_poll(user_id=request.user.pk)
    if entry is None:
        messages.info(request, gettext("You are not waiting for a match: choose a game to play."))
        return redirect("play")
    if entry.match_id is not None:
        play_now.queue_done(user_id=request.user.pk)
        return redirect(_seat_url(entry.match_id, entry.seat))
    return render(request, "games/play_now.html", waiting_context(entry, timezone.now()))


@login_required
def play_now_status(request: HttpRequest) -> HttpResponse:
    """Keep the wait alive and pair; send the person to their seat once paired (polled)."""
    entry = play_now.queue_poll(user_id=request.user.pk)
    if entry is None:
        return render(request, "games/_play_now_status.html", {"gone": True})
    if entry.match_id is not None:
        play_now.queue_done(user_id=request.user.pk)
        return HttpResponseClientRedirect(_seat_url(entry.match_id, entry.seat))
    return render(request, "games/_play_now_status.html", waiting_context(entry, timezone.now()))


@login_required
@require_POST
def play_now_fill(request: HttpRequest) -> HttpResponse:
    """Stop waiting: house bots fill the empty seats and the match starts."""
    try:
        match = play_now.queue_fill(user_id=request.user.pk)
    except ServiceError as exc:
        messages.error(request, exc.detail)
        return redirect("play")
    play_now.queue_done(user_id=request.user.pk)
    return redirect(_seat_url(match.pk, _my_seat(match.pk, request)))


@login_required
@require_POST
def play_now_leave(request: HttpRequest) -> HttpResponse:
    """Stop waiting."""
    play_now.queue_leave(user_id=request.user.pk)
    messages.info(request, gettext("You left the queue."))
    return redirect("play")


@login_required
@require_POST
def match_rematch(request: HttpRequest, match_id: int) -> HttpResponse:
    """Open the rematch of a finished match (or join the one asked for)."""
    try:
        table = rematch.rematch_open(match_id=match_id, user_id=request.user.pk)
    except ServiceError as exc:
        messages.error(request, exc.detail)
        return redirect("match", match_id=match_id)
    if table.match_id is not None:
        return redirect(_seat_url(table.match_id, _my_seat(table.match_id, request)))
    messages.success(
        request,
        gettext(
            "You asked for a rematch. Your seat is kept at this table; the match begins when "
            "the other players sit down."
        ),
    )
    return redirect("table", table_id=table.pk)


def match_rematch_state(request: HttpRequest, match_id: int) -> HttpResponse:
    """Say whether someone asked for a rematch of this match (the match page asks, once over)."""
    match = get_object_or_404(Match, pk=match_id)
    table = rematch.rematch_table(match)
    if table is None:
        return JsonResponse({"asked_by": None})
    return JsonResponse({"asked_by": table.created_by.get_username()})
