"""URL routes of the site and the API."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from accounts.language import set_language
from web import jsi18n
from web.api_docs import SwaggerDocs

urlpatterns = [
    # Languages (README "Languages"): the header's switch posts here; the catalog for static JS.
    path("i18n/setlang/", set_language, name="set_language"),
    # One address per language (web/jsi18n.py); /jsi18n/ sends on to the request's language.
    path("jsi18n/<str:language>/", jsi18n.javascript_catalog, name="javascript-catalog"),
    path("jsi18n/", jsi18n.javascript_catalog_here, name="javascript-catalog-here"),
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
