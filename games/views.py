"""Pages: the match table (spectator or seat), its replay, lobby tables, "my matches"."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.api_fields import whole_number
from core.errors import ServiceError
from games import card_style, live, pages
from games.forms import TableForm, rules_labels
from games.lobby import (
    lobby_context,
    open_tables,
    play_now_games,
    rematch_context,
    seat_place,
    tables_kept_for,
)
from games.models import Match, Table
from games.replay import replay_events, replay_frames, replay_refusal
from games.services import tables
from games.services.callers import Caller
from games.services.notes import notes_for
from games.services.practice import practice_match_abort


def match_page(request: HttpRequest, match_id: int, seat: int | None = None) -> HttpResponse:
    """Show a match live: to a spectator, or to the person at ``seat``."""
    match = get_object_or_404(Match, pk=match_id)
    mine = live.user_seats(match_id, request.user)
    if seat is not None and seat not in mine:
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        raise PermissionDenied(gettext("You do not play this seat of the match."))
    context = pages.match_context(match, seat, request)
    context.update(rematch_context(match, request.user))
    context["skip_to"] = "controls" if seat is not None else "table"  # web/base.html's skip link
    return render(request, "games/match.html", context)


@login_required
@require_POST
def match_abort(request: HttpRequest, match_id: int) -> HttpResponse:
    """Abort a practice match the signed-in person started."""
    try:
        practice_match_abort(match_id=match_id, caller=Caller(user_id=request.user.pk))
    except ServiceError as exc:
        messages.error(request, _abort_refused(exc, match_id))
    else:
        messages.success(request, gettext("The match was aborted."))
    return redirect(match_page, match_id=match_id)


def _abort_refused(exc: ServiceError, match_id: int) -> str:
    """Say in people's words why the match was not aborted (the service's detail is the API's)."""
    if exc.code == "not_your_match":
        return gettext("Only the person who started this practice match can abort it.")
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return gettext("This match no longer exists.")
    if not match.is_running:
        return gettext("This match is already over.")
    if not match.is_practice:
        return gettext("Only practice matches can be aborted.")
    return gettext(
        "This match has begun between two players and counts for their ratings: resign instead."
    )


def _reader(request: HttpRequest) -> int | None:
    return request.user.pk if request.user.is_authenticated else None


def match_replay(request: HttpRequest, match_id: int) -> HttpResponse:
    """Return the replay document of a finished match (every hand at every step; the notes
    the reader may read); ``?download`` names it as a file."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        response = JsonResponse(replay_frames(match, user_id=_reader(request)))
    except ServiceError as exc:
        return JsonResponse(exc.to_json(), status=exc.status)
    if "download" in request.GET:
        response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.json"'
    return response


NOTES_A_READ = 200  # notes one read of a table's notes gives at most; "more" says there are more


def match_notes(request: HttpRequest, match_id: int) -> HttpResponse:
    """Return the notes from turn ``?from=`` (0: every note) that the reader may read
    (docs/bots.md, "Notes"): the owner's table asks for its bots' notes as their moves arrive."""
    match = get_object_or_404(Match, pk=match_id)
    start = whole_number(request.GET.get("from", "0"), maximum=10**9)
    if start is None:
        body = {"error": "bad_request", "detail": "from is a turn number (0 for every note)"}
        return JsonResponse(body, status=400)
    user_id = request.user.pk if request.user.is_authenticated else None
    notes = notes_for(match, user_id, after=start - 1, limit=NOTES_A_READ + 1)
    shown = [{"turn": turn, **note} for turn, note in sorted(notes.items())][:NOTES_A_READ]
    return JsonResponse({"notes": shown, "more": len(notes) > NOTES_A_READ})


def match_events(request: HttpRequest, match_id: int) -> HttpResponse:
    """Return a finished match's events as NDJSON: a header line, then one line per move."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        lines = replay_events(match, user_id=_reader(request))
    except ServiceError as exc:
        return JsonResponse(exc.to_json(), status=exc.status)
    response = HttpResponse("".join(f"{line}\n" for line in lines), "application/x-ndjson")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}-events.ndjson"'
    return response


def match_replay_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """Show the replay viewer of a finished match, or say why it is not open yet."""
    match = get_object_or_404(Match, pk=match_id)
    refusal = replay_refusal(match)
    context = pages.replay_context(match, request)
    if refusal is not None:
        context["refusal"] = _replay_refused(refusal)
    return render(request, "games/replay.html", context, status=409 if refusal else 200)


def _replay_refused(refusal: str) -> str:
    """Say in people's words why a match has no replay yet."""
    if refusal == "sealed":
        return gettext(
            "Other tables of this round are still playing the same cards. The replay opens "
            "here once they have all finished."
        )
    return gettext("This match is still being played. Its replay opens here once it is over.")


@login_required
def my_matches(request: HttpRequest) -> HttpResponse:
    """List the signed-in person's seats, running matches first, and their open tables."""
    return render(
        request,
        "games/my_matches.html",
        {"rows": pages.my_seats(request.user.pk), "tables": pages.my_tables(request.user.pk)},
    )


@login_required
def play(request: HttpRequest) -> HttpResponse:
    """Open a table: the form, and its answer."""
    form = TableForm(request.POST or None, initial={"card_style": card_style.card_style(request)})
    if request.method == "POST" and form.is_valid():
        try:
            needed = pages.seats_of_game(form.cleaned_data["game"], form.options())
            table = tables.table_open(
                user_id=request.user.pk,
                game=form.cleaned_data["game"],
                options=form.options(),
                others=[form.cleaned_data["others"]] * (needed - 1),
                move_timeout=float(form.cleaned_data["move_timeout"]),
                rated=form.cleaned_data["rated"],
                public=form.cleaned_data["public"],
                password=form.cleaned_data["password"],
            )
        except ServiceError as exc:
            form.add_error(None, exc.detail)
        else:
            messages.success(request, _table_opened(table))
            response = redirect("table", table_id=table.pk)
            chosen = form.cleaned_data.get("card_style")
            if chosen in card_style.STYLES:
                _keep_card_style(response, chosen)
            return response
    status = 400 if form.is_bound and form.errors else 200
    context = {
        "form": form,
        "rules_labels": rules_labels(),
        "lobby": open_tables(request.user.pk),
        "kept": tables_kept_for(request.user.pk),
        "play_now_games": play_now_games(),
    }
    return render(request, "games/play.html", context, status=status)


