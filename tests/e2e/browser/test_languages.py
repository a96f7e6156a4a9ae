"""The site in Spanish, Korean and Brazilian Portuguese, in a real browser (issue "Languages").

- The home page, the Play form, a Busca table and a Buraco table in es and ko, the language
  chosen through the header's switch; the ``lang`` attribute and some translated words checked.
- A browser that asks for pt-BR gets Portuguese without choosing.
- A Korean person signs up, reads the rules and finishes a Busca match against house bots without
  meeting an English word.

The expected words are read from the catalogs (locale/, the same files the server compiles), never
written here: each must differ from its English msgid, so these tests fail while a catalog is
missing or empty, and keep passing when a translator rewords a message.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.utils import translation

from tests.e2e.browser.conftest import PASSWORD, django, screenshot, signed_in, state, user_create
from tests.e2e.browser.test_accessibility import violations
from tests.e2e.stack import Stack
from tests.processes import ROOT

LOCALE = ROOT / "locale"
HTML_LANG = {"es": "es", "ko": "ko", "pt-br": "pt-BR", "id": "id", "en": "en"}
# Placeholders and markup inside msgids: python-format, brace-format (the table's JS) and HTML.
CODE = re.compile(r"%\([^)]*\)[sdif]|%[sdif%]|\{[a-z_0-9]*\}|<[^>]*>|&[a-z#0-9]+;")
LATIN_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
# Common English words of the site's pages: none may show, as a whole word, on a Korean page.
COMMON_ENGLISH = [
    "the",
    "your",
    "you",
    "Your turn",
    "Sign",
    "Play",
    "match",
    "seat",
    "cards",
    "deal",
    "trick",
    "points",
    "player",
    "house bot",
    "rules",
    "to move",
    "score",
    "and",
    "with",
    # English words that Korean msgstrs hold in code or API names (the docs pages): never prose.
    "game",
    "games",
    "practice",
    "options",
    "new",
]


def said(lang: str, msgid: str, context: str | None = None) -> str:
    """The catalog's ``lang`` text for ``msgid``, as the server renders it; never the English."""
    with translation.override(lang):
        text = translation.pgettext(context, msgid) if context else translation.gettext(msgid)
    assert text != msgid, f"{msgid!r} has no {lang} translation in {LOCALE}"
    return text


def normal(text: str) -> str:
    return " ".join(text.split()).casefold()


def html_lang(page: Any) -> str:
    found: str = page.evaluate("() => document.documentElement.lang")
    return found


def shows(page: Any, lang: str, *msgids: str | tuple[str, str]) -> None:
    """The page is in ``lang`` and shows each message's translation (pgettext: (context, id))."""
    assert html_lang(page) == HTML_LANG[lang], page.url
    body = normal(page.inner_text("body"))
    for msgid in msgids:
        text = said(lang, msgid[1], msgid[0]) if isinstance(msgid, tuple) else said(lang, msgid)
        assert normal(text) in body, (lang, msgid, text, page.url)


def switch(page: Any, lang: str) -> None:
    """Choose ``lang`` in the header's switch: the script submits the form by itself."""
    with page.expect_navigation():
        page.select_option("#language-switch", lang)
    page.wait_for_function(f"() => document.documentElement.lang === {HTML_LANG[lang]!r}")


def test_the_test_process_reads_the_servers_catalogs() -> None:
    assert [Path(p).resolve() for p in settings.LOCALE_PATHS] == [LOCALE.resolve()]
    for lang in ("es", "pt_BR", "ko"):
        assert (LOCALE / lang / "LC_MESSAGES" / "django.po").exists(), lang


def open_table(page: Any, site: Stack, game: str, **fields: str) -> None:
    """Open a table through the Play form, fill it with house bots, start it; land on the seat."""
    page.goto(f"{site.url}/play/")
    page.locator("#more-options summary").click()  # the options are behind "More options"
    page.select_option("#id_game", game)
    for name, value in fields.items():
        if page.locator(f"select#id_{name}").count():
            page.select_option(f"#id_{name}", value)
        else:
            page.fill(f"#id_{name}", value)
    with page.expect_navigation():
        page.locator("main form.play-form button[type=submit]").click()
    assert re.search(r"/tables/\d+/$", page.url), page.url


