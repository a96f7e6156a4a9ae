"""The admin never filters, orders or searches on a secret.

A lookup the admin allows is an oracle: ``?seed__startswith=1`` tells a staff account whether
some match's seed starts with 1, and a running match's seed falls digit by digit in a few
hundred requests. Django allows every lookup on a model's own fields, so every ModelAdmin of the
project mixes in ``NoSecretLookups``: any lookup path with a part whose name says it is secret
(``SECRET_WORDS``) is refused (the changelist answers 400), and secrets are dropped from
filters, search fields, ordering and sortable columns. A revealed seed may still be *shown* on a
change page; it is never searched.

Lives in ``games`` (the lowest app) so that every app's admin and the site's can import it.
"""

from __future__ import annotations

from typing import Any

from django.contrib.admin.filters import SimpleListFilter
from django.contrib.admin.views.main import ChangeList
from django.db.models.constants import LOOKUP_SEP
from django.http import HttpRequest

# Field names that say "secret": every seed (matches, tournament draws, pairings, tie-break
# boards, league rounds and their hashes), webhook secrets, token digests, invitation tokens,
# passwords.
SECRET_WORDS = ("seed", "secret", "digest", "password", "token")


def is_secret_name(name: str) -> bool:
    """Tell whether a field name says it holds a secret."""
    return any(word in name.lower() for word in SECRET_WORDS)


def touches_secret(path: str) -> bool:
    """Tell whether a lookup, search or ordering path (``match__seed__gt``, ``-seed``,
    ``^name``) names a secret field anywhere along it."""
    return any(is_secret_name(part) for part in path.lstrip("-^=@").split(LOOKUP_SEP))


def _filter_name(item: Any) -> str:
    if isinstance(item, type) and issubclass(item, SimpleListFilter):
        return str(item.parameter_name)
    if isinstance(item, (list, tuple)):
        return str(item[0])
    return item if isinstance(item, str) else ""


class SecretSafeChangeList(ChangeList):
    """A changelist that never orders by a secret, whatever ``?o=`` or the model says."""

    def get_ordering_field(self, field_name: Any) -> Any:
        if isinstance(field_name, str) and touches_secret(field_name):
            return None
        order = super().get_ordering_field(field_name)
        return None if isinstance(order, str) and touches_secret(order) else order

    def get_ordering(self, request: HttpRequest, queryset: Any) -> list[Any]:
        ordering = super().get_ordering(request, queryset)
        kept = [o for o in ordering if not (isinstance(o, str) and touches_secret(o))]
        if kept != ordering and not any(o in ("pk", "-pk") for o in kept):
            kept.append("-pk")
        return kept


class NoSecretLookups:
    """Mix into a ModelAdmin (first): no lookup, filter, search or sort touches a secret."""

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        if touches_secret(lookup):
            return False
        return bool(super().lookup_allowed(lookup, value, request))  # type: ignore[misc]

    def get_list_filter(self, request: HttpRequest) -> list[Any]:
        items = super().get_list_filter(request)  # type: ignore[misc]
        return [item for item in items if not touches_secret(_filter_name(item))]

    def get_search_fields(self, request: HttpRequest) -> list[str]:
        fields = super().get_search_fields(request)  # type: ignore[misc]
        return [name for name in fields if not touches_secret(name)]

    def get_ordering(self, request: HttpRequest) -> list[Any]:
        ordering = super().get_ordering(request) or []  # type: ignore[misc]
        return [o for o in ordering if not (isinstance(o, str) and touches_secret(o))]

    def get_sortable_by(self, request: HttpRequest) -> list[Any]:
        columns = super().get_sortable_by(request)  # type: ignore[misc]
        return [c for c in columns if not (isinstance(c, str) and touches_secret(c))]

    def get_changelist(self, request: HttpRequest, **kwargs: Any) -> type[ChangeList]:
        return SecretSafeChangeList
