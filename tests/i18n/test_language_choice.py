"""How the language of a page is chosen: Accept-Language, the cookie, the account, <html lang>."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.language import html_lang
from accounts.models import Profile
from tests.i18n.conftest import PASSWORD

pytestmark = pytest.mark.django_db

COOKIE = "django_language"


def html_lang_of(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', page)
    assert found, "no <html lang> on the page"
    return found.group(1)


@pytest.mark.parametrize(
    ("header", "language", "lang_attribute"),
    [
        ("es-AR,es;q=0.9,en;q=0.5", "es", "es"),
        ("pt-BR,pt;q=0.9", "pt-br", "pt-BR"),
        ("ko-KR,ko;q=0.9", "ko", "ko"),
        ("id-ID,id;q=0.9", "id", "id"),
        ("en-US,en;q=0.9", "en", "en"),
        ("fr-FR,fr;q=0.9", "en", "en"),  # not offered: the default
    ],
)
def test_accept_language_picks_the_language(
    header: str, language: str, lang_attribute: str
) -> None:
    reply = Client().get("/", HTTP_ACCEPT_LANGUAGE=header)
    assert reply.status_code == 200
    assert reply.headers["Content-Language"] == language
    assert html_lang_of(reply.content.decode()) == lang_attribute
    assert "Accept-Language" in reply.headers["Vary"]


def test_no_accept_language_is_english() -> None:
    reply = Client().get("/")
    assert reply.headers["Content-Language"] == "en"
    assert html_lang_of(reply.content.decode()) == "en"


@pytest.mark.parametrize(
    ("cookie", "lang_attribute"), [("es", "es"), ("pt-br", "pt-BR"), ("id", "id"), ("ko", "ko")]
)
def test_the_cookie_wins_over_accept_language(cookie: str, lang_attribute: str) -> None:
    client = Client()
    client.cookies[COOKIE] = cookie
    reply = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert html_lang_of(reply.content.decode()) == lang_attribute


@pytest.mark.parametrize(
    ("code", "tag"),
    [
        ("en", "en"),
        ("es", "es"),
        ("pt-br", "pt-BR"),
        ("pt_BR", "pt-BR"),
        ("id", "id"),
        ("ko", "ko"),
        ("zh-hant", "zh-Hant"),
        ("", "en"),
    ],
)
def test_html_lang_is_bcp_47(code: str, tag: str) -> None:
    assert html_lang(code) == tag


def test_the_header_offers_every_language_in_its_own_name() -> None:
    page = Client().get("/tv/", HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert 'action="/i18n/setlang/"' in page
    for code, name in [
        ("en", "English"),
        ("es", "Español"),
        ("pt-br", "Português (Brasil)"),
        ("id", "Bahasa Indonesia"),
        ("ko", "한국어"),
    ]:
        assert re.search(rf'<option value="{code}"[^>]*>{re.escape(name)}</option>', page), code
    assert re.search(r'<option value="ko"[^>]*selected', page)
    assert '<input type="hidden" name="next" value="/tv/">' in page
    # The JavaScript catalog comes before every other script.
    scripts = re.findall(r'<script src="([^"]+)"', page)
    assert scripts[0] == "/jsi18n/ko/"


def test_setlang_sets_the_cookie_and_goes_back() -> None:
    reply = Client().post("/i18n/setlang/", {"language": "pt-br", "next": "/tv/"})
    assert reply.status_code == 302
    assert reply.headers["Location"] == "/tv/"
    assert reply.cookies[COOKIE].value == "pt-br"


def test_setlang_keeps_next_on_this_site() -> None:
    reply = Client().post("/i18n/setlang/", {"language": "es", "next": "https://evil.example/"})
    assert reply.headers["Location"] == "/"


def test_setlang_needs_post() -> None:
    assert Client().get("/i18n/setlang/?language=es").status_code == 405


def test_setlang_saves_the_choice_on_the_account_and_a_later_sign_in_applies_it(
    ana: User,
) -> None:
    here = Client()
    here.force_login(ana)
    here.post("/i18n/setlang/", {"language": "ko", "next": "/"})
    assert Profile.objects.get(user=ana).language == "ko"

    # Another browser, English by its header, no cookie: signing in brings Korean back.
    elsewhere = Client()
    reply = elsewhere.post(
        "/accounts/login/",
        {"username": "ana", "password": PASSWORD},
        HTTP_ACCEPT_LANGUAGE="en-US,en",
    )
    assert reply.status_code == 302
    assert reply.cookies[COOKIE].value == "ko"
    page = elsewhere.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en")
    assert html_lang_of(page.content.decode()) == "ko"


def test_an_api_sign_in_applies_the_saved_language_too(ana: User) -> None:
    Profile.objects.filter(user=ana).update(language="es")
    reply = Client().post(
        "/api/v1/auth/login",
        {"username": "ana", "password": PASSWORD},
        content_type="application/json",
    )
    assert reply.status_code == 200
    assert reply.cookies[COOKIE].value == "es"


def test_a_sign_in_with_no_saved_language_leaves_the_cookie_alone(ana: User) -> None:
    client = Client()
    client.cookies[COOKIE] = "id"
    reply = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert reply.status_code == 302
    assert COOKIE not in reply.cookies
    assert html_lang_of(client.get("/").content.decode()) == "id"


def test_setlang_when_signed_out_saves_nothing(ana: User) -> None:
    Client().post("/i18n/setlang/", {"language": "es", "next": "/"})
    assert Profile.objects.get(user=ana).language == ""


def test_an_unknown_language_is_not_saved(ana: User) -> None:
    client = Client()
    client.force_login(ana)
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert Profile.objects.get(user=ana).language == ""


def test_the_time_zone_still_applies_beside_the_language(ana: User) -> None:
    Profile.objects.filter(user=ana).update(time_zone="Asia/Seoul", language="ko")
    client = Client()
    client.force_login(ana)
    client.cookies[COOKIE] = "ko"
    page = client.get("/accounts/profile/")
    assert page.status_code == 200
    assert html_lang_of(page.content.decode()) == "ko"
    assert "Asia/Seoul" in page.content.decode()


def test_jsi18n_serves_a_cacheable_catalog() -> None:
    reply = Client().get("/jsi18n/es/", HTTP_ACCEPT_LANGUAGE="es")
    assert reply.status_code == 200
    assert reply.headers["Content-Type"].startswith("text/javascript")
    body = reply.content.decode()
    assert "django.gettext" in body and "django.ngettext" in body
    assert "max-age=86400" in reply.headers["Cache-Control"]
    assert "Last-Modified" in reply.headers
    again = Client().get(
        "/jsi18n/es/",
        HTTP_ACCEPT_LANGUAGE="es",
        HTTP_IF_MODIFIED_SINCE=reply.headers["Last-Modified"],
    )
    assert again.status_code == 304


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_sign_in_applies_the_saved_language_under_asgi_too() -> None:
    # The ASGI server runs the middleware chain async (AccountLanguageCookieMiddleware.__acall__).
    from asgiref.sync import sync_to_async
    from django.test import AsyncClient

    from accounts.services import account_create

    user = await sync_to_async(account_create)(
        username="bea", email="bea@example.com", password=PASSWORD
    )
    await Profile.objects.filter(user=user).aupdate(language="id")
    client = AsyncClient()
    reply = await client.post(
        "/accounts/login/", {"username": "bea", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert reply.status_code == 302
    assert reply.cookies[COOKIE].value == "id"
    page = await client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert html_lang_of(page.content.decode()) == "id"


def test_jsi18n_is_cached_per_language() -> None:
    # Django's own djangojs catalogs (the admin's) already differ by language; the page cache
    # must not serve the first language's catalog to the next.
    spanish = Client().get("/jsi18n/es/").content
    korean = Client().get("/jsi18n/ko/", HTTP_ACCEPT_LANGUAGE="es").content
    again = Client().get("/jsi18n/es/", HTTP_ACCEPT_LANGUAGE="ko").content
    assert spanish != korean
    assert again == spanish
    assert "en vivo" in spanish.decode() and "en vivo" not in korean.decode()
    assert Client().get("/jsi18n/xx/").status_code == 404


def test_bare_jsi18n_sends_on_to_the_requests_language() -> None:
    cookie = Client()
    cookie.cookies[COOKIE] = "ko"
    reply = cookie.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="es")
    assert reply.status_code == 302 and reply.headers["Location"] == "/jsi18n/ko/"
    assert "no-store" in reply.headers["Cache-Control"]
    assert Client().get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="es").headers["Location"] == "/jsi18n/es/"


def _catalog_of_page(client: Client, last: dict[str, str]) -> str:
    """Load the home page and its catalog as a browser would, revalidating what it saw before."""
    page = client.get("/").content.decode()
    url = re.findall(r'<script src="([^"]+)"', page)[0]
    headers = {"HTTP_IF_MODIFIED_SINCE": last[url]} if url in last else {}
    reply = client.get(url, **headers)
    assert reply.status_code in (200, 304)
    if reply.status_code == 200:
        last[url] = reply.headers["Last-Modified"]
        last[url + " body"] = reply.content.decode()
    return last[url + " body"]


def test_a_language_switch_gets_the_new_catalog_without_a_cache_reset() -> None:
    # One browser: what it cached in English must not answer for Spanish (the issue: a Spanish
    # page showed "live"). No cache is cleared between the two languages.
    browser = Client()
    seen: dict[str, str] = {}
    english = _catalog_of_page(browser, seen)
    assert "en vivo" not in english
    browser.post("/i18n/setlang/", {"language": "es", "next": "/"})
    spanish = _catalog_of_page(browser, seen)
    assert '"en vivo"' in spanish
    browser.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert "en vivo" not in _catalog_of_page(browser, seen)