@pytest.mark.parametrize("lang", ["es", "ko"])
def test_the_pages_and_tables_in_the_language_chosen_in_the_header(
    site: Stack, browser: Any, lang: str
) -> None:
    name = f"lingo{lang}"
    user_create(site, name)
    page = signed_in(browser, site, name)
    assert html_lang(page) == "en"  # no Accept-Language: the default
    switch(page, lang)
    assert page.url == f"{site.url}/"  # back where the switch was used
    assert page.locator("#language-switch").input_value() == lang
    shows(page, lang, "Bots and people play Busca and Buraco", "Learn the rules", "Rules")
    shows(page, lang, "Sign out", "My matches", "Tournaments", "Go")
    screenshot(page, f"language-{lang}-home")
    saved = django(
        site,
        f"""
        import json
        from accounts.models import Profile
        print(json.dumps(Profile.objects.get(user__username={name!r}).language))
        """,
    )
    assert saved == lang  # the choice is kept on the account

    page.goto(f"{site.url}/play/")
    page.locator("#more-options summary").click()  # the options are behind "More options"
    shows(page, lang, "Open a table", "Open the table", "Game", "Seconds per move")
    shows(page, lang, "Busca options", "Players", "Out at")
    screenshot(page, f"language-{lang}-play")

    for game, fields, words in (
        ("busca", {"players": "3"}, ("Got it", "How to play")),  # the first visit's hint
        ("buraco-mano-a-mano", {"deals": "1"}, ("Draw from stock", "Take the pile")),
    ):
        open_table(page, site, game, **fields)
        shows(page, lang, "Fill empty seats with house bots", "Start the match", "Cancel the table")
        page.get_by_role("button", name=said(lang, "Fill empty seats with house bots")).click()
        page.wait_for_load_state()
        with page.expect_navigation():
            page.click("#start-table")
        assert re.search(r"/matches/\d+/seat/0/$", page.url), page.url
        # A house seat may move first: the actions show once it is this seat's turn.
        page.wait_for_function(
            "() => window.__match && window.__match.match && window.__match.match.to_move === 0"
        )
        shows(page, lang, "Moves", "Resign", *words)
        if page.locator("#first-hint").is_visible():
            page.click("#first-hint-close")
        shows(page, lang, "Moves", "Resign")
        screenshot(page, f"language-{lang}-{game}")
    page.click("#help-open")
    shows(page, lang, "The complete rules", "Close")
    # Issue 25's basics and company, in this language at a real table: the device's settings
    # in the "?" panel, the quick phrases, the theme switch and the skip link; axe clean.
    shows(page, lang, "On this device", "Wait 2 seconds before sending my move, so I can undo it")
    shows(page, lang, "Sound: a short tone when it is your turn, a tick for each card")
    assert violations(page) == []
    page.click("#help-close")
    page.click("#phrase-open")
    shows(page, lang, "Hello!", "Good game", "Well played", "Thanks", "Oops")
    assert violations(page) == []
    page.keyboard.press("Escape")
    shows(page, lang, ("colour theme: light, dark or as the device", "Theme"))
    shows(page, lang, ("colour theme", "As the device"), ("colour theme", "Dark"))
    skip = page.locator("a.skip-link")
    assert normal(skip.text_content() or "") == normal(said(lang, "Skip to the content"))


def said_by_scripts(lang: str, msgid: str) -> str:
    """The djangojs catalog's ``lang`` text for ``msgid`` (what /jsi18n/ gives the scripts)."""
    folder = {"pt-br": "pt_BR"}.get(lang, lang)
    with (LOCALE / folder / "LC_MESSAGES" / "djangojs.po").open("rb") as po:
        message = read_po(po).get(msgid)
    assert message is not None and message.string and message.string != msgid, (lang, msgid)
    return str(message.string)


def test_the_scripts_words_follow_a_language_switch(site: Stack, browser: Any) -> None:
    # The browser's own HTTP cache stays as it is: the catalog of English, loaded first, must not
    # answer for Spanish after the switch (a Spanish page once showed "live").
    page = browser.new_context().new_page()
    page.set_default_timeout(20000)
    page.goto(f"{site.url}/tv/")
    assert page.evaluate("() => gettext('live')") == "live"
    for lang in ("es", "ko"):
        switch(page, lang)
        assert page.evaluate("() => gettext('live')") == said_by_scripts(lang, "live"), lang
        page.reload()
        assert page.evaluate("() => gettext('live')") == said_by_scripts(lang, "live"), lang
    switch(page, "en")
    assert page.evaluate("() => gettext('live')") == "live"


def test_korean_lines_break_between_words_never_inside_one(site: Stack, browser: Any) -> None:
    # A score sheet's narrow headers once broke mid-word in Korean ("합\n계").
    style = "() => getComputedStyle(document.querySelector('table.score-table th')).wordBreak"
    for locale, expected in (("ko-KR", "keep-all"), ("en-US", "normal")):
        page = browser.new_context(locale=locale).new_page()
        page.goto(f"{site.url}/rules/busca/")
        assert page.evaluate(style) == expected, locale


