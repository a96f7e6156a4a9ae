"""The words each language uses for the games (issue "Words"): the terms of the rule texts in
../shared/seeds/, the discard pile translated where Spanish words would stay foreign, and no
English left where the language has a word."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from django.utils import translation

from tests.processes import ROOT

LOCALE = ROOT / "locale"


def strings(folder: str) -> list[tuple[str, str]]:
    """Return (msgid, msgstr) of every translated form in a language's two catalogs."""
    found = []
    for domain in ("django", "djangojs"):
        with (LOCALE / folder / "LC_MESSAGES" / f"{domain}.po").open("rb") as po:
            catalog: Catalog = read_po(po)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple | list) else [message.id]
            texts = message.string if isinstance(message.string, tuple | list) else [message.string]
            found += [(ids[0], text) for text in texts if text]
    return found


def said(language: str, msgid: str) -> str:
    with translation.override(language):
        return translation.gettext(msgid)


def test_korean_writes_busca_and_pita_as_seed_002_does() -> None:
    latin = [(msgid, text) for msgid, text in strings("ko") if re.search(r"Busca|Pita", text)]
    assert latin == []
    assert said("ko", "Busca") == "부스카"
    assert "피타" in said("ko", "ace of coins (the Pita)")


@pytest.mark.parametrize(("folder", "pile"), [("ko", "버린 카드 더미"), ("id", "tumpukan buangan")])
def test_indonesian_and_korean_translate_the_discard_pile_but_keep_canasta_and_muerto(
    folder: str, pile: str
) -> None:
    texts = strings(folder)
    assert [(msgid, text) for msgid, text in texts if "pozo" in text.lower()] == []
    language = folder.replace("_", "-").lower()
    assert pile in said(language, "Take the pile").lower()
    assert any("canasta" in text for _, text in texts)
    assert any("muerto" in text for _, text in texts)


def test_indonesian_calls_the_pita_as_wajik_as_seed_001_does() -> None:
    assert said("id", "ace of coins (the Pita)") == "As Wajik (Pita)"
    assert [text for _, text in strings("id") if "As koin" in text] == []
    assert said("id", "live") == "siaran langsung"
    assert "langsung" not in said("id", "Live matches").split()


def test_spanish_words() -> None:
    assert said("es", "Rated") == "Puntuada"
    spanish = [text for _, text in strings("es")]
    assert not [text for text in spanish if re.search(r"(?i)con rating|sin rating", text)]
    assert not [text for text in spanish if "Afuera con" in text or "afuera con" in text]


def test_portuguese_words() -> None:
    assert said("pt-br", "Resign") == "Desistir"
    assert "Replay" not in said("pt-br", "Replay")
    assert said("pt-br", "Deal seeds") != "Sementes das mãos"
    assert "atrás do ao vivo" not in said("pt-br", "{n} moves behind live")
    portuguese = [re.sub(r"<code>.*?</code>", "", text) for _, text in strings("pt_BR")]
    assert not [text for text in portuguese if re.search(r"(?i)\babandon|\breplay\b", text)]
