"""Following people and bots: the writes (follow, unfollow) and the reads (whom a person
follows, how many follow a player, the live matches of those a person follows).

Following is private: only the follower sees whom they follow; a player's page shows how many
follow it, never who (docs/accounts.md, "Following").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import Follow
from bots.models import Bot
from core.errors import ServiceError
from games.models import Match, Seat
from games.pages import game_label, seat_name

MAX_FOLLOWS = 500  # players one person may follow
HOME_LIVE = 12  # live matches of followed players on the home page
PAGE_LIVE = 100  # the same on the Following page


class FollowRefused(ServiceError):
    """A follow that may not be made; ``detail`` says why, in the reader's language."""

    status = 409
    code = "follow_refused"


@dataclass(frozen=True)
class Target:
    """Whom to follow: a person (``user``) or a bot (``bot``)."""

    user: AbstractBaseUser | None = None
    bot: Bot | None = None

    def lookup(self) -> dict[str, Any]:
        return {"bot": self.bot} if self.bot is not None else {"user": self.user}

    @property
    def name(self) -> str:
        if self.bot is not None:
            return self.bot.name
        return self.user.get_username() if self.user is not None else ""


def follow_check(*, follower: AbstractBaseUser, target: Target) -> None:
    """Refuse a follow of oneself, of a retired bot, or beyond MAX_FOLLOWS (FollowRefused)."""
    if target.user is not None and target.user.pk == follower.pk:
        raise FollowRefused(
            _("You cannot follow yourself: your own matches are under My matches."),
            code="follow_yourself",
        )
    if target.bot is not None and not target.bot.is_active:
        raise FollowRefused(
            _("%(name)s is retired and no longer plays, so there is nothing to follow.")
            % {"name": target.bot.name},
            code="follow_retired",
        )
    if Follow.objects.filter(follower=follower).count() >= MAX_FOLLOWS:
        raise FollowRefused(
            _(
                "You already follow %(limit)s players, the most one person may. "
                "Unfollow someone on your Following page to follow %(name)s."
            )
            % {"limit": MAX_FOLLOWS, "name": target.name},
            code="follow_limit",
        )


def follow_create(*, follower: AbstractBaseUser, target: Target) -> bool:
    """Follow ``target``; return False when ``follower`` followed it already."""
    with transaction.atomic():
        # Lock the follower's row: two follows at once cannot both pass the limit's count.
        get_user_model().objects.select_for_update().filter(pk=follower.pk).first()
        if Follow.objects.filter(follower=follower, **target.lookup()).exists():
            return False
        follow_check(follower=follower, target=target)
        try:
            with transaction.atomic():
                Follow.objects.create(follower=follower, **target.lookup())
        except IntegrityError:  # the same follow, made a moment ago by another request
            return False
    return True


def follow_delete(*, follower: AbstractBaseUser, target: Target) -> bool:
    """Stop following ``target``; return False when ``follower`` did not follow it."""
    deleted, _rows = Follow.objects.filter(follower=follower, **target.lookup()).delete()
    return deleted > 0


def is_following(*, follower: AbstractBaseUser | AnonymousUser, target: Target) -> bool:
    """Tell whether a signed-in ``follower`` follows ``target`` (False for anyone else)."""
    if not follower.is_authenticated:
        return False
    return Follow.objects.filter(follower_id=follower.pk, **target.lookup()).exists()


def followers_count(*, target: Target) -> int:
    """Return how many people follow ``target`` (the only thing the followed see)."""
    return Follow.objects.filter(**target.lookup()).count()


def follows_of(*, follower: AbstractBaseUser) -> list[dict[str, Any]]:
    """Return whom ``follower`` follows, people and bots, by name."""
    rows = Follow.objects.filter(follower=follower).select_related("user", "bot")
    out = []
    for row in rows:
        if row.bot is not None:
            out.append({"name": row.bot.name, "bot": True, "active": row.bot.is_active})
        elif row.user is not None:
            out.append({"name": row.user.get_username(), "bot": False, "active": True})
    return sorted(out, key=lambda row: (row["bot"], row["name"].casefold()))


def follows_count(*, follower: AbstractBaseUser) -> int:
    """Return how many players ``follower`` follows."""
    return Follow.objects.filter(follower=follower).count()


def followed_live(*, follower: AbstractBaseUser, limit: int = HOME_LIVE) -> dict[str, Any]:
    """Return the running matches where a player ``follower`` follows holds a seat, most
    recently active first: ``rows`` (at most ``limit``), ``more`` (how many beyond)."""
    follows = Follow.objects.filter(follower=follower)
    people = follows.filter(user__isnull=False).values("user_id")
    bots = follows.filter(bot__isnull=False).values("bot_id")
    # A seat given up (resigned or timed out) is played by the house: its player left.
    seats = Seat.objects.filter(
        Q(kind=Seat.Kind.USER, user_id__in=people) | Q(kind=Seat.Kind.BOT, bot_id__in=bots),
        forfeited=False,
        match__status=Match.Status.RUNNING,
    )
    # A sealed duplicate table shows nothing until its round ends (as on the profiles).
    matches = Match.objects.filter(
        status=Match.Status.RUNNING, sealed=False, pk__in=seats.values("match_id")
    ).order_by("-updated_at", "-id")
    total = matches.count()
    rows = list(matches[:limit])
    followed = set(seats.filter(match__in=rows).values_list("match_id", "number"))
    players: dict[int, list[dict[str, Any]]] = {}
    every = Seat.objects.filter(match__in=rows).select_related("bot", "user")
    for seat in every.order_by("match_id", "number"):
        players.setdefault(seat.match_id, []).append(
            {"name": seat_name(seat), "followed": (seat.match_id, seat.number) in followed}
        )
    return {
        "rows": [
            {
                "id": match.pk,
                "game_name": game_label(match.game),
                "url": f"/matches/{match.pk}/",
                "players": players.get(match.pk, []),
            }
            for match in rows
        ],
        "more": max(0, total - limit),
        "total": total,
    }