def _table_opened(table: Table) -> str:
    if table.rated:
        return gettext(
            "You opened a rated table of %(game)s. Send the invite links to the people you "
            "want to play."
        ) % {"game": pages.game_label(table.game)}
    if table.public:
        return gettext(
            "You opened a table of %(game)s. It is listed in the lobby: anyone may sit down."
        ) % {"game": pages.game_label(table.game)}
    return gettext("You opened a table of %(game)s.") % {"game": pages.game_label(table.game)}


def _table_context(request: HttpRequest, table: Table) -> dict[str, object]:
    return lobby_context(table, request.user, request.build_absolute_uri("/"))


@login_required
def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    """Show a table's seats; its creator also sees the invite links and the controls."""
    table = get_object_or_404(Table, pk=table_id)
    started = _started_redirect(request, table)
    if started is not None:
        return redirect(started)
    return render(request, "games/table.html", _table_context(request, table))


@login_required
def table_seats_fragment(request: HttpRequest, table_id: int) -> HttpResponse:
    """Return the seats part of a table page (polled); once started, send players to the match."""
    table = get_object_or_404(Table, pk=table_id)
    started = _started_redirect(request, table)
    if started is not None:
        return HttpResponseClientRedirect(started)
    return render(request, "games/_table_seats.html", _table_context(request, table))


def _started_redirect(request: HttpRequest, table: Table) -> str | None:
    if table.status != Table.Status.STARTED or table.match_id is None:
        return None
    mine = live.user_seats(table.match_id, request.user)
    if mine:
        return reverse("match-seat", args=[table.match_id, mine[0]])
    return reverse("match", args=[table.match_id])


@login_required
def table_join(request: HttpRequest, table_id: int, token: str) -> HttpResponse:
    """Confirm and take an invited seat."""
    table = get_object_or_404(Table, pk=table_id)
    seat = table.seats.filter(token=token).first()
    if seat is None:
        raise Http404(gettext("This invitation link is not valid (it may have been replaced)."))
    if request.method == "POST":
        try:
            tables.table_seat_take(
                token=token, user_id=request.user.pk, password=request.POST.get("password", "")
            )
        except ServiceError as exc:
            messages.error(request, exc.detail)
        else:
            messages.success(
                request,
                gettext("You sat down at %(host)s's table. The match begins when they start it.")
                % {"host": table.created_by.get_username()},
            )
        return redirect("table", table_id=table.pk)
    context = {
        "table": table,
        "seat": seat,
        "place": seat_place(table.game, seat.number),
        "game_name": pages.game_label(table.game),
        "asks_password": bool(table.password) and seat.reserved_for_id != request.user.pk,
    }
    return render(request, "games/table_join.html", context)


def _table_action(request: HttpRequest, table_id: int, action: str) -> HttpResponse:
    user_id = request.user.pk
    try:
        if action == "fill":
            filled = tables.table_fill(table_id=table_id, user_id=user_id)
            messages.success(request, gettext("House bots took %(n)s empty seats.") % {"n": filled})
        elif action == "seat":
            seat = tables.table_seat_set(
                table_id=table_id,
                user_id=user_id,
                number=int(request.POST.get("number", "-1")),
                entry=request.POST.get("entry", ""),
            )
            messages.success(
                request,
                gettext("That seat now waits for a new invitation: send its new link.")
                if seat.kind == "user"
                else gettext("A house bot takes that seat."),
            )
        elif action == "rated":
            table = tables.table_rated_set(
                table_id=table_id, user_id=user_id, rated=request.POST.get("rated") == "1"
            )
            messages.success(
                request,
                gettext("The table is rated: its result will change the players' ratings.")
                if table.rated
                else gettext("The table is unrated: its result changes no rating."),
            )
        elif action == "cancel":
            tables.table_cancel(table_id=table_id, user_id=user_id)
            messages.success(request, gettext("You cancelled the table."))
            return redirect("my-matches")
        elif action == "start":
            match = tables.table_start(table_id=table_id, user_id=user_id)
            return redirect("match-seat", match_id=match.pk, seat=0)
    except (ServiceError, ValueError) as exc:
        messages.error(request, getattr(exc, "detail", str(exc)))
    return redirect("table", table_id=table_id)


@login_required
@require_POST
def table_fill(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, "fill")


@login_required
@require_POST
def table_seat(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, "seat")


@login_required
@require_POST
def table_rated(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, "rated")


@login_required
@require_POST
def table_start(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, "start")


@login_required
@require_POST
def table_cancel(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, "cancel")


@require_POST
def card_style_set(request: HttpRequest) -> HttpResponse:
    """Keep the person's Busca card style (a cookie) and go back to the page they came from."""
    target = request.POST.get("next") or reverse("play")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = reverse("play")
    response = redirect(target)
    chosen = request.POST.get("card_style")
    if chosen in card_style.STYLES:
        _keep_card_style(response, chosen)
    return response


def _keep_card_style(response: HttpResponse, style: str) -> None:
    response.set_cookie(card_style.COOKIE, style, max_age=card_style.COOKIE_AGE, samesite="Lax")
