"""Tournament pages: the list, a tournament (bracket or tables, standings), organiser forms."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods, require_POST

from bots.models import Bot
from core.errors import ServiceError
from core.numbers import number_words
from tournaments import selectors
from tournaments.drawing import (
    NAME_COLUMNS,
    Box,
    Drawing,
    Slot,
    layout,
    layout_tables,
    pairing_points,
)
from tournaments.error_words import refusal_words
from tournaments.forms import ReplaceForm, TournamentForm
from tournaments.models import Entry, Tournament
from tournaments.play_now import seat_links
from tournaments.presets import PRESETS
from tournaments.services import entries as entry_services
from tournaments.services import tournaments as services
from tournaments.services.permissions import can_manage
from tournaments.words import (
    bracket_words,
    event_name_words,
    name_words,
    plain_name,
    short_names,
    strategy_words,
)

KNOCKOUTS = {"single_elimination", "double_elimination"}


def tournament_list(request: HttpRequest) -> HttpResponse:
    rows = selectors.tournaments_list(status=request.GET.get("status") or None)
    page = Paginator(rows, 25).get_page(request.GET.get("page"))
    return render(request, "tournaments/list.html", {"page": page})


def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = Tournament.objects.select_related("organiser").filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("no such tournament")
    manager = can_manage(request.user, tournament)
    entries = []
    rows = selectors.entries_of(tournament)
    linked = selectors.entries_linked(rows) if manager else set()
    for entry in rows:
        row = selectors.entry_public(entry)
        row["linked"] = entry.pk in linked
        row["mine"] = entry_services.entry_owned_by(request.user, entry)
        # Only the entrant (or its bot's owner) and the organiser may withdraw an entry.
        row["may_withdraw"] = (row["mine"] or manager) and entry.status in (
            Entry.Status.ACTIVE,
            Entry.Status.INVITED,
        )
        entries.append(row)
    my_bots = (
        list(Bot.objects.filter(owner_id=request.user.pk, is_active=True))
        if request.user.is_authenticated
        else []
    )
    context: dict[str, Any] = {
        **_live_context(tournament, request.user),
        "entries": entries,
        "commitments": selectors.commitments_of(tournament),
        "manager": manager,
        "my_bots": my_bots,
        # Named before the owner tries: an event with people takes only bots allowed to play there.
        "bots_without_consent": [b.name for b in my_bots if not b.plays_with_people],
    }
    return render(request, "tournaments/detail.html", context)


def tournament_live(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Render the parts of a tournament page that change as matches end (web/live.js)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("no such tournament")
    return render(request, "tournaments/live.html", _live_context(tournament, request.user))


def _live_context(tournament: Tournament, user: Any) -> dict[str, Any]:
    """Return what the live parts show: standings, the bracket or tables, the rounds; each
    match with its page, and "play now" where a match waits for the reader."""
    bracket = selectors.bracket_of(tournament)
    matches = [m for r in bracket for p in r["pairings"] for m in p["matches"]]
    links = seat_links(user, (m["id"] for m in matches))
    for match in matches:
        match["play_url"] = links.get(match["id"])
    # Each table's entrants with their score there (Buscas taken, or Buraco points).
    for pairing in (p for r in bracket for p in r["pairings"]):
        points = pairing_points(pairing)
        for entry in pairing["entries"]:
            entry["points"] = points.get(entry["id"])
    return {
        "t": tournament,
        "standings": selectors.standings_of(tournament),
        "rounds": bracket,
        "svg": _bracket_svg(tournament, bracket)
        if tournament.format in KNOCKOUTS
        else _tables_svg(tournament, bracket)
        if tournament.format == "table_knockout"
        else None,
        "play_now": [m for m in matches if m["play_url"]],
    }


def _scores(pairing: dict[str, Any] | None) -> dict[int, str]:
    """Each entrant's score in a pairing (its entries' ``points``, worked out once by
    _live_context), as the reader's language writes numbers ("3,120")."""
    if pairing is None:
        return {}
    return {
        e["id"]: number_words(e["points"]) for e in pairing["entries"] if e["points"] is not None
    }


