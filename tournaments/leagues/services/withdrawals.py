"""Withdrawing a league member: before its season it leaves; during it, its open fixtures are
forfeited (rounds.member_withdrawn). A module of its own so that leagues.py, which rounds.py
uses to start the next season, never imports rounds.py."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments.leagues.models import Membership, Season
from tournaments.leagues.services.errors import Conflict, NotYours
from tournaments.leagues.services.rounds import member_withdrawn


def membership_leave(*, membership: Membership, actor: Any, now: datetime | None = None) -> None:
    """Withdraw a member: before the season it leaves; during it, it forfeits what remains."""
    league = membership.division.season.league
    mine = (membership.user_id is not None and membership.user_id == actor.pk) or (
        membership.bot is not None and membership.bot.owner_id == actor.pk
    )
    if not mine and actor.pk != league.organiser_id:
        raise NotYours("only the member, its owner or the organiser may withdraw it")
    now = now or timezone.now()
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=membership.division.season_id)
        membership = Membership.objects.select_for_update().get(pk=membership.pk)
        if not membership.is_active:
            raise Conflict("already withdrawn")
        if season.status == Season.Status.SCHEDULED:
            membership.delete()
            return
        if season.status == Season.Status.FINISHED:
            raise Conflict("the season is over")
        membership.status = Membership.Status.WITHDRAWN
        membership.withdrawn_at = now
        membership.save(update_fields=["status", "withdrawn_at"])
        member_withdrawn(membership=membership, now=now)
