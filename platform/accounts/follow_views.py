"""Follow and unfollow a person or a bot (one button on their page), and the Following page."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.auth import AuthedRequest
from accounts.follows import (
    MAX_FOLLOWS,
    PAGE_LIVE,
    FollowRefused,
    Target,
    follow_create,
    follow_delete,
    followed_live,
    follows_of,
)
from bots.models import Bot


@require_POST
def follow_person(request: HttpRequest, username: str) -> HttpResponse:
    """Follow or unfollow a person (``action`` = follow | unfollow)."""
    person = get_user_model().objects.filter(username=username, is_active=True).first()
    if person is None:
        return _missing(request, _("Nobody here goes by the name %(name)s.") % {"name": username})
    return _follow(request, Target(user=person), reverse("person", args=[username]))


@require_POST
def follow_bot(request: HttpRequest, name: str) -> HttpResponse:
    """Follow or unfollow a bot (``action`` = follow | unfollow)."""
    bot = Bot.objects.filter(name=name).first()
    if bot is None:
        return _missing(request, _("There is no bot called %(name)s.") % {"name": name})
    return _follow(request, Target(bot=bot), reverse("bot-profile", args=[name]))


def _missing(request: HttpRequest, detail: str) -> HttpResponse:
    """Answer 404 inside the site's layout, saying whom there is nothing to follow of."""
    return render(request, "accounts/profile_missing.html", {"detail": detail}, status=404)


def _follow(request: HttpRequest, target: Target, page: str) -> HttpResponse:
    """Apply the button's choice, then go back (to ``next`` when it is this site's)."""
    if not request.user.is_authenticated:
        # Signed out: sign in first, then come back to the page that has the button.
        return HttpResponseRedirect(f"{reverse('login')}?{urlencode({'next': page})}", status=303)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = page
    words = {"name": target.name}
    if request.POST.get("action") == "unfollow":
        follow_delete(follower=request.user, target=target)
        messages.success(request, _("You no longer follow %(name)s.") % words)
    elif request.POST.get("action") == "follow":
        try:
            follow_create(follower=request.user, target=target)
        except FollowRefused as exc:
            messages.error(request, exc.detail)
        else:
            messages.success(
                request,
                _("You follow %(name)s: their live matches show on the home page.") % words,
            )
    else:
        messages.error(request, _("Nothing changed: the form said neither follow nor unfollow."))
    return HttpResponseRedirect(back, status=303)


@login_required
def following(request: AuthedRequest) -> HttpResponse:
    """List whom the person follows, with the live matches of those playing now."""
    follows = follows_of(follower=request.user)
    context = {
        "follows": follows,
        "limit": MAX_FOLLOWS,
        "live": followed_live(follower=request.user, limit=PAGE_LIVE),
    }
    return render(request, "accounts/following.html", context)
