"""A refusal names Busca's suits as the reader's table draws them (issue 24): "you must follow
cups" under the Spanish suits, "you must follow hearts" under French faces, on the page, on the
socket and in the move's error. The API keeps the rules' words (coins, cups, swords, clubs)."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model

from games.card_style import FRENCH, LATIN
from games.engine.busca.cards import CARD_INDEX, PITA_CARD
from games.engine.busca.reasons import REASONS, card_name, suit_name
from games.models import Match, Seat
from games.reason_words import deck_style, people_text
from games.selectors import match_public
from games.services.matches import SeatSpec, match_create
from tests.games.conftest import advance
from tests.games.test_refusals_language import reader

LATIN_WORDS = {"coins", "cups", "swords"}
FRENCH_WORDS = {"diamonds", "hearts", "spades"}


def test_people_text_names_the_suits_of_the_readers_deck() -> None:
    follow = REASONS("follow_suit", suit=suit_name(CARD_INDEX["7H"]))
    pita = REASONS("not_held", card=card_name(PITA_CARD))
    lead = REASONS("coins_first_lead")
    assert people_text(follow) == "you must follow cups"  # the default: the Spanish suits
    with deck_style(FRENCH):
        assert people_text(follow) == "you must follow hearts"
        assert people_text(pita) == "you do not hold the ace of diamonds (the Pita)"
        assert people_text(lead) == "diamonds cannot be led on the first trick"
    with deck_style(LATIN):
        assert people_text(pita) == "you do not hold the ace of coins (the Pita)"
    assert str(follow) == "you must follow cups", "the API's English is the rules' words"


def following_match() -> tuple[Match, Any]:
    """A Busca match where the person must follow coins, cups or swords, and holds others."""
    user = get_user_model().objects.create_user("eva", "eva@example.org", "a-long-password-4")
    for seed in range(1, 60):
        seats = [SeatSpec(kind=Seat.Kind.HOUSE)] * 3 + [
            SeatSpec(kind=Seat.Kind.USER, user_id=user.pk)
        ]
        match = advance(match_create(game="busca", seats=seats, seed=seed).pk)
        body = match_public(match, 3)
        if match.to_move == 3 and suit_words(body["refusals"]):  # a suit other than clubs
            return match, user
    raise AssertionError("no seed gave a trick to follow")


def suit_words(refusals: dict[str, Any]) -> set[str]:
    words = {word for text in refusals["cards"].values() for word in text.split()}
    return words & (LATIN_WORDS | FRENCH_WORDS)


@pytest.mark.django_db
def test_the_page_names_the_suits_of_the_chosen_card_style(client: Any) -> None:
    import json
    import re

    match, user = following_match()
    client.force_login(user)
    for style, words in ((FRENCH, FRENCH_WORDS), (LATIN, LATIN_WORDS)):
        client.cookies["card_style"] = style
        page = client.get(f"/matches/{match.pk}/seat/3/").content.decode()
        found = re.search(
            r'<script id="initial-state" type="application/json">(.*?)</script>', page
        )
        assert found is not None
        named = suit_words(json.loads(found.group(1))["match"]["refusals"])
        assert named and named <= words, (style, named)


@pytest.mark.django_db(transaction=True)
async def test_the_socket_names_the_suits_of_the_readers_card_style() -> None:
    match, user = await sync_to_async(following_match)()
    path = f"/ws/matches/{match.pk}/seat/3/"
    french = await reader(path, user, cookie="card_style=french")
    latin = await reader(path, user, cookie="card_style=latin")
    english = await reader(path, user)  # no cookie, English: French faces (games/card_style.py)
    named = [
        suit_words((await ws.receive_json_from())["match"]["refusals"])
        for ws in (french, latin, english)
    ]
    assert named[0] and named[0] <= FRENCH_WORDS, named
    assert named[1] and named[1] <= LATIN_WORDS, named
    assert named[2] and named[2] <= FRENCH_WORDS, named
    for ws in (french, latin, english):
        await ws.disconnect()
