"""The JavaScript catalog, one address per language, so no cache can serve one language's words
to another.

A single ``/jsi18n/`` negotiated by cookie was cached by browsers across a language switch: the
revalidation after the switch got a 304 (the catalog's Last-Modified is the process start, the
same for every language) and the page kept the old language's words.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.cache import cache_page
from django.views.decorators.http import last_modified
from django.views.i18n import JavaScriptCatalog

from web.startup import STARTED_AT

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)

# Cacheable for a day: the catalogs change only with a deploy (a new process, a new
# Last-Modified and a new server-side cache key).
_catalog = last_modified(lambda request, language: STARTED_AT)(
    cache_page(86400, key_prefix=f"jsi18n-{int(STARTED_AT.timestamp())}")(
        JavaScriptCatalog.as_view()
    )
)


def javascript_catalog(request: HttpRequest, language: str) -> HttpResponseBase:
    """Serve the djangojs catalog of ``language``, whatever the request's own language."""
    if language not in LANGUAGE_CODES:
        raise Http404("no such language")
    request.LANGUAGE_CODE = language  # the server-side cache key's language
    with translation.override(language):
        return _catalog(request, language=language)


def javascript_catalog_here(request: HttpRequest) -> HttpResponse:
    """Send ``/jsi18n/`` on to the catalog of the request's language (never cached)."""
    target = reverse("javascript-catalog", args=[translation.get_language()])
    response = HttpResponseRedirect(target)
    patch_cache_control(response, no_cache=True, no_store=True)
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response
