"""The language a person chose, kept on the account and applied when they sign in.

LocaleMiddleware reads the language from the ``django_language`` cookie (otherwise from the
browser's Accept-Language); URLs carry no language. Choosing a language in the header's switch
goes through :func:`set_language`, which also saves it on a signed-in person's profile. When a
person signs in (on any browser), the ``user_logged_in`` signal activates their saved language for
the rest of the request and marks the request; :class:`AccountLanguageCookieMiddleware` then sets
the cookie on the response, so the next requests are in that language too.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from accounts.models import Profile
from core.middleware import DualMiddleware

# The request attribute the sign-in signal leaves for the middleware.
_PENDING = "account_language"


def known_language(code: str | None) -> str | None:
    """Return ``code`` when it is one of settings.LANGUAGES, otherwise None."""
    if code and code in {lang for lang, _name in settings.LANGUAGES}:
        return code
    return None


def html_lang(code: str | None) -> str:
    """Return a BCP 47 tag for a ``lang`` attribute: "pt-br" -> "pt-BR", "es" -> "es"."""
    if not code:
        return settings.LANGUAGE_CODE
    language, _sep, region = code.replace("_", "-").partition("-")
    if not region:
        return language.lower()
    # A 4-letter subtag is a script (zh-Hant), 2 letters a region (pt-BR).
    region = region.title() if len(region) == 4 else region.upper()
    return f"{language.lower()}-{region}"


@require_POST
def set_language(request: HttpRequest) -> HttpResponseBase:
    """Django's set_language, and the choice saved on a signed-in person's account."""
    response = django_set_language(request)
    language = known_language(request.POST.get("language"))
    if language and request.user.is_authenticated:
        Profile.objects.update_or_create(user_id=request.user.pk, defaults={"language": language})
    return response


@receiver(user_logged_in, dispatch_uid="accounts.language.apply_saved_language")
def apply_saved_language(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    """At sign-in, switch to the language saved on the account (if any) for this response on."""
    if request is None:
        return
    saved = Profile.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    language = known_language(saved)
    if language is None:
        return
    translation.activate(language)
    request.LANGUAGE_CODE = language
    setattr(request, _PENDING, language)


def _set_cookie(request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
    language = getattr(request, _PENDING, None)
    if language:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    return response


class AccountLanguageCookieMiddleware(DualMiddleware):
    """Put the account's language in the language cookie on the response of a sign-in."""

    def handle(self, request: HttpRequest) -> HttpResponseBase:
        """Pass the request on; set the cookie when the sign-in signal asked for it."""
        return _set_cookie(request, self.get_response(request))

    async def ahandle(self, request: HttpRequest) -> HttpResponseBase:
        """Pass the request on; set the cookie when the sign-in signal asked for it (async)."""
        return _set_cookie(request, await self.aget_response(request))