def _bracket_svg(tournament: Tournament, rounds: list[dict[str, Any]]) -> Drawing | None:
    """Draw a knockout: the format's whole bracket, lines from each match to the next, each
    side's score and the winner; names cut never alike, the whole name in each title."""
    graph = selectors.knockout_of(tournament)
    if not graph:
        return None
    pairings = {p["key"]: p for r in rounds for p in r["pairings"]}
    labels = {e["id"]: e["name"] for p in pairings.values() for e in p["entries"]}
    labels |= {e.pk: e.label for e in selectors.entries_of(tournament) if e.seed is not None}
    short = short_names(list(labels.values()), limit=NAME_COLUMNS)
    boxes = []
    for node in graph:
        pairing = pairings.get(node["key"])
        scores = _scores(pairing)
        slots = []
        for side in node["sides"]:
            if side == "pending" or side is None:
                words = str(_("to be decided")) if side == "pending" else str(_("bye"))
                slots.append(Slot(name="—" if side == "pending" else words, full=words, empty=True))
                continue
            full = name_words(labels.get(side, ""))
            winner = side == node["winner"] and None not in node["sides"]
            slots.append(
                Slot(
                    name=short.get(labels.get(side, ""), full),
                    full=_("%(name)s, winner") % {"name": full} if winner else full,
                    score=scores.get(side, ""),
                    winner=winner,
                )
            )
        boxes.append(
            Box(
                key=node["key"],
                label=_box_label(node),
                status=pairing["status"] if pairing else "scheduled",
                slots=slots,
                sources=node["sources"],
                extra=node["bracket"] == "third",
            )
        )
    headings = {}
    if tournament.format == "single_elimination":
        columns = max(
            (int(n["key"][1:].split("-")[0]) for n in graph if n["key"][0] == "W"), default=0
        )
        for column in range(columns):
            headings[column] = str(_("Round %(number)s") % {"number": column + 1})
        headings[columns - 1] = str(capfirst(bracket_words("final")))
    return layout(boxes, headings, losers_words=str(capfirst(bracket_words("losers"))))


def _tables_svg(tournament: Tournament, rounds: list[dict[str, Any]]) -> Drawing | None:
    """Draw a table knockout: a column of tables per round, each entrant with its Buscas, those
    who go through bold with a mark, and a line from each entrant's table to its next one."""
    if not rounds or not any(r["pairings"] for r in rounds):
        return None
    labels = {e["id"]: e["name"] for r in rounds for p in r["pairings"] for e in p["entries"]}
    short = short_names(list(labels.values()), limit=NAME_COLUMNS)
    seated: list[dict[int, str]] = []  # per round, entry -> its table's key
    for round_ in rounds:
        seated.append({e["id"]: p["key"] for p in round_["pairings"] for e in p["entries"]})
    over = tournament.status == Tournament.Status.FINISHED
    columns = []
    for number, round_ in enumerate(rounds):
        last = number == len(rounds) - 1
        column = []
        for table, pairing in enumerate(round_["pairings"], start=1):
            scores = _scores(pairing)
            order = sorted(pairing["entries"], key=lambda e: (e["place"] or 99, 0))
            slots, feeders = [], []
            for entry in order:
                full = name_words(labels[entry["id"]])
                if last:
                    through = over and entry["place"] == 1
                    words = _("%(name)s, winner")
                else:
                    through = entry["id"] in seated[number + 1]
                    words = _("%(name)s, goes through")
                slots.append(
                    Slot(
                        name=short[labels[entry["id"]]],
                        full=words % {"name": full} if through else full,
                        score=scores.get(entry["id"], ""),
                        winner=through,
                    )
                )
                feeders.append(seated[number - 1].get(entry["id"]) if number else None)
            column.append(
                Box(
                    key=pairing["key"],
                    label=_("Table %(number)s") % {"number": table},
                    status=pairing["status"],
                    slots=slots,
                    sources=[],
                    feeders=feeders,
                )
            )
        columns.append(column)
    headings = {n: _("Round %(number)s") % {"number": r["number"]} for n, r in enumerate(rounds)}
    return layout_tables(columns, headings)


def _box_label(node: dict[str, Any]) -> str:
    """Return where a match of the bracket sits, in words ("Final", "Round 2, match 1")."""
    if node["bracket"] in ("final", "reset", "third"):
        return str(capfirst(bracket_words(node["bracket"])))
    found = node["key"].lstrip("WL").split("-")
    words = _("Round %(number)s, match %(match)s") % {"number": found[0], "match": found[1]}
    if node["bracket"] == "losers":
        return f"{capfirst(bracket_words('losers'))}: {words}"
    return words


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    preset = request.POST.get("preset") or request.GET.get("preset")
    form = TournamentForm(request.POST or None, preset=preset)
    if request.method == "POST" and form.is_valid():
        try:
            spec = services.TournamentSpec(**form.spec_fields())
            tournament = services.tournament_create(organiser=request.user, spec=spec)
        except ServiceError as exc:
            form.add_error(None, refusal_words(exc))
        else:
            return redirect("tournament", tournament.pk)
    status = 400 if form.is_bound and form.errors else 200
    context = {"form": form, "presets": PRESETS}
    return render(request, "tournaments/new.html", context, status=status)


