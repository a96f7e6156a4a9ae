"""Refusals on the table in the reader's language; the API's 422 detail stays English.

The site's catalogs are filled in a later phase, so these tests compile a small Spanish catalog
of their own (a .po written here, compiled with Babel) and point LOCALE_PATHS at it: what
reaches the reader is then Spanish only if it went through gettext in the reader's language.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.test import override_settings
from django.utils import translation
from django.utils.translation import trans_real
from rest_framework.test import APIClient

from games.reader_language import scope_language
from tests.games.test_consumers import APP, WebsocketCommunicator, people_match
from tests.games.test_match_api import my_turn, start

pytestmark = pytest.mark.django_db(transaction=True)

DRAW_FIRST = "draw first: the top card of the stock, or the whole pile"
SPANISH = {
    DRAW_FIRST: "primero roba: la carta de arriba del mazo, o todo el pozo",
    "wait for your turn": "espera tu turno",
    "you have already drawn this turn": "ya robaste en este turno",
    "the pile is empty": "el pozo está vacío",
}


# "clubs" of the Spanish deck (bastos) and of the French one (tréboles): one English word.
IN_CONTEXT = {("Spanish deck", "clubs"): "bastos"}
SPANISH_WORDS = {"clubs": "tréboles", "you must follow {suit}": "debes seguir {suit}"}


def _po(entries: dict[str, str]) -> str:
    head = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: es\\n"\n'
    rows = [f'\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n' for msgid, msgstr in entries.items()]
    rows += [
        f'\nmsgctxt "{context}"\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n'
        for (context, msgid), msgstr in IN_CONTEXT.items()
    ]
    return head + "".join(rows)


def _clear_language_caches() -> None:
    trans_real._translations = {}
    for name in ("check_for_language", "get_languages", "get_supported_language_variant"):
        cached = getattr(trans_real, name)
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()


@pytest.fixture
def spanish(tmp_path: Path) -> Iterator[None]:
    """A Spanish catalog with the refusals these tests meet, active through LOCALE_PATHS."""
    folder = tmp_path / "locale" / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "django.po").write_text(_po(SPANISH | SPANISH_WORDS), encoding="utf-8")
    with (folder / "django.po").open("rb") as po, (folder / "django.mo").open("wb") as mo:
        write_mo(mo, read_po(po))
    languages = [("en", "English"), ("es", "Español")]
    with override_settings(LOCALE_PATHS=[str(tmp_path / "locale")], LANGUAGES=languages):
        _clear_language_caches()
        yield
    _clear_language_caches()


async def reader(path: str, user: Any, **headers: str) -> WebsocketCommunicator:
    encoded = [(name.encode(), value.encode()) for name, value in headers.items()]
    communicator = WebsocketCommunicator(APP, path)
    communicator.scope["headers"] = encoded
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


def test_the_reader_language_comes_from_cookie_then_browser_then_english(spanish: None) -> None:
    def scope(**headers: str) -> dict[str, Any]:
        return {"headers": [(k.encode(), v.encode()) for k, v in headers.items()]}

    assert scope_language(scope(cookie="django_language=es")) == "es"
    assert scope_language(scope(cookie="django_language=es", **{"accept-language": "en"})) == "es"
    assert scope_language(scope(**{"accept-language": "es-ES,es;q=0.9"})) == "es"
    assert scope_language(scope(**{"accept-language": "fr-FR, de"})) == "en"
    assert scope_language(scope(cookie="django_language=xx")) == "en"
    assert scope_language(scope()) == "en"


async def test_a_spanish_seat_reads_its_refusals_in_spanish(spanish: None) -> None:
    match, ana, ben = await sync_to_async(people_match)()
    path = f"/ws/matches/{match.pk}/seat/"
    # The mover's seat twice, in two languages, so the shared event cache must tell them apart.
    es = await reader(f"{path}1/", ben, cookie="django_language=es")
    en = await reader(f"{path}1/", ben)
    other = await reader(f"{path}0/", ana, **{"accept-language": "es-ES,es;q=0.8"})
    states = [(await ws.receive_json_from())["match"] for ws in (es, en, other)]
    assert states[0]["to_move"] == 1, "seed 7 gives the first turn to seat 1"
    assert states[0]["refusals"]["actions"]["meld"] == SPANISH[DRAW_FIRST]
    assert states[0]["refusals"]["actions"]["take"] == "el pozo está vacío"
    assert states[1]["refusals"]["actions"]["meld"] == DRAW_FIRST
    assert set(states[2]["refusals"]["actions"].values()) == {"espera tu turno"}

    card = states[0]["view"]["hand"][0]
    await es.send_json_to({"action": "explain", "move": {"discard": card}})
    assert (await es.receive_json_from())["detail"] == SPANISH[DRAW_FIRST]
    await en.send_json_to({"action": "explain", "move": {"discard": card}})
    assert (await en.receive_json_from())["detail"] == DRAW_FIRST

    # The refused move: its error detail in the reader's language.
    await es.send_json_to({"action": "move", "turn": 0, "move": {"discard": card}})
    error = await es.receive_json_from()
    assert error["error"] == "illegal_move" and error["detail"] == SPANISH[DRAW_FIRST]

    # The draw's event: each reader of seat 0 gets it in their own language.
    await en.send_json_to({"action": "move", "turn": 0, "move": {"draw": "stock"}})
    replies = [await en.receive_json_from() for _ in range(2)]
    event = next(r for r in replies if r["type"] == "event")
    assert event["match"]["refusals"]["actions"]["draw"] == "you have already drawn this turn"
    spanish_event = await es.receive_json_from()
    assert spanish_event["type"] == "event"
    assert spanish_event["match"]["refusals"]["actions"]["draw"] == "ya robaste en este turno"
    for ws in (es, en, other):
        await ws.disconnect()


def test_the_api_422_detail_stays_english(spanish: None, api: APIClient) -> None:
    match = start(api, game="buraco-mano-a-mano")
    turn = my_turn(api, match["id"])
    move = {"discard": turn["view"]["hand"][0]}
    url = f"/api/v1/matches/{match['id']}/moves"
    # Spanish active and asked for: the bot's 422 detail is still the engine's English.
    with translation.override("es"):
        assert translation.gettext(DRAW_FIRST) == SPANISH[DRAW_FIRST], "the catalog is active"
        reply = api.post(
            url, {"turn": turn["turn"], "move": move}, format="json", HTTP_ACCEPT_LANGUAGE="es"
        )
    assert reply.status_code == 422
    assert reply.json() == {"error": "illegal_move", "detail": DRAW_FIRST}


def test_busca_suits_are_translated_as_the_spanish_deck_names_them(spanish: None) -> None:
    from games.engine.buraco.reasons import REASONS as BURACO
    from games.engine.buraco.reasons import card_name as buraco_card
    from games.engine.busca.cards import CARD_INDEX
    from games.engine.busca.reasons import REASONS as BUSCA
    from games.engine.busca.reasons import suit_name
    from games.reason_words import people_text

    follow = BUSCA("follow_suit", suit=suit_name(CARD_INDEX["7C"]))
    assert str(follow) == "you must follow clubs", "the API's English is unchanged"
    with translation.override("es"):
        assert people_text(follow) == "debes seguir bastos"
        # Buraco's French clubs take the word without a context.
        french = BURACO("not_held", card=buraco_card(0))
        assert "clubs" in str(french)
        assert "tréboles" in people_text(french)


def test_the_table_texts_name_the_spanish_clubs_with_their_context(
    spanish: None, client: Any
) -> None:
    import re

    from django.contrib.auth import get_user_model

    from games.models import Seat
    from games.services.matches import SeatSpec, match_create

    user = get_user_model().objects.create_user("ivo", "ivo@example.org", "a-long-password-3")
    seats = [SeatSpec(kind=Seat.Kind.USER, user_id=user.pk)] + [SeatSpec(kind=Seat.Kind.HOUSE)] * 3
    match = match_create(game="busca", seats=seats, seed=2, options={"players": 4})
    client.cookies["django_language"] = "es"  # the page's language once LocaleMiddleware is on
    with translation.override("es"):  # and before it is
        page = client.get(f"/matches/{match.pk}/").content.decode()

    def text(key: str) -> str:
        found = re.search(rf'<span data-t="{key}">([^<]*)</span>', page)
        assert found is not None, key
        return found.group(1)

    assert text("suit_latin_C") == "bastos"
    assert text("suit_C") == "tréboles"
