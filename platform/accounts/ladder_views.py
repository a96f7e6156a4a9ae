"""The ladder buttons of a bot's page (My bots): join a ladder, or leave it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.auth import AuthedRequest
from accounts.selectors import bot_of
from core.errors import ServiceError
from games import engine
from tournaments.ladders.services.entries import entry_join, entry_leave
from tournaments.ratings.views import game_title


@login_required
@require_POST
def ladder_entry(request: AuthedRequest, bot_id: int, game: str) -> HttpResponse:
    """Put the bot on the ladder of ``game`` (``action=join``) or take it off (``leave``)."""
    bot = bot_of(request.user, bot_id)
    action = request.POST.get("action")
    if game not in engine.names() or action not in ("join", "leave"):
        raise Http404("no such ladder action")
    words = {"name": bot.name, "game": game_title(game)}
    try:
        if action == "join":
            entry_join(game=game, user=request.user, bot_name=bot.name)
            messages.success(request, _("%(name)s is on the %(game)s ladder.") % words)
        else:
            entry_leave(game=game, user=request.user, bot_name=bot.name)
            messages.success(request, _("%(name)s left the %(game)s ladder.") % words)
    except ServiceError as exc:
        if exc.code == "bad_game":
            text = _("%(name)s does not play %(game)s: change its games first.") % words
        elif exc.code == "preflight_required":
            text = _("%(name)s must pass a pre-flight check before it joins a ladder.") % words
        else:
            text = _("That did not work: %(name)s was not changed.") % words
        messages.error(request, text)
    return redirect("my-bot", bot_id=bot.pk)