def test_a_browser_that_asks_for_brazilian_portuguese_gets_it(site: Stack, browser: Any) -> None:
    context = browser.new_context(locale="pt-BR")
    page = context.new_page()
    page.set_default_timeout(20000)
    page.goto(f"{site.url}/")
    shows(page, "pt-br", "Bots and people play Busca and Buraco", "Sign in", "Sign up", "Rules")
    assert page.locator("#language-switch").input_value() == "pt-br"
    page.goto(f"{site.url}/accounts/login/")
    shows(page, "pt-br", "Sign in")
    page.goto(f"{site.url}/rules/busca/")
    assert html_lang(page) == "pt-BR"
    screenshot(page, "language-pt-br-rules")
    context.close()


# --- The walk in Korean, without an English word ---------------------------------------------


@dataclass
class Catalog:
    """What a language's catalogs (django.po, djangojs.po) say about English on its pages."""

    phrases: set[str] = field(default_factory=set)  # translated msgids' fragments of 2+ words
    words: set[str] = field(default_factory=set)  # their words of 5+ letters, in no msgstr
    msgid_words: set[str] = field(default_factory=set)  # every latin word of every msgid
    msgstr_words: set[str] = field(default_factory=set)  # every latin word of every msgstr


def _texts(value: str | Iterable[str] | None) -> list[str]:
    if not value:
        return []
    return [value] if isinstance(value, str) else [v for v in value if v]


def _latin(text: str) -> set[str]:
    return {w.casefold() for w in LATIN_WORD.findall(CODE.sub(" ", text))}


@cache
def catalog(lang: str) -> Catalog:
    found = Catalog()
    translated: list[str] = []
    for domain in ("django", "djangojs"):
        path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as po:
            for message in read_po(po):
                if not message.id:
                    continue
                ids, strs = _texts(message.id), _texts(message.string)
                for text in ids:
                    found.msgid_words |= _latin(text)
                for text in strs:
                    found.msgstr_words |= _latin(text)
                if strs and set(strs) != set(ids) and not message.fuzzy:
                    translated += [t for t in ids if re.search(r"[A-Za-z]{4}", t)]
    for text in translated:
        for fragment in CODE.split(text):
            fragment = " ".join(fragment.split()).strip(" .,:;!?()·-")
            if len(LATIN_WORD.findall(fragment)) >= 2:
                found.phrases.add(fragment.casefold())
        for word in _latin(text):
            if len(word) >= 5 and word not in found.msgstr_words:
                found.words.add(word)
    return found


def english(text: str, lang: str, allowed: set[str]) -> list[str]:
    """The English found in ``text`` (a page's visible text): each finding with its line."""
    known = catalog(lang)
    findings = []
    for line in text.splitlines():
        low = " ".join(line.split()).casefold()
        if not LATIN_WORD.search(low):
            continue
        words = set(LATIN_WORD.findall(low)) - allowed
        hits = sorted(p for p in known.phrases if p in low)
        hits += sorted(w for w in words if w in known.words)
        hits += [
            w
            for w in COMMON_ENGLISH
            if re.search(rf"(?<![a-z']){re.escape(w.casefold())}(?![a-z'])", low)
            and w.casefold() not in allowed
        ]
        # A latin word of 4+ letters that no msgstr has: English left unwrapped (not in the
        # catalogs at all) or a catalog message shown untranslated.
        hits += sorted(w for w in words if len(w) >= 4 and w not in known.msgstr_words)
        for hit in dict.fromkeys(hits):
            where = (
                "in the catalogs"
                if hit in known.msgid_words or hit in known.phrases
                else "NOT in the catalogs: unwrapped"
            )
            findings.append(f"{hit!r} ({where}) in {line.strip()[:160]!r}")
    return findings


NAMES = "#language-switch option, select[name=time_zone] option"
EMAIL = re.compile(r"\S+@\S+")
# The people of the Busca rules' worked example (learn/rules_busca.html): names, not English.
EXAMPLE_NAMES = {"ana", "bruno", "carla", "davi"}


def said_aloud(page: Any) -> list[str]:
    """What a screen reader or a tooltip says beyond the visible text: labels, titles, alt texts."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')]
          .filter(e => e.getClientRects().length > 0 || e.closest('[hidden]') === null)
          .flatMap(e => ['aria-label', 'title', 'alt', 'placeholder']
            .map(a => e.getAttribute(a)).filter(Boolean))"""
    )
    return found


@dataclass
class Walk:
    """A person's walk through the site: every page's visible text, checked at the end."""

    page: Any
    lang: str
    allowed: set[str]
    findings: dict[str, list[str]] = field(default_factory=dict)

    def look(self, where: str) -> None:
        assert html_lang(self.page) == HTML_LANG[self.lang], (where, self.page.url)
        text = "\n".join([self.page.title(), self.page.inner_text("body"), *said_aloud(self.page)])
        # Not words of the language: each language's own name in the switch, the time zones'
        # names (tz database identifiers) and e-mail addresses.
        names = set(self.page.eval_on_selector_all(NAMES, "els => els.map(e => e.textContent)"))
        names = {" ".join(n.split()) for n in names}
        text = "\n".join(
            EMAIL.sub(" ", line)
            for line in text.splitlines()
            if " ".join(line.split()) not in names
        )
        for finding in english(text, self.lang, self.allowed):
            self.findings.setdefault(where, [])
            if finding not in self.findings[where]:
                self.findings[where].append(finding)

    def report(self) -> str:
        return "\n".join(
            f"{where}: {finding}" for where, found in self.findings.items() for finding in found
        )


