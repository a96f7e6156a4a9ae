"""Tournament pages: the list, a tournament (bracket or tables, standings), organiser forms."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from bots.models import Bot
from games.services.errors import MatchError
from tournaments import selectors
from tournaments.forms import ReplaceForm, TournamentForm
from tournaments.models import Tournament
from tournaments.presets import PRESETS
from tournaments.services import entries as entry_services
from tournaments.services import tournaments as services
from tournaments.services.permissions import can_manage

KNOCKOUTS = {"single_elimination", "double_elimination"}


def tournament_list(request: HttpRequest) -> HttpResponse:
    rows = selectors.tournaments_list(status=request.GET.get("status") or None)
    page = Paginator(rows, 25).get_page(request.GET.get("page"))
    return render(request, "tournaments/list.html", {"page": page})


def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = Tournament.objects.select_related("organiser").filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("no such tournament")
    context: dict[str, Any] = {
        **_live_context(tournament),
        "entries": [selectors.entry_public(e) for e in selectors.entries_of(tournament)],
        "commitments": selectors.commitments_of(tournament),
        "manager": can_manage(request.user, tournament),
        "replace_form": ReplaceForm(),
        "my_bots": Bot.objects.filter(owner_id=request.user.pk, is_active=True)
        if request.user.is_authenticated
        else [],
    }
    return render(request, "tournaments/detail.html", context)


def tournament_live(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Render the parts of a tournament page that change as matches end (web/live.js)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("no such tournament")
    return render(request, "tournaments/live.html", _live_context(tournament))


def _live_context(tournament: Tournament) -> dict[str, Any]:
    """Return what the live parts show: standings, the bracket or tables, the rounds."""
    bracket = selectors.bracket_of(tournament)
    return {
        "t": tournament,
        "standings": selectors.standings_of(tournament),
        "rounds": bracket,
        "svg": _bracket_svg(bracket) if tournament.format in KNOCKOUTS else None,
    }


def _bracket_svg(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Lay a knockout out as columns of boxes, one column per round."""
    width, height, gap = 180, 44, 12
    boxes = []
    tallest = max((len(r["pairings"]) for r in rounds), default=0)
    for column, round_ in enumerate(rounds):
        count = len(round_["pairings"]) or 1
        step = (tallest * (height + gap)) / count
        for row, pairing in enumerate(round_["pairings"]):
            names = [
                f"{e['name'][:22]}{' ✓' if e['place'] == 1 else ''}" for e in pairing["entries"]
            ]
            boxes.append(
                {
                    "key": pairing["key"],
                    "status": pairing["status"],
                    "x": column * (width + 30) + 4,
                    "y": row * step + (step - height) / 2 + 4,
                    "names": names[:2],
                    "bye": pairing["bye"],
                }
            )
    return {
        "boxes": boxes,
        "width": len(rounds) * (width + 30) + 8,
        "height": tallest * (height + gap) + 8,
        "box_width": width,
        "box_height": height,
    }


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    preset = request.POST.get("preset") or request.GET.get("preset")
    form = TournamentForm(request.POST or None, preset=preset)
    if request.method == "POST" and form.is_valid():
        try:
            spec = services.TournamentSpec(**form.spec_fields())
            tournament = services.tournament_create(organiser=request.user, spec=spec)
        except MatchError as exc:
            form.add_error(None, exc.detail)
        else:
            return redirect("tournament", tournament.pk)
    status = 400 if form.is_bound and form.errors else 200
    context = {"form": form, "presets": PRESETS}
    return render(request, "tournaments/new.html", context, status=status)


ACTIONS: dict[str, Callable[..., Any]] = {
    "open": services.registration_open,
    "start": services.tournament_start,
    "pause": services.tournament_pause,
    "resume": services.tournament_resume,
    "cancel": services.tournament_cancel,
}


ACTION_WORDS = {
    "open": gettext_lazy("%(name)s is open for entries."),
    "start": gettext_lazy("%(name)s has started."),
    "pause": gettext_lazy("%(name)s is paused."),
    "resume": gettext_lazy("%(name)s goes on."),
    "cancel": gettext_lazy("%(name)s is cancelled."),
}


@login_required
@require_POST
def tournament_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    if action not in ACTIONS:
        raise Http404("no such action")
    _run(
        request,
        ACTIONS[action],
        said=ACTION_WORDS[action],
        tournament_id=tournament_id,
        user=request.user,
    )
    return redirect("tournament", tournament_id)


@login_required
@require_POST
def entry_add(request: HttpRequest, tournament_id: int) -> HttpResponse:
    kind = request.POST.get("kind", "user")
    fields: dict[str, Any] = {"kind": kind}
    if request.POST.get("bot"):
        fields["bot"] = request.POST["bot"]
    if request.POST.get("partner"):
        fields["partner"] = request.POST["partner"]
    if request.POST.get("strategy"):
        fields["strategy"] = request.POST["strategy"]
    if kind == "bot":
        said = gettext_lazy("Your bot entered %(name)s.")
    elif kind == "house":
        said = gettext_lazy("A house bot entered %(name)s.")
    else:
        said = gettext_lazy("You entered %(name)s.")
    _run(
        request,
        entry_services.entry_register,
        said=said,
        tournament_id=tournament_id,
        user=request.user,
        **fields,
    )
    return redirect("tournament", tournament_id)


ENTRY_ACTIONS: dict[str, Callable[..., Any]] = {
    "check-in": entry_services.entry_check_in,
    "withdraw": entry_services.entry_withdraw,
    "replace": entry_services.entry_replace,
    "accept": entry_services.entry_accept,
    "decline": entry_services.entry_decline,
}


ENTRY_WORDS = {
    "check-in": gettext_lazy("You checked in for %(name)s."),
    "withdraw": gettext_lazy("The entry left %(name)s."),
    "replace": gettext_lazy("A house bot took the entry's place in %(name)s."),
    "accept": gettext_lazy("You accepted: you play %(name)s as partners."),
    "decline": gettext_lazy("You declined the invitation to %(name)s."),
}


@login_required
@require_POST
def entry_action(
    request: HttpRequest, tournament_id: int, entry_id: int, action: str
) -> HttpResponse:
    if action not in ENTRY_ACTIONS:
        raise Http404("no such action")
    extra: dict[str, Any] = {}
    if action == "replace":
        form = ReplaceForm(request.POST)
        if form.is_valid():
            extra["strategy"] = form.cleaned_data["strategy"]
    _run(
        request,
        ENTRY_ACTIONS[action],
        said=ENTRY_WORDS[action],
        tournament_id=tournament_id,
        entry_id=entry_id,
        user=request.user,
        **extra,
    )
    return redirect("tournament", tournament_id)


def _run(
    request: HttpRequest, service: Callable[..., Any], *, said: Any, **kwargs: Any
) -> None:
    """Call a service; say what happened, or show its error instead of failing the page."""
    try:
        service(**kwargs)
    except MatchError as exc:
        messages.error(request, exc.detail)
    else:
        tournament = Tournament.objects.filter(pk=kwargs["tournament_id"]).first()
        name = tournament.name if tournament is not None else ""
        messages.success(request, str(said) % {"name": name})
