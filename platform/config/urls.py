"""URL routes of the site and the API."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from web.api_docs import SwaggerDocs

urlpatterns = [
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
    path("", include("tournaments.page_urls")),
    path("", include("tournaments.ratings.page_urls")),
    path("", include("tournaments.leagues.page_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SwaggerDocs.as_view(url_name="schema"), name="swagger-ui"),
]

# Errors under /api/ answer the API's JSON shape; pages keep Django's HTML (web/api_errors.py).
handler400 = "web.api_errors.bad_request_handler"
handler403 = "web.api_errors.permission_denied_handler"
handler404 = "web.api_errors.not_found_handler"
handler500 = "web.api_errors.server_error_handler"
