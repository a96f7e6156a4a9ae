"""The admin never filters, orders or searches on a secret (issue 20, part 5).

A lookup the admin allows is an oracle: ``?seed__startswith=1`` answers "is there a match
whose seed starts with 1", so a running match's seed falls digit by digit in a few hundred
requests. Every ModelAdmin refuses any lookup path that touches a field whose name says it is
secret, and no secret is a filter, a search field, an ordering, a sortable column or a date
hierarchy.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib import admin
from django.contrib.admin.filters import SimpleListFilter
from django.contrib.auth import get_user_model
from django.db.models import Model
from django.test import Client, RequestFactory

from bots.services import bot_create
from games.models import Match
from games.services.matches import SeatSpec, match_create

# The one place that says which field names are secret: every seed (match, tournament draw,
# pairing and tiebreak seeds, league round seeds and their hashes), webhook secrets, token
# digests, invitation tokens, passwords.
SECRET_WORDS = ("seed", "secret", "digest", "password", "token")

pytestmark = pytest.mark.django_db(transaction=True)


def is_secret(name: str) -> bool:
    return any(word in name for word in SECRET_WORDS)


def path_is_secret(path: str) -> bool:
    return any(is_secret(part) for part in path.lstrip("-^=@").split("__"))


def secret_fields(model: type[Model]) -> list[str]:
    """Names (lookup names, reverse relations included) of ``model``'s secret fields."""
    return [field.name for field in model._meta.get_fields() if is_secret(field.name)]


def secret_paths(model: type[Model]) -> list[str]:
    """The model's secret fields, and those one relation away (``match__seed``)."""
    paths = secret_fields(model)
    for field in model._meta.get_fields():
        related = field.related_model
        if field.is_relation and isinstance(related, type) and not is_secret(field.name):
            paths += [f"{field.name}__{name}" for name in secret_fields(related)]
    return paths


def admins() -> list[tuple[type[Model], admin.ModelAdmin]]:  # type: ignore[type-arg]
    return list(admin.site._registry.items())


@pytest.fixture
def staff_user() -> Any:
    return get_user_model().objects.create_superuser("root", "root@example.org", "a-long-pw-1")


@pytest.fixture
def staff(staff_user: Any) -> Client:
    client = Client()
    client.force_login(staff_user)
    return client


def test_the_registry_has_secrets_to_guard() -> None:
    """The walk below is not empty: the admins of every seed and secret are in it."""
    guarded = {model._meta.label for model, _ in admins() if secret_fields(model)}
    expected = {"games.Match", "tournaments.Pairing", "tournaments.Tournament", "auth.User"}
    expected |= {"leagues.LeagueRound", "bots.BotToken", "bots.Bot", "games.TableSeat"}
    assert expected <= guarded


def test_every_admin_refuses_every_lookup_on_a_secret(staff_user: Any) -> None:
    request = RequestFactory().get("/admin/")
    request.user = staff_user
    allowed = [
        f"{model._meta.label}: {lookup}"
        for model, model_admin in admins()
        for path in secret_paths(model)
        for lookup in (f"{path}__startswith", f"{path}__gt", path)
        if model_admin.lookup_allowed(lookup, "1", request)
    ]
    assert allowed == []


def filter_names(model_admin: Any, request: Any) -> list[str]:
    names = []
    for item in model_admin.get_list_filter(request):
        if isinstance(item, type) and issubclass(item, SimpleListFilter):
            names.append(item.parameter_name)
        elif isinstance(item, (list, tuple)):
            names.append(item[0])
        else:
            names.append(item)
    return names


def test_no_secret_is_a_filter_a_search_an_ordering_or_a_sortable_column(staff_user: Any) -> None:
    request = RequestFactory().get("/admin/")
    request.user = staff_user
    found = []
    for model, model_admin in admins():
        label = model._meta.label
        sortable = set(model_admin.get_sortable_by(request))
        columns = [c for c in model_admin.get_list_display(request) if isinstance(c, str)]
        places = {
            "list_filter": filter_names(model_admin, request),
            "search_fields": list(model_admin.get_search_fields(request)),
            "ordering": [o for o in model_admin.get_ordering(request) or [] if isinstance(o, str)],
            "date_hierarchy": [model_admin.date_hierarchy or ""],
            "sortable list_display": [c for c in columns if c in sortable],
        }
        found += [
            f"{label}.{place}: {name}"
            for place, names in places.items()
            for name in names
            if path_is_secret(name)
        ]
    assert found == []


def matches(*seeds: int) -> list[Match]:
    owner = get_user_model().objects.create_user("ada", "ada@example.org", "a-long-password-1")
    bot = bot_create(owner=owner, name="probe", games=[]).bot
    seats = [SeatSpec(kind="bot", bot_id=bot.pk)] + [SeatSpec(kind="house")] * 3
    return [
        match_create(game="busca", seats=seats, options={}, seed=seed, move_timeout=5)
        for seed in seeds
    ]


def test_a_staff_account_cannot_read_a_running_seed_by_filtering(staff: Client) -> None:
    """The attack: two running matches, seeds 1… and 2…; the filter must not tell them apart."""
    first, second = matches(1357, 2468)
    assert first.is_running and second.is_running
    for lookup in ("seed__startswith=1", "seed__startswith=2", "seed=1357", "seed__gt=2"):
        reply = staff.get(f"/admin/games/match/?{lookup}")
        assert reply.status_code == 400, (lookup, reply.status_code)
    # The same holds one relation away (from a seat) and on the sealed rounds' seeds.
    assert staff.get("/admin/games/seat/?match__seed__startswith=1").status_code == 400
    reply = staff.get("/admin/tournaments/pairing/?seed__startswith=1")
    assert reply.status_code == 400
    # The unfiltered list still answers and shows both matches.
    listing = staff.get("/admin/games/match/")
    assert listing.status_code == 200
    assert listing.context["cl"].result_count == 2


def test_every_changelist_refuses_a_secret_filter_from_a_real_staff_request(
    staff: Client,
) -> None:
    """Django answers a refused lookup with 400 (DisallowedModelAdminLookup), not ``?e=1``."""
    matches(1357)
    answers = {}
    for model, _ in admins():
        meta = model._meta
        for name in secret_fields(model):
            url = f"/admin/{meta.app_label}/{meta.model_name}/?{name}__startswith=1"
            answers[url] = staff.get(url).status_code
    assert answers and set(answers.values()) == {400}, answers


def test_a_password_hash_cannot_be_read_by_filtering(staff: Client, staff_user: Any) -> None:
    prefix = staff_user.password[:8]
    reply = staff.get(f"/admin/auth/user/?password__startswith={prefix}")
    assert reply.status_code == 400


def test_a_secret_column_cannot_be_sorted_on(staff: Client) -> None:
    """``?o=N`` sorts on column N whatever ``sortable_by`` says: a secret column must not sort."""
    checked = 0
    for model, _ in admins():
        meta = model._meta
        url = f"/admin/{meta.app_label}/{meta.model_name}/"
        columns = list(staff.get(url).context["cl"].list_display)  # action_checkbox first
        for index, column in enumerate(columns):
            if isinstance(column, str) and is_secret(column):
                reply = staff.get(f"{url}?o={index}")
                assert reply.status_code == 200
                order = [str(o) for o in reply.context["cl"].queryset.query.order_by]
                assert not any(path_is_secret(o) for o in order), (meta.label, order)
                checked += 1
    assert checked >= 1  # tournaments.Entry shows its (public) seeding rank as a column