ACTION_DONE = {
    "open": _lazy("%(name)s is open for entries."),
    "start": _lazy("%(name)s has started."),
    "pause": _lazy("%(name)s is paused: no new round starts until you resume it."),
    "resume": _lazy("%(name)s goes on."),
    "cancel": _lazy("%(name)s was cancelled."),
}

ACTIONS: dict[str, Callable[..., Any]] = {
    "open": services.registration_open,
    "start": services.tournament_start,
    "pause": services.tournament_pause,
    "resume": services.tournament_resume,
    "cancel": services.tournament_cancel,
}


@login_required
@require_POST
def tournament_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    if action not in ACTIONS:
        raise Http404("no such action")
    done = _run(request, ACTIONS[action], tournament_id=tournament_id, user=request.user)
    if done is not None:
        messages.success(request, str(ACTION_DONE[action]) % {"name": done.name})
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
    entry = _run(
        request,
        entry_services.entry_register,
        tournament_id=tournament_id,
        user=request.user,
        **fields,
    )
    if entry is not None:
        messages.success(request, _entered(entry))
    return redirect("tournament", tournament_id)


def _entered(entry: Entry) -> str:
    """Say what an entry's registration did, in the entrant's words."""
    name = event_name_words(entry.tournament.name)
    if entry.kind == Entry.Kind.HOUSE:
        return _("A %(bot)s entered %(name)s.") % {
            "bot": strategy_words(entry.strategy),
            "name": name,
        }
    if entry.kind == Entry.Kind.USER_PAIR and entry.status == Entry.Status.INVITED:
        partner = entry.user2.get_username() if entry.user2 else ""
        return _(
            "You asked %(partner)s to enter %(name)s with you; the pair plays once they accept."
        ) % {"partner": partner, "name": name}
    if entry.kind in (Entry.Kind.BOT, Entry.Kind.BOT_PAIR):
        return _("%(entry)s entered %(name)s.") % {"entry": entry.label, "name": name}
    return _("You entered %(name)s.") % {"name": name}


ENTRY_ACTIONS: dict[str, Callable[..., Any]] = {
    "check-in": entry_services.entry_check_in,
    "withdraw": entry_services.entry_withdraw,
    "replace": entry_services.entry_replace,
    "accept": entry_services.entry_accept,
    "decline": entry_services.entry_decline,
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
    entry = _run(
        request,
        ENTRY_ACTIONS[action],
        tournament_id=tournament_id,
        entry_id=entry_id,
        user=request.user,
        **extra,
    )
    if entry is not None:
        messages.success(request, _entry_done(action, entry, request.user))
    return redirect("tournament", tournament_id)


def _entry_done(action: str, entry: Entry, user: Any) -> str:
    """Say what an action on an entry did."""
    values = {"entry": plain_name(entry.label), "name": event_name_words(entry.tournament.name)}
    yours = entry_services.entry_owned_by(user, entry)
    if action == "check-in":
        return _("%(entry)s is checked in for %(name)s.") % values
    if action == "withdraw":
        if yours and entry.kind in (Entry.Kind.USER, Entry.Kind.USER_PAIR):
            return _("You withdrew from %(name)s.") % values
        return _("%(entry)s withdrew from %(name)s.") % values
    if action == "replace":
        return _("A %(bot)s plays the remaining matches of %(entry)s.") % {
            **values,
            "bot": strategy_words(entry.replacement),
        }
    if action == "accept":
        return _("You entered %(name)s as a pair: %(entry)s.") % values
    return _("You declined to enter %(name)s with %(entry)s.") % values


def _run(request: HttpRequest, service: Callable[..., Any], **kwargs: Any) -> Any:
    """Call a service and return what it returns; show its error as a message instead of
    failing the page (and return None); the refusal is said in the reader's language where
    tournaments.error_words knows it."""
    try:
        return service(**kwargs)
    except ServiceError as exc:
        messages.error(request, refusal_words(exc))
        return None
