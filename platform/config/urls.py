"""URL routes of the site and the API."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from django.views.decorators.cache import cache_page
from django.views.decorators.http import last_modified
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView

from accounts.language import set_language
from web.api_docs import SwaggerDocs
from web.startup import STARTED_AT

urlpatterns = [
    # Languages (README "Languages"): the header's switch posts here; the catalog for static JS.
    path("i18n/setlang/", set_language, name="set_language"),
    path(
        "jsi18n/",
        # Cacheable: the catalogs change only with a deploy (a new process, a new Last-Modified).
        last_modified(lambda request: STARTED_AT)(
            cache_page(86400, key_prefix=f"jsi18n-{int(STARTED_AT.timestamp())}")(
                JavaScriptCatalog.as_view()
            )
        ),
        name="javascript-catalog",
    ),
    path("", include("web.urls")),
    path("", include("learn.urls")),
    path("", include("games.page_urls")),
    path("accounts/", include("accounts.urls")),
    path("", include("accounts.profile_urls")),
    path("admin/", admin.site.urls),
    path("api/v1/auth/", include("accounts.api_urls")),
    path("api/v1/", include("games.urls")),
    path("api/v1/", include("bots.urls")),
    path("api/v1/", include("tournaments.urls")),
    path("api/v1/", include("tournaments.ratings.urls")),
    path("api/v1/", include("tournaments.leagues.urls")),
    path("api/v1/", include("tournaments.ladders.urls")),
    path("api/v1/", include("tournaments.fairplay.urls")),
    path("", include("tournaments.page_urls")),
    path("", include("tournaments.ratings.page_urls")),
    path("", include("tournaments.leagues.page_urls")),
    path("", include("tournaments.ladders.page_urls")),
    path("", include("tournaments.fairplay.page_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SwaggerDocs.as_view(url_name="schema"), name="swagger-ui"),
]

# Errors under /api/ answer the API's JSON shape; pages keep Django's HTML (core/api_errors.py).
handler400 = "core.api_errors.bad_request_handler"
handler403 = "core.api_errors.permission_denied_handler"
handler404 = "core.api_errors.not_found_handler"
handler500 = "core.api_errors.server_error_handler"