def test_a_korean_person_signs_up_reads_the_rules_and_finishes_a_busca_match(
    site: Stack, browser: Any
) -> None:
    lang = "ko"
    context = browser.new_context(locale="ko-KR")
    page = context.new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    name = "민지"  # a Korean name in Hangul: no latin letters of its own
    walk = Walk(page, lang, allowed=EXAMPLE_NAMES)

    page.goto(f"{site.url}/accounts/signup/")
    walk.look("/accounts/signup/")
    shows(page, lang, "Sign up", "Create account")
    page.fill("#id_username", name)
    page.fill("#id_email", "minji@example.org")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    assert page.url.endswith("/accounts/profile/"), page.url
    walk.look("/accounts/profile/ (after signing up)")

    page.goto(f"{site.url}/rules/busca/")
    walk.look("/rules/busca/")
    screenshot(page, "language-ko-rules-busca")

    page.goto(f"{site.url}/play/")
    walk.look("/play/")
    open_table(page, site, "busca", players="3", eliminate_at="1")
    walk.look("/tables/<id>/ (lobby)")
    page.get_by_role("button", name=said(lang, "Fill empty seats with house bots")).click()
    page.wait_for_load_state()
    walk.look("/tables/<id>/ (filled with house bots)")
    with page.expect_navigation():
        page.click("#start-table")
    assert re.search(r"/matches/\d+/seat/0/$", page.url), page.url
    page.wait_for_function("() => window.__match && window.__match.version >= 0")
    walk.look("/matches/<id>/seat/0/ (first visit, hint)")
    page.click("#first-hint-close")
    page.click("#help-open")
    walk.look("/matches/<id>/seat/0/ (? panel)")
    page.keyboard.press("Escape")

    refused_seen = False
    played = sheets = 0
    deal = 1
    while True:
        page.wait_for_function(
            "() => { const m = window.__match.match; return m.status !== 'running' ||"
            " (m.to_move === 0 && (m.legal_moves || []).length > 0 && !window.__match.pending) ||"
            " !(m.view.in_deal || []).includes(0); }"
        )
        current = state(page)["match"]
        if current["status"] != "running":
            break
        if 0 not in current["view"]["in_deal"]:
            walk.look("/matches/<id>/seat/0/ (out, watching)")
            page.wait_for_function("() => window.__match.match.status !== 'running'", timeout=60000)
            break
        sheet = page.locator("[data-role=deal-summary]")
        if current["view"]["deal"] > deal:  # a new deal: the last one's score sheet comes up
            deal = current["view"]["deal"]
            sheet.wait_for(timeout=4000)
        if sheet.count() and sheet.is_visible():
            walk.look("/matches/<id>/seat/0/ (score sheet of a deal)")
            sheets += 1
            sheet.locator("button").first.click()
        refused = page.locator("[data-role=hand] button.card.refused")
        if not refused_seen and refused.count():
            refused.first.focus()
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.getElementById('error').textContent !== ''")
            refused_seen = True
            walk.look("/matches/<id>/seat/0/ (a refused card)")
        walk.look("/matches/<id>/seat/0/ (playing)")
        before = current["turn"]
        page.locator("[data-role=hand] button.card.legal").first.click()
        page.wait_for_function(f"() => window.__match.match.turn > {before}")
        played += 1
        if page.locator("[data-role=trick].paused").count():
            walk.look("/matches/<id>/seat/0/ (a finished trick)")
    assert played >= 5
    print(f"\nplayed {played} cards, {sheets} score sheets before the end, refused: {refused_seen}")
    assert state(page)["match"]["status"] == "finished"
    page.locator("#result-banner").wait_for()
    page.locator("[data-role=deal-summary], #open-summary").first.wait_for()
    if not page.locator("[data-role=deal-summary]").count():
        page.click("#open-summary")
    walk.look("/matches/<id>/seat/0/ (finished, result and score sheet)")
    screenshot(page, "language-ko-busca-over")
    page.goto(f"{site.url}/me/matches/")
    walk.look("/me/matches/")
    page.goto(f"{site.url}/accounts/profile/")
    walk.look("/accounts/profile/ (after the match)")
    context.close()
    print("\nEnglish on the Korean walk:\n" + (walk.report() or "none"))
    assert not walk.findings, "English on the Korean walk:\n" + walk.report()
    assert errors == []
