"""The site's URLs plus views with a bug, to see what a server error looks like (tests only)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path
from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.urls import handler400, handler403, handler404, handler500
from config.urls import urlpatterns as site_urls


def plain_bug(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug in a plain view")


class ApiBug(APIView):
    permission_classes = [permissions.AllowAny]

    def get(self, request: Request) -> Response:
        raise RuntimeError("a bug in an API view")


urlpatterns = [
    path("api/v1/test-bug", ApiBug.as_view()),
    path("api/v1/test-plain-bug", plain_bug),
    path("test-bug/", plain_bug),
    *site_urls,
]

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]
