"""Public profiles: /people/<username>/ and /bots/<name>/."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.follows import Target, followers_count, is_following
from accounts.profiles import Subject, profile, profile_head_to_head
from bots.models import Bot
from tournaments.ladders.selectors import entries_public


def person_page(request: HttpRequest, username: str) -> HttpResponse:
    """Show a person's ratings, recent matches, tournaments and leagues."""
    person = get_user_model().objects.filter(username=username, is_active=True).first()
    if person is None:
        return _missing(request, _("Nobody here goes by the name %(name)s.") % {"name": username})
    context = {
        "person": person,
        "name": person.get_username(),
        "bots": Bot.objects.filter(owner=person, is_active=True).order_by("name"),
        "follow": _follow_button(request, Target(user=person), "person-follow"),
        **profile(Subject(user_id=person.pk), request.GET.get("page")),
    }
    return render(request, "accounts/person.html", context)


def bot_page(request: HttpRequest, name: str) -> HttpResponse:
    """Show a bot's owner, description, ratings, recent matches, tournaments and leagues."""
    bot = Bot.objects.filter(name=name).select_related("owner").first()
    if bot is None:
        return _missing(request, _("There is no bot called %(name)s.") % {"name": name})
    context = {
        "bot": bot,
        "name": bot.name,
        "head_to_head": profile_head_to_head(bot.pk),
        "ladders": entries_public(bot),
        "follow": _follow_button(request, Target(bot=bot), "bot-follow"),
        **profile(Subject(bot_id=bot.pk), request.GET.get("page")),
    }
    return render(request, "accounts/bot_profile.html", context)


def _follow_button(request: HttpRequest, target: Target, route: str) -> dict[str, Any]:
    """Return what the Follow button shows: whether the reader follows, and how many do."""
    yourself = target.user is not None and target.user.pk == request.user.pk
    return {
        "url": reverse(route, args=[target.name]),
        "following": is_following(follower=request.user, target=target),
        "count": followers_count(target=target),
        # Nobody follows themselves; a retired bot plays no more (unfollowing it stays open).
        "offered": not yourself and (target.bot is None or target.bot.is_active),
    }


def _missing(request: HttpRequest, detail: str) -> HttpResponse:
    """Answer 404 inside the site's layout, saying what was not found."""
    return render(request, "accounts/profile_missing.html", {"detail": detail}, status=404)


def privacy_page(request: HttpRequest) -> HttpResponse:
    """What the site keeps about a person, and why (docs/accounts.md, "Linked accounts")."""
    return render(request, "accounts/privacy.html", {"days": settings.SIGHTING_DAYS})
