"""The colour theme (docs/web.md, "Dark mode"): light, dark, or as the device says.

The choice is a cookie, ``theme``, that the server reads so the first paint is right: web/base.html
writes ``data-theme`` on <html> for "light" and "dark" and nothing for "auto" (then site.css
follows ``prefers-color-scheme``). The footer's switch posts here without JavaScript; with it,
web/theme.js writes the same cookie and applies the choice at once.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

COOKIE = "theme"
CHOICES = ("light", "dark", "auto")
YEAR = 365 * 24 * 60 * 60


def known_theme(value: str | None) -> str:
    """Return ``value`` if it is a theme, else "auto"."""
    return value if value in CHOICES else "auto"


def theme_of(request: HttpRequest | None) -> str:
    """Return the request's theme: "light", "dark" or "auto" (no cookie, or one not known)."""
    return known_theme(request.COOKIES.get(COOKIE) if request is not None else None)


@require_POST
def set_theme(request: HttpRequest) -> HttpResponse:
    """Keep the chosen theme in the cookie and go back to the page (``next``) it was chosen on."""
    target = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(COOKIE, known_theme(request.POST.get(COOKIE)), max_age=YEAR, samesite="Lax")
    return response
