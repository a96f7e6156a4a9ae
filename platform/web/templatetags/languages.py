"""Template filters for languages."""

from __future__ import annotations

from django import template
from django.conf import settings

from accounts.language import html_lang as _html_lang

register = template.Library()


@register.filter
def html_lang(code: str | None) -> str:
    """Turn a Django language code into a BCP 47 tag: ``{{ LANGUAGE_CODE|html_lang }}`` -> pt-BR."""
    return _html_lang(code)


@register.simple_tag
def native_languages() -> list[tuple[str, str]]:
    """Return settings.LANGUAGES as (code, name) with each name in its own language.

    Unlike ``{% get_available_languages %}``, the names are not translated ("English" stays
    "English" on a Korean page), so a person finds their language whatever the page speaks.
    """
    return [(code, str(name)) for code, name in settings.LANGUAGES]
