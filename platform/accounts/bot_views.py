"""The "My bots" pages: create, configure, rotate or revoke tokens, retire."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.auth import AuthedRequest
from accounts.bot_limits import limits_shown
from accounts.bot_setup import bot_setup
from accounts.forms import BotCreateForm, BotSettingsForm, add_service_error
from accounts.selectors import bot_of, bots_of
from bots.models import Bot, Preflight
from bots.preflight import preflight_latest, preflight_start
from bots.preflight_words import problem_words
from bots.services import (
    TooManyBots,
    bot_create,
    bot_retire,
    bot_update,
    token_issue,
    token_revoke,
    webhook_secret_rotate,
)
from core.errors import ServiceError
from games import engine
from games.forms import game_name
from tournaments.ladders.selectors import ladder_entries_shown
from tournaments.ratings.selectors import versions_of


@login_required
@require_http_methods(["GET", "POST"])
def bot_list(request: AuthedRequest) -> HttpResponse:
    """List the person's bots; create one and show its token, this once."""
    form = BotCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            created = bot_create(owner=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_service_error(form, exc)
        except TooManyBots as exc:
            message = _("Bots per person: at most %(limit)s active. Retire one to make another.")
            form.add_error(None, message % {"limit": exc.limit})
        else:
            shown = {"token": created.token, "webhook_secret": created.webhook_secret}
            messages.success(
                request,
                _("Bot %(name)s created. Copy its token now: it is shown only this once.")
                % {"name": created.bot.name},
            )
            return _bot_page(request, created.bot, shown=shown, status=201)
    status = 400 if form.errors else 200
    context = {"form": form, "bots": bots_of(request.user)}
    return render(request, "accounts/bots.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def bot_detail(request: AuthedRequest, bot_id: int) -> HttpResponse:
    """Show one bot and its tokens; change what it plays and how it is reached."""
    bot = bot_of(request.user, bot_id)
    if request.method != "POST":
        return _bot_page(request, bot)
    form = BotSettingsForm(request.POST)
    if form.is_valid():
        try:
            secret = bot_update(bot=bot, **form.cleaned_data)
        except ValidationError as exc:
            add_service_error(form, exc)
            bot.refresh_from_db()
        else:
            messages.success(request, _("%(name)s's settings are saved.") % {"name": bot.name})
            if secret:
                return _bot_page(request, bot, shown={"webhook_secret": secret})
            return redirect("my-bot", bot_id=bot.pk)
    return _bot_page(request, bot, form=form, status=400)


@login_required
@require_POST
def token_rotate(request: AuthedRequest, bot_id: int) -> HttpResponse:
    """Issue a new token, revoke the others, and show the new one this once."""
    bot = bot_of(request.user, bot_id)
    issued = token_issue(bot=bot, revoke_others=True)
    messages.success(
        request,
        _("%(name)s has a new token; its other tokens no longer work.") % {"name": bot.name},
    )
    return _bot_page(request, bot, shown={"token": issued.token}, status=201)


@login_required
@require_POST
def token_revoke_one(request: AuthedRequest, bot_id: int, token_id: int) -> HttpResponse:
    """Revoke one token of the bot."""
    bot = bot_of(request.user, bot_id)
    if token_revoke(bot=bot, token_id=token_id):
        messages.success(request, _("Token revoked. The bot can no longer use it."))
    else:
        messages.error(request, _("That token was already revoked."))
    return redirect("my-bot", bot_id=bot.pk)


@login_required
@require_POST
def webhook_secret_new(request: AuthedRequest, bot_id: int) -> HttpResponse:
    """Give the bot a new webhook signing secret and show it this once."""
    bot = bot_of(request.user, bot_id)
    try:
        secret = webhook_secret_rotate(bot=bot)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("my-bot", bot_id=bot.pk)
    return _bot_page(request, bot, shown={"webhook_secret": secret}, status=201)


@login_required
@require_POST
def retire(request: AuthedRequest, bot_id: int) -> HttpResponse:
    """Retire the bot: its tokens stop working and it leaves the list."""
    bot = bot_of(request.user, bot_id)
    bot_retire(bot=bot)
    messages.success(
        request, _("%(name)s is retired; its tokens no longer work.") % {"name": bot.name}
    )
    return redirect("my-bots")


@login_required
@require_POST
def preflight_run(request: AuthedRequest, bot_id: int) -> HttpResponse:
    """Start a pre-flight check of the bot in the chosen game, with the ladder's time a move."""
    bot = bot_of(request.user, bot_id)
    game = request.POST.get("game", "")
    try:
        preflight_start(bot=bot, game=game, target="ladder")
    except ServiceError as exc:
        messages.error(request, _("The check could not start: %(why)s") % {"why": exc.detail})
    else:
        messages.success(
            request,
            _("The pre-flight check has started: it takes about a minute. Reload this page."),
        )
    return redirect("my-bot", bot_id=bot.pk)


def preflights_of(bot: Bot) -> list[dict[str, Any]]:
    """Return the latest check of each game the bot plays, with its problems in words."""
    rows = []
    for game in engine.names():
        if not bot.plays(game):
            continue
        check = preflight_latest(bot, game)
        if check is None:
            continue
        report = check.report or {}
        rows.append(
            {
                "check": check,
                "game": game_name(game),
                "passed": check.status == Preflight.Status.PASSED,
                "running": check.status == Preflight.Status.RUNNING,
                "times": report.get("answer_ms") or {},
                "report": report,
                "problems": [problem_words(p) for p in report.get("problems", [])],
            }
        )
    return rows


def _bot_page(
    request: AuthedRequest,
    bot: Bot,
    *,
    form: BotSettingsForm | None = None,
    shown: dict[str, str | None] | None = None,
    status: int = 200,
) -> HttpResponse:
    if form is None:
        initial = {
            "games": bot.games,
            "webhook_url": bot.webhook_url,
            "accepts_challenges": bot.accepts_challenges,
            "auto_accept_per_hour": bot.auto_accept_per_hour,
            "notes_public": bot.notes_public,
            "plays_with_people": bot.plays_with_people,
        }
        form = BotSettingsForm(initial=initial)
    shown = shown or {}
    context: dict[str, Any] = {
        "bot": bot,
        "tokens": bot.tokens.all(),
        "form": form,
        "shown": shown,
        "setup": bot_setup(bot, request.build_absolute_uri("/"), shown.get("token")),
        "ladders": ladder_entries_shown(bot),
        "limits": limits_shown(bot),
        "versions": [
            {**rated, "title": game_name(rated["game"])} for rated in versions_of(bot)
        ],
        "preflights": preflights_of(bot),
        "preflight_games": [(g, game_name(g)) for g in engine.names() if bot.plays(g)],
    }
    response = render(request, "accounts/bot.html", context, status=status)
    # Secrets are rendered straight into this answer and never stored; keep caches out too.
    add_never_cache_headers(response)
    response["Cache-Control"] += ", no-store"
    return response
