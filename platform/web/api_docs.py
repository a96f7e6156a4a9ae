"""The Swagger UI page, under a Content-Security-Policy of its own."""

from __future__ import annotations

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.utils.decorators import method_decorator
from drf_spectacular.views import SpectacularSwaggerSplitView


# The split view serves Swagger's start-up script as a file (no inline script); the page
# template still holds a small <style> block, so this one page allows inline style.
@method_decorator(csp_update({"style-src": [UNSAFE_INLINE]}), name="dispatch")
class SwaggerDocs(SpectacularSwaggerSplitView):
    """Swagger UI for the API schema."""
